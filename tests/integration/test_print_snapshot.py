"""One printout, one seating: a change applied while a job renders fails the job (with
"print it again"), never a PDF of rounds from two plans; and a PDF whose write fails
leaves no file behind.
"""

from __future__ import annotations

import io
import resource
import signal
import time
from pathlib import Path

import pytest
from celery.signals import task_prerun
from django.urls import reverse
from pypdf import PdfReader

from tests.integration.test_printing import make_event
from tests.integration.test_printing_worker import wait_until_finished
from tournaments import services
from tournaments.models import Player, PrintJob, Round, Tournament
from tournaments.printing import tasks
from tournaments.printing.cards import read_seating
from tournaments.printing.render import render_pdf
from tournaments.printing.services import request_print
from tournaments.printing.snapshot import seating_fingerprint
from tournaments.services.late import mark_late
from tournaments.services.swaps import swap_seats

CHANGED = "The seating changed while this was printing: print it again."


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return Path(settings.MEDIA_ROOT)


def withdraw(player: Player) -> None:
    """The organiser's withdrawal, as the page does it: preview, then apply."""
    preview = services.preview_removal(player=player)
    services.remove_player(player=player, expected_fingerprint=preview.fingerprint)


def files_under(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


@pytest.mark.services
def test_a_withdrawal_while_find_your_seat_renders_fails_the_job_and_retry_prints_the_new_plan(
    celery_worker_session, transactional_db, media_root, client
):
    tournament = make_event(players=13, rounds=4)
    leaving = tournament.players.order_by("pk").first()
    seen: list[int] = []

    def withdraw_before_the_last_part(sender=None, args=(), **_kwargs) -> None:
        # Parts render side by side; the last one is made after the withdrawal.
        if sender.name == tasks.render_print_part.name and args[1] == 3 and not seen:
            seen.append(args[0])
            withdraw(Player.objects.get(pk=leaving.pk))

    task_prerun.connect(withdraw_before_the_last_part, weak=False)
    try:
        job = request_print(tournament=tournament, kind="find-your-seat", paper="a4")
        wait_until_finished(job)
    finally:
        task_prerun.disconnect(withdraw_before_the_last_part)

    assert seen == [job.pk], "the test's withdrawal never ran between the parts"
    assert job.options["parts"] == 4
    assert job.status == PrintJob.Status.FAILED and job.error == CHANGED
    assert not job.pdf
    # A part still rendering when the job failed removes its file when it is done.
    deadline = time.monotonic() + 30
    while files_under(media_root) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert files_under(media_root) == []

    client.force_login(tournament.owner)
    page = client.get(reverse("print-job", args=[job.pk])).content.decode()
    assert CHANGED in page
    assert reverse("print-retry", args=[job.pk]) in page
    client.post(reverse("print-retry", args=[job.pk]))
    again = PrintJob.objects.exclude(pk=job.pk).get()
    wait_until_finished(again)
    assert again.status == PrintJob.Status.DONE, again.error
    with again.pdf.open("rb") as handle:
        text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(handle.read())).pages)
    assert leaving.name not in text


def test_the_fingerprint_is_the_same_on_every_read_of_an_unchanged_seating(db):
    tournament = make_event(players=13, rounds=4)
    assert seating_fingerprint(read_seating(tournament)) == seating_fingerprint(
        read_seating(Tournament.objects.get(pk=tournament.pk))
    )


def _late_arrival(tournament: Tournament) -> None:
    mark_late(player=tournament.players.order_by("pk").last())


def _swap(tournament: Tournament) -> None:
    first = Round.objects.get(tournament=tournament, number=1)
    services.start_round(round=first, user=tournament.owner)
    a, b = (seat.player for seat in first.tables.first().seats.order_by("position")[:2])
    swap_seats(round=first, first=a, second=b, user=tournament.owner)


def _new_player_and_rotation(tournament: Tournament) -> None:
    services.add_player(tournament=tournament, name="Zelda Newcombe")
    services.generate_rotation(tournament=tournament)


def _withdrawal(tournament: Tournament) -> None:
    withdraw(tournament.players.order_by("pk").first())


@pytest.mark.parametrize(
    "change",
    [_withdrawal, _late_arrival, _swap, _new_player_and_rotation],
    ids=lambda f: f.__name__,
)
def test_every_change_of_the_seating_changes_the_fingerprint(db, change):
    tournament = make_event(players=13, rounds=4)
    before = seating_fingerprint(read_seating(tournament))
    change(tournament)
    after = seating_fingerprint(read_seating(Tournament.objects.get(pk=tournament.pk)))
    assert after != before


def test_a_pdf_whose_write_fails_is_deleted_and_the_job_failed(
    db, eager, media_root, client, django_capture_on_commit_callbacks
):
    tournament = make_event(players=13, rounds=4)
    probe = PrintJob(tournament=tournament, kind="find-your-seat", options={"paper": "a4"})
    sizes = [
        len(render_pdf(part.template, part.context, base_url="http://testserver/"))
        for part in tasks.job_parts(probe)
    ]
    assert len(sizes) == 4
    # A file-size limit between the largest part and the joined PDF: the parts are
    # written whole, the join stops part way, as on a disk that fills up.
    limit = max(sizes) + (sum(sizes) - max(sizes)) // 2
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        with django_capture_on_commit_callbacks(execute=True):
            job = request_print(tournament=tournament, kind="find-your-seat", paper="a4")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)
    job.refresh_from_db()
    assert job.status == PrintJob.Status.FAILED and "File too large" in job.error
    assert not job.pdf
    # Nothing half written is left, nor any part.
    assert files_under(media_root) == []
    client.force_login(tournament.owner)
    assert client.get(reverse("print-download", args=[job.pk])).status_code == 404
