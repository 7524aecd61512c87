"""The opponent confirms on the scorer's phone, on a 390x844 screen: the scorer hands
the phone over, the opponent taps their own name, reads the score and the hands, types
the code on their card and confirms. The side that entered the result is never
offered, and a result changed while the opponent read it is refused. A player's own
seat link confirms with one tap and shows them their confirmation code."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import TableResult
from tests.e2e.conftest import PHONE
from tests.integration.test_scoring_services import EIGHT_HANDS, hand, seated_table

pytestmark = pytest.mark.e2e


def entered_by_ann():
    """Ann (North, with Cat) entered all eight hands from her own seat link."""
    table, seats = seated_table()
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS,
        seat=seats[0],
        via="seat-link",
        expected_version=0,
        idempotency_key="entered",
    )
    return table, seats


def test_the_scorer_hands_the_phone_to_an_opponent_who_confirms_with_their_code(
    phone_page, screenshot
):
    table, seats = entered_by_ann()
    page = phone_page
    ann = f"/s/{seats[0].token}/"

    page.goto(ann)
    confirm = page.locator("#confirm")
    expect(confirm.get_by_role("heading", name="Hand the phone to an opponent")).to_be_visible()
    names = confirm.locator(".scoring-handoff-names a")
    # Only the other side is offered: Ann and Cat entered it and cannot confirm it.
    expect(names).to_have_text(["Bob", "Dan"])
    confirm.scroll_into_view_if_needed()
    screenshot(page, "confirm-handoff-phone")

    # Cat's step, asked for anyway, is refused in the rule's words.
    page.goto(f"{ann}?confirm={seats[2].pk}")
    expect(page.locator(".messages")).to_have_text(
        "Your side entered this result, so the other side must confirm it."
    )
    screenshot(page, "confirm-own-side-refused-phone")

    # Bob takes the phone and taps his name: the score and every hand, then his code.
    page.get_by_role("link", name="Bob").click()
    expect(page.get_by_role("heading", name="Bob, check the result")).to_be_visible()
    expect(page.locator(".scoring-hand-text")).to_have_count(len(EIGHT_HANDS))
    expect(page.locator('.scoring-points[data-side="0"]')).to_have_text("7")
    expect(page.locator('.scoring-points[data-side="1"]')).to_have_text("6")
    screenshot(page, "confirm-step-phone")

    # Dan's code is not Bob's: refused, and Bob's step stays in front of him.
    page.get_by_label("Your card code").fill(seats[3].player.code)
    page.get_by_role("button", name="I, Bob, confirm this result").click()
    expect(page.locator(".errorlist")).to_contain_text("That is not your card code")
    expect(page.get_by_role("heading", name="Bob, check the result")).to_be_visible()
    screenshot(page, "confirm-step-wrong-code-phone")

    # While Bob reads, the last hand is changed from Ann's other phone: his confirmation
    # of what he was shown is refused, and the table shows the result as it is now.
    result = TableResult.objects.get(table=table)
    services.submit_hands(
        table=table,
        hands=[*EIGHT_HANDS[:-1], hand(3, 2, 5, trump="spades")],
        seat=seats[0],
        via="seat-link",
        expected_version=result.version,
        idempotency_key="changed",
    )
    page.get_by_label("Your card code").fill(seats[1].player.code)
    page.get_by_role("button", name="I, Bob, confirm this result").click()
    expect(page.locator(".messages")).to_contain_text(
        "The result changed since you looked at it: look again before confirming."
    )
    assert not TableResult.objects.get(table=table).is_confirmed
    screenshot(page, "confirm-result-changed-phone")

    # Bob is shown the result as it is now (9 to 5: the last hand is Cat's march).
    expect(page.get_by_role("heading", name="Bob, check the result")).to_be_visible()
    expect(page.locator('.scoring-points[data-side="0"]')).to_have_text("9")
    expect(page.locator('.scoring-points[data-side="1"]')).to_have_text("5")
    page.get_by_label("Your card code").fill(seats[1].player.code.lower())
    page.get_by_role("button", name="I, Bob, confirm this result").click()
    expect(page.locator(".messages")).to_have_text("Result confirmed by Bob. Thank you!")
    expect(page.locator(".scoring-badge").first).to_have_text("Confirmed")
    screenshot(page, "confirm-done-phone")
    result = TableResult.objects.get(table=table)
    assert result.is_confirmed and result.confirmed_by_seat == seats[1]


def test_an_opponents_own_seat_link_confirms_with_one_tap_and_shows_their_code(
    browser, live_server, phone_page, screenshot
):
    table, seats = entered_by_ann()
    page = phone_page

    page.goto(f"/s/{seats[3].token}/")
    expect(page.locator(".scoring-one-tap")).to_contain_text("This is your own seat link, Dan")
    code = page.locator(".scoring-my-code")
    # Folded until Dan taps it: his phone may be in an opponent's hands.
    expect(code.locator("code")).not_to_be_visible()
    code.get_by_text("Your confirmation code").click()
    expect(code.locator("code")).to_have_text(seats[3].player.code)
    expect(code).to_contain_text("type it there to confirm as yourself")
    screenshot(page, "confirm-seat-link-phone")

    # A Polish reader sees the seats in Polish (W would be Wschód, East, to them).
    context = browser.new_context(
        base_url=live_server.url, locale="pl-PL", viewport=PHONE, device_scale_factor=2
    )
    try:
        polish = context.new_page()
        polish.goto(f"/s/{seats[0].token}/")
        # Ann's phone, to be handed to Bob or Dan.
        expect(polish.locator(".scoring-handoff-names a")).to_have_text(["Bob", "Dan"])
        expect(polish.locator(".scoring-seat-label")).to_have_text(
            ["Północ", "Wschód", "Południe", "Zachód"]
        )
        screenshot(polish, "confirm-handoff-phone-pl")
    finally:
        context.close()

    page.get_by_role("button", name="I, Dan, confirm this result").click()
    expect(page.get_by_text("Result confirmed. Thank you!")).to_be_visible()
    assert TableResult.objects.get(table=table).confirmed_by_seat == seats[3]

    # The table's link, which everyone at the table holds, shows nobody's code.
    page.goto(f"/t/{table.token}/")
    expect(page.locator(".scoring-my-code")).to_have_count(0)
    for seat in seats:
        expect(page.get_by_text(seat.player.code)).to_have_count(0)
