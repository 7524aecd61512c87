"""Printing when something is down: no broker to take the job, or a worker that died
with the job half done. The organiser gets a plain message and Retry, never a 500 or
a job that waits for ever, and no part files are left behind."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.integration.test_printing import make_event
from tournaments.models import PrintJob, Tournament
from tournaments.printing.periodic import fail_stalled_print_jobs
from tournaments.printing.tasks import part_name

# Nothing listens on port 1: a broker that is down, as Redis is when it has stopped.
CLOSED_BROKER = "redis://127.0.0.1:1/0"
UNAVAILABLE = "Printing is unavailable right now"

pytestmark = pytest.mark.services


@pytest.fixture
def broker_down():
    """The Celery app sends to a broker nobody answers at, as in production (not eager)."""
    from config.celery import app

    def reconnect() -> None:
        # As after a fork: the next send looks up the pool for the broker now named
        # (kombu keeps one per address, so the real broker's stays open for later).
        app._pool = None
        app.amqp._producer_pool = None

    eager = app.conf.task_always_eager
    with pytest.MonkeyPatch.context() as patch:
        # Celery reads the broker's address from this variable before its settings.
        patch.setenv("CELERY_BROKER_URL", CLOSED_BROKER)
        app.conf.task_always_eager = False
        reconnect()
        assert app.connection_for_write().port == 1
        yield
    app.conf.task_always_eager = eager
    reconnect()


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def organiser_client(tournament: Tournament, client_class=None):
    from django.test import Client

    client = (client_class or Client)()
    client.force_login(tournament.owner)
    return client


# ---------------------------------------------------------------- no broker


def test_a_print_request_while_the_broker_is_down_says_printing_is_unavailable(
    transactional_db, broker_down
):
    tournament = make_event(players=9, rounds=2)
    client = organiser_client(tournament)
    response = client.post(
        reverse("print-request", args=[tournament.pk]),
        {"kind": "table-cards", "paper": "a4", "per_page": 4},
    )
    assert response.status_code == 503
    assert UNAVAILABLE in response.content.decode()
    # The row says what happened; nothing is left queued for a worker that never comes.
    job = PrintJob.objects.get(tournament=tournament)
    assert job.status == PrintJob.Status.FAILED and UNAVAILABLE in job.error
    assert not PrintJob.objects.filter(status=PrintJob.Status.QUEUED).exists()


def test_the_api_answers_503_in_the_error_shape_while_the_broker_is_down(
    transactional_db, broker_down
):
    tournament = make_event(players=9, rounds=2)
    api = organiser_client(tournament, APIClient)
    response = api.post(
        f"/api/tournaments/{tournament.pk}/print-jobs/", {"kind": "scorecards"}, format="json"
    )
    assert response.status_code == 503
    body = response.json()
    assert body["error"] == "printing_unavailable" and UNAVAILABLE in body["message"]
    assert PrintJob.objects.get(tournament=tournament).status == PrintJob.Status.FAILED


def test_retry_while_the_broker_is_down_says_so_and_queues_nothing(transactional_db, broker_down):
    tournament = make_event(players=9, rounds=2)
    failed = PrintJob.objects.create(
        tournament=tournament,
        kind="rotation-chart",
        status=PrintJob.Status.FAILED,
        error="The PDF could not be made.",
        options={"paper": "a4", "per_page": 4},
    )
    client = organiser_client(tournament)
    response = client.post(reverse("print-retry", args=[failed.pk]), follow=True)
    assert response.status_code == 200
    assert UNAVAILABLE in response.content.decode()
    assert not PrintJob.objects.filter(status=PrintJob.Status.QUEUED).exists()


# ---------------------------------------------------------------- a worker that died


def stuck_job(tournament: Tournament, *, status: str, parts: int) -> PrintJob:
    """A job its worker left `status` eleven minutes ago, with `parts` rendered parts."""
    job = PrintJob.objects.create(
        tournament=tournament,
        kind="scorecards",
        status=status,
        options={"paper": "a4", "per_page": 4, "parts": parts + 1, "parts_done": parts},
    )
    for index in range(parts):
        default_storage.save(part_name(job.pk, index), ContentFile(b"%PDF-1.7 part"))
    long_ago = timezone.now() - datetime.timedelta(minutes=11)
    PrintJob.objects.filter(pk=job.pk).update(touched_at=long_ago, dispatched_at=long_ago)
    return job


@pytest.mark.parametrize(
    ("status", "message"),
    [
        ("queued", "No print worker has picked this printout up in 10 minutes"),
        ("running", "The print worker has not moved this printout on for 10 minutes"),
    ],
)
def test_the_periodic_task_marks_a_stalled_job_failed_with_retry_and_removes_its_parts(
    db, settings, media_root, status, message
):
    settings.PRINT_JOB_STALL_SECONDS = 600
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=4, rounds=1)
    stuck = stuck_job(tournament, status=status, parts=2)
    fresh = PrintJob.objects.create(
        tournament=tournament, kind="rotation-chart", status=status, dispatched_at=timezone.now()
    )
    assert default_storage.exists(part_name(stuck.pk, 1))

    assert fail_stalled_print_jobs() == 1

    page = organiser_client(tournament).get(reverse("print-job", args=[stuck.pk])).content.decode()
    assert message in page and "Press Retry" in page
    assert reverse("print-retry", args=[stuck.pk]) in page
    stuck.refresh_from_db()
    assert stuck.status == PrintJob.Status.FAILED and message in stuck.error
    assert stuck.finished_at is not None
    assert not default_storage.exists(part_name(stuck.pk, 0))
    assert not default_storage.exists(part_name(stuck.pk, 1))
    # A job still inside its time is left alone.
    fresh.refresh_from_db()
    assert fresh.status == status


def test_the_print_pages_and_the_api_only_read_a_stalled_job(db, settings, media_root):
    settings.PRINT_JOB_STALL_SECONDS = 600
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=4, rounds=1)
    listed = stuck_job(tournament, status="running", parts=1)
    polled = stuck_job(tournament, status="queued", parts=0)

    client = organiser_client(tournament)
    client.get(reverse("print-request", args=[tournament.pk]))
    page = client.get(reverse("print-job", args=[listed.pk])).content.decode()
    # Still stuck, and the page says why.
    assert "The print worker has not moved this printout on for 10 minutes" in page
    body = organiser_client(tournament, APIClient).get(f"/api/print-jobs/{polled.pk}/").json()
    assert body["status"] == "queued" and body["stalled"] is True

    listed.refresh_from_db()
    polled.refresh_from_db()
    assert (listed.status, polled.status) == ("running", "queued")
    assert default_storage.exists(part_name(listed.pk, 0))


def test_a_job_waiting_its_turn_is_not_stalled(db, settings, media_root):
    settings.PRINT_JOB_STALL_SECONDS = 600
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=4, rounds=1)
    ahead = stuck_job(tournament, status="running", parts=0)
    PrintJob.objects.filter(pk=ahead.pk).update(touched_at=timezone.now())
    behind = PrintJob.objects.create(tournament=tournament, kind="rotation-chart")
    PrintJob.objects.filter(pk=behind.pk).update(
        touched_at=timezone.now() - datetime.timedelta(minutes=30)
    )
    behind.refresh_from_db()
    assert behind.is_waiting and not behind.is_stalled
    assert fail_stalled_print_jobs() == 0
    behind.refresh_from_db()
    assert behind.status == PrintJob.Status.QUEUED and behind.dispatched_at is None


def test_a_worker_that_moves_the_job_on_meanwhile_is_not_overruled(db, settings, media_root):
    from tournaments.printing.services import fail_stalled

    settings.PRINT_JOB_STALL_SECONDS = 600
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=4, rounds=1)
    job = stuck_job(tournament, status="running", parts=0)
    PrintJob.objects.filter(pk=job.pk).update(touched_at=timezone.now())
    assert fail_stalled(PrintJob.objects.all()) == 0
    job.refresh_from_db()
    assert job.status == PrintJob.Status.RUNNING
