"""The reprint list: printouts to redo after changes of the night (the tournament
services mark them: tournaments/services/reprints.py). Each is kept until a printout
of it has been made.

A player (or a table, a round, the chart) is marked with the moment its paper went out
of date; a printout clears only what was marked before it was asked for, because a
change made while it was being built may not be on it. Scorecards are marked on the
players (Player.reprint_since); the rest on the tournament (Tournament.reprints).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet
from django.utils.dateparse import parse_datetime

from core import locking
from tournaments.models import Player, PrintJob, Tournament

Kind = PrintJob.Kind
# Printouts kept per table or per round; the chart is one sheet for the night.
NUMBERED = {Kind.TABLE_CARDS: "tables", Kind.FIND_YOUR_SEAT: "rounds"}
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
        numbers = tuple(sorted(int(n) for n in mark)) if kind in NUMBERED else ()
        listed.append(Redo(kind=kind, numbers=numbers))
    return listed


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
        if job.kind not in NUMBERED:
            if _before(mark, job):
                del marks[job.kind]
            cleared = 1 if job.kind not in marks else 0
        else:
            chosen = job.options.get(NUMBERED[job.kind])
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
