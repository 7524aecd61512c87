"""League seasons: each night's standings feed a season table, counted in full or best N.

Only members who played enough nights are ranked (at least one, or the season's
qualification minimum); the others are listed after them, unranked, so a missed-night
rule can never put someone at the top for nights they did not play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from .ranking import order_by_values
from .records import Competitor

# Season figures are exact: a missed night scored by the member's own average is a
# fraction (43/4, not 11), and rounding it once changed a place. Whole values stay ints.
SeasonPoints = int | Fraction


class MissedNight(StrEnum):
    """What a night a member did not play is worth."""

    ZERO = "zero"
    AVERAGE = "average"  # the member's own average over the nights they played
    FIXED = "fixed"


class SeasonMetric(StrEnum):
    SEASON_POINTS = "season_points"
    NIGHTS_WON = "nights_won"
    ALL_POINTS = "all_points"
    NIGHTS_PLAYED = "nights_played"


SEASON_METRICS = (
    SeasonMetric.SEASON_POINTS,
    SeasonMetric.NIGHTS_WON,
    SeasonMetric.ALL_POINTS,
    SeasonMetric.NIGHTS_PLAYED,
)


@dataclass(frozen=True)
class SeasonRule:
    best_of: int | None = None  # count only the best N nights; None counts every night
    missed: MissedNight = MissedNight.ZERO
    missed_points: int = 0  # only read for MissedNight.FIXED
    min_nights: int = 1  # nights a member must have played to be ranked (1 at least)

    @property
    def qualifying_nights(self) -> int:
        return max(self.min_nights, 1)


class NightResult(NamedTuple):
    """A member's finish on one night: their points and their place in that night's standings."""

    night: int
    member: Competitor
    points: int
    place: int


class NightScore(NamedTuple):
    night: int
    points: SeasonPoints
    played: bool
    place: int | None
    counted: bool  # one of the nights that make the season total


@dataclass(frozen=True)
class SeasonRow:
    place: int
    member: Competitor
    season_points: SeasonPoints
    nights: tuple[NightScore, ...]
    nights_played: int
    nights_won: int
    all_points: int  # every point scored on nights played, counted or not
    shared: bool
    decided_by: SeasonMetric | None
    # False: fewer nights played than the rule's minimum; `place` then counts only among
    # the unranked members, who come after every ranked one.
    qualified: bool = True


def season_standings(
    nights: Sequence[int],
    results: Iterable[NightResult],
    *,
    members: Sequence[Competitor] = (),
    rule: SeasonRule = SeasonRule(),
) -> list[SeasonRow]:
    """The season table over `nights` (in the order given): ranked members best first,
    then those short of `rule.min_nights` (and `members` who played no night), unranked.

    Missed nights are scored by `rule.missed` before the best N are chosen, so a
    fixed score for a missed night can count when it beats a night played. A member
    has at most one result a night: a second one is refused (ValueError), not let
    silently replace the first.
    """
    by_member: dict[Competitor, dict[int, NightResult]] = {m: {} for m in members}
    for result in results:
        played_by_member = by_member.setdefault(result.member, {})
        if result.night in played_by_member:
            raise ValueError(f"member {result.member!r} has two results on night {result.night}")
        played_by_member[result.night] = result
    rows: dict[Competitor, SeasonRow] = {}
    for member, played in by_member.items():
        played_points = [r.points for r in played.values()]
        missed_worth: SeasonPoints = 0
        if rule.missed is MissedNight.FIXED:
            missed_worth = rule.missed_points
        elif rule.missed is MissedNight.AVERAGE and played_points:
            missed_worth = _whole(Fraction(sum(played_points), len(played_points)))
        scores = [
            (night, played[night].points, True, played[night].place)
            if night in played
            else (night, missed_worth, False, None)
            for night in nights
        ]
        counted_nights = _counted(scores, rule.best_of)
        night_scores = tuple(
            NightScore(night, points, was_played, place, night in counted_nights)
            for night, points, was_played, place in scores
        )
        rows[member] = SeasonRow(
            place=0,
            member=member,
            season_points=_whole(sum((s.points for s in night_scores if s.counted), Fraction())),
            nights=night_scores,
            nights_played=len(played),
            nights_won=sum(1 for r in played.values() if r.place == 1),
            all_points=sum(played_points),
            shared=False,
            decided_by=None,
        )
    values = {
        m: (row.season_points, row.nights_won, row.all_points, row.nights_played)
        for m, row in rows.items()
    }
    enough = rule.qualifying_nights
    ranked = [m for m, row in rows.items() if row.nights_played >= enough]
    unranked = [m for m, row in rows.items() if row.nights_played < enough]
    return [
        replace(
            rows[p.item],
            place=p.place,
            shared=p.shared,
            decided_by=p.decided_by,
            qualified=qualified,
        )
        for group, qualified in ((ranked, True), (unranked, False))
        for p in order_by_values(group, SEASON_METRICS, values)
    ]


def _whole(value: SeasonPoints) -> SeasonPoints:
    """An int when the value is whole, so whole figures read and export as before."""
    return int(value) if isinstance(value, int) or value.denominator == 1 else value


def _counted(
    scores: Sequence[tuple[int, SeasonPoints, bool, int | None]], best_of: int | None
) -> set:
    if best_of is None or best_of >= len(scores):
        return {night for night, *_ in scores}
    # Highest first; on equal points the earlier night counts, so the choice is stable.
    ranked = sorted(enumerate(scores), key=lambda item: (-item[1][1], item[0]))
    return {night for _, (night, *_) in ranked[: max(best_of, 0)]}
