"""The lower layer of the tournament services: a rotation engine's schedule drawn for
the tournament and turned into rounds, tables, seats and byes. The service modules
above (rotation, changes, late) call these; nothing here calls them back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core import locking
from core.errors import DomainError
from tournaments import rotations
from tournaments.rotations import late as late_rotation

from ..models import Bye, Player, Round, Seat, Table, Tournament
from .common import Side, check_drawable, rotation_error


def seat_rows(table: Table, sides: Sequence[Side], players: Mapping[str, Player]) -> list[Seat]:
    # Partners alternate with opponents round the table (N, E, S, W at a table of
    # four), so member m of side s takes position m * sides + s.
    count = len(sides)
    return [
        Seat(table=table, player=players[name], position=m * count + s, side=s)
        for s, side in enumerate(sides)
        for m, name in enumerate(side)
    ]


def write_rounds(
    tournament: Tournament,
    new_rounds: Sequence[rotations.Round],
    players: Mapping[str, Player],
    *,
    after: int,
) -> None:
    """Make the stored rounds numbered above `after` match `new_rounds`.

    Round and table rows that survive keep their ids and table tokens, so a QR card
    already printed for round 5 table 2 still opens round 5 table 2 (showing its new
    seating); seats and byes are written afresh.
    """
    # The cascades below delete tables and seats before their rounds: lock the rounds
    # first, as core.locking orders it.
    locking.lock_rounds(tournament, after=after)
    existing = {
        r.number: r
        for r in Round.objects.filter(tournament=tournament, number__gt=after).prefetch_related(
            "tables"
        )
    }
    if any(r.status != Round.Status.PLANNED for r in existing.values()):
        raise DomainError("round_started:replanning")
    wanted = {r.number for r in new_rounds}
    Round.objects.filter(pk__in=[r.pk for n, r in existing.items() if n not in wanted]).delete()
    Seat.objects.filter(table__round__in=[r.pk for r in existing.values()]).delete()
    Bye.objects.filter(round__in=[r.pk for r in existing.values()]).delete()

    created = Round.objects.bulk_create(
        [
            Round(tournament=tournament, number=r.number)
            for r in new_rounds
            if r.number not in existing
        ]
    )
    rows = existing | {row.number: row for row in created}

    tables_to_create, stale_tables = [], []
    tables_by_key: dict[tuple[int, int], Table] = {}
    for rnd in new_rounds:
        row = rows[rnd.number]
        current = {t.number: t for t in row.tables.all()} if rnd.number in existing else {}
        needed = {t.number for t in rnd.tables}
        stale_tables += [t.pk for n, t in current.items() if n not in needed]
        for table in rnd.tables:
            if table.number in current:
                tables_by_key[(rnd.number, table.number)] = current[table.number]
            else:
                tables_to_create.append(Table(round=row, number=table.number))
    Table.objects.filter(pk__in=stale_tables).delete()
    for table in Table.objects.bulk_create(tables_to_create):
        tables_by_key[(table.round.number, table.number)] = table

    Seat.objects.bulk_create(
        [
            seat
            for rnd in new_rounds
            for table in rnd.tables
            for seat in seat_rows(tables_by_key[(rnd.number, table.number)], table.sides, players)
        ]
    )
    Bye.objects.bulk_create(
        [
            Bye(round=rows[rnd.number], player=players[name])
            for rnd in new_rounds
            for name in rnd.byes
        ]
    )


def check_schedule(schedule: rotations.Schedule, names: set[str], *, after: int) -> None:
    """The engine's new rounds seat only known players, each once per round.

    Cheap, and it turns an engine bug into a refused request instead of a
    half-sensible night.
    """
    for rnd in schedule.rounds:
        if rnd.number <= after:
            continue
        present = list(rnd.seated) + list(rnd.byes)
        if len(present) != len(set(present)) or not set(present) <= names:
            raise DomainError("rotation_invalid", number=rnd.number)


def draw_whole_event(tournament: Tournament, names: Sequence[str], teams) -> rotations.Schedule:
    """The whole event drawn afresh for `names`, with the tournament's seed; the
    engine's refusal in the organiser's words. Refused beyond the site's limits (an
    event stored before them plays on as drawn)."""
    check_drawable(tournament, len(names))
    try:
        return rotations.generate(
            tournament.format, names, tournament.rounds_planned, seed=tournament.seed, teams=teams
        )
    except rotations.RotationError as exc:
        raise rotation_error(exc) from exc


def late_schedule(
    tournament: Tournament, players: Sequence[Player], teams
) -> tuple[rotations.Schedule, list[str]]:
    """The whole event's schedule for `players`, late ones sitting out round 1.

    Returns it and the names it seats or gives byes to: late players left out
    (round 1 had no bye for them) are missing from both."""
    return late_rotation.late_first(
        lambda names: draw_whole_event(tournament, names, teams),
        [p.name for p in players],
        [p.name for p in players if p.late],
    )


def engine_teams(tournament: Tournament, players: Sequence[Player]) -> list[list[str]] | None:
    """The fixed teams as lists of names for the engine, or None in formats without teams."""
    size = tournament.spec.fixed_team_size
    if size is None:
        return None
    by_team: dict[int, list[str]] = {}
    loose = []
    for p in players:
        if p.team_id is None:
            loose.append(p.name)
        else:
            by_team.setdefault(p.team_id, []).append(p.name)
    incomplete = [names for names in by_team.values() if len(names) != size]
    if loose or incomplete:
        names = loose + [n for group in incomplete for n in group]
        raise DomainError("teams_incomplete", names=", ".join(names), size=size)
    return [by_team[k] for k in sorted(by_team)]
