"""Checks for tables that write down only scores: final game scores and round totals.

Both are exact: every single-hand outcome the rule set allows is enumerated by
scoring every shape of hand through the same rules as `score_hand`, then a small
search over score states decides what is reachable.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from .errors import EngineError, gettext_noop, shown
from .hands import Hand, score_hand
from .rules import PARTNERS, RuleSet

Points = tuple[int, ...]


@lru_cache(maxsize=64)
def hand_outcomes(rules: RuleSet) -> frozenset[Points]:
    """Every points-per-seat vector one valid (not passed) hand can produce."""
    seats = list(rules.seats)
    alone_lists = [()] + [(s,) for s in seats] + list(combinations(seats, 2))
    outcomes: set[Points] = set()
    for dealer in seats:
        for maker in seats:
            for round_ in (1, 2):
                for alone in alone_lists:
                    for tricks in range(6):
                        hand = Hand(dealer, maker, round_, "hearts", tricks, alone)
                        try:
                            outcomes.add(score_hand(rules, hand))
                        except EngineError:
                            continue
    return frozenset(outcomes)


def largest_hand_score(rules: RuleSet) -> int:
    return max(max(points) for points in hand_outcomes(rules))


@lru_cache(maxsize=64)
def _unfinished_states(rules: RuleSet) -> frozenset[Points]:
    """Scores a game can stand at with nobody at the target yet."""
    start: Points = (0,) * rules.players
    seen = {start}
    frontier = [start]
    while frontier:
        state = frontier.pop()
        for points in hand_outcomes(rules):
            following = tuple(a + b for a, b in zip(state, points, strict=True))
            if max(following) < rules.target and following not in seen:
                seen.add(following)
                frontier.append(following)
    return frozenset(seen)


def check_final_score(rules: RuleSet, scores: Sequence[int]) -> tuple[int, ...]:
    """Raises EngineError unless `scores` (per seat) can end a game; returns the winners."""
    final = _read_scores(rules, scores, "scores")
    winners = tuple(seat for seat in rules.seats if final[seat] >= rules.target)
    if not winners:
        raise EngineError(
            "game_not_finished",
            gettext_noop("Nobody has reached %(target)s points, so the game is not over."),
            {"target": rules.target},
        )
    for points in hand_outcomes(rules):
        before = tuple(a - b for a, b in zip(final, points, strict=True))
        if before in _unfinished_states(rules):
            return winners
    raise EngineError(
        "impossible_final_score",
        gettext_noop("A game of %(variant)s to %(target)s cannot end %(scores)s."),
        {
            "variant": rules.label,
            "target": rules.target,
            "scores": _dashed(final),
            **_by_side(rules, final),
        },
    )


def check_round_totals(rules: RuleSet, totals: Sequence[int], hands: int) -> None:
    """Raises EngineError unless `totals` (per seat) can come from exactly `hands` hands.

    Progressive rounds are played by a number of hands, not to the target, so the
    target does not stop the count. A passed (thrown-in) hand is redealt and is not
    one of the `hands`, so every counted hand scores for one side.
    """
    wanted = _read_scores(rules, totals, "totals")
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise EngineError(
            "bad_hands",
            gettext_noop("The number of hands must be a whole number of 0 or more, not %(value)s."),
            {"value": shown(hands)},
        )
    outcomes = hand_outcomes(rules)
    states: set[Points] = {(0,) * rules.players}
    for _ in range(hands):
        following: set[Points] = set()
        for state in states:
            for points in outcomes:
                after = tuple(a + b for a, b in zip(state, points, strict=True))
                # Points never go down, so a state past the wanted totals is dropped.
                if all(a <= w for a, w in zip(after, wanted, strict=True)):
                    following.add(after)
        states = following
        if not states:
            break
    if wanted not in states:
        raise EngineError(
            "impossible_round_totals",
            gettext_noop("%(hands)s hands of %(variant)s cannot give totals %(totals)s."),
            {
                "hands": hands,
                "variant": rules.label,
                "totals": _dashed(wanted),
                **_by_side(rules, wanted),
            },
        )


def _read_scores(rules: RuleSet, scores: object, name: str) -> Points:
    if (
        not isinstance(scores, list | tuple)
        or len(scores) != rules.players
        or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores)
    ):
        raise EngineError(
            "bad_scores",
            gettext_noop(
                "The %(name)s must be %(players)s whole numbers of 0 or more, one per seat."
            ),
            {"name": name, "players": rules.players},
        )
    if rules.seating == PARTNERS and any(
        score != scores[seat % 2] for seat, score in enumerate(scores)
    ):
        raise EngineError(
            "partners_differ",
            gettext_noop(
                "Partners share their side's score, but the %(name)s %(scores)s "
                "differ between partners."
            ),
            {"name": name, "scores": _dashed(tuple(scores))},
        )
    return tuple(scores)


def _dashed(scores: Points) -> str:
    return "-".join(map(str, scores))


def _by_side(rules: RuleSet, scores: Points) -> dict[str, object]:
    # Lets a layer that knows who sits where name each side with its points.
    return {"seat_scores": scores, "sides": rules.sides}
