"""`make run`'s processes as subprocesses: its environment (the development settings on a
SQLite file, the filesystem broker, no service), its manage.py, and a print job asked for
as the print page asks, read back from the file."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys

from tools.production_set import ROOT

ASK = """
from django.db import transaction
from tournaments.models import PrintJob, Tournament
from tournaments.printing.services import request_print
with transaction.atomic():
    job = request_print(tournament=Tournament.objects.order_by("pk").first(), kind="scorecards")
print(job.pk, job.status)
"""


def look(database: str, job_id: str) -> dict:
    # The row as the print page reads it; straight from the file, no Django start-up.
    with contextlib.closing(sqlite3.connect(database, timeout=10)) as db:
        status, pdf, error = db.execute(
            "SELECT status, pdf, error FROM tournaments_printjob WHERE id = ?", [int(job_id)]
        ).fetchone()
    return {"status": status, "pdf": bool(pdf), "error": error}


def make_run_env(tmp_path, **extra: str) -> dict[str, str]:
    """The environment `make run` gives its processes, with its files under tmp_path."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST", "DJANGO_", "DATABASE_URL", "CACHE_URL", "CELERY_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.local",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        CELERY_BROKER_URL="filesystem://localhost//",  # as make run sets it
        CELERY_FILESYSTEM_DIR=str(tmp_path / "celery"),
        SECRET_KEY_FILE=str(tmp_path / "secret_key"),
        DEMO_PASSWORD_FILE=str(tmp_path / "demo_password"),
        PATH=f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ.get('PATH', '')}",
        **extra,
    )
    return env


def manage_with(env: dict[str, str]):
    """manage.py run in `env`; a command's output, asserted to have succeeded."""

    def manage(*args: str, stdin: str | None = None) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout.strip()

    return manage
