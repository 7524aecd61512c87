"""On a phone: the scorecards to reprint on the tournament page, and the round page's
"sat in each other's seats" form, used as an organiser would."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_organiser_night import no_sideways_scroll
from tests.e2e.test_phone_layout import PASSWORD, sign_in
from tests.integration.test_standings import EIGHT, make_night, start, tables
from tournaments import services
from tournaments.models import Seat

pytestmark = pytest.mark.e2e


def test_reprint_list_and_seat_swap_on_a_phone(phone_page, django_user_model, screenshot):
    owner = django_user_model.objects.create_user("olive", password=PASSWORD)
    night = make_night(owner, names=EIGHT, rounds=3)
    start(night, 1)
    services.apply_change(tournament=night, arrive=["Late Larry"])
    page = phone_page
    sign_in(page, "olive", next_url=night.get_absolute_url())

    notice = page.locator("#reprint")
    expect(notice).to_contain_text("Printouts to redo")
    expect(notice).to_contain_text("Late Larry")
    expect(notice.get_by_role("button", name="Print these scorecards")).to_be_visible()
    no_sideways_scroll(page)
    screenshot(page, "night-fixes-reprint-list-phone")

    first, second = tables(night, 1)
    a, b = first.seats.first().player, second.seats.first().player
    page.goto(f"/tournaments/{night.pk}/rounds/1/")
    page.get_by_text("Two players sat in each other's seats").click()
    page.get_by_label("This player").select_option(label=a.name)
    page.get_by_label("sat in the seat of").select_option(label=b.name)
    no_sideways_scroll(page)
    screenshot(page, "night-fixes-swap-form-phone")
    page.get_by_role("button", name="Swap their seats").click()
    expect(page.get_by_text(f"{a.name} and {b.name} now sit in each other's seats")).to_be_visible()
    assert Seat.objects.get(pk=first.seats.first().pk).player == b
    screenshot(page, "night-fixes-swapped-phone")
