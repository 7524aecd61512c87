"""A night drawn round by round, as its format is shown it: the rounds so far with
each confirmed table's points (tournaments.rotations.drawn.Results), and the players
in standings order, ranked as the night's standings rank them (the tournament's
metric order). Read here, beside the standings, so a draw never restates them."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine import WON
from tournaments.models import Player, Round, Tournament
from tournaments.rotations.drawn import PlayedRound, PlayedTable, Results
from tournaments.selectors import rounds_with_seating, table_sides

from .standings import rank_night
from .tally import Night, TableLine, load_night


@dataclass(frozen=True)
class NightSoFar:
    results: Results
    # Every competitor's players in standings order (a team's members together).
    ranking: tuple[str, ...]


def night_so_far(
    tournament: Tournament, *, before: int | None = None, published_only: bool = False
) -> NightSoFar:
    """The rounds numbered below `before` (all of them without it; with
    `published_only`, no draft) with their confirmed points, and the standings order.
    A fixed number of queries: the rounds' seating (four), the players and the night's
    tally."""
    night = load_night(tournament)
    results = _night_results(tournament, night, before=before, published_only=published_only)
    return NightSoFar(results, _ranking(night))


def night_results(tournament: Tournament, *, published_only: bool = False) -> Results:
    """The rounds (with `published_only`, no draft) and their confirmed points alone,
    without ranking the night: what the draw history download gives."""
    return _night_results(tournament, load_night(tournament), published_only=published_only)


def _night_results(
    tournament: Tournament, night: Night, *, before: int | None = None, published_only: bool
) -> Results:
    seating = rounds_with_seating(tournament, published_only=published_only)
    rounds = [r for r in seating if before is None or r.number < before]
    return _results(tournament, night, rounds)


def _results(tournament: Tournament, night: Night, rounds: list[Round]) -> Results:
    confirmed = {(line.round, line.table): line for line in night.lines if line.confirmed}
    names = {pk: info.name for pk, info in night.players.items()}
    played = tuple(
        PlayedRound(
            number=rnd.number,
            tables=tuple(
                _played_table(table.number, table_sides(table), confirmed, rnd.number, names)
                for table in rnd.tables.all()
            ),
            byes=tuple(bye.player.name for bye in rnd.byes.all()),
        )
        for rnd in rounds
    )
    # Seed order is the order players joined: their pks. Playing: here and not gone;
    # a player who left stays in the history (and the standings), never drawn again;
    # one marked late and not here yet is in neither until they arrive.
    field = Player.objects.filter(tournament=tournament).order_by("pk")
    in_rounds = {p for r in played for p in (*r.seated, *r.byes)}
    playing = tuple(p.name for p in field if p.active and not p.late)
    left = tuple(p.name for p in field if not p.active and p.name in in_rounds)
    return Results(players=playing, rounds=played, left=left)


def _played_table(
    number: int,
    sides: tuple[tuple[str, ...], ...],
    confirmed: dict[tuple[int, int], TableLine],
    round_number: int,
    names: dict[int, str],
) -> PlayedTable:
    line = confirmed.get((round_number, number))
    if line is None:
        return PlayedTable(number, sides)
    by_players = {frozenset(names[pk] for pk in side.players): side for side in line.sides}
    results = [by_players.get(frozenset(side)) for side in sides]
    if any(result is None for result in results):
        # A result stored before a seat change it no longer matches: not a result here.
        return PlayedTable(number, sides)
    points = tuple(result.points for result in results if result is not None)
    decided_by = None
    if len(set(points)) == 1:
        won = [
            i for i, result in enumerate(results) if result is not None and result.outcome == WON
        ]
        decided_by = won[0] if len(won) == 1 else None
    return PlayedTable(number, sides, points, decided_by)


def _ranking(night: Night) -> tuple[str, ...]:
    ranked = rank_night(night)
    if ranked.teams:
        return tuple(name for row in ranked.rows for name in ranked.members.get(row.competitor, ()))
    return tuple(
        ranked.names[row.competitor] for row in ranked.rows if row.competitor in ranked.names
    )
