"""A dispute on a 390 px phone, settled by the organiser on a laptop (issue 32).

Ann enters her side's totals on her seat link; Bob's own phone says "That is not
what we played" with a reason; the round page shows the table disputed and refuses to
close ("resolve table 1 first"); the organiser reads the dispute, confirms the result
as entered, and the round closes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import ResultChange, TableResult
from tests.e2e.conftest import ARTIFACTS, LAPTOP, PHONE
from tests.factories import DEFAULT_PASSWORD
from tests.integration.test_scoring_services import seated_table
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.e2e

REASON = "We made 8, not 6: Bob's loner in hand 5"
RESOLVE_FIRST = "The round cannot close while a table is disputed: resolve table 1 first."


def shot(page, name: str) -> None:
    """What a person sees on the screen (not the whole page), under test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"disputes-{name}.png"))


def phone(browser, live_server):
    return browser.new_context(
        base_url=live_server.url,
        locale="en-GB",
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )


def test_bob_disputes_on_his_phone_and_the_organiser_resolves_before_the_round_closes(
    browser, live_server, phone_page, transactional_db
):
    table, (ann, bob, _cat, _dan) = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    tournament = table.round.tournament

    # Ann's phone: her side's totals from her own seat link.
    page = phone_page
    page.goto(f"/s/{ann.token}/")
    page.get_by_label("Ann & Cat").fill("7")
    page.get_by_label("Bob & Dan").fill("6")
    page.get_by_role("button", name="Save result").click()
    expect(page.locator("#score .scoring-badge")).to_have_text("Provisional")

    # Bob's phone, his own seat link: not what they played.
    context = phone(browser, live_server)
    try:
        bobs = context.new_page()
        bobs.goto(f"/s/{bob.token}/")
        dispute = bobs.locator("#dispute")
        dispute.get_by_text("That is not what we played").click()
        dispute.get_by_label("What was played instead?").fill(REASON)
        dispute.scroll_into_view_if_needed()
        shot(bobs, "phone-form")
        dispute.get_by_role("button", name="I, Bob, dispute this result").click()
        expect(bobs.locator("#score .scoring-badge")).to_have_text("Disputed")
        disputed = bobs.locator("#disputed")
        expect(disputed).to_contain_text("Bob said this is not what was played:")
        expect(disputed.locator("q")).to_have_text(REASON)
        expect(disputed).to_contain_text("Or enter your own version below")
        assert bobs.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        disputed.scroll_into_view_if_needed()
        shot(bobs, "phone")
    finally:
        context.close()

    # Ann's phone now says so too, in words.
    page.reload()
    expect(page.locator("#score .scoring-badge")).to_have_text("Disputed")
    expect(page.locator("#disputed")).to_contain_text("Nobody can confirm it now.")

    # The organiser, on a laptop.
    organiser = browser.new_context(base_url=live_server.url, locale="en-GB", viewport=LAPTOP)
    try:
        desk = organiser.new_page()
        desk.goto("/accounts/login/")
        desk.fill("#id_username", tournament.owner.username)
        desk.fill("#id_password", DEFAULT_PASSWORD)
        desk.get_by_role("button", name="Sign in").click()
        expect(desk.get_by_role("heading", name="My tournaments")).to_be_visible()

        desk.goto(f"/tournaments/{tournament.pk}/rounds/1/")
        card = desk.locator("#table-1")
        expect(card.locator(".scoring-badge")).to_have_text("Disputed")
        desk.get_by_role("button", name="Close round").click()
        expect(desk.locator(".messages")).to_contain_text(RESOLVE_FIRST)
        expect(desk.locator("#table-1 .scoring-badge")).to_have_text("Disputed")
        shot(desk, "round-page")
        assert Round.objects.get(pk=table.round_id).status == Round.Status.IN_PLAY

        desk.goto(f"/tournaments/{tournament.pk}/rounds/1/results/")
        board = desk.locator(".scoring-board-table")
        expect(board.locator(".scoring-badge")).to_have_text("Disputed")
        expect(board.locator("q")).to_have_text(REASON)
        expect(desk.get_by_text(RESOLVE_FIRST)).to_be_visible()
        expect(desk.get_by_role("button", name="Close the round anyway")).to_have_count(0)
        shot(desk, "results-board")

        board.get_by_role("link", name="Resolve").click()
        expect(desk.get_by_role("heading", name="Resolve the dispute")).to_be_visible()
        expect(desk.locator("#disputed q")).to_have_text(REASON)
        expect(desk.get_by_role("link", name="Correct the result")).to_be_visible()
        desk.get_by_label("Why (kept in the history)").fill("Both captains agree on 7-6")
        desk.evaluate("window.scrollTo(0, 0)")
        shot(desk, "resolve")
        desk.get_by_role("button", name="Confirm as entered").click()
        expect(desk.locator(".messages")).to_contain_text(
            "Table 1 confirmed as entered; the dispute is resolved."
        )
        expect(board.locator(".scoring-badge")).to_have_text("Confirmed")

        desk.goto(f"/tournaments/{tournament.pk}/rounds/1/")
        desk.get_by_role("button", name="Close round").click()
        expect(desk.locator(".messages")).to_contain_text("Round 1 closed.")
    finally:
        organiser.close()

    assert Round.objects.get(pk=table.round_id).status == Round.Status.CLOSED
    assert TableResult.objects.get(table=table).is_confirmed
    assert list(ResultChange.objects.filter(table=table).values_list("action", flat=True)) == [
        "submitted",
        "disputed",
        "dispute-confirmed",
    ]
