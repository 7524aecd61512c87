"""One tap per hand on a phone: the score updates in place (htmx, no reload), a double
tap stores once, the last hand is undone in one tap. Screenshots of each variant's
buttons go to test-artifacts/. The tap-to-score times and the page's weight are
bench/tap_to_score.py's figures."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import TableResult
from tests.e2e.conftest import LAPTOP
from tests.integration.test_scoring_services import seated_table
from tournaments.models import Seat, Tournament

pytestmark = pytest.mark.e2e

# The same form sent twice at once, as a double tap that beats any button lock would:
# both carry the page's one idempotency key.
_DOUBLE_SEND = """async (code) => {
  const form = document.querySelector('form[data-hand-entry]');
  const send = () => {
    const body = new FormData(form);
    body.append('outcome', code);
    // form.action is the hidden input named "action" here, so the address is the page's.
    return fetch(location.pathname, {method: 'POST', body, headers: {'HX-Request': 'true'}});
  };
  const answers = await Promise.all([send(), send()]);
  return answers.map(answer => answer.status);
}"""

# No htmx request in flight or swap settling.
_SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"

# Counts the page's htmx requests as they are sent and as their answers arrive.
_COUNT_REQUESTS = """() => {
  window.sent = 0;
  window.answered = 0;
  document.body.addEventListener('htmx:beforeSend', () => { window.sent += 1; });
  document.body.addEventListener('htmx:afterRequest', () => { window.answered += 1; });
}"""


def _open(page, table, seat_index: int = 0):
    seat = Seat.objects.get(table=table, position=seat_index)
    page.goto(f"/s/{seat.token}/")
    expect(page.locator("#who-title")).to_contain_text("your seat link")


def _hands(table) -> list[dict]:
    result = TableResult.objects.filter(table=table).first()
    return list(result.hands) if result else []


def _scores(page) -> list[str]:
    return page.locator(".scoring-points").all_inner_texts()


def test_a_tap_saves_the_hand_without_reloading_the_page(phone_page):
    table, _seats = seated_table()
    page = phone_page
    _open(page, table)
    page.evaluate("window.sameDocument = true")
    page.get_by_role("button", name="March +2").first.click()
    expect(page.locator(".scoring-saved")).to_have_text("Hand 1 saved.")
    assert _scores(page) == ["2", "0"]
    assert page.evaluate("window.sameDocument === true"), "the page reloaded"
    expect(page.locator(".scoring-dealer-now strong")).to_have_text("Bob")
    assert _hands(table) == [{"dealer": 0, "makers": 0, "alone": [], "result": "march"}]


def test_after_a_tap_low_on_the_phone_the_next_hands_buttons_start_in_view(phone_page, screenshot):
    """The score stays at the top of the screen: after a tap near the bottom, the next
    hand's first buttons must not be left under it, above the screen's edge."""
    table, _seats = seated_table()
    page = phone_page
    _open(page, table)
    low = page.locator('button[name="outcome"]').last
    low.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 300, "the last button is below the fold"
    low.click()
    expect(page.locator(".scoring-saved")).to_have_text("Hand 1 saved.")
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    # htmx settles the swapped-in form, then the page is placed.
    page.wait_for_function(_SETTLED)
    first = page.locator('button[name="outcome"]').first.bounding_box()
    score = page.locator(".scoring-sticky").bounding_box()
    assert first is not None and score is not None
    assert first["y"] >= score["y"] + score["height"], "the first button is under the score"
    assert first["y"] + first["height"] <= 844, "the first button is below the screen"
    screenshot(page, "one-tap-phone-after-a-low-tap")


def test_undo_the_last_hand_is_one_tap(phone_page):
    table, _seats = seated_table()
    page = phone_page
    _open(page, table)
    page.locator('button[value="made:0"]').click()
    expect(page.locator(".scoring-saved")).to_have_text("Hand 1 saved.")
    page.locator('button[value="euchred:0"]').click()
    expect(page.locator(".scoring-saved")).to_have_text("Hand 2 saved.")
    assert _scores(page) == ["1", "2"]
    page.get_by_role("button", name="Undo the last hand").click()
    expect(page.locator(".scoring-saved")).to_have_text("The last hand was removed.")
    assert _scores(page) == ["1", "0"]
    expect(page.locator(".scoring-dealer-now strong")).to_have_text("Bob")
    assert [hand["result"] for hand in _hands(table)] == ["made"]


def test_a_double_tap_stores_the_hand_once(phone_page):
    table, _seats = seated_table()
    page = phone_page
    _open(page, table)
    page.evaluate(_COUNT_REQUESTS)
    page.locator('button[value="made:1"]').dblclick()
    expect(page.locator(".scoring-saved")).to_have_text("Hand 1 saved.")
    # Every request the two clicks sent has had its answer, a late second one included.
    page.wait_for_function("window.answered === window.sent")
    assert page.evaluate("window.sent") >= 1
    assert len(_hands(table)) == 1
    # Two sends of one form at the same moment: the idempotency key stores it once.
    statuses = page.evaluate(_DOUBLE_SEND, "march:0")
    assert statuses == [200, 200]
    assert [hand["result"] for hand in _hands(table)] == ["made", "march"]


def test_a_lone_defender_who_passed_is_refused_in_place_and_fixed(phone_page, screenshot):
    table, _seats = seated_table(options={"no_loner_after_pass": True})
    page = phone_page
    _open(page, table)
    page.locator('button[value="lone_euchre:1:2"]').click()  # Cat alone against Bob & Dan
    expect(page.locator(".scoring-detail legend")).to_have_text("Who named trump?")
    screenshot(page, "one-tap-detail-question-phone")
    page.locator('.scoring-detail button[value="3"]').click()  # Dan: Cat had passed
    expect(page.locator(".scoring-saved.error")).to_contain_text(
        "Hand 1: Cat passed in the bidding round in which trump was made, so cannot go alone."
    )
    screenshot(page, "one-tap-refused-phone")
    assert _hands(table) == []
    page.locator('button[value="lone_euchre:1:2"]').click()
    page.locator('.scoring-detail button[value="1"]').click()  # Bob bid first: allowed
    expect(page.locator(".scoring-saved")).to_have_text("Hand 1 saved.")
    assert _scores(page) == ["4", "0"]


@pytest.mark.parametrize(
    ("name", "setup"),
    [
        ("north-american", {}),
        ("british-benny", {"variant": Tournament.Variant.BRITISH}),
        (
            "cutthroat",
            {"variant": Tournament.Variant.THREE_HANDED, "players": 3, "partners": False},
        ),
        ("six-handed", {"variant": Tournament.Variant.SIX_HANDED, "players": 6}),
    ],
)
def test_each_variants_buttons_on_a_phone_and_a_laptop(
    browser, live_server, phone_page, screenshot, name, setup
):
    table, _seats = seated_table(**setup)
    page = phone_page
    _open(page, table)
    # Another side than the dealer's: British plays the Canadian loner, so a hand the
    # dealer's side made asks who named trump first.
    page.locator(".outcome-side").last.locator('button[name="outcome"]').first.click()
    expect(page.locator(".scoring-saved")).to_have_text("Hand 1 saved.")
    # Nothing sticks out sideways on the phone: every button fits the page's width.
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name}: the page is {overflow}px wider than the phone"
    screenshot(page, f"one-tap-{name}-phone")
    context = browser.new_context(base_url=live_server.url, viewport=LAPTOP, locale="en-GB")
    laptop = context.new_page()
    _open(laptop, table, seat_index=1)
    screenshot(laptop, f"one-tap-{name}-laptop")
    context.close()


# What the phone page says in each language, read as a player would: no English left on
# the buttons, seat names in the reader's words, nothing wider than the phone.
READER = {
    "it": {"undo": "Annulla", "north": "Nord", "west": "Ovest"},
    "pt-br": {"undo": "Desfazer", "north": "Norte", "west": "Oeste"},
    "pl": {"undo": "Cofnij", "north": "Północ", "west": "Zachód"},
}


@pytest.mark.parametrize("language", sorted(READER))
def test_the_phone_page_reads_in_each_language(browser, live_server, transactional_db, language):
    from tests.e2e.conftest import ARTIFACTS, PHONE

    table, _seats = seated_table()
    context = browser.new_context(
        base_url=live_server.url,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    try:
        _open_in(page, table)
        assert page.locator("html").get_attribute("lang") == language
        page.locator('button[name="outcome"][value="made:0"]').click()
        expect(page.locator("#entry-title")).not_to_contain_text("1")
        words = READER[language]
        text = page.locator("main").inner_text()
        # ("Dealer" is the Brazilian card table's own word too.)
        for english in ("Made it", "Euchred", "Undo the last hand", "North", "West"):
            assert english not in text, f"{english!r} left in English"
        assert words["north"] in text and words["west"] in text
        assert words["undo"] in page.locator(".scoring-remove").inner_text()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide"
        # The same result sits on the same row for both sides, however the names wrap.
        sides = page.locator(".outcome-side").all()
        assert len(sides) == 2
        left, right = (
            [b.bounding_box() for b in side.locator('button[name="outcome"]').all()]
            for side in sides
        )
        assert len(left) == len(right) == 7
        for row, (a, b) in enumerate(zip(left, right, strict=True), start=1):
            assert abs(a["y"] - b["y"]) < 1 and abs(a["height"] - b["height"]) < 1, row
        ARTIFACTS.mkdir(exist_ok=True)
        # The screen as the scorer holds it (a full-page shot draws the sticky score
        # where the scroll left it): after the tap, then down at the buttons.
        page.screenshot(path=str(ARTIFACTS / f"one-tap-phone-{language}-after-a-tap.png"))
        page.locator("#entry").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"one-tap-phone-{language}-buttons.png"))
    finally:
        context.close()


def _open_in(page, table):
    seat = Seat.objects.get(table=table, position=0)
    page.goto(f"/s/{seat.token}/")
    page.locator("#who-title").wait_for()
