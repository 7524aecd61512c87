"""Partners are joined the way the reader's language joins them, as team names already
are ("Anna e Bruno" in Italian): on the phone page, the organiser's round and results
pages and the standings. Exports and the API keep "&": they are data."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from scoring import services
from scoring.models import ResultChange
from tests.integration.test_scoring_services import EIGHT_HANDS, seated_table
from tournaments.partner_names import partners

pytestmark = pytest.mark.django_db

# Partners sit opposite: seats 0 and 2 are one side, 1 and 3 the other.
NAMES = ("Anna", "Carla", "Bruno", "Dario")


@pytest.fixture
def table():
    table, seats = seated_table()
    for seat, name in zip(seats, NAMES, strict=True):
        seat.player.name = name
        seat.player.save(update_fields=["name"])
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS,
        seat=seats[0],
        via=ResultChange.Via.SEAT_LINK,
        expected_version=0,
        idempotency_key="partners",
    )
    return table


def in_italian(client, url: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_phone_page_joins_partners_in_italian(client, table):
    page = in_italian(client, reverse("table-entry", args=[table.token]))
    assert "Anna e Bruno" in page and "Carla e Dario" in page
    assert "Anna &amp; Bruno" not in page


def test_the_organisers_round_and_results_pages_join_partners_in_italian(client, table):
    rnd = table.round
    client.force_login(rnd.tournament.owner)
    for url in (
        reverse("round-detail", args=[rnd.tournament.pk, rnd.number]),
        reverse("round-results", args=[rnd.tournament.pk, rnd.number]),
    ):
        page = in_italian(client, url)
        assert "Anna e Bruno" in page and "Anna &amp; Bruno" not in page, url


def test_an_export_and_the_api_keep_the_ampersand_in_every_language(client, table):
    tournament = table.round.tournament
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    csv = client.get(reverse("standings-results-export", args=[tournament.pk, "csv"]))
    assert "Anna & Bruno" in csv.content.decode("utf-8-sig")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
    body = api.get(f"/api/tables/{table.token}/", headers={"accept-language": "it"}).json()
    assert [side["names"] for side in body["sides"]] == ["Anna & Bruno", "Carla & Dario"]


def test_the_join_is_the_team_names_join_and_escapes_names_on_a_page():
    with translation.override("pl"):
        assert partners(["Anna", "Bruno"]) == "Anna i Bruno"
        assert partners(["Anna", "Bruno", "Ewa"]) == "Anna, Bruno i Ewa"
        assert partners(["Anna"]) == "Anna"
    with translation.override("en"):
        shown = Template("{% load partner_names %}{{ side|partners }}").render(
            Context({"side": ["<b>Ann</b>", "Bob"]})
        )
        assert shown == "&lt;b&gt;Ann&lt;/b&gt; &amp; Bob"
