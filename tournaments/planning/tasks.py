"""The Celery task that does a planning job's work and records it on the job's row.

It is passed the job's id only and reads what was asked from the row; the answer is
stored in the API's own shapes (the page reads the same), so a job polled by the API
and one shown on the page agree.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.errors import DomainError
from tournaments import services
from tournaments.api.serializers import PlayerRemovalSerializer, RotationChangeSerializer
from tournaments.models import PlanningJob, Player
from tournaments.services.changes import STRATEGIES

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def run_planning_job(job_id: int) -> None:
    claimed = PlanningJob.objects.filter(pk=job_id, status=PlanningJob.Status.QUEUED).update(
        status=PlanningJob.Status.RUNNING, progress=5, touched_at=timezone.now()
    )
    if not claimed:
        # Delivered twice, or failed as stalled meanwhile: the row says what happened.
        return
    job = PlanningJob.objects.select_related("tournament").get(pk=job_id)
    try:
        with translation.override(_language(job)):
            result = WORK[job.kind](job)
    except DomainError as exc:
        _finish(job_id, PlanningJob.Status.FAILED, error=str(exc.message))
    except Exception as exc:
        logger.exception("planning job %s failed", job_id)
        with translation.override(_language(job)):
            _finish(job_id, PlanningJob.Status.FAILED, error=plain_error(exc))
    else:
        _finish(job_id, PlanningJob.Status.DONE, result=result)


def plain_error(exc: BaseException) -> str:
    reason = str(exc).strip() or exc.__class__.__name__
    return _(
        "This could not be worked out: %(reason)s. Nothing was changed. Try again; if it "
        "fails again, tell the site's administrator."
    ) % {"reason": reason}


def _language(job: PlanningJob) -> str:
    try:
        return translation.get_supported_language_variant(
            job.asked.get("language") or settings.LANGUAGE_CODE
        )
    except LookupError:
        return settings.LANGUAGE_CODE


def _finish(job_id: int, status: str, *, result: dict | None = None, error: str = "") -> None:
    now = timezone.now()
    PlanningJob.objects.filter(pk=job_id, status=PlanningJob.Status.RUNNING).update(
        status=status,
        progress=100 if status == PlanningJob.Status.DONE else 0,
        result=result or {},
        error=error,
        finished_at=now,
        touched_at=now,
    )


def _moved_on(job_id: int, progress: int) -> None:
    PlanningJob.objects.filter(pk=job_id, status=PlanningJob.Status.RUNNING).update(
        progress=progress, touched_at=timezone.now()
    )


def change_arguments(job: PlanningJob) -> dict:
    """The service's arguments from what was asked: players by id, as they are now."""
    asked = job.asked
    wanted = [*asked.get("withdraw", []), *(pk for pk, _name in asked.get("substitutes", []))]
    found = Player.objects.filter(tournament=job.tournament).in_bulk(wanted)
    if len(found) != len(set(wanted)):
        # Someone asked about was removed meanwhile: what was asked no longer exists.
        raise DomainError("stale_preview")
    return {
        "withdraw": [found[pk] for pk in asked.get("withdraw", [])],
        "arrive": list(asked.get("arrive", [])),
        "substitute": {found[pk]: name for pk, name in asked.get("substitutes", [])} or None,
    }


def _generate(job: PlanningJob) -> dict:
    return {"quality": services.generate_rotation(tournament=job.tournament)}


def _preview(job: PlanningJob) -> dict:
    arguments = change_arguments(job)
    strategies = job.asked.get("strategies") or list(STRATEGIES)
    plans = {}
    for done, strategy in enumerate(strategies, start=1):
        change = services.preview_change(tournament=job.tournament, strategy=strategy, **arguments)
        plans[strategy] = RotationChangeSerializer(change).data
        _moved_on(job.pk, 5 + 90 * done // len(strategies))
    return {"plans": plans}


def _apply(job: PlanningJob) -> dict:
    change = services.apply_change(
        tournament=job.tournament,
        strategy=job.asked.get("strategy", "fewest"),
        expected_fingerprint=job.asked.get("fingerprint") or None,
        **change_arguments(job),
    )
    return {"change": RotationChangeSerializer(change).data}


def removal_player(job: PlanningJob) -> Player:
    player = Player.objects.filter(tournament=job.tournament, pk=job.asked.get("player")).first()
    if player is None:
        # Removed meanwhile: what was asked no longer exists.
        raise DomainError("stale_preview:removal")
    return player


def _removal_preview(job: PlanningJob) -> dict:
    removal = services.preview_removal(player=removal_player(job))
    return {"removal": PlayerRemovalSerializer(removal).data}


def _remove(job: PlanningJob) -> dict:
    removal = services.remove_player(
        player=removal_player(job),
        # Never None: a job's removal is always the one previewed.
        expected_fingerprint=job.asked.get("fingerprint", ""),
    )
    return {"removal": PlayerRemovalSerializer(removal).data}


WORK = {
    PlanningJob.Kind.GENERATE: _generate,
    PlanningJob.Kind.PREVIEW: _preview,
    PlanningJob.Kind.APPLY: _apply,
    PlanningJob.Kind.REMOVAL_PREVIEW: _removal_preview,
    PlanningJob.Kind.REMOVE: _remove,
}
