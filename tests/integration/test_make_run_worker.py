"""`make run`'s worker: Procfile.dev's Celery worker on the filesystem broker, no service.

The same commands `make run` runs, as subprocesses with the development settings on a
SQLite file: migrate, load the demo, start Procfile.dev's worker, then ask for the
demo's scorecards as the print page does. The job is queued (not rendered inside the
request), a real worker takes it from the folder broker and moves it on to done.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time

from tools.production_set import ROOT, procfile

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


def test_a_print_job_is_queued_and_built_by_the_make_run_worker(tmp_path, demo_database):
    # demo_database: the site as `make run` leaves it after migrate and load_demo.
    env = make_run_env(tmp_path)
    manage = manage_with(env)
    # Logs share stdout (one JSON line each): the answer is the last line.
    job_id, status = manage("shell", "--no-imports", "-c", ASK).splitlines()[-1].split()
    # Queued for the worker, not rendered in the asking process.
    assert status == "queued"

    log = (tmp_path / "worker.log").open("wb")
    worker = subprocess.Popen(
        ["/bin/sh", "-c", procfile(ROOT / "Procfile.dev")["worker"]],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            job = look(str(tmp_path / "db.sqlite3"), job_id)
            if job["status"] in ("done", "failed"):
                break
            time.sleep(0.1)
    finally:
        stop_group(worker)
        log.close()

    worker_log = (tmp_path / "worker.log").read_text(errors="replace")
    assert job == {"status": "done", "pdf": True, "error": ""}, worker_log[-3000:]
    assert "filesystem://" in worker_log and "build_print_job" in worker_log


def stop_group(worker: subprocess.Popen) -> None:
    """Stops the worker's whole process group: the shell, Celery's main process and its
    pool. The shell exits at once on SIGTERM, so waiting on it alone left Celery
    running after the test (seen: orphaned workers an hour later)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(worker.pid, signal.SIGTERM)
    worker.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.killpg(worker.pid, 0)  # anyone of the group still alive?
        except ProcessLookupError:
            return
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(worker.pid, signal.SIGKILL)
