"""A table's night on a phone: the scorer enters eight hands (a lone march and a euchre
among them), an opponent confirms with the code on their card, and the organiser
corrects one hand, which the table's history then shows."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import ResultChange, TableResult
from tests.factories import DEFAULT_PASSWORD
from tests.integration.test_scoring_services import seated_table

pytestmark = pytest.mark.e2e

# (maker seat, bidding round, trump, alone seats, makers' tricks); dealers rotate from North.
HANDS = [
    (1, 1, "hearts", [], 3),
    (0, 1, "spades", [0], 5),  # Ann's lone march: 4 to Ann & Cat
    (3, 2, "clubs", [], 1),  # Dan euchred: 2 to Ann & Cat
    (2, 1, "spades", [], 4),
    (1, 2, "hearts", [], 5),  # march: 2 to Bob & Dan
    (3, 1, "clubs", [], 3),
    (1, 1, "hearts", [], 4),
    (3, 2, "diamonds", [], 3),
]


def enter_hand(page, maker, round_, trump, alone, tricks):
    page.locator("#id_maker").select_option(value=str(maker))
    page.check(f'input[name="round"][value="{round_}"]')
    page.check(f'input[name="trump"][value="{trump}"]')
    for seat in alone:
        page.check(f'input[name="alone"][value="{seat}"]')
    page.check(f'input[name="tricks"][value="{tricks}"]')
    page.get_by_role("button", name="Save hand").click()


def expect_scores(page, *scores):
    """Waits for the page after a post: a click returns before the new page has loaded."""
    expect(page.locator(".scoring-points")).to_have_text(list(scores))


def test_a_table_enters_confirms_and_the_organiser_corrects(
    browser, live_server, phone_page, screenshot
):
    # Clubs that want every detail switch the tournament to detailed entry.
    table, seats = seated_table(hand_entry="detailed")
    owner = table.round.tournament.owner
    page = phone_page

    page.goto(f"/t/{table.token}/")
    assert page.locator(".scoring-versus").inner_text() == "Ann & Cat vs Bob & Dan"
    page.get_by_label("Who is entering the result?").select_option(label="Ann (North)")
    # Ann's card code proves the seat: one code of the other side then confirms.
    page.get_by_label("Your card code (optional)").fill(seats[0].player.code)
    page.get_by_role("button", name="That's me").click()
    expect(page.locator(".scoring-who-card")).to_contain_text("card code checked")
    screenshot(page, "result-entry-phone-start")

    # A hand the rules refuse: the message says which rule, the form keeps the input.
    page.locator("#id_maker").select_option(value="1")
    page.check('input[name="round"][value="1"]')
    page.check('input[name="trump"][value="spades"]')
    page.check('input[name="tricks"][value="3"]')
    page.locator("#id_turn_up_rank").select_option(value="9")
    page.locator("label.suit-button", has_text="hearts").click()
    page.get_by_role("button", name="Save hand").click()
    error = page.locator(".errorlist.nonfield")
    expect(error).to_contain_text(
        "In bidding round 1 trump is the turn-up's suit (hearts), not spades."
    )
    assert page.locator("#id_turn_up_rank").input_value() == "9"
    assert page.locator('input[name="turn_up_suit"][value="hearts"]').is_checked()
    screenshot(page, "result-entry-phone-refused-hand")
    # "—" takes the turn-up back out: its suit goes with it.
    page.locator("#id_turn_up_rank").select_option(value="")
    assert not page.locator('input[name="turn_up_suit"][value="hearts"]').is_checked()

    for number, (maker, round_, trump, alone, tricks) in enumerate(HANDS, start=1):
        dealer = str((number - 1) % 4)
        # The deal passes left; waiting for it also waits for the last hand's page.
        expect(page.locator("#id_dealer")).to_have_value(dealer)
        enter_hand(page, maker, round_, trump, alone, tricks)
        if number == 1:
            expect(page.get_by_text("Hand 1 saved.")).to_be_visible()
        if number == 3:
            expect_scores(page, "6", "1")
            screenshot(page, "result-entry-phone-running-score")
    expect_scores(page, "7", "6")
    expect(page.locator(".scoring-badge")).to_have_text("Provisional")
    expect(page.get_by_role("button", name="Save hand")).to_be_hidden()
    screenshot(page, "result-entry-phone-waiting-for-confirmation")

    # The opponent, on their own phone, types the code from their card.
    opponent = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    other = opponent.new_page()
    other.goto(f"/t/{table.token}/")
    code = other.get_by_label("Card code of Bob or Dan")
    code.fill(seats[2].player.code)  # Cat is on the side that entered it
    other.get_by_role("button", name="Confirm this result").click()
    expect(other.locator(".errorlist")).to_contain_text(
        "not the card code of a player of the other side"
    )
    other.get_by_label("Card code of Bob or Dan").fill(seats[3].player.code)
    other.get_by_role("button", name="Confirm this result").click()
    expect(other.get_by_text("Result confirmed. Thank you!")).to_be_visible()
    expect(other.locator(".scoring-badge")).to_have_text("Confirmed")
    screenshot(other, "result-entry-phone-confirmed")
    opponent.close()

    # The organiser finds Dan made three tricks in hand 3, not one.
    page.goto(f"/accounts/login/?next=/tournaments/{table.round.tournament.pk}/rounds/1/results/")
    page.fill("#id_username", owner.username)
    page.fill("#id_password", DEFAULT_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".scoring-board-table .scoring-badge")).to_have_text("Confirmed")
    screenshot(page, "result-entry-phone-organiser-results")
    page.get_by_role("link", name="Correct").click()
    page.locator(".scoring-hands li").nth(2).get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", name="Change hand 3")).to_be_visible()
    page.check('input[name="tricks"][value="3"]')
    page.get_by_label("Why (kept in the history)").fill("Dan had three tricks")
    page.get_by_role("button", name="Save the correction").click()
    expect_scores(page, "5", "7")

    page.get_by_role("link", name="History of changes").click()
    history = page.locator(".scoring-history")
    expect(history.locator("> li")).to_have_count(10)  # 8 hands, 1 confirmation, 1 correction
    last = history.locator("> li").last
    assert "Corrected by an organiser" in last.inner_text()
    assert "an organiser" in last.inner_text() and owner.username not in last.inner_text()
    assert (
        "makers took 1 trick → Cat dealt; Dan made clubs (bidding round 2); makers took 3 tricks"
        in (last.inner_text())
    )
    assert "Dan had three tricks" in last.inner_text()
    screenshot(page, "result-entry-phone-history")

    result = TableResult.objects.get(table=table)
    assert result.scores == [5, 7, 5, 7] and result.is_confirmed
    assert ResultChange.objects.filter(table=table, action="corrected").count() == 1
