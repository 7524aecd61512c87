"""Whether planning work runs in the request or in a worker, and the job row for it.

The search behind a re-plan (and behind drawing some rotations) grows with the players
and the rounds left to plan: 400 players over 29 rounds took 12 s of CPU, 13 players
over 29 rounds already 2.8 s. A night of at most PLANNING_INLINE_SEAT_ROUNDS seats to
plan (active players x rounds still to plan) runs in the request, as always: there it
costs well under a second, and the organiser sees the answer with no page in between.
Anything bigger becomes a job for the Celery worker. Without a broker (eager mode) the
job runs at once in the request: there is no worker to hand it to.
"""

from __future__ import annotations

import datetime
import logging

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from kombu.exceptions import OperationalError

from core.errors import DomainError
from tournaments import rotations, services
from tournaments.models import PlanningJob, Player, Round, Tournament
from tournaments.services.common import (
    check_drawable,
    check_player_count,
    refuse_if_started,
)

from .tasks import run_planning_job

logger = logging.getLogger(__name__)


class PlanningUnavailable(DomainError):
    """The broker cannot take the job: nothing was planned, the job is marked failed."""

    def __init__(self) -> None:
        super().__init__("planning_unavailable")


def seats_to_plan(tournament: Tournament, kind: str) -> int:
    """Active players times the rounds the work plans: the size of the search."""
    players = Player.objects.filter(tournament=tournament, active=True).count()
    if kind == PlanningJob.Kind.GENERATE:
        rounds = services.rounds_to_draw(tournament, players)
        if rounds is None:
            try:
                rounds = rotations.spec(tournament.format).complete_length(players)
            except (rotations.RotationError, ValueError, KeyError):
                rounds = 0
    else:
        rounds = Round.objects.filter(tournament=tournament, status=Round.Status.PLANNED).count()
    return players * rounds


def runs_in_worker(tournament: Tournament, kind: str) -> bool:
    if tournament.spec.per_round:
        # Drawn round by round: nothing is planned ahead, and the refusal comes at once.
        return False
    return seats_to_plan(tournament, kind) > settings.PLANNING_INLINE_SEAT_ROUNDS


REMOVAL_KINDS = (PlanningJob.Kind.REMOVAL_PREVIEW, PlanningJob.Kind.REMOVE)


def removal_runs_in_worker(player: Player, kind: str) -> bool:
    """A big night's removal that re-plans the rotation goes to the worker; taking a
    player in no round off the list (or refusing one who has left) costs nothing."""
    return runs_in_worker(player.tournament, kind) and services.removal_replans(player=player)


def removal_asked(player: Player, fingerprint: str = "") -> dict:
    """What a removal job stores: the player by id (and name, for its pages even once
    they are gone) and, to remove them, the fingerprint of the preview shown."""
    asked = {"player": player.pk, "name": player.name}
    if fingerprint:
        asked["fingerprint"] = fingerprint
    return asked


def check_generate(tournament: Tournament) -> None:
    """The refusals drawing a rotation can give at once, before any job is queued."""
    refuse_if_started(tournament, "round_started:rotation")
    check_drawable(tournament, Player.objects.filter(tournament=tournament, active=True).count())


def check_change(tournament: Tournament, asked: dict) -> None:
    """The refusals a change can give at once (the site's player limit), before any job
    is queued; the rest come from the re-plan itself."""
    playing = Player.objects.filter(tournament=tournament, active=True).count()
    after = playing - len(asked.get("withdraw", [])) + len(asked.get("arrive", []))
    check_player_count(before=playing, after=after)


def request_planning(
    *, tournament: Tournament, kind: str, asked: dict | None = None, requested_by=None
) -> PlanningJob:
    """A queued job for `kind` with what the organiser `asked`; a worker picks it up
    once the row is committed (without a broker it has run when this returns)."""
    if kind == PlanningJob.Kind.GENERATE:
        check_generate(tournament)
    elif kind not in REMOVAL_KINDS:
        # A removal's refusals all come from working it out.
        check_change(tournament, asked or {})
    asked = {**(asked or {}), "language": translation.get_language() or settings.LANGUAGE_CODE}
    with transaction.atomic():
        job = PlanningJob.objects.create(
            tournament=tournament,
            kind=kind,
            asked=asked,
            requested_by=requested_by if getattr(requested_by, "is_authenticated", False) else None,
        )
        if not current_app.conf.task_always_eager:
            transaction.on_commit(lambda: _send(job.pk))
    if current_app.conf.task_always_eager:
        # No worker to hand it to: the job runs here, after its row is written.
        run_planning_job(job.pk)
        job.refresh_from_db()
    return job


def _send(job_id: int) -> None:
    try:
        run_planning_job.delay(job_id)
    except OperationalError as exc:  # kombu's word for "no broker"
        logger.warning("planning job %s could not be queued: %s", job_id, exc)
        now = timezone.now()
        PlanningJob.objects.filter(pk=job_id, status=PlanningJob.Status.QUEUED).update(
            status=PlanningJob.Status.FAILED,
            error=PlanningUnavailable().message,
            finished_at=now,
            touched_at=now,
        )
        raise PlanningUnavailable() from exc


def fail_stalled(jobs: QuerySet[PlanningJob]) -> int:
    """Mark failed every one of `jobs` no worker has moved on for
    PLANNING_JOB_STALL_SECONDS (none running, or it died), saying so."""
    cutoff = timezone.now() - datetime.timedelta(seconds=settings.PLANNING_JOB_STALL_SECONDS)
    stalled = jobs.filter(
        status__in=(PlanningJob.Status.QUEUED, PlanningJob.Status.RUNNING), touched_at__lt=cutoff
    )
    marked = 0
    for job_id, status in stalled.values_list("pk", "status"):
        # Conditional, so a worker that moved the job on meanwhile wins.
        marked += PlanningJob.objects.filter(
            pk=job_id, status=status, touched_at__lt=cutoff
        ).update(
            status=PlanningJob.Status.FAILED,
            error=stall_message(status),
            finished_at=timezone.now(),
        )
    return marked


def stall_message(status: str) -> str:
    minutes = max(1, round(settings.PLANNING_JOB_STALL_SECONDS / 60))
    if status == PlanningJob.Status.QUEUED:
        reason = ngettext(
            "No worker has picked this up in %(minutes)s minute: none may be running.",
            "No worker has picked this up in %(minutes)s minutes: none may be running.",
            minutes,
        )
    else:
        reason = ngettext(
            "The worker has not finished this in %(minutes)s minute: it may have stopped.",
            "The worker has not finished this in %(minutes)s minutes: it may have stopped.",
            minutes,
        )
    advice = _("Nothing was changed. Try again; if it stays stuck, tell the site's administrator.")
    return f"{reason % {'minutes': minutes}} {advice}"
