"""Asking for a PDF: a job row now, the work in a Celery worker once the row is committed."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import PrintJob, Tournament
from tournaments.site_address import public_base_url

from .cards import StandingsTable
from .layout import PAPER_MM

PER_PAGE_CHOICES = (4, 1)


class PrintRequestError(ValueError):
    """A print request that cannot be honoured; the message is for the organiser."""


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
) -> PrintJob:
    """A queued print job; a worker picks it up once this transaction commits.

    `base_url` is the address players' phones reach the site at (it goes into the
    table cards' QR codes); without it, settings.SITE_URL. The standings page passes
    its rows as `standings`, which are printed as they were when asked for;
    `players` limits scorecards to those players (a reprint, a late arrival).
    """
    if kind not in PrintJob.Kind.values:
        raise PrintRequestError(_("Unknown kind of printout: %(kind)s.") % {"kind": kind})
    if paper not in PAPER_MM:
        raise PrintRequestError(_("Paper must be A4 or US letter."))
    if per_page not in PER_PAGE_CHOICES:
        raise PrintRequestError(_("Scorecards print four or one to a page."))
    options: dict = {
        "paper": paper,
        "per_page": per_page,
        "base_url": (base_url or default_base_url()).rstrip("/"),
    }
    if players is not None:
        options["players"] = [int(pk) for pk in players]
    if kind == PrintJob.Kind.STANDINGS:
        if standings is None:
            raise PrintRequestError(_("There are no standings to print yet."))
        options["standings"] = standings.to_json()
    elif not tournament.rounds.exists():
        raise PrintRequestError(
            _("There is no rotation yet: generate the rotation before printing.")
        )
    job = PrintJob.objects.create(
        tournament=tournament,
        kind=kind,
        options=options,
        requested_by=requested_by if getattr(requested_by, "is_authenticated", False) else None,
    )
    _queue(job)
    return job


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
    from .tasks import build_print_job

    job_id = job.pk
    # A worker that started before the commit would not find the row.
    transaction.on_commit(lambda: build_print_job.delay(job_id))
