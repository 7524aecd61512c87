"""Fair printing: jobs wait in the database and go to the workers one organiser at a time.

Each organiser (whoever asked; a co-organiser is an organiser of their own; a job
nobody asked for counts as the tournament owner's) has at most one job with the
workers and `MAX_WAITING` waiting behind it; one more is refused in plain words.
Whenever a job is asked for or finishes (and every minute, from Celery beat),
`tasks.dispatch` sends each organiser with nothing at the workers their oldest waiting job,
the organiser served longest ago first. Workers take one task at a time (prefetch 1,
`acks_late`, config/settings/base.py), so a small printout waits behind at most one
job of each other organiser, never behind a whole flood of one.
"""

from __future__ import annotations

import datetime
import logging

from django.db.models import Max, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from core import locking
from core.errors import DomainError
from tournaments.models import PrintJob, Tournament

logger = logging.getLogger(__name__)

# Behind the one job at the workers.
MAX_WAITING = 2


class PrintingUnavailable(DomainError):
    """The print queue (the broker) cannot be reached; nothing was printed.

    The job asked for is already marked failed, so it is not left queued forever.
    """

    def __init__(self, message: object = None) -> None:
        super().__init__("printing_unavailable", message)


class PrintQueueFull(DomainError):
    """This organiser already has a job at the workers and MAX_WAITING waiting."""

    def __init__(self) -> None:
        super().__init__("print_queue_full")


def _unfinished() -> QuerySet[PrintJob]:
    return PrintJob.objects.filter(
        status__in=(PrintJob.Status.QUEUED, PrintJob.Status.RUNNING)
    ).annotate(organiser=Coalesce("requested_by_id", "tournament__owner_id"))


def organiser_of(*, tournament: Tournament, requested_by) -> int | None:
    user_id = getattr(requested_by, "pk", None) if requested_by is not None else None
    return user_id or tournament.owner_id


def make_room(*, tournament: Tournament, requested_by) -> None:
    """Raise PrintQueueFull unless the organiser may queue one more job.

    Call inside the transaction that creates the job: the queue's lock, held to its
    commit, keeps two requests at once from both taking the last place."""
    locking.lock_print_queue()
    organiser = organiser_of(tournament=tournament, requested_by=requested_by)
    if _unfinished().filter(organiser=organiser).count() >= 1 + MAX_WAITING:
        raise PrintQueueFull()


def choose_next() -> list[int]:
    """The next job of each free organiser, longest-served-ago first, marked sent (call
    inside a transaction; tasks.dispatch sends them)."""
    locking.lock_print_queue()
    unfinished = _unfinished()
    busy = set(unfinished.filter(dispatched_at__isnull=False).values_list("organiser", flat=True))
    next_job: dict[int | None, int] = {}
    waiting = unfinished.filter(dispatched_at__isnull=True).order_by("created_at", "pk")
    for job_id, organiser in waiting.values_list("pk", "organiser"):
        if organiser not in busy:
            next_job.setdefault(organiser, job_id)
    if not next_job:
        return []
    # Round robin: whoever was served longest ago (or never) goes first.
    last_served = dict(
        PrintJob.objects.annotate(organiser=Coalesce("requested_by_id", "tournament__owner_id"))
        .filter(organiser__in=[o for o in next_job if o is not None], dispatched_at__isnull=False)
        .values("organiser")
        .annotate(last=Max("dispatched_at"))
        .values_list("organiser", "last")
    )
    never = datetime.datetime.min.replace(tzinfo=datetime.UTC)
    order = sorted(next_job, key=lambda o: (last_served.get(o) or never, next_job[o]))
    chosen = [next_job[organiser] for organiser in order]
    now = timezone.now()
    # touched_at restarts the stall clock: waiting its turn is not stalling.
    PrintJob.objects.filter(pk__in=chosen).update(dispatched_at=now, touched_at=now)
    return chosen
