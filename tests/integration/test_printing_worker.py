"""A print job built by a live Celery worker that takes its tasks from the real Redis.

Under REQUIRE_SERVICES=1 a missing Redis fails these tests (the fixture sees to it).
"""

from __future__ import annotations

import datetime
import io
import time

import pytest
from pypdf import PdfReader

from tests.factories import UserFactory
from tournaments import services
from tournaments.models import PrintJob, Tournament
from tournaments.printing import tasks
from tournaments.printing.services import request_print

# Registered at collection, before the session's worker starts (tournaments/tasks.py
# imports them too, so `celery -A config worker` knows them).
assert tasks.build_print_job.name and tasks.render_print_part.name

pytestmark = pytest.mark.services


@pytest.fixture
def media_root(settings, tmp_path):
    # The worker runs in a thread of this process, so it sees this setting too.
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def cutthroat_event(players: int) -> Tournament:
    tournament = services.create_tournament(
        owner=UserFactory(),
        name="Worker night",
        date=datetime.date(2026, 3, 14),
        variant=Tournament.Variant.THREE_HANDED,
        options={},
        format=Tournament.Format.CUTTHROAT,
        round_play=Tournament.RoundPlay.HANDS,
        rounds_planned=3,
    )
    for n in range(players):
        services.add_player(tournament=tournament, name=f"Player {n + 1}")
    services.generate_rotation(tournament=tournament)
    return tournament


def wait_until_finished(job: PrintJob, *, timeout: float = 90) -> list[tuple[str, int]]:
    seen: list[tuple[str, int]] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job.refresh_from_db()
        state = (job.status, job.progress)
        if not seen or seen[-1] != state:
            seen.append(state)
        if job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED):
            return seen
        time.sleep(0.1)
    pytest.fail(f"print job still {job.status} at {job.progress}% after {timeout}s: {seen}")


def test_a_live_worker_builds_the_scorecards_through_redis(
    celery_worker_session, transactional_db, media_root, monkeypatch
):
    # Small parts make the worker fan out several part tasks and merge them.
    monkeypatch.setattr("tournaments.printing.documents.CARDS_PER_PART", 4)
    tournament = cutthroat_event(15)
    job = request_print(tournament=tournament, kind="scorecards", paper="letter", per_page=4)

    seen = wait_until_finished(job)
    assert job.status == PrintJob.Status.DONE, job.error
    assert seen[-1] == ("done", 100) and job.finished_at is not None
    assert job.options["parts"] == 4 and job.options["parts_done"] == 4
    with job.pdf.open("rb") as handle:
        reader = PdfReader(io.BytesIO(handle.read()))
    assert len(reader.pages) == 4  # 15 cards, four to a sheet
    text = " ".join(page.extract_text() for page in reader.pages)
    for n in range(1, 16):
        assert f"Player {n}\n" in text or f"Player {n} " in text


def test_a_live_worker_records_a_failure_on_the_job(
    celery_worker_session, transactional_db, media_root, monkeypatch
):
    def broken(*args, **kwargs):
        raise OSError("no space left on the print volume")

    # The worker is a thread of this process, so it renders with this stand-in.
    monkeypatch.setattr(tasks, "render_pdf", broken)
    tournament = cutthroat_event(6)
    job = request_print(tournament=tournament, kind="table-cards", paper="a4")
    wait_until_finished(job)
    assert job.status == PrintJob.Status.FAILED and job.finished_at is not None
    assert "no space left on the print volume" in job.error
    assert not job.pdf
