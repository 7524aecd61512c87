"""On a phone in Italian the turn-up's suit is one tap on a button named in Italian:
♥ cuori is stored as hearts and the saved hand shows it as cuori. The screenshot goes
to test-artifacts/ for a person to look at the buttons."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import TableResult
from tests.integration.test_scoring_services import seated_table
from tournaments.models import Seat

pytestmark = pytest.mark.e2e


def test_tapping_hearts_on_an_italian_phone_saves_a_hearts_turn_up(
    phone_page, live_server, screenshot
):
    table, _seats = seated_table(hand_entry="detailed")
    page = phone_page
    page.context.add_cookies([{"name": "django_language", "value": "it", "url": live_server.url}])
    page.goto(f"/s/{Seat.objects.get(table=table, position=0).token}/")
    page.select_option('select[name="maker"]', "1")
    page.locator('input[name="round"][value="1"]').check()
    page.locator('input[name="trump"][value="hearts"]').check()
    page.locator('input[name="tricks"][value="3"]').check()
    page.select_option('select[name="turn_up_rank"]', "J")
    hearts = page.locator("label.suit-button", has_text="cuori")
    for name in ("fiori", "quadri", "cuori", "picche"):
        box = page.locator("label.suit-button", has_text=name).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, name
    hearts.tap()
    expect(page.locator('input[name="turn_up_suit"][value="hearts"]')).to_be_checked()
    page.locator(".scoring-card-suits").scroll_into_view_if_needed()
    screenshot(page, "turn-up-suit-buttons-phone-it")
    page.locator("button.scoring-submit").tap()
    expect(page.locator(".scoring-hands")).to_contain_text("J♥ (cuori)")
    assert TableResult.objects.get(table=table).hands[0]["turn_up"] == "JH"
