"""Printed PDFs kept in the database (the default storage), where every process reads them."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import UserFactory
from tournaments import services
from tournaments.file_storage import DatabaseStorage
from tournaments.models import PrintJob, StoredFile, Tournament
from tournaments.printing.services import request_print

pytestmark = pytest.mark.django_db

IN_THE_DATABASE = {
    "default": {"BACKEND": "tournaments.file_storage.DatabaseStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


@pytest.fixture
def database_storage(settings, tmp_path):
    settings.STORAGES = IN_THE_DATABASE
    # Nothing may land on disk: a MEDIA_ROOT that is a file cannot hold a folder.
    settings.MEDIA_ROOT = tmp_path / "not-a-folder"
    settings.MEDIA_ROOT.write_text("")
    return default_storage


def test_a_file_saved_is_read_back_listed_and_deleted(database_storage):
    storage = DatabaseStorage()
    name = storage.save("print/parts/job-7-part-0.pdf", ContentFile(b"%PDF-1.7 part"))
    storage.save("print/parts/job-7-part-1.pdf", ContentFile(b"%PDF-1.7 other"))
    storage.save("print/scorecards-1-7.pdf", ContentFile(b"%PDF-1.7 whole"))

    with storage.open(name) as handle:
        assert handle.read() == b"%PDF-1.7 part"
    assert storage.size(name) == len(b"%PDF-1.7 part")
    assert storage.listdir("print") == (["parts"], ["scorecards-1-7.pdf"])
    assert storage.listdir("print/parts")[1] == ["job-7-part-0.pdf", "job-7-part-1.pdf"]

    storage.delete(name)
    assert not storage.exists(name)
    with pytest.raises(FileNotFoundError):
        storage.open(name)


def test_saving_under_a_taken_name_keeps_both(database_storage):
    storage = DatabaseStorage()
    first = storage.save("print/table-cards-1-3.pdf", ContentFile(b"one"))
    second = storage.save("print/table-cards-1-3.pdf", ContentFile(b"two"))

    assert first != second
    assert storage.open(first).read() == b"one" and storage.open(second).read() == b"two"


@pytest.mark.usefixtures("eager")
def test_a_printout_is_made_and_downloaded_with_nothing_on_disk(
    client, database_storage, django_capture_on_commit_callbacks
):
    owner = UserFactory()
    tournament = services.create_tournament(
        owner=owner,
        name="Stored night",
        date=datetime.date(2026, 3, 14),
        variant=Tournament.Variant.NORTH_AMERICAN,
        options={},
        format=Tournament.Format.PROGRESSIVE,
        round_play=Tournament.RoundPlay.HANDS,
        rounds_planned=2,
    )
    for n in range(8):
        services.add_player(tournament=tournament, name=f"Player {n + 1}")
    services.generate_rotation(tournament=tournament)

    with django_capture_on_commit_callbacks(execute=True):
        job = request_print(
            tournament=tournament, kind=PrintJob.Kind.SCORECARDS, requested_by=owner
        )
    job.refresh_from_db()

    assert job.status == PrintJob.Status.DONE, job.error
    assert StoredFile.objects.filter(name=job.pdf.name).exists()
    assert not StoredFile.objects.filter(name__startswith="print/parts/").exists()
    client.force_login(owner)
    response = client.get(reverse("print-download", args=[job.pk]))
    assert response.status_code == 200
    pdf = b"".join(response.streaming_content)
    assert len(PdfReader(io.BytesIO(pdf)).pages) >= 1
