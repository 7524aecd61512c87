"""Asking for a PDF: a job row now, the work in a Celery worker once the row is committed
and the organiser's turn comes (queue.py).

A job is never left waiting for nothing: if the broker cannot take it, the row is
marked failed and the organiser told printing is unavailable; if its worker dies,
the periodic task (periodic.py) marks it failed (with Retry) once it has stalled, and
its part files go.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.error_catalog import CATALOG, entry
from core.errors import DomainError, render
from scoring.night_standings.snapshots import standings_snapshot
from tournaments.models import PrintJob, Tournament
from tournaments.services.table_links import table_links
from tournaments.site_address import public_base_url
from tournaments.table_links import table_numbers

from .cards import StandingsTable
from .layout import PAPER_MM
from .parts import delete_parts
from .queue import PrintingUnavailable, make_room
from .reprints import NUMBERED, PRINTOUTS, Kind, players_to_reprint, printouts_to_redo
from .tasks import dispatch

PER_PAGE_CHOICES = (4, 1)


class PrintRequestError(DomainError):
    """A print request that cannot be honoured: `PrintRequestError("print_bad_paper")`.

    One argument that is no catalog key is the older shape, words already translated.
    """

    def __init__(self, key: object, /, **params: object) -> None:
        if isinstance(key, str) and key in CATALOG:
            super().__init__(key, **params)
        else:
            super().__init__("print_refused", key)


class PlayersRefused(PrintRequestError):
    """The players chosen for a printout cannot be printed for (the message says why).

    `ids`: the players that are not the tournament's, one sentence each.
    """

    def __init__(self, key: str, /, *, ids: Sequence[int] = (), **params: object) -> None:
        super().__init__(key, **params)
        self.ids = list(ids)

    @property
    def message(self) -> str:
        if not self.ids:
            return super().message
        # Worded when shown, one sentence an id, in the words the API's other checks use.
        words = entry(self.key).words
        return " ".join(render(words, {"id": pk}) for pk in self.ids)


def default_base_url() -> str:
    return (getattr(settings, "SITE_URL", "") or "http://127.0.0.1:8000").rstrip("/")


def base_url_for(request) -> str:
    """The address for QR codes when a request asks for a printout. They must reach
    the site from players' phones: an address set for the deployment wins over
    whatever address the organiser happened to use."""
    return public_base_url(request)


@transaction.atomic
def request_print(
    *,
    tournament: Tournament,
    kind: str,
    paper: str = "a4",
    per_page: int = 4,
    requested_by=None,
    base_url: str | None = None,
    standings: StandingsTable | None = None,
    players: list[int] | None = None,
    tables: list[int] | None = None,
    rounds: list[int] | None = None,
) -> PrintJob:
    """A queued print job; a worker picks it up once this transaction commits.

    `base_url` is the address players' phones reach the site at (it goes into the
    table cards' QR codes); without it, settings.SITE_URL. Standings are printed as
    they were when asked for: the rows given as `standings`, or else scoring's
    snapshot of them now. `players` limits scorecards to
    those players of the tournament (a reprint, a late arrival); PlayersRefused for
    any other printout or anyone else. `tables` limits table cards to those table
    numbers and `rounds` find-your-seat sheets to those rounds (the printouts a change
    of the night put out of date).
    """
    if kind not in PrintJob.Kind.values:
        raise PrintRequestError("print_unknown_kind", kind=kind)
    if paper not in PAPER_MM:
        raise PrintRequestError("print_bad_paper")
    if per_page not in PER_PAGE_CHOICES:
        raise PrintRequestError("print_bad_per_page")
    options: dict = {
        "paper": paper,
        "per_page": per_page,
        "base_url": (base_url or default_base_url()).rstrip("/"),
        # The worker prints in the language the organiser asked in, not its own.
        "language": translation.get_language() or settings.LANGUAGE_CODE,
    }
    if players is not None:
        options["players"] = _printable_players(tournament, kind, players)
    if tables is not None and kind == PrintJob.Kind.TABLE_CARDS:
        options["tables"] = sorted({int(n) for n in tables})
    if rounds is not None and kind == PrintJob.Kind.FIND_YOUR_SEAT:
        options["rounds"] = sorted({int(n) for n in rounds})
    if kind == PrintJob.Kind.STANDINGS:
        if standings is None:
            standings = standings_snapshot(tournament)
        options["standings"] = standings.to_json()
    elif tournament.spec.per_round:
        _check_drawn_print(tournament, kind, options)
    elif not tournament.rounds.exists():
        raise PrintRequestError("print_no_rotation")
    make_room(tournament=tournament, requested_by=requested_by)
    job = PrintJob.objects.create(
        tournament=tournament,
        kind=kind,
        options=options,
        requested_by=requested_by if getattr(requested_by, "is_authenticated", False) else None,
    )
    _queue(job)
    return job


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
    if kind not in PRINTOUTS:
        raise DomainError("nothing_to_reprint")
    if kind == Kind.SCORECARDS:
        wanted = list(players_to_reprint(tournament).values_list("pk", flat=True))
        if not wanted:
            raise DomainError("nothing_to_reprint")
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
        raise DomainError("nothing_to_reprint:printout")
    numbered = {NUMBERED[kind]: list(redo.numbers)} if kind in NUMBERED else {}
    return request_print(
        tournament=tournament,
        kind=kind,
        requested_by=requested_by,
        base_url=base_url,
        **numbered,
    )


def _check_drawn_print(tournament: Tournament, kind: str, options: dict) -> None:
    """A night drawn round by round prints its scorecards and table cards before any
    round is drawn (they show no seat); the rest print published rounds, and only
    those: a draft is its organisers' alone."""
    if kind == PrintJob.Kind.TABLE_CARDS:
        # The physical tables' links are made now, once, so the workers only read them.
        table_links(tournament=tournament, numbers=table_numbers(tournament))
        return
    if kind == PrintJob.Kind.SCORECARDS:
        return
    published = set(tournament.rounds.filter(published=True).values_list("number", flat=True))
    if not published or not set(options.get("rounds", published)) <= published:
        raise PrintRequestError("print_no_published_round")


def _printable_players(tournament: Tournament, kind: str, players: list[int]) -> list[int]:
    if kind != PrintJob.Kind.SCORECARDS:
        raise PlayersRefused("print_refused:players_not_scorecards")
    wanted = [int(pk) for pk in players]
    found = set(tournament.players.filter(pk__in=wanted).values_list("pk", flat=True))
    if unknown := [pk for pk in wanted if pk not in found]:
        raise PlayersRefused("print_refused:unknown_players", ids=unknown)
    return wanted


def retry_print(*, job: PrintJob, requested_by=None) -> PrintJob:
    """A fresh job with the same request: the failed one stays, with its message."""
    options = dict(job.options)
    standings = options.get("standings")
    return request_print(
        tournament=job.tournament,
        kind=job.kind,
        paper=options.get("paper", "a4"),
        per_page=options.get("per_page", 4),
        requested_by=requested_by,
        base_url=options.get("base_url"),
        standings=StandingsTable.from_json(standings) if standings else None,
        players=options.get("players"),
    )


def _queue(job: PrintJob) -> None:
    job_id = job.pk

    def send() -> None:
        if job_id in dispatch():
            raise PrintingUnavailable()

    # A worker that started before the commit would not find the row; raised from
    # here, PrintingUnavailable reaches whoever committed (request_print's caller).
    transaction.on_commit(send)


def fail_stalled(jobs: QuerySet[PrintJob]) -> int:
    """Mark failed every one of `jobs` sent to the workers that no worker has moved on
    for PRINT_JOB_STALL_SECONDS (its worker died, or none is running), saying which,
    and remove its part files. Run by Celery beat (periodic.py), so the organiser sees
    Retry instead of a job waiting for ever; a job still waiting its turn is left
    alone. Returns how many were marked."""
    cutoff = timezone.now() - datetime.timedelta(seconds=settings.PRINT_JOB_STALL_SECONDS)
    stalled = jobs.filter(
        status__in=(PrintJob.Status.QUEUED, PrintJob.Status.RUNNING),
        dispatched_at__isnull=False,
        touched_at__lt=cutoff,
    )
    marked = 0
    for job_id, status in stalled.values_list("pk", "status"):
        # Conditional, so a worker that moved the job on meanwhile wins.
        marked += PrintJob.objects.filter(pk=job_id, status=status, touched_at__lt=cutoff).update(
            status=PrintJob.Status.FAILED, error=stall_message(status), finished_at=timezone.now()
        )
        delete_parts(job_id)
    return marked


def stall_message(status: str) -> str:
    advice = _("Press Retry to ask for it again; if it stays stuck, tell the site's administrator.")
    return f"{stall_reason(status)} {advice}"


def stall_reason(status: str) -> str:
    """Why a stalled job is stuck: the job page says it until the job is marked failed."""
    minutes = max(1, round(settings.PRINT_JOB_STALL_SECONDS / 60))
    if status == PrintJob.Status.QUEUED:
        reason = ngettext(
            "No print worker has picked this printout up in %(minutes)s minute: none may "
            "be running.",
            "No print worker has picked this printout up in %(minutes)s minutes: none may "
            "be running.",
            minutes,
        )
    else:
        reason = ngettext(
            "The print worker has not moved this printout on for %(minutes)s minute: it "
            "may have stopped.",
            "The print worker has not moved this printout on for %(minutes)s minutes: it "
            "may have stopped.",
            minutes,
        )
    return reason % {"minutes": minutes}
