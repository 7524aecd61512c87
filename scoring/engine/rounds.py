"""A round at one table: the deal passing left, a round of a fixed number of hands, the
engine's seat order, and what each seat's round adds to the standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import EngineError, gettext_noop, ngettext_lazy
from .hands import Deal, Hand, PassedHand, making_side, parse_hand, score_hand
from .rules import RuleSet

WON, DRAWN, LOST = "won", "drawn", "lost"


def dealer_after(rules: RuleSet, dealer: int) -> int:
    """The seat that deals the hand after `dealer`'s: the deal passes to the left."""
    return (dealer + 1) % rules.players


def check_deal_passes_left(rules: RuleSet, previous: Deal | None, deal: Deal) -> None:
    """Raises EngineError unless `deal` is dealt by the seat left of the previous dealer."""
    if previous is None:
        return
    expected = dealer_after(rules, previous.dealer)
    if deal.dealer != expected:
        raise EngineError(
            "wrong_dealer",
            gettext_noop(
                "The deal passes to the left: the dealer should be seat %(expected)s, "
                "not %(dealer)s."
            ),
            {"expected": expected, "dealer": deal.dealer},
        )


@dataclass(frozen=True)
class RoundResult:
    """A round of a fixed number of hands: points per seat, the leading seats once every
    hand is played (none before, nor on a level table), and whether it is over."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    complete: bool
    counted: int  # hands played; a passed hand is dealt again and does not count


def play_round(rules: RuleSet, hands: Sequence[Deal], hands_per_round: int) -> RoundResult:
    """Scores a round of `hands_per_round` played hands. The target does not end it.

    A problem in a hand is raised with that hand's 1-based number.
    """
    scores = [0] * rules.players
    counted = 0
    previous: Deal | None = None
    for number, deal in enumerate(hands, start=1):
        try:
            if counted >= hands_per_round:
                raise EngineError(
                    "round_hands_done",
                    ngettext_lazy(
                        "This round is %(hands)s hand and it is recorded; no hand "
                        "is played after that.",
                        "This round is %(hands)s hands and all of them are recorded; no hand "
                        "is played after that.",
                        "hands",
                    ),
                    {"hands": hands_per_round},
                )
            points = score_hand(rules, deal)
            check_deal_passes_left(rules, previous, deal)
        except EngineError as error:
            raise error.in_hand(number) from None
        previous = deal
        if not isinstance(deal, PassedHand):
            counted += 1
        scores = [a + b for a, b in zip(scores, points, strict=True)]
    complete = counted == hands_per_round
    return RoundResult(
        scores=tuple(scores),
        winners=round_winners(rules, scores) if complete else (),
        complete=complete,
        counted=counted,
    )


def round_winners(rules: RuleSet, scores: Sequence[int]) -> tuple[int, ...]:
    """The seats ahead at the end of a round of fixed hands (it has no target).

    None on a level table (every seat on the same points, nobody scored included):
    a draw has no winners. Cutthroat players who top the table together are listed
    together, and `table_verdict` calls that a draw between them.
    """
    best = max(scores, default=0)
    leaders = tuple(seat for seat in rules.seats if scores[seat] == best)
    return () if len(leaders) == rules.players else leaders


def engine_order(layout: Sequence[tuple[int, int]]) -> list[int]:
    """Indexes into `layout`, a table's (position, side) per seat, in engine seat order.

    The engine pairs partners by parity. Tables are seated with partners alternating
    round the table; should a table's sides not alternate, they are interleaved so the
    engine still pairs the right players. Sides of unequal size keep position order.
    """
    by_position = sorted(range(len(layout)), key=lambda index: layout[index])
    sides: dict[int, list[int]] = {}
    for index in by_position:
        sides.setdefault(layout[index][1], []).append(index)
    groups = list(sides.values())
    if len(groups) < 2 or len({len(group) for group in groups}) != 1:
        return by_position
    return [group[i] for i in range(len(groups[0])) for group in groups]


@dataclass(frozen=True)
class SeatFigures:
    """What one seat's game adds to the standings.

    `side` indexes `RuleSet.sides`. A loner is credited to the lone player who took
    all five tricks for the makers; a euchre to every defender of that hand, so a
    side's euchres are any one of its seats' (a team counts each euchre once).
    """

    side: int
    points_for: int
    points_against: int
    outcome: str  # WON, DRAWN or LOST
    loners_made: int
    euchres_made: int


def side_outcomes(points: Sequence[int], won: Sequence[bool | None]) -> tuple[str, ...]:
    """Won, drawn or lost per side, from each side's points and what the table recorded.

    `won` is None for every side when the game had no target to reach: then the side
    with strictly the most points wins and equal leaders draw. Cutthroat can bring two
    players to the target on one hand: they share it.
    """
    if any(flag is not None for flag in won):
        winners = [bool(flag) for flag in won]
        if sum(winners) == 1:
            return tuple(WON if flag else LOST for flag in winners)
        if sum(winners) > 1:
            return tuple(DRAWN if flag else LOST for flag in winners)
    best = max(points)
    leaders = sum(1 for p in points if p == best)
    return tuple((WON if leaders == 1 else DRAWN) if p == best else LOST for p in points)


@dataclass(frozen=True)
class TableVerdict:
    """Who won a finished table, and whether it was drawn: the one answer the pages,
    the API and the exports carry.

    `winners` are engine seats: the winning side's, or in cutthroat every player who
    topped the table together (then `drawn`, and each has half a win). A level table
    (every side on the same points) has no winners and is `drawn`. An unfinished table
    has neither, and no `outcomes`.
    """

    winners: tuple[int, ...]
    drawn: bool
    outcomes: tuple[str, ...]  # WON, DRAWN or LOST per side of `RuleSet.sides`


def table_verdict(
    rules: RuleSet, scores: Sequence[int], winners: Sequence[int], *, complete: bool = True
) -> TableVerdict:
    """The verdict on a stored table result: its points per seat and the seats it
    recorded as winners (who reached the target, or led a round of fixed hands).

    Results stored before level tables had no winners list every seat as a winner;
    they read as the draw they were.
    """
    if not complete:
        return TableVerdict((), False, ())
    outcomes = _side_results(rules, scores, winners)[1]
    drawn = DRAWN in outcomes
    level = all(outcome == DRAWN for outcome in outcomes)
    seats = (
        ()
        if level
        else tuple(
            seat
            for side, outcome in zip(rules.sides, outcomes, strict=True)
            if outcome != LOST
            for seat in side
        )
    )
    return TableVerdict(tuple(sorted(seats)), drawn, outcomes)


def _side_results(
    rules: RuleSet, scores: Sequence[int], winners: Sequence[int]
) -> tuple[list[int], tuple[str, ...]]:
    """Each side's points and outcome, from the points per seat and recorded winners."""
    # Partners carry their side's points, so any one seat of the side tells it.
    side_points = [max(scores[seat] for seat in side) for side in rules.sides]
    recorded = set(winners)
    won = [(not recorded.isdisjoint(side)) if recorded else None for side in rules.sides]
    return side_points, side_outcomes(side_points, won)


def table_figures(
    rules: RuleSet,
    scores: Sequence[int],
    winners: Sequence[int],
    hands: Sequence[object] = (),
) -> tuple[SeatFigures, ...]:
    """Each engine seat's figures for a stored table result (hands as stored, or none
    for a result entered as totals). Passed hands add nothing."""
    if len(scores) != rules.players:
        raise EngineError(
            "bad_scores",
            ngettext_lazy(
                "The result gives %(given)s score for %(players)s players.",
                "The result gives %(given)s scores for %(players)s players.",
                "given",
            ),
            {"given": len(scores), "players": rules.players},
        )
    side_of = {seat: index for index, side in enumerate(rules.sides) for seat in side}
    side_points, outcomes = _side_results(rules, scores, winners)
    total = sum(side_points)
    loners = [0] * rules.players
    euchres = [0] * rules.players
    for raw in hands:
        deal = raw if isinstance(raw, Hand | PassedHand) else parse_hand(raw)
        if isinstance(deal, PassedHand) or 3 <= deal.tricks < 5:
            continue
        making = making_side(rules, deal)
        if deal.tricks == 5:
            for seat in deal.alone:
                if seat in making:
                    loners[seat] += 1
        else:
            for seat in rules.seats:
                if seat not in making:
                    euchres[seat] += 1
    return tuple(
        SeatFigures(
            side=side_of[seat],
            points_for=side_points[side_of[seat]],
            points_against=total - side_points[side_of[seat]],
            outcome=outcomes[side_of[seat]],
            loners_made=loners[seat],
            euchres_made=euchres[seat],
        )
        for seat in rules.seats
    )
