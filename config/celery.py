"""The Celery app. With no broker configured, tasks run eagerly in-process (see settings)."""

import os

from celery import Celery
from celery.signals import celeryd_init

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
