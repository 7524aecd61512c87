"""The live standings page picks up a newly confirmed result without a reload."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.selectors import engine_seats
from tests.integration.test_standings import (
    EIGHT,
    confirm_totals,
    make_night,
    start,
    tables,
)

pytestmark = pytest.mark.e2e


@pytest.fixture
def night(django_user_model):
    owner = django_user_model.objects.create_user("olive", password="cards-on-the-table")
    tournament = make_night(owner, names=EIGHT, rounds=1)
    start(tournament, 1)
    return tournament, owner


def test_a_confirmed_result_appears_without_a_reload(laptop_page, night, screenshot):
    tournament, owner = night
    page = laptop_page
    page.goto(reverse("standings-page", args=[tournament.pk]))
    page.get_by_text("0 confirmed table results counted.").wait_for()
    # Survives only as long as the document does: a reload would wipe it.
    page.evaluate("window.stillTheSamePage = true")

    table = tables(tournament, 1)[0]
    winner = engine_seats(table)[0].player
    confirm_totals(table, owner, (6, 2))

    page.get_by_text("1 confirmed table result counted.").wait_for(timeout=20_000)
    row = page.locator(f'tr[data-competitor="{winner.pk}"]')
    assert row.locator("td.place").inner_text().strip() in {"1", "=1"}
    assert "6" in row.inner_text()
    assert page.evaluate("window.stillTheSamePage") is True
    screenshot(page, "live-standings-laptop")

    page.goto(reverse("standings-player", args=[tournament.pk, winner.pk]))
    page.locator("svg.running-chart polyline").wait_for()
    screenshot(page, "live-standings-player")
    page.goto(reverse("standings-projector", args=[tournament.pk]))
    page.locator("#projector-rows tr").first.wait_for()
    screenshot(page, "live-standings-projector")


def test_the_standings_fit_a_phone(phone_page, night, screenshot):
    tournament, owner = night
    confirm_totals(tables(tournament, 1)[0], owner, (6, 2))
    page = phone_page
    page.goto(reverse("standings-page", args=[tournament.pk]))
    page.get_by_text("1 confirmed table result counted.").wait_for()
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    # The page itself does not scroll sideways: the wide table scrolls inside its card
    # (test_phone_layout checks the name stays put meanwhile).
    assert overflow <= 1
    screenshot(page, "live-standings-phone")
    page.goto(reverse("standings-projector", args=[tournament.pk]))
    page.locator("#projector-rows tr").first.wait_for()
    assert not page.locator(".site-header").is_visible()
