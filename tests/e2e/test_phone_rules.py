"""Every rule the tournament plays, checked on a 390 px phone whatever the entry mode:
the one more tap a rule asks for (who named trump, the Benny), a refusal in view and not
under the score that stays at the top, the confirmation brought into view after the last
hand, and a closed round's seat page leading on. Screenshots go to test-artifacts/
(rules-*.png) at the phone's own size."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import TableResult
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_one_tap_entry import _open, _scores
from tests.integration.test_scoring_services import (
    EIGHT_HANDS,
    current_version,
    seated_table,
    submit,
)
from tournaments.models import Round, Seat, Tournament

pytestmark = pytest.mark.e2e


def _hands(table) -> list[dict]:
    result = TableResult.objects.filter(table=table).first()
    return list(result.hands) if result else []


def _shot(page, name: str) -> None:
    """The screen as the scorer sees it (390 x 844), not the whole page."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _in_view(page, what) -> None:
    """The element starts below the score that stays at the top and on the screen."""
    element = (page.locator(what) if isinstance(what, str) else what).first
    expect(element).to_be_visible()
    # The page scrolls to its #entry anchor once loaded; on a loaded machine that can
    # come after the element shows. Wait for the load and for the scrolling to end (the
    # element's place unchanged over two frames), then measure.
    element.evaluate(
        """async (e) => {
          const frame = () => new Promise((r) => requestAnimationFrame(r));
          if (document.readyState !== "complete") {
            await new Promise((r) => addEventListener("load", r, { once: true }));
          }
          let top = null;
          for (let i = 0; i < 120; i++) {
            await frame();
            const now = e.getBoundingClientRect().top;
            if (now === top) return;
            top = now;
          }
        }"""
    )
    box = element.bounding_box()
    sticky = page.locator(".scoring-sticky").bounding_box()
    assert box is not None and sticky is not None
    assert box["y"] >= sticky["y"] + sticky["height"] - 1, f"{what} is under the score"
    assert box["y"] + min(box["height"], 40) <= 844, f"{what} is below the screen"


def test_the_canadian_loner_asks_who_named_trump_with_one_more_tap(phone_page):
    table, _seats = seated_table(options={"dealer_partner_alone": True})
    page = phone_page
    _open(page, table)
    page.locator('button[value="made:1"]').click()  # the other side: no question
    expect(page.locator(".scoring-saved")).to_have_text("Hand 1 saved.")
    page.locator('button[value="made:1"]').click()  # Bob deals: Dan is his partner
    expect(page.locator(".scoring-detail legend")).to_have_text("Who named trump?")
    _in_view(page, ".scoring-detail")
    _shot(page, "rules-one-tap-extra-question")
    page.get_by_role("button", name="Dan ordered up the turn-up (bidding round 1)").click()
    expect(page.locator(".scoring-saved.error")).to_contain_text(
        "The dealer's partner may order up the turn-up only by going alone."
    )
    assert len(_hands(table)) == 1
    page.locator('button[value="made:1"]').click()
    page.get_by_role("button", name="Dan named another suit (bidding round 2)").click()
    expect(page.locator(".scoring-saved")).to_have_text("Hand 2 saved.")
    assert _scores(page) == ["0", "2"]
    assert _hands(table)[1] == {
        "dealer": 1,
        "makers": 1,
        "maker": 3,
        "round": 2,
        "alone": [],
        "result": "made",
    }


def test_the_benny_is_asked_on_the_one_hand_it_decides(phone_page):
    table, _seats = seated_table(
        variant=Tournament.Variant.BRITISH, options={"no_loner_after_pass": True}
    )
    page = phone_page
    _open(page, table)
    expect(page.get_by_text("Benny")).to_have_count(0)
    page.locator('button[value="lone_euchre:0:1"]').click()  # Bob, on Ann's left, alone
    expect(page.locator(".scoring-detail legend")).to_have_text("Was the Benny turned up?")
    _in_view(page, ".scoring-detail")
    _shot(page, "rules-benny-question")
    page.get_by_role("button", name="No").click()
    expect(page.locator(".scoring-saved.error")).to_contain_text(
        "Bob passed in the bidding round in which trump was made, so cannot go alone."
    )
    page.locator('button[value="lone_euchre:0:1"]').click()
    page.get_by_role("button", name="Yes: the Benny was turned up").click()
    expect(page.locator(".scoring-saved")).to_have_text("Hand 1 saved.")
    assert _scores(page) == ["0", "4"]
    assert _hands(table)[0]["turn_up"] == "BENNY"


def _fill_hand(page, *, maker: str, round: str, trump: str, tricks: str = "3") -> None:
    page.select_option('select[name="maker"]', maker)
    page.locator(f'input[name="round"][value="{round}"]').check()
    page.locator(f'input[name="trump"][value="{trump}"]').check()
    page.locator(f'input[name="tricks"][value="{tricks}"]').check()


def _fill_refused_hand(page) -> None:
    _fill_hand(page, maker="1", round="1", trump="spades")
    page.select_option('select[name="turn_up_rank"]', "9")
    page.locator('label:has(input[name="turn_up_suit"][value="hearts"])').click()


def test_the_detailed_forms_refusal_is_in_view_on_a_phone(phone_page):
    table, _seats = seated_table(hand_entry=Tournament.HandEntry.DETAILED)
    page = phone_page
    _open(page, table)
    _fill_refused_hand(page)
    page.get_by_role("button", name="Save hand").click()
    reason = page.get_by_text(
        "In bidding round 1 trump is the turn-up's suit (hearts), not spades."
    )
    _in_view(page, reason)
    _shot(page, "rules-detailed-refusal-in-view")
    assert _hands(table) == []


def test_a_detailed_hand_after_the_last_is_refused_in_view(phone_page):
    table, seats = seated_table(hand_entry=Tournament.HandEntry.DETAILED, hands_per_round=1)
    page = phone_page
    _open(page, table)
    _fill_hand(page, maker="1", round="2", trump="clubs")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#confirm")).to_be_visible()
    # The same hand sent again once it was the round's last, against the result as it
    # is now (as a hand waiting on the phone is sent when the Wi-Fi is back).
    page.evaluate(
        """(fields) => {
          const form = document.createElement('form');
          form.method = 'post';
          form.setAttribute('action', location.pathname + '#entry');
          const csrf = document.querySelector('[name="csrfmiddlewaretoken"]').value;
          Object.entries({...fields, csrfmiddlewaretoken: csrf}).forEach(([name, value]) => {
            const input = document.createElement('input');
            input.type = 'hidden';
            input.name = name;
            input.value = value;
            form.appendChild(input);
          });
          document.body.appendChild(form);
          form.submit();
        }""",
        {
            "action": "hand",
            "dealer": "1",
            "maker": "1",
            "round": "2",
            "trump": "clubs",
            "tricks": "3",
            "version": str(current_version(table)),
            "idempotency_key": "sent-again",
        },
    )
    _in_view(page, page.get_by_text("This round is 1 hand and it is recorded"))
    assert len(_hands(table)) == 1


def test_after_the_last_tap_the_confirmation_is_in_view(phone_page):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS[:7])
    page = phone_page
    _open(page, table)
    page.locator('button[name="outcome"]').last.scroll_into_view_if_needed()
    page.locator('button[value="made:1"]').click()
    expect(page.locator("#confirm")).to_be_visible()
    _in_view(page, "#confirm")


def test_after_the_last_detailed_hand_the_confirmation_is_in_view(phone_page):
    table, seats = seated_table(hand_entry=Tournament.HandEntry.DETAILED)
    submit(table, seats[0], EIGHT_HANDS[:7])
    page = phone_page
    _open(page, table)
    _fill_hand(page, maker="3", round="2", trump="diamonds")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#confirm")).to_be_visible()
    _in_view(page, "#confirm")


def test_a_closed_rounds_seat_page_leads_to_the_seat_now(phone_page):
    from tests.integration.test_entry_refusals import _next_round

    table, seats = seated_table(status=Round.Status.CLOSED)
    now = _next_round(table, seats)
    page = phone_page
    page.goto(f"/s/{seats[0].token}/")
    expect(page.locator(".scoring-closed")).to_contain_text("This round is closed.")
    _shot(page, "rules-closed-round-link")
    page.get_by_role("link", name="Go to your seat now, Ann").click()
    expect(page).to_have_url(f"{page.url.split('/s/')[0]}/s/{now.token}/")
    expect(page.locator("h1")).to_contain_text("Table 3")
    assert Seat.objects.get(pk=now.pk).table.round.status == Round.Status.IN_PLAY
