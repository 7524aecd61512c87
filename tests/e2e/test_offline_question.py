"""A result that needs one more answer, tapped with no connection: the phone asks the
question itself (the server's words, carried on the page) and keeps the hand with the
answer, so a British night whose Wi-Fi drops stores every hand the dealer's side makes
(the Canadian loner asks who named trump)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import TableResult
from tests.e2e.test_offline_entry import go_offline, go_online
from tests.e2e.test_offline_truth import SHOTS, open_seat, tap, title, waiting
from tests.e2e.test_one_tap_entry import _scores
from tests.integration.test_scoring_services import seated_table
from tournaments.models import Tournament

pytestmark = pytest.mark.e2e


def test_offline_the_phone_asks_who_named_trump_and_stores_the_answer(phone_page):
    table, seats = seated_table(variant=Tournament.Variant.BRITISH)
    page = phone_page
    open_seat(page, seats[0])
    go_offline(page.context)
    question = page.locator("#entry .scoring-detail")

    tap(page, "made:0")  # Ann dealt, Ann & Cat made it: who named trump decides
    expect(question.locator("legend")).to_have_text("Who named trump?")
    expect(question).to_contain_text("Made it")
    expect(page.locator("#entry form[data-hand-entry]")).to_be_hidden()
    question.get_by_role("button", name="Cancel").click()
    expect(question).to_have_count(0)
    expect(page.locator('#entry button[value="made:0"]')).to_be_visible()
    expect(waiting(page)).to_be_hidden()  # the cancelled tap is not kept

    tap(page, "made:0")
    expect(question.locator("legend")).to_have_text("Who named trump?")
    if SHOTS.parent.exists():  # the screen at the phone's own 390 x 844, for people to look at
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "offline-question.png"), scale="css")
    question.get_by_role("button", name="Cat named another suit (bidding round 2)").click()
    expect(waiting(page)).to_have_text("1 hand waiting to be sent")
    expect(title(page)).to_contain_text("Hand 2")
    assert not TableResult.objects.filter(table=table).exists()

    go_online(page.context)
    expect(waiting(page)).to_be_hidden()
    expect(page.locator(".scoring-points.unsent")).to_have_count(0)
    expect(page.locator(".scoring-points").first).to_have_text("1")
    assert _scores(page) == ["1", "0"]
    result = TableResult.objects.get(table=table)
    assert result.hands == [
        {"dealer": 0, "makers": 0, "maker": 2, "round": 2, "alone": [], "result": "made"}
    ]
