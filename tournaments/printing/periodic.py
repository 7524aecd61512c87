"""Printing's periodic work, run by Celery beat (the `beat` process of the Procfiles;
the schedule is CELERY_BEAT_SCHEDULE in config/settings/base.py).

Pages and the API only read: a job whose worker died is marked failed here, not when
someone looks at it.
"""

from __future__ import annotations

import datetime
import logging

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from tournaments.models import PrintJob

from .parts import delete_parts
from .services import fail_stalled
from .tasks import dispatch

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def fail_stalled_print_jobs() -> int:
    """Mark stalled jobs failed (with Retry), then send whatever waited behind them:
    also whatever a lost dispatch left waiting."""
    marked = fail_stalled(PrintJob.objects.all())
    if marked:
        logger.info("marked %s stalled print jobs failed", marked)
    dispatch()
    return marked


@shared_task(ignore_result=True)
def delete_old_printouts() -> int:
    """Delete finished print jobs older than PRINT_RETENTION_DAYS, PDF and row.

    The row goes with its PDF: without the file it offers nothing (Retry prints the
    seating of today, not the old one), and the table stops growing. 0 keeps all."""
    days = settings.PRINT_RETENTION_DAYS
    if days <= 0:
        return 0
    cutoff = timezone.now() - datetime.timedelta(days=days)
    old = PrintJob.objects.filter(
        status__in=(PrintJob.Status.DONE, PrintJob.Status.FAILED), finished_at__lt=cutoff
    )
    deleted = 0
    for job in old.iterator():
        # The file first: a row deleted first would leave its file with no way to it.
        if job.pdf:
            job.pdf.delete(save=False)
        delete_parts(job.pk)
        job.delete()
        deleted += 1
    if deleted:
        logger.info("deleted %s print jobs finished over %s days ago", deleted, days)
    return deleted
