"""Printing's periodic work under Celery beat: old printouts are deleted, stalled jobs
marked failed (pages only read). One test runs the real `beat` line of Procfile.dev."""

from __future__ import annotations

import contextlib
import datetime
import os
import signal
import subprocess
import sys
import time

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils import timezone

from tests.integration.test_printing import make_event
from tools.production_set import ROOT, procfile
from tournaments.models import PrintJob
from tournaments.printing.periodic import delete_old_printouts, fail_stalled_print_jobs
from tournaments.printing.tasks import part_name


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def finished_job(tournament, *, days_ago: float, status="done") -> PrintJob:
    job = PrintJob.objects.create(tournament=tournament, kind="rotation-chart", status=status)
    if status == "done":
        job.pdf.save(f"chart-{job.pk}.pdf", ContentFile(b"%PDF-1.7 chart"), save=True)
    when = timezone.now() - datetime.timedelta(days=days_ago)
    PrintJob.objects.filter(pk=job.pk).update(finished_at=when, touched_at=when)
    job.refresh_from_db()
    return job


def test_printouts_older_than_the_retention_are_deleted_file_and_row(
    db, settings, media_root, client
):
    settings.PRINT_RETENTION_DAYS = 30
    tournament = make_event(players=4, rounds=1)
    old = finished_job(tournament, days_ago=31)
    old_failure = finished_job(tournament, days_ago=40, status="failed")
    recent = finished_job(tournament, days_ago=29)
    still_running = PrintJob.objects.create(
        tournament=tournament, kind="rotation-chart", status="running"
    )
    PrintJob.objects.filter(pk=still_running.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=60)
    )
    old_file = old.pdf.name
    assert default_storage.exists(old_file)

    assert delete_old_printouts() == 2

    assert not default_storage.exists(old_file)
    assert set(PrintJob.objects.values_list("pk", flat=True)) == {recent.pk, still_running.pk}
    assert default_storage.exists(recent.pdf.name)
    client.force_login(tournament.owner)
    assert client.get(reverse("print-download", args=[old.pk])).status_code == 404
    assert client.get(reverse("print-download", args=[recent.pk])).status_code == 200
    assert not PrintJob.objects.filter(pk=old_failure.pk).exists()


def test_a_retention_of_zero_keeps_every_printout(db, settings, media_root):
    settings.PRINT_RETENTION_DAYS = 0
    tournament = make_event(players=4, rounds=1)
    job = finished_job(tournament, days_ago=400)
    assert delete_old_printouts() == 0
    assert default_storage.exists(job.pdf.name)


def test_the_stall_task_sends_what_waited_behind_a_stalled_job(db, settings, media_root, eager):
    settings.PRINT_JOB_STALL_SECONDS = 600
    tournament = make_event(players=4, rounds=1)
    long_ago = timezone.now() - datetime.timedelta(minutes=11)
    stuck = PrintJob.objects.create(
        tournament=tournament, kind="rotation-chart", status="running", dispatched_at=long_ago
    )
    PrintJob.objects.filter(pk=stuck.pk).update(touched_at=long_ago)
    waiting = PrintJob.objects.create(
        tournament=tournament, kind="rotation-chart", options={"paper": "a4"}
    )
    assert fail_stalled_print_jobs() == 1
    stuck.refresh_from_db()
    waiting.refresh_from_db()
    assert stuck.status == "failed"
    # Its organiser's turn passed to the job behind it, which the worker then made.
    assert waiting.status == "done", waiting.error


@pytest.mark.services
def test_a_real_celery_beat_marks_a_stalled_job_failed(
    celery_worker_session, transactional_db, media_root, tmp_path
):
    """Procfile.dev's `beat` line, as `make run` starts it, with a one-second schedule;
    the suite's live worker (a thread of this process, on this process's queue) runs
    what beat sends."""
    tournament = make_event(players=4, rounds=1)
    long_ago = timezone.now() - datetime.timedelta(minutes=11)
    stuck = PrintJob.objects.create(
        tournament=tournament, kind="scorecards", status="queued", dispatched_at=long_ago
    )
    PrintJob.objects.filter(pk=stuck.pk).update(touched_at=long_ago)
    default_storage.save(part_name(stuck.pk, 0), ContentFile(b"%PDF-1.7 part"))

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "PRINT_STALL_CHECK_SECONDS": "1",
        # A folder that does not exist yet: beat makes it.
        "CELERY_BEAT_SCHEDULE_FILENAME": str(tmp_path / "beat" / "schedule"),
        "PATH": f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    log_path = tmp_path / "beat.log"
    with log_path.open("wb") as log:
        beat = subprocess.Popen(
            ["/bin/sh", "-c", procfile(ROOT / "Procfile.dev")["beat"]],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and beat.poll() is None:
            stuck.refresh_from_db()
            if stuck.status == PrintJob.Status.FAILED:
                break
            time.sleep(0.2)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(beat.pid, signal.SIGTERM)
        try:
            beat.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(beat.pid, signal.SIGKILL)
            beat.wait()
    log = log_path.read_text(errors="replace")
    assert stuck.status == PrintJob.Status.FAILED, log[-3000:]
    assert "No print worker has picked this printout up" in stuck.error
    assert not default_storage.exists(part_name(stuck.pk, 0))
    assert (tmp_path / "beat").is_dir()
