"""Printouts to redo after changes of the night: the scorecards of the players a change
moved, the table cards of the tables whose seating changed, the wall chart, and the
find-your-seat sheets of the rounds that changed. Each is kept until a printout of it
has been made.

A player (or a table, a round, the chart) is marked with the moment its paper went out
of date; a printout clears only what was marked before it was asked for, because a
change made while it was being built may not be on it. Scorecards are marked on the
players (Player.reprint_since); the rest on the tournament (Tournament.reprints).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from tournaments import locking, rotations

from ..errors import TournamentError
from ..models import Player, PrintJob, Tournament

Kind = PrintJob.Kind
# Printouts kept per table or per round; the chart is one sheet for the night.
_NUMBERED = {Kind.TABLE_CARDS: "tables", Kind.FIND_YOUR_SEAT: "rounds"}
PRINTOUTS = (Kind.SCORECARDS, Kind.TABLE_CARDS, Kind.ROTATION_CHART, Kind.FIND_YOUR_SEAT)


@dataclass(frozen=True)
class Redo:
    """One printout on the list: its kind, and the tables or rounds it covers (none
    for scorecards, listed by player, and for the chart)."""

    kind: str
    numbers: tuple[int, ...] = ()


def players_to_reprint(tournament: Tournament) -> QuerySet[Player]:
    """Who still plays and holds an out-of-date scorecard, in list order."""
    return tournament.players.filter(active=True, reprint_since__isnull=False).order_by("pk")


def printouts_to_redo(tournament: Tournament) -> list[Redo]:
    """The table cards, chart and find-your-seat sheets on the list, in print order."""
    marks = tournament.reprints or {}
    listed = []
    for kind in PRINTOUTS[1:]:
        mark = marks.get(kind)
        if not mark:
            continue
        numbers = tuple(sorted(int(n) for n in mark)) if kind in _NUMBERED else ()
        listed.append(Redo(kind=kind, numbers=numbers))
    return listed


def last_change(tournament: Tournament) -> dict:
    """The last change's counts, as rotations.moves defines them (empty before any)."""
    return (tournament.reprints or {}).get("last_change", {})


def mark_for_reprint(*, tournament: Tournament, names: Iterable[str]) -> int:
    """Their printed cards are now wrong. Over several changes the list only grows;
    the newest change's moment is kept, so an earlier printout does not clear it."""
    return Player.objects.filter(tournament=tournament, active=True, name__in=set(names)).update(
        reprint_since=timezone.now()
    )


def mark_change(
    *, tournament: Tournament, moves: rotations.SeatMoves, names: Iterable[str]
) -> None:
    """A change of the night was made (`tournament` is locked): every printout it put
    out of date goes on the list, and its counts are kept for the tournament page."""
    mark_for_reprint(tournament=tournament, names=names)
    now = timezone.now().isoformat()
    marks = dict(tournament.reprints or {})
    for kind, numbers in ((Kind.TABLE_CARDS, moves.tables), (Kind.FIND_YOUR_SEAT, moves.rounds)):
        if numbers:
            marks[kind] = {**marks.get(kind, {}), **{str(n): now for n in numbers}}
    if moves.changed:
        marks[Kind.ROTATION_CHART] = now
    marks["last_change"] = {
        "sit_elsewhere": len(moves.sit_elsewhere),
        "new_table_mates": len(moves.new_table_mates),
    }
    tournament.reprints = marks
    tournament.save(update_fields=["reprints"])


def clear_reprinted(job: PrintJob) -> int:
    """A printout is ready: what it covers is up to date again. Returns how many
    players, tables or rounds came off the list.

    Called by the print worker once the job is done (never for a failed one). A job
    without a player, table or round list printed all of them."""
    if job.kind == Kind.SCORECARDS:
        players = Player.objects.filter(
            tournament_id=job.tournament_id, reprint_since__lt=job.created_at
        )
        chosen = job.options.get("players")
        if chosen is not None:
            players = players.filter(pk__in=chosen)
        return players.update(reprint_since=None)
    if job.kind not in PRINTOUTS:
        return 0
    with transaction.atomic():
        tournament = locking.lock_tournament(job.tournament)
        marks = dict(tournament.reprints or {})
        mark = marks.get(job.kind)
        if not mark:
            return 0
        if job.kind not in _NUMBERED:
            if _before(mark, job):
                del marks[job.kind]
            cleared = 1 if job.kind not in marks else 0
        else:
            chosen = job.options.get(_NUMBERED[job.kind])
            kept = {
                n: at
                for n, at in mark.items()
                if not _before(at, job) or (chosen is not None and int(n) not in chosen)
            }
            cleared = len(mark) - len(kept)
            if kept:
                marks[job.kind] = kept
            else:
                del marks[job.kind]
        tournament.reprints = marks
        tournament.save(update_fields=["reprints"])
    return cleared


def _before(mark: str, job: PrintJob) -> bool:
    at = parse_datetime(mark)
    return at is not None and at < job.created_at


@transaction.atomic
def print_reprints(
    *,
    tournament: Tournament,
    kind: str = Kind.SCORECARDS,
    requested_by=None,
    base_url: str | None = None,
):
    """One printout of what the list holds of `kind` (printing's own paper defaults):
    everyone's scorecards on it, the table cards of its tables, the chart, or the
    find-your-seat sheets of its rounds."""
    from ..printing.services import request_print

    if kind not in PRINTOUTS:
        raise TournamentError("nothing_to_reprint")
    if kind == Kind.SCORECARDS:
        wanted = list(players_to_reprint(tournament).values_list("pk", flat=True))
        if not wanted:
            raise TournamentError("nothing_to_reprint")
        return request_print(
            tournament=tournament,
            kind=kind,
            requested_by=requested_by,
            base_url=base_url,
            players=wanted,
        )
    tournament.refresh_from_db(fields=["reprints"])
    redo = next((r for r in printouts_to_redo(tournament) if r.kind == kind), None)
    if redo is None:
        raise TournamentError("nothing_to_reprint:printout")
    numbered = {_NUMBERED[kind]: list(redo.numbers)} if kind in _NUMBERED else {}
    return request_print(
        tournament=tournament,
        kind=kind,
        requested_by=requested_by,
        base_url=base_url,
        **numbered,
    )
