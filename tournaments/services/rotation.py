"""Turning the rotation engine's schedule into rounds, tables, seats and byes; the
round's life cycle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils.translation import gettext_lazy

from tournaments import locking, rotations

from ..errors import TournamentError
from ..models import Bye, Player, Round, RoundStartOverride, Seat, Table, Tournament
from ._common import Side, _clean_name, _lock, _refuse_if_started, rounds_to_draw
from .late import late_schedule
from .teams import _engine_teams

REASON_MAX = RoundStartOverride._meta.get_field("reason").max_length


def _seat_rows(table: Table, sides: Sequence[Side], players: Mapping[str, Player]) -> list[Seat]:
    # Partners alternate with opponents round the table (N, E, S, W at a table of
    # four), so member m of side s takes position m * sides + s.
    count = len(sides)
    return [
        Seat(table=table, player=players[name], position=m * count + s, side=s)
        for s, side in enumerate(sides)
        for m, name in enumerate(side)
    ]


def _write_rounds(
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
    # first, as tournaments.locking orders it.
    locking.lock_rounds(tournament, after=after)
    existing = {
        r.number: r
        for r in Round.objects.filter(tournament=tournament, number__gt=after).prefetch_related(
            "tables"
        )
    }
    if any(r.status != Round.Status.PLANNED for r in existing.values()):
        raise TournamentError("round_started:replanning")
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
            for seat in _seat_rows(tables_by_key[(rnd.number, table.number)], table.sides, players)
        ]
    )
    Bye.objects.bulk_create(
        [
            Bye(round=rows[rnd.number], player=players[name])
            for rnd in new_rounds
            for name in rnd.byes
        ]
    )


def _check_schedule(schedule: rotations.Schedule, names: set[str], *, after: int) -> None:
    """The engine's new rounds seat only known players, each once per round.

    Cheap, and it turns an engine bug into a refused request instead of a
    half-sensible night.
    """
    for rnd in schedule.rounds:
        if rnd.number <= after:
            continue
        present = list(rnd.seated) + list(rnd.byes)
        if len(present) != len(set(present)) or not set(present) <= names:
            raise TournamentError("rotation_invalid", number=rnd.number)


@transaction.atomic
def generate_rotation(*, tournament: Tournament) -> dict:
    """Seat every active player for the whole event and store it, replacing any planned
    rotation; refused once a round has started. Returns the quality summary, which is
    also stored on tournament.rotation_quality."""
    locked = _lock(tournament)
    _refuse_if_started(locked, "round_started:rotation")
    players = list(Player.objects.filter(tournament=locked, active=True).order_by("pk"))
    rounds = rounds_to_draw(locked, len(players))
    if rounds != locked.rounds_planned:
        # The usual length becomes the event's number of rounds, shown and kept as such.
        locked.rounds_planned = tournament.rounds_planned = rounds
        locked.save(update_fields=["rounds_planned"])
    teams = _engine_teams(locked, players)
    # Late players sit out round 1, or wait outside the plan if it has no bye for them.
    schedule, names = late_schedule(locked, players, teams)
    _check_schedule(schedule, set(names), after=0)
    _write_rounds(locked, schedule.rounds, {p.name: p for p in players}, after=0)
    locked.rotation_quality = rotations.report(schedule).as_dict()
    locked.save(update_fields=["rotation_quality"])
    tournament.rotation_quality = locked.rotation_quality
    return locked.rotation_quality


@transaction.atomic
def start_round(*, round: Round, user=None, start_anyway_reason: str = "") -> Round:
    """Put a planned round in play once the round before it is closed.

    Rounds go in order. Only a teams event, where each table moves on as soon as it
    finishes, may start a round while an earlier one is still in play: the organiser
    (`user`) says why in `start_anyway_reason`, and that is kept as a
    RoundStartOverride. No round starts before an earlier one has started.
    """
    locked = _lock(round.tournament)
    row = locking.lock_round(round)
    if row.status != Round.Status.PLANNED:
        raise TournamentError("round_already_started", number=row.number)
    earlier = list(
        Round.objects.filter(tournament=locked, number__lt=row.number)
        .exclude(status=Round.Status.CLOSED)
        .order_by("number")
        .values_list("number", "status")
    )
    waiting = [n for n, status in earlier if status == Round.Status.PLANNED]
    if waiting:
        raise TournamentError("earlier_round_not_started", number=waiting[0])
    open_rounds = [n for n, _status in earlier]
    if open_rounds:
        _start_out_of_order(locked, row, open_rounds, user, _clean_name(start_anyway_reason))
    row.status = Round.Status.IN_PLAY
    row.save(update_fields=["status"])
    round.status = row.status
    return row


def _start_out_of_order(
    tournament: Tournament, row: Round, open_rounds: list[int], user, reason: str
) -> None:
    """Refuse a start while `open_rounds` are in play, unless this is the audited
    override of a teams event."""
    refusal = TournamentError(
        "previous_round_not_closed",
        count=len(open_rounds),
        number=row.number,
        open=", ".join(str(n) for n in open_rounds),
    )
    may_overlap = tournament.spec.rounds_may_overlap
    if not reason:
        details = (
            [
                gettext_lazy(
                    "In a teams event a table that has finished may move on: start the "
                    "round anyway and give the reason."
                )
            ]
            if may_overlap
            else []
        )
        raise TournamentError("previous_round_not_closed", details=details, **refusal.params)
    if not may_overlap:
        raise TournamentError("rounds_cannot_overlap", refusal=refusal)
    if len(reason) > REASON_MAX:
        raise TournamentError("reason_too_long", max=REASON_MAX)
    if user is None:
        raise TypeError("start_round(start_anyway_reason=...) needs the organiser as user")
    RoundStartOverride.objects.create(round=row, open_rounds=open_rounds, reason=reason, user=user)


def _mark_closed(rnd: Round) -> Round:
    """Mark a round in play closed. Only scoring.services.close_round calls this, inside
    its transaction and holding the round's locks: a round closes through the check of
    its results and leaves an entry in the audit trail, never bare."""
    if rnd.status != Round.Status.IN_PLAY:
        raise TournamentError("round_not_in_play", number=rnd.number)
    rnd.status = Round.Status.CLOSED
    rnd.save(update_fields=["status"])
    return rnd
