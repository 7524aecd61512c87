"""What the standings are built from: games as plain data, and each competitor's tally.

A competitor is whatever the caller ranks (a player id, a team id, a name): the
maths never looks inside it, so the same code ranks players, teams and league members.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from scoring.engine import side_outcomes

Competitor = Hashable


class Outcome(StrEnum):
    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"
    BYE = "bye"


# The per-game types are NamedTuples: a season builds tens of thousands of them per
# page, and tuples are several times cheaper to make than frozen dataclasses.
class Entry(NamedTuple):
    """One competitor's part in a game, with the feats credited to them personally."""

    competitor: Competitor
    loners_made: int = 0
    euchres_made: int = 0


class Side(NamedTuple):
    """Partners (or a lone player in cutthroat and heads-up) and the points they scored.

    `won` is what the table recorded when the game was played to a target; left as
    None, the side with strictly the most points wins and equal leaders draw.
    """

    entries: tuple[Entry, ...]
    points: int
    won: bool | None = None

    @property
    def competitors(self) -> tuple[Competitor, ...]:
        return tuple(entry.competitor for entry in self.entries)


class Game(NamedTuple):
    """One table's confirmed result in one round."""

    round: int
    table: int
    sides: tuple[Side, ...]

    def outcomes(self) -> tuple[Outcome, ...]:
        """Won, drawn or lost for each side, in the order of `sides`."""
        return tuple(
            Outcome(outcome)
            for outcome in side_outcomes(
                [side.points for side in self.sides], [side.won for side in self.sides]
            )
        )


class Bye(NamedTuple):
    round: int
    competitor: Competitor


class ByeValue(StrEnum):
    """What sitting out a round is worth."""

    NOTHING = "nothing"
    AVERAGE = "average"  # the competitor's own average over the games they played
    FIXED = "fixed"


@dataclass(frozen=True)
class ByeRule:
    value: ByeValue = ByeValue.NOTHING
    points: int = 0  # only read for ByeValue.FIXED

    @property
    def scores_points(self) -> bool:
        """Whether a bye can be worth anything: then the standings show bye points."""
        return self.value is ByeValue.AVERAGE or (self.value is ByeValue.FIXED and self.points > 0)

    def worth(self, record: Record) -> int:
        if self.value is ByeValue.FIXED:
            return self.points
        if self.value is ByeValue.AVERAGE:
            return record.average
        return 0


NOTHING_FOR_A_BYE = ByeRule()


@dataclass(slots=True)
class Record:
    """Everything one competitor has done so far; the ranking metrics read from here."""

    competitor: Competitor
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    loners_made: int = 0
    euchres_made: int = 0
    byes: int = 0
    bye_points: int = 0

    # The one meaning of each points figure, wherever it is shown (page, CSV, JSON, PDF):
    # total points = game points + bye points; points difference = game points - points
    # against. Byes stay out of the difference: nobody conceded anything in a round
    # that was not played.

    @property
    def game_points(self) -> int:
        return self.points_for

    @property
    def total_points(self) -> int:
        return self.game_points + self.bye_points

    @property
    def points_difference(self) -> int:
        return self.game_points - self.points_against

    @property
    def average(self) -> int:
        """Points per game played, rounded half up (so a bye never carries a fraction)."""
        if not self.played:
            return 0
        return (2 * self.points_for + self.played) // (2 * self.played)


def tally(
    games: Iterable[Game],
    *,
    competitors: Sequence[Competitor] = (),
    byes: Iterable[Bye] = (),
    bye_rule: ByeRule = NOTHING_FOR_A_BYE,
) -> dict[Competitor, Record]:
    """Each competitor's record, in the order of `competitors` then first appearance.

    Naming a competitor who has not played yet gives them an empty row, so a
    standings page lists everyone from the first round.
    """
    records: dict[Competitor, Record] = {c: Record(c) for c in competitors}
    for game in games:
        outcomes = game.outcomes()
        total = sum(side.points for side in game.sides)
        for side, outcome in zip(game.sides, outcomes, strict=True):
            against = total - side.points
            for entry in side.entries:
                record = records.get(entry.competitor)
                if record is None:
                    record = records[entry.competitor] = Record(entry.competitor)
                record.played += 1
                record.points_for += side.points
                record.points_against += against
                record.loners_made += entry.loners_made
                record.euchres_made += entry.euchres_made
                if outcome is Outcome.WON:
                    record.won += 1
                elif outcome is Outcome.DRAWN:
                    record.drawn += 1
                else:
                    record.lost += 1
    credit_byes(records, byes, bye_rule)
    return records


def credit_byes(
    records: dict[Competitor, Record], byes: Iterable[Bye], bye_rule: ByeRule
) -> dict[Competitor, Record]:
    """Adds each bye to its competitor's record (made if missing), worth what `bye_rule` says.

    Call it once every game is in: an average is taken over the games already
    counted, so a bye in round 1 is worth the same as one in round 9.
    """
    bye_list = list(byes)
    for bye in bye_list:
        if bye.competitor not in records:
            records[bye.competitor] = Record(bye.competitor)
    for bye in bye_list:
        record = records[bye.competitor]
        record.byes += 1
        record.bye_points += bye_rule.worth(record)
    return records


def regroup(
    games: Iterable[Game], byes: Iterable[Bye], group_of: Mapping[Competitor, Competitor]
) -> tuple[list[Game], list[Bye]]:
    """Games and byes with each competitor replaced by its group (players by their team).

    Members of one group on one side merge into a single entry: their loners add up (a
    loner is one player's), their euchres do not (every defender is credited with the
    side's euchre, which the side made once). Competitors outside `group_of` drop out.
    """
    grouped_games = []
    for game in games:
        sides = []
        for side in game.sides:
            merged: dict[Competitor, list[int]] = {}
            for entry in side.entries:
                group = group_of.get(entry.competitor)
                if group is None:
                    continue
                feats = merged.setdefault(group, [0, 0])
                feats[0] += entry.loners_made
                feats[1] = max(feats[1], entry.euchres_made)
            sides.append(
                Side(
                    tuple(Entry(g, loners, euchres) for g, (loners, euchres) in merged.items()),
                    side.points,
                    side.won,
                )
            )
        grouped_games.append(Game(game.round, game.table, tuple(sides)))
    seen: set[tuple[int, Competitor]] = set()
    grouped_byes = []
    for bye in byes:
        group = group_of.get(bye.competitor)
        if group is not None and (bye.round, group) not in seen:
            seen.add((bye.round, group))
            grouped_byes.append(Bye(bye.round, group))
    return grouped_games, grouped_byes
