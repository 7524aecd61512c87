"""The Euchre rules engine: pure Python, no Django. Variants, hands, games and totals."""

from .cards import BENNY, DECKS, SUITS, Card, Deck, parse_card, parse_suit
from .errors import EngineError, gettext_noop
from .games import GameResult, play_game
from .hands import Deal, Hand, PassedHand, check_hand, parse_hand, score_hand
from .lines import bad_json_error, error_answer, line_rules, score_line
from .outcomes import (
    Outcome,
    detail_choices,
    find_outcome,
    hand_details,
    offered,
    outcome_hand,
    outcomes,
)
from .rounds import (
    DRAWN,
    LOST,
    WON,
    RoundResult,
    SeatFigures,
    check_deal_passes_left,
    engine_order,
    play_round,
    round_winners,
    side_outcomes,
    table_figures,
)
from .rules import OPTION_LABELS, OPTION_NAMES, VARIANTS, PointsTable, RuleSet, Variant, rule_set
from .totals import check_final_score, check_round_totals, hand_outcomes, largest_hand_score

__all__ = [
    "BENNY",
    "DRAWN",
    "LOST",
    "WON",
    "DECKS",
    "OPTION_LABELS",
    "OPTION_NAMES",
    "Outcome",
    "SUITS",
    "VARIANTS",
    "Card",
    "Deal",
    "Deck",
    "EngineError",
    "GameResult",
    "Hand",
    "PassedHand",
    "PointsTable",
    "RoundResult",
    "RuleSet",
    "SeatFigures",
    "Variant",
    "bad_json_error",
    "check_deal_passes_left",
    "check_final_score",
    "check_hand",
    "check_round_totals",
    "detail_choices",
    "find_outcome",
    "hand_details",
    "engine_order",
    "error_answer",
    "gettext_noop",
    "hand_outcomes",
    "largest_hand_score",
    "line_rules",
    "offered",
    "outcome_hand",
    "outcomes",
    "parse_card",
    "parse_hand",
    "parse_suit",
    "play_game",
    "play_round",
    "round_winners",
    "rule_set",
    "score_hand",
    "score_line",
    "side_outcomes",
    "table_figures",
]
