"""A whole game: hands in order, the deal passing clockwise, ending at the target."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import EngineError, gettext_noop, ngettext_lazy, shown
from .hands import Deal, Hand, PassedHand, parse_hand, score_hand
from .rounds import check_deal_passes_left
from .rules import RuleSet


@dataclass(frozen=True)
class GameResult:
    """Scores per seat; `winner` holds the seats that reached the target, or None."""

    scores: tuple[int, ...]
    winner: tuple[int, ...] | None
    hands: int


def play_game(rules: RuleSet, hands: Sequence[object]) -> GameResult:
    """Scores a game hand by hand. Hands may be parsed (Hand/PassedHand) or JSON objects.

    A problem in a hand is raised with that hand's 1-based number. `hands` in the
    result counts every deal recorded, passed hands included.
    """
    if not isinstance(hands, list | tuple):
        raise EngineError(
            "bad_game",
            gettext_noop("A game must be a list of hands, not %(value)s."),
            {"value": shown(hands)},
        )
    scores = [0] * rules.players
    winner: tuple[int, ...] | None = None
    previous: Deal | None = None
    for number, raw in enumerate(hands, start=1):
        try:
            if winner is not None:
                raise EngineError(
                    "hand_after_game_over",
                    ngettext_lazy(
                        "The game was already won by seat %(winner)s; no hand is played "
                        "after that.",
                        "The game was already won by seats %(winner)s; no hand is played "
                        "after that.",
                        "winners",
                    ),
                    {"winner": ", ".join(map(str, winner)), "winners": len(winner)},
                )
            hand = _as_deal(raw)
            points = score_hand(rules, hand)
            check_deal_passes_left(rules, previous, hand)
        except EngineError as error:
            raise error.in_hand(number) from None
        previous = hand
        scores = [score + gained for score, gained in zip(scores, points, strict=True)]
        reached = tuple(seat for seat in rules.seats if scores[seat] >= rules.target)
        if reached:
            winner = reached
    return GameResult(scores=tuple(scores), winner=winner, hands=len(hands))


def _as_deal(raw: object) -> Deal:
    if isinstance(raw, Hand | PassedHand):
        return raw
    if isinstance(raw, dict) and ("variant" in raw or "options" in raw):
        raise EngineError(
            "bad_game",
            gettext_noop("Give variant and options once, on the game line, not on its hands."),
        )
    return parse_hand(raw)
