"""Links between the pages, and printing the standings from the standings page."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring import night_standings
from tests.integration.test_standings import (
    EIGHT,
    confirm_totals,
    make_night,
    provisional_totals,
    start,
    tables,
)
from tournaments.models import PrintJob, Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("oscar", password="not-my-event")


@pytest.fixture
def night(organiser):
    """Round 1: one table confirmed (6–2), the other entered but not confirmed."""
    tournament = make_night(organiser, names=EIGHT, rounds=2)
    start(tournament, 1)
    first, second = tables(tournament, 1)
    confirm_totals(first, organiser, (6, 2))
    provisional_totals(second, (5, 3))
    return tournament


def page(client, name: str, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response.content.decode()


def pdf_text(data: bytes) -> str:
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    return re.sub(r"\s+", " ", text)


# --- links ---------------------------------------------------------------------------


def test_the_organiser_page_links_standings_projector_and_settings(client, organiser, night):
    client.force_login(organiser)
    body = page(client, "tournament-detail", night.pk)
    assert reverse("standings-page", args=[night.pk]) in body
    assert reverse("standings-projector", args=[night.pk]) in body
    assert reverse("standings-settings", args=[night.pk]) in body
    # Signed in: the nav leads to the seasons.
    assert reverse("season-list") in body


def test_the_public_pages_link_the_standings_and_show_no_tokens(client, night):
    tokens = list(Table.objects.filter(round__tournament=night).values_list("token", flat=True))
    assert tokens
    player = night.players.order_by("pk").first()

    public = page(client, "tournament-public", night.pk)
    seat = page(client, "player-seat", night.pk, player.pk)

    for body in (public, seat):
        assert reverse("standings-page", args=[night.pk]) in body
        assert not any(token in body for token in tokens)
        # Nobody is signed in: no seasons link, no organiser links.
        assert reverse("season-list") not in body
        assert reverse("standings-settings", args=[night.pk]) not in body
    assert reverse("standings-player", args=[night.pk, player.pk]) in seat


def test_the_print_button_is_for_organisers_only(client, organiser, stranger, night):
    print_url = reverse("standings-print", args=[night.pk])
    assert print_url not in page(client, "standings-page", night.pk)
    client.force_login(stranger)
    body = page(client, "standings-page", night.pk)
    assert print_url not in body
    assert reverse("season-list") in body  # any signed-in user has the nav link
    client.force_login(organiser)
    body = page(client, "standings-page", night.pk)
    assert print_url in body and 'method="post"' in body and "csrfmiddlewaretoken" in body


def test_the_print_request_page_offers_the_standings(client, organiser, night):
    client.force_login(organiser)
    body = page(client, "print-request", night.pk)
    assert reverse("standings-print", args=[night.pk]) in body


# --- printing the standings ----------------------------------------------------------


def test_an_organiser_prints_the_standings_and_the_leader_is_on_the_pdf(
    client, organiser, night, eager, django_capture_on_commit_callbacks
):
    leader = night_standings.tournament_standings(night).rows[0]
    assert leader.record.total_points == 6

    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("standings-print", args=[night.pk]))

    job = PrintJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("print-job", args=[job.pk])
    assert job.kind == PrintJob.Kind.STANDINGS
    assert job.requested_by == organiser
    assert job.options["base_url"] == "http://testserver"
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE, job.error

    table = job.options["standings"]
    assert [header for _key, header in table["columns"]][:2] == ["Place", "Player"]
    assert table["rows"][0]["name"] == leader.name
    assert "not counted" in table["note"]  # one result is still waiting

    with job.pdf.open("rb") as pdf:
        text = pdf_text(pdf.read())
    assert leader.name in text
    assert "A bye scores" in text


def test_strangers_may_not_print_the_standings(client, stranger, night):
    client.force_login(stranger)
    response = client.post(reverse("standings-print", args=[night.pk]))
    assert response.status_code == 403
    assert not PrintJob.objects.exists()


def test_anonymous_visitors_are_sent_to_sign_in(client, night):
    url = reverse("standings-print", args=[night.pk])
    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not PrintJob.objects.exists()


def test_printing_the_standings_wants_a_post(client, organiser, night):
    client.force_login(organiser)
    assert client.get(reverse("standings-print", args=[night.pk])).status_code == 405
