"""The Celery app. With no broker configured, tasks run eagerly in-process (see settings)."""

import logging
import os
from pathlib import Path

from celery import Celery
from celery.beat import PersistentScheduler
from celery.signals import after_setup_logger, celeryd_init

from config.db import use_timeouts

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("euchre")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@celeryd_init.connect
def worker_statement_timeout(**_kwargs) -> None:
    """A worker's queries may run longer than a web request's (nobody stands waiting on a
    print job), but wait for a lock no longer: set before the worker opens a connection."""
    from django.conf import settings

    use_timeouts(
        settings.DATABASES["default"],
        lock_ms=settings.DB_LOCK_TIMEOUT_MS,
        statement_ms=settings.DB_WORKER_STATEMENT_TIMEOUT_MS,
    )


@after_setup_logger.connect
def quiet_renderer(**_kwargs) -> None:
    """`--loglevel INFO` shows each task received and done; WeasyPrint would add seven
    lines a page it lays out, burying them."""
    for name in ("weasyprint", "fontTools"):
        logging.getLogger(name).setLevel(logging.WARNING)


class BeatSchedule(PersistentScheduler):
    """Celery beat's own scheduler, which also makes the folder of its schedule file
    (CELERY_BEAT_SCHEDULE_FILENAME: .celery/ by default, gitignored) on first start."""

    def _open_schedule(self):
        Path(self.schedule_filename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open_schedule()
