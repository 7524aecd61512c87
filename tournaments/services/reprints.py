"""Scorecards to reprint: the players a change of the night moved, kept until a
scorecards printout that includes them has been made.

A player is marked with the moment their card went out of date; a printout clears
only players marked before it was asked for, because a change made while it was
being built may not be on it.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from ..errors import TournamentError
from ..models import Player, PrintJob, Tournament


def players_to_reprint(tournament: Tournament) -> QuerySet[Player]:
    """Who still plays and holds an out-of-date scorecard, in list order."""
    return tournament.players.filter(active=True, reprint_since__isnull=False).order_by("pk")


def mark_for_reprint(*, tournament: Tournament, names: Iterable[str]) -> int:
    """Their printed cards are now wrong. Over several changes the list only grows;
    the newest change's moment is kept, so an earlier printout does not clear it."""
    return Player.objects.filter(tournament=tournament, active=True, name__in=set(names)).update(
        reprint_since=timezone.now()
    )


def clear_reprinted(job: PrintJob) -> int:
    """A scorecards printout is ready: its players' cards are up to date again.

    Called by the print worker once the job is done (never for a failed one).
    A job without a player list printed everyone's card."""
    if job.kind != PrintJob.Kind.SCORECARDS:
        return 0
    players = Player.objects.filter(
        tournament_id=job.tournament_id, reprint_since__lt=job.created_at
    )
    chosen = job.options.get("players")
    if chosen is not None:
        players = players.filter(pk__in=chosen)
    return players.update(reprint_since=None)


@transaction.atomic
def print_reprints(*, tournament: Tournament, requested_by=None, base_url: str | None = None):
    """One scorecards printout of everyone on the list (printing's own paper defaults)."""
    from ..printing.services import request_print

    wanted = list(players_to_reprint(tournament).values_list("pk", flat=True))
    if not wanted:
        raise TournamentError("nothing_to_reprint")
    return request_print(
        tournament=tournament,
        kind=PrintJob.Kind.SCORECARDS,
        requested_by=requested_by,
        base_url=base_url,
        players=wanted,
    )
