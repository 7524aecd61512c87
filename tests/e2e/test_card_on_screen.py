"""The organiser's player page on a 390 px phone and on a laptop: the card's code and
QR code fit on screen, big enough to scan, under the Content-Security-Policy; reissuing
asks first, then shows the new code. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_content_security_policy import WATCH, violations
from tests.e2e.test_phone_layout import PASSWORD, page_fits, sign_in
from tests.integration.test_late_players import progressive_night
from tournaments import services
from tournaments.models import Player, Seat

pytestmark = pytest.mark.e2e


@pytest.fixture
def night(django_user_model):
    tournament = progressive_night(9)
    tournament.owner.set_password(PASSWORD)
    tournament.owner.save()
    services.generate_rotation(tournament=tournament)
    services.start_round(round=tournament.rounds.get(number=1))
    return tournament


def show_and_reissue(page, night, screenshot, size: str) -> None:
    page.context.add_init_script(WATCH)
    seat = Seat.objects.filter(table__round__tournament=night, table__round__number=1).first()
    player = seat.player
    address = reverse("player-detail", args=[night.pk, player.pk])
    sign_in(page, night.owner.username, next_url=address)
    expect(page.locator(".card-code code")).to_have_text(player.code)
    qr = page.locator(".card-on-screen svg").bounding_box()
    width = page.viewport_size["width"]
    assert qr["width"] >= 200 and qr["x"] >= 0 and qr["x"] + qr["width"] <= width
    assert page_fits(page), "the page scrolls sideways"
    screenshot(page, f"card-on-screen-{size}")

    page.get_by_role("link", name="Reissue card").click()
    expect(page.get_by_role("heading")).to_contain_text(f"Reissue {player.name}'s card?")
    assert page_fits(page)
    page.get_by_role("button", name="Reissue the card").click()
    page.wait_for_url(f"**{address}")
    new_code = Player.objects.get(pk=player.pk).code
    assert new_code != player.code
    expect(page.locator(".card-code code")).to_have_text(new_code)
    expect(page.locator("#card-reprint")).to_be_visible()
    assert page_fits(page)
    screenshot(page, f"card-on-screen-{size}-reissued")
    assert violations(page) == []


def test_the_card_on_screen_on_a_phone(phone_page, night, screenshot):
    show_and_reissue(phone_page, night, screenshot, "390")


def test_the_card_on_screen_on_a_laptop(laptop_page, night, screenshot):
    show_and_reissue(laptop_page, night, screenshot, "laptop")
