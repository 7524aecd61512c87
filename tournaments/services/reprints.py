"""Marking the printouts a change of the night put out of date: the scorecards of the
players it moved, the table cards of the tables whose seating changed, the wall chart,
and the find-your-seat sheets of the rounds that changed. The list itself (what is on
it, printing it, clearing what a printout covers) belongs to printing:
tournaments/printing/reprints.py.

A player (or a table, a round, the chart) is marked with the moment its paper went out
of date; a printout clears only what was marked before it was asked for, because a
change made while it was being built may not be on it. Scorecards are marked on the
players (Player.reprint_since); the rest on the tournament (Tournament.reprints).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from tournaments import rotations

from ..models import Player, PrintJob, Tournament

Kind = PrintJob.Kind


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
