"""QR codes point where players' phones can go: SITE_URL when set, and a plain warning
when the organiser browses from a loopback address that no phone can reach."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from config.lan import lan_address, run_hint
from tests.integration.test_standings import EIGHT, make_night
from tournaments.models import PrintJob, Table

pytestmark = pytest.mark.django_db

SITE = "https://euchre.club.example"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def night(organiser):
    return make_night(organiser, names=EIGHT, rounds=2)


def round_page(client, night, **headers) -> str:
    response = client.get(reverse("round-detail", args=[night.pk, 1]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_round_page_qr_codes_use_site_url(client, settings, organiser, night):
    settings.SITE_URL = SITE
    client.force_login(organiser)
    body = round_page(client, night)
    table = Table.objects.filter(round__tournament=night, round__number=1).first()
    expected = SITE + reverse("table-entry", args=[table.token])
    assert f'href="{expected}"' in body
    assert "http://testserver/" not in body


def test_the_round_page_qr_codes_use_the_browsing_address_without_site_url(
    client, settings, organiser, night
):
    settings.SITE_URL = ""
    client.force_login(organiser)
    body = round_page(client, night)
    table = Table.objects.filter(round__tournament=night, round__number=1).first()
    assert 'href="http://testserver' + reverse("table-entry", args=[table.token]) + '"' in body
    assert "phones-cannot-reach" not in body


def test_printing_the_standings_uses_site_url(client, settings, organiser, night):
    settings.SITE_URL = SITE
    client.force_login(organiser)
    client.post(reverse("standings-print", args=[night.pk]))
    assert PrintJob.objects.get().options["base_url"] == SITE


def test_table_cards_asked_for_on_the_print_page_use_site_url(client, settings, organiser, night):
    settings.SITE_URL = SITE
    client.force_login(organiser)
    client.post(
        reverse("print-request", args=[night.pk]),
        {"kind": "table-cards", "paper": "a4", "per_page": "4"},
        HTTP_HOST="127.0.0.1:8000",
    )
    assert PrintJob.objects.get().options["base_url"] == SITE


@pytest.mark.parametrize("name", ["round-detail", "print-request"])
def test_a_loopback_address_gets_a_plain_warning_and_the_fix(
    client, settings, organiser, night, name
):
    settings.SITE_URL = ""
    client.force_login(organiser)
    args = [night.pk, 1] if name == "round-detail" else [night.pk]
    response = client.get(reverse(name, args=args), HTTP_HOST="127.0.0.1:8000")
    body = response.content.decode()
    assert "Players' phones cannot reach this address (127.0.0.1:8000)" in body
    assert "make run HOST=0.0.0.0:8000" in body
    assert "SITE_URL" in body
    lan = lan_address()
    if lan:
        assert f"http://{lan}:8000/" in body


@pytest.mark.parametrize("name", ["round-detail", "print-request"])
def test_no_warning_once_site_url_names_a_reachable_address(
    client, settings, organiser, night, name
):
    settings.SITE_URL = SITE
    client.force_login(organiser)
    args = [night.pk, 1] if name == "round-detail" else [night.pk]
    body = client.get(reverse(name, args=args), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "phones-cannot-reach" not in body


def test_the_print_job_page_warns_about_table_cards_made_for_a_loopback_address(
    client, organiser, night
):
    job = PrintJob.objects.create(
        tournament=night,
        kind=PrintJob.Kind.TABLE_CARDS,
        options={"paper": "a4", "per_page": 4, "base_url": "http://localhost:8000"},
    )
    client.force_login(organiser)
    body = client.get(reverse("print-job", args=[job.pk])).content.decode()
    assert "cannot reach this address (localhost:8000)" in body
    job.options = {**job.options, "base_url": SITE}
    job.save()
    body = client.get(reverse("print-job", args=[job.pk])).content.decode()
    assert "phones-cannot-reach" not in body


# --- make run ----------------------------------------------------------------------------


def test_make_run_prints_the_lan_address_and_the_host_hint():
    commands = subprocess.run(
        ["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "-m config.lan 127.0.0.1:8000" in commands
    hint = subprocess.run(
        [sys.executable, "-m", "config.lan", "127.0.0.1:8000"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "make run HOST=0.0.0.0:8000" in hint and "SITE_URL" in hint
    lan = lan_address()
    if lan:
        assert f"http://{lan}:8000/" in hint
        assert f"http://{lan}:8000/" in run_hint("0.0.0.0:8000")


def test_local_settings_accept_the_lan_address():
    from config.settings import local

    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no network address")
    assert lan in local.ALLOWED_HOSTS
