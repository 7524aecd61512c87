"""How a round is played at a table, as one call: a game to the target or a fixed
number of hands. Pages and services say which (`RoundSpec`) and the engine decides
what follows from it: the hands' scores, whether the round is over and who won it,
whether totals a table reports could have been played, and how a side's points
stand on its seats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .games import play_game
from .hands import RESULTS, ROUNDS, TRICKS, Deal, PassedHand
from .rounds import play_round, round_winners
from .rules import RuleSet
from .sides import seat_scores, side_scores
from .totals import check_final_score, check_round_totals


@dataclass(frozen=True)
class RoundSpec:
    """A round is one game to the target (`hands` None) or `hands` played hands."""

    hands: int | None = None

    @classmethod
    def game(cls) -> RoundSpec:
        return cls(None)

    @classmethod
    def of_hands(cls, hands: int) -> RoundSpec:
        # Checked where it is played (a bad count is the engine's "bad_hands").
        return cls(hands)

    @property
    def is_game(self) -> bool:
        return self.hands is None


@dataclass(frozen=True)
class Played:
    """A table's hands as the round spec plays them: points per seat, the winners once
    the round is over (none before, nor on a level table of fixed hands), whether it is
    over, and the hands counted (a passed hand is dealt again and does not count)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    complete: bool
    counted: int


def play(rules: RuleSet, spec: RoundSpec, hands: Sequence[Deal]) -> Played:
    """Scores parsed hands as the round is played. A game stops at the target; a round
    of fixed hands counts played hands only and the target does not end it. A problem
    in a hand is raised with that hand's 1-based number."""
    counted = sum(1 for deal in hands if not isinstance(deal, PassedHand))
    if spec.hands is None:
        game = play_game(rules, list(hands))
        return Played(game.scores, game.winner or (), game.winner is not None, counted)
    played = play_round(rules, hands, spec.hands)
    return Played(played.scores, played.winners, played.complete, played.counted)


def check_totals(rules: RuleSet, spec: RoundSpec, scores: Sequence[int]) -> tuple[int, ...]:
    """Raises EngineError unless `scores` (per seat) can end such a round; returns the
    winners: who reached the target, or who led after the fixed hands (none on a level
    table)."""
    if spec.hands is None:
        return check_final_score(rules, scores)
    check_round_totals(rules, scores, spec.hands)
    return round_winners(rules, scores)


def hand_to_json(deal: Deal) -> dict[str, object]:
    """The canonical stored form of a parsed hand: what `parse_hand` reads back."""
    data: dict[str, object]
    if isinstance(deal, PassedHand):
        data = {"passed": True, "dealer": deal.dealer}
    elif deal.result is not None:
        # Told by its outcome: only what the scorer said is stored.
        data = {"dealer": deal.dealer}
        if deal.makers is not None:
            data["makers"] = deal.makers
        data["alone"] = list(deal.alone)
        data["result"] = deal.result
        for name in ("maker", "round", "trump"):
            if getattr(deal, name) is not None:
                data[name] = getattr(deal, name)
    else:
        data = {
            "dealer": deal.dealer,
            "maker": deal.maker,
            "round": deal.round,
            "trump": deal.trump,
            "alone": list(deal.alone),
            "tricks": deal.tricks,
        }
    if deal.turn_up is not None:
        data["turn_up"] = str(deal.turn_up)
    return data


@dataclass(frozen=True)
class HandShape:
    """What a stored hand's fields may hold, for forms and the API's schema to offer."""

    tricks: tuple[int, ...]
    bidding_rounds: tuple[int, ...]
    results: tuple[str, ...]  # a hand told by its result: how the makers did
    made_tricks: tuple[int, ...]  # the makers' tricks a "made" result stands for
    march_tricks: int
    detailed_fields: tuple[str, ...]  # what a played hand told trick by trick needs


HAND_SHAPE = HandShape(
    tricks=tuple(TRICKS),
    bidding_rounds=ROUNDS,
    results=tuple(RESULTS),
    made_tricks=tuple(t for t in TRICKS if 3 <= t < max(TRICKS)),
    march_tricks=max(TRICKS),
    detailed_fields=("maker", "round", "trump", "tricks"),
)


def hand_shape(rules: RuleSet) -> HandShape:
    """The fields of a hand at a table played by `rules`: the same for every variant
    today (five tricks, two bidding rounds), asked of the rules so that a variant
    dealt otherwise would say so here."""
    return HAND_SHAPE


__all__ = [
    "HAND_SHAPE",
    "HandShape",
    "Played",
    "RoundSpec",
    "check_totals",
    "hand_shape",
    "hand_to_json",
    "play",
    "seat_scores",
    "side_scores",
]
