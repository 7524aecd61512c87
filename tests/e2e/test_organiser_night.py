"""An organiser's night in a real browser: sign in, set up, seat, play, re-plan; then a
player finds their seat on a phone. Screenshots land in test-artifacts/ to be looked at."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tournaments.models import Player, Round, Seat, Table, Tournament

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou", "Max"]
PASSWORD = "a-long-club-password"


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("olive", password=PASSWORD)


def sign_in(page, username: str = "olive") -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"


def round_row(page, number: int):
    return page.locator("#rounds tbody tr").filter(
        has=page.get_by_role("link", name=f"Round {number}", exact=True)
    )


def seating(tournament: Tournament, numbers) -> list[tuple]:
    return list(
        Seat.objects.filter(table__round__tournament=tournament, table__round__number__in=numbers)
        .order_by("table__round__number", "table__number", "position")
        .values_list("table__round__number", "table__number", "position", "player__name")
    )


def test_organiser_runs_a_progressive_night_and_a_player_finds_their_seat(
    organiser, laptop_page, phone_page, screenshot
):
    page = laptop_page
    sign_in(page)
    screenshot(page, "01-dashboard-empty-laptop")

    # Create a North American progressive tournament of 8 rounds.
    page.get_by_role("link", name="New tournament").click()
    page.fill("#id_name", "Winter progressive")
    page.fill("#id_date", "2026-12-12")
    page.fill("#id_venue", "Legion Hall")
    page.select_option("#id_variant", "north-american")
    page.select_option("#id_format", "progressive")
    page.fill("#id_rounds_planned", "8")
    page.check("#id_stick_the_dealer")
    screenshot(page, "02-create-form-laptop")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_role("heading", name="Winter progressive")).to_be_visible()
    tournament = Tournament.objects.get(name="Winter progressive")
    assert tournament.options == {"stick_the_dealer": True}

    # Paste the 13 players.
    page.get_by_text("Paste a list or upload a CSV file").click()
    page.fill("#id_text", "\n".join(NAMES))
    page.get_by_role("button", name="Import players").click()
    expect(page.locator("#players h2")).to_contain_text("(13)")

    # Generate the 8 rounds; the quality summary sits next to the button.
    page.get_by_role("button", name="Generate the rotation").click()
    expect(page.get_by_text("How fair the seating is")).to_be_visible()
    expect(page.locator("#rounds tbody tr")).to_have_count(8)
    screenshot(page, "03-tournament-with-rotation-laptop")

    # Rounds 1 and 2 played and closed, round 3 in play.
    # No results were entered in this test, so the organiser closes them anyway.
    for number in (1, 2):
        round_row(page, number).get_by_role("button", name="Start").click()
        round_row(page, number).get_by_role("button", name="Close").click()
        expect(page.get_by_text("not confirmed yet")).to_be_visible()
        page.get_by_role("button", name="Close the round anyway").click()
        # Closed, the round's page offers the next round.
        expect(page.locator("#next-step")).to_contain_text(f"Start round {number + 1}")
        page.locator(".crumbs").get_by_role("link", name="Winter progressive").click()
    round_row(page, 3).get_by_role("button", name="Start").click()
    expect(round_row(page, 3)).to_contain_text("In play")

    # Round 3: three tables of four and one bye, each table with its QR code.
    page.get_by_role("link", name="Round 3", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile("Round 3"))).to_be_visible()
    expect(page.locator(".table-card")).to_have_count(3)
    expect(page.locator(".table-card .qr svg")).to_have_count(3)
    expect(page.locator(".byes")).to_contain_text("Bye this round")
    screenshot(page, "04-round-3-laptop")

    # Gus leaves before round 4: preview what moves, then confirm the re-plan.
    played_before = seating(tournament, [1, 2, 3])
    page.get_by_role("link", name="Winter progressive").click()
    page.get_by_role("link", name="Changes on the night", exact=True).click()
    page.get_by_label("Gus").check()
    page.get_by_role("button", name="Preview the changes").click()
    expect(page.get_by_role("heading", name="Preview the changes")).to_be_visible()
    expect(page.locator(".change-summary")).to_contain_text("Gus")
    expect(page.get_by_text("Rounds 1 to 3 have started")).to_be_visible()
    assert Player.objects.get(tournament=tournament, name="Gus").active
    screenshot(page, "05-change-preview-laptop")
    page.get_by_role("button", name="Confirm and re-plan").click()
    expect(page.get_by_text("The remaining rounds have been re-planned.")).to_be_visible()

    gus = Player.objects.get(tournament=tournament, name="Gus")
    assert not gus.active
    assert seating(tournament, [1, 2, 3]) == played_before
    later = seating(tournament, range(4, 9))
    assert later and "Gus" not in {name for *_ignored, name in later}
    assert Round.objects.filter(tournament=tournament).count() == 8

    # The page offers to reprint the cards the re-plan made out of date, ticked.
    notice = page.locator("#reprint")
    expect(notice).to_contain_text("Printouts to redo")
    moved = notice.locator(".help").inner_text().split(", ")
    assert moved and "Gus" not in moved
    screenshot(page, "05b-reprint-offer-laptop")
    notice.get_by_role("link", name="Print their new scorecards").click()
    expect(page.locator("details.choose-players")).to_have_attribute("open", "")
    for name in moved:
        expect(page.get_by_label(name, exact=True)).to_be_checked()
    screenshot(page, "05c-reprint-choice-laptop")
    page.get_by_role("button", name="Make the PDF").click()
    expect(page.locator(".meta")).to_contain_text(f"{len(moved)} players' cards only")

    # A player on a phone: the public page, then "where do I sit".
    phone = phone_page
    phone.goto(f"/t/{tournament.pk}/")
    expect(phone.get_by_role("heading", name="Winter progressive")).to_be_visible()
    public_html = phone.content()
    tokens = Table.objects.filter(round__tournament=tournament).values_list("token", flat=True)
    assert not any(token in public_html for token in tokens)
    no_sideways_scroll(phone)
    screenshot(phone, "06-public-rotation-phone")
    phone.locator(".name-list").get_by_role("link", name="Ann", exact=True).click()
    expect(phone.get_by_role("heading", name="Ann")).to_be_visible()
    expect(phone.locator(".next-seat")).to_contain_text("Now, round 3")
    expect(phone.locator(".itinerary li")).to_have_count(
        len(Player.objects.get(tournament=tournament, name="Ann").seats.all())
        + len(Player.objects.get(tournament=tournament, name="Ann").byes.all())
    )
    no_sideways_scroll(phone)
    screenshot(phone, "07-where-do-i-sit-phone")

    # The organiser's own pages hold up on a phone too.
    sign_in(phone)
    screenshot(phone, "08-dashboard-phone")
    phone.goto(f"/tournaments/{tournament.pk}/")
    no_sideways_scroll(phone)
    screenshot(phone, "09-tournament-phone")
    phone.goto(f"/tournaments/{tournament.pk}/rounds/4/")
    expect(phone.locator(".table-card")).to_have_count(3)
    no_sideways_scroll(phone)
    screenshot(phone, "10-round-4-phone")


def test_adding_a_player_updates_the_list_in_place(organiser, laptop_page, screenshot):
    page = laptop_page
    sign_in(page)
    page.get_by_role("link", name="New tournament").click()
    page.fill("#id_name", "Quick night")
    page.fill("#id_date", "2026-12-13")
    page.get_by_role("button", name="Create tournament").click()
    # The create form has a name box too: set the marker only once the new tournament's page is in.
    expect(page.locator("#players h2")).to_contain_text("(0)")
    # A marker on the window survives only if htmx swaps the list without a page load.
    page.evaluate("window.stillHere = true")
    for name in ("Ann", "Bob"):
        page.fill("#id_name", name)
        page.get_by_role("button", name="Add player").click()
        expect(page.locator("ol.players")).to_contain_text(name)
    assert page.evaluate("window.stillHere === true")
    expect(page.locator("#players h2")).to_contain_text("(2)")


def test_a_refused_rule_combination_is_explained_on_the_form(organiser, laptop_page, screenshot):
    page = laptop_page
    sign_in(page)
    page.goto("/tournaments/new/")
    page.fill("#id_name", "Odd rules")
    page.fill("#id_date", "2026-12-14")
    page.select_option("#id_variant", "north-american")
    page.select_option("#id_deck", "50")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.locator(".form-error")).to_contain_text("Deck")
    screenshot(page, "11-create-form-refused-laptop")
    assert not Tournament.objects.filter(name="Odd rules").exists()
