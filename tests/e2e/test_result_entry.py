"""A table's night on a phone: the scorer enters eight hands (a lone march and a euchre
among them), an opponent confirms with the code on their card, and the organiser
corrects one hand, which the table's history then shows."""

from __future__ import annotations

import pytest

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


def side_scores(page):
    return [page.locator(f'.scoring-points[data-side="{i}"]').inner_text() for i in (0, 1)]


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
    assert "card code checked" in page.locator(".scoring-who-card").inner_text()
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
    assert "In round 1 trump is the turn-up's suit (hearts), not spades." in error.inner_text()
    assert page.locator("#id_turn_up_rank").input_value() == "9"
    assert page.locator('input[name="turn_up_suit"][value="hearts"]').is_checked()
    screenshot(page, "result-entry-phone-refused-hand")
    # "—" takes the turn-up back out: its suit goes with it.
    page.locator("#id_turn_up_rank").select_option(value="")
    assert not page.locator('input[name="turn_up_suit"][value="hearts"]').is_checked()

    for number, (maker, round_, trump, alone, tricks) in enumerate(HANDS, start=1):
        dealer = str((number - 1) % 4)
        assert page.locator("#id_dealer").input_value() == dealer, "the deal passes left"
        enter_hand(page, maker, round_, trump, alone, tricks)
        if number == 1:
            assert page.get_by_text("Hand 1 saved.").is_visible()
        if number == 3:
            assert side_scores(page) == ["6", "1"]
            screenshot(page, "result-entry-phone-running-score")
    assert side_scores(page) == ["7", "6"]
    assert page.locator(".scoring-badge").inner_text() == "Provisional"
    assert not page.get_by_role("button", name="Save hand").is_visible()
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
    assert "not the card code of a player of the other side" in (
        other.locator(".errorlist").inner_text()
    )
    other.get_by_label("Card code of Bob or Dan").fill(seats[3].player.code)
    other.get_by_role("button", name="Confirm this result").click()
    assert other.get_by_text("Result confirmed. Thank you!").is_visible()
    assert other.locator(".scoring-badge").inner_text() == "Confirmed"
    screenshot(other, "result-entry-phone-confirmed")
    opponent.close()

    # The organiser finds Dan made three tricks in hand 3, not one.
    page.goto(f"/accounts/login/?next=/tournaments/{table.round.tournament.pk}/rounds/1/results/")
    page.fill("#id_username", owner.username)
    page.fill("#id_password", DEFAULT_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    assert page.locator(".scoring-board-table .scoring-badge").inner_text() == "Confirmed"
    screenshot(page, "result-entry-phone-organiser-results")
    page.get_by_role("link", name="Correct").click()
    page.locator(".scoring-hands li").nth(2).get_by_role("link", name="Edit").click()
    assert page.get_by_role("heading", name="Change hand 3").is_visible()
    page.check('input[name="tricks"][value="3"]')
    page.get_by_label("Why (kept in the history)").fill("Dan had three tricks")
    page.get_by_role("button", name="Save the correction").click()
    assert side_scores(page) == ["5", "7"]

    page.get_by_role("link", name="History of changes").click()
    history = page.locator(".scoring-history")
    last = history.locator("> li").last
    assert "Corrected by an organiser" in last.inner_text()
    assert "an organiser" in last.inner_text() and owner.username not in last.inner_text()
    assert "makers took 1 trick → Cat dealt; Dan made clubs (round 2); makers took 3 tricks" in (
        last.inner_text()
    )
    assert "Dan had three tricks" in last.inner_text()
    assert history.locator("> li").count() == 10  # 8 hands, 1 confirmation, 1 correction
    screenshot(page, "result-entry-phone-history")

    result = TableResult.objects.get(table=table)
    assert result.scores == [5, 7, 5, 7] and result.is_confirmed
    assert ResultChange.objects.filter(table=table, action="corrected").count() == 1
