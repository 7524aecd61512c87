"""The phone tells the truth while the Wi-Fi is down (issue 23): a hand kept offline
that another phone entered meanwhile is not stored twice unasked; a page reloaded
offline shows the last result heard of with the waiting hands added, not the page as
first opened; each tap while hands wait moves the page on, the score marked as not
yet sent; and on a plain-http address (no service worker) the page never reloads
itself and says not to reload while offline.

Two phones are two browser contexts at phone size. "club.test" is mapped to
127.0.0.1 inside the browser, so the page is served over plain http to an address
that is not the phone's own: not a secure context, as on a club's LAN.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.models import ResultChange, TableResult
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, wait_until
from tests.e2e.test_offline_entry import go_offline, go_online
from tests.integration.test_scoring_services import seated_table

os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

pytestmark = pytest.mark.e2e

SHOTS = Path("/work/notes/shots")
LAN = "club.test"


@pytest.fixture(scope="module")
def lan_browser(browser):
    """A second Chromium that resolves club.test to this machine."""
    lan = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN} 127.0.0.1"],
    )
    yield lan
    lan.close()


def _base_url(live_server, host: str) -> str:
    port = live_server.url.rsplit(":", 1)[1]
    return f"http://{host}:{port}"


@pytest.fixture
def phones(browser, lan_browser, live_server, transactional_db):
    """phones(host) -> a new phone's page on that host; every context closed after."""
    contexts = []

    def open_phone(host: str = "localhost"):
        chosen = lan_browser if host == LAN else browser
        context = chosen.new_context(
            base_url=_base_url(live_server, host),
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            locale="en-GB",
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def shot(page, name: str) -> None:
    """A phone-size screenshot for people to look at (the screen, not the whole page)."""
    if SHOTS.parent.exists():
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def open_seat(page, seat) -> None:
    page.goto(f"/s/{seat.token}/")
    wait_until(page, "document.readyState === 'complete' && window.HandStore !== undefined")
    if not page.evaluate("window.isSecureContext"):
        return
    # Looked after by the service worker from now on (see test_offline_entry.open_as_ann).
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload()
    wait_until(page, "navigator.serviceWorker.controller !== null")
    wait_until(page, "document.readyState === 'complete' && window.HandStore !== undefined")


def tap(page, code: str) -> None:
    page.locator(f'#entry button[name="outcome"][value="{code}"]').click()


def title(page):
    return page.locator("#entry-title")


def waiting(page):
    return page.locator("[data-queue-count]")


def stored(table) -> list[tuple[int | None, str, int]]:
    result = TableResult.objects.filter(table=table).first()
    hands = result.hands if result else []
    return [(h.get("makers"), h.get("result", "passed"), h["dealer"]) for h in hands]


def two_hands_in(page) -> None:
    tap(page, "made:0")  # Ann dealt: 1 to Ann & Cat
    expect(title(page)).to_contain_text("Hand 2")
    tap(page, "march:1")  # Bob dealt: 2 to Bob & Dan
    expect(title(page)).to_contain_text("Hand 3")


@pytest.mark.parametrize("host", ["localhost", LAN])
def test_a_kept_hand_another_phone_stored_meanwhile_is_not_stored_twice_unasked(phones, host):
    table, seats = seated_table()
    ann = phones(host)
    open_seat(ann, seats[0])
    two_hands_in(ann)

    go_offline(ann.context)
    tap(ann, "made:0")  # hand 3, Cat dealt: kept on Ann's phone
    expect(waiting(ann)).to_have_text("1 hand waiting to be sent")

    # Cat's phone, online, enters the same hand 3.
    cat = phones(host)
    open_seat(cat, seats[2])
    expect(title(cat)).to_contain_text("Hand 3")
    tap(cat, "made:0")
    expect(title(cat)).to_contain_text("Hand 4")
    assert stored(table) == [(0, "made", 0), (1, "march", 1), (0, "made", 2)]

    go_online(ann.context)
    refused = ann.locator("[data-queue-refused]")
    expect(refused).to_be_visible()
    expect(refused).to_contain_text("Someone else changed this table's result")
    # The result as it is now: Cat's hand 3 is in the score and the hands.
    expect(ann.locator('.scoring-points[data-side="0"]')).to_have_text("2")
    expect(ann.locator('.scoring-points[data-side="1"]')).to_have_text("2")
    expect(ann.locator(".scoring-points.unsent")).to_have_count(0)
    expect(ann.locator(".scoring-hands")).to_contain_text("Cat dealt; Ann & Cat named trump")
    again = ann.locator("[data-queue-resend]")
    expect(again).to_have_text(
        "Hand 3 is already stored as “Cat dealt; Ann & Cat named trump: made it” "
        "— store another hand 4?"
    )
    # The banner sits under the score, never over it.
    score_box = ann.locator(".scoring-score").bounding_box()
    banner_box = ann.locator("[data-hand-queue]").bounding_box()
    assert score_box and banner_box and banner_box["y"] >= score_box["y"] + score_box["height"] - 1
    shot(ann, "offline-conflict-already-stored" if host == LAN else "offline-conflict-localhost")
    assert len(stored(table)) == 3, "nothing stored twice while the scorer decides"

    ann.get_by_role("button", name="Discard this hand").click()
    expect(ann.locator("[data-hand-queue]")).to_be_hidden()
    assert len(stored(table)) == 3
    assert ResultChange.objects.filter(table=table).count() == 3


@pytest.mark.parametrize("host", [LAN])
def test_sent_again_after_a_conflict_it_goes_against_the_result_shown(phones, host):
    """A different hand 3 on the other phone: the plain "Send it again" stores the kept
    one after it, as hand 4, against the result the page shows."""
    table, seats = seated_table()
    ann = phones(host)
    open_seat(ann, seats[0])
    two_hands_in(ann)
    go_offline(ann.context)
    tap(ann, "made:0")
    expect(waiting(ann)).to_have_text("1 hand waiting to be sent")

    cat = phones(host)
    open_seat(cat, seats[2])
    tap(cat, "euchred:0")  # hand 3 as Cat saw it: 2 to Bob & Dan
    expect(title(cat)).to_contain_text("Hand 4")

    go_online(ann.context)
    again = ann.locator("[data-queue-resend]")
    expect(again).to_have_text("Send it again")
    expect(ann.locator('.scoring-points[data-side="1"]')).to_have_text("4")
    again.click()
    expect(ann.locator("[data-hand-queue]")).to_be_hidden()
    expect(ann.locator('.scoring-points[data-side="0"]')).to_have_text("2")
    expect(title(ann)).to_contain_text("Hand 5")
    assert stored(table) == [(0, "made", 0), (1, "march", 1), (0, "euchred", 2), (0, "made", 3)]
    expect(ann.locator(".scoring-points")).to_have_text(["2", "4"])
    # The page swapped in after the send takes the next tap as usual.
    tap(ann, "made:1")
    expect(title(ann)).to_contain_text("Hand 6")
    expect(ann.locator(".scoring-points")).to_have_text(["2", "5"])
    assert len(stored(table)) == 5


def test_a_page_reloaded_offline_shows_the_last_result_with_the_waiting_hands(phones):
    table, seats = seated_table()
    ann = phones("localhost")
    open_seat(ann, seats[0])
    two_hands_in(ann)
    tap(ann, "euchred:1")  # Cat dealt: Bob & Dan euchred, 2 to Ann & Cat
    expect(title(ann)).to_contain_text("Hand 4")
    expect(ann.locator(".scoring-saved")).to_have_text("Hand 3 saved.")

    go_offline(ann.context)
    tap(ann, "made:1")  # hand 4, Dan dealt: 1 to Bob & Dan
    tap(ann, "passed")  # hand 5, Ann dealt: no score, not counted
    expect(waiting(ann)).to_have_text("2 hands waiting to be sent")

    response = ann.reload()
    assert response is not None and response.from_service_worker
    wait_until(ann, "window.HandStore !== undefined")
    expect(waiting(ann)).to_have_text("2 hands waiting to be sent")
    # Three hands stored (3 to 2) and two waiting (+1 to Bob & Dan): hand 6, Bob deals.
    expect(title(ann)).to_contain_text("Hand 6")
    expect(title(ann)).to_contain_text("Dealer: Bob")
    expect(ann.locator("[data-dealer-now]")).to_have_text("Bob")
    expect(ann.locator(".scoring-points")).to_have_text(["3", "3"])
    expect(ann.locator(".scoring-points.unsent")).to_have_count(2)
    expect(ann.locator("[data-queue-unsent]")).to_have_text(
        "* Counts 2 hands not yet sent. 4 hands left to play."
    )
    expect(ann.get_by_label("First dealer")).to_be_hidden()
    expect(ann.get_by_text("Hand 3 saved.")).to_be_hidden()
    expect(ann.locator("[data-queue-since]")).to_contain_text("Offline since ")
    title(ann).evaluate("title => title.scrollIntoView({ block: 'center' })")
    shot(ann, "offline-reloaded-localhost")

    tap(ann, "made:0")  # hand 6, Bob dealt
    expect(waiting(ann)).to_have_text("3 hands waiting to be sent")
    expect(title(ann)).to_contain_text("Hand 7")
    go_online(ann.context)
    expect(ann.locator("[data-hand-queue]")).to_be_hidden()
    assert stored(table) == [
        (0, "made", 0),
        (1, "march", 1),
        (1, "euchred", 2),
        (1, "made", 3),
        (None, "passed", 0),
        (0, "made", 1),
    ]
    expect(ann.locator(".scoring-points")).to_have_text(["4", "3"])


def test_each_tap_while_hands_wait_moves_the_page_on_without_reloading(phones):
    """On a plain-http address: no service worker, so no reload, and the page says so."""
    table, seats = seated_table(hands_per_round=3)
    ann = phones(LAN)
    open_seat(ann, seats[0])
    assert ann.evaluate("window.isSecureContext") is False
    tap(ann, "made:0")  # Ann dealt: 1 to Ann & Cat
    expect(title(ann)).to_contain_text("Hand 2")
    ann.evaluate("window.stillThisPage = true")

    go_offline(ann.context)
    tap(ann, "march:1")  # Bob dealt: 2 to Bob & Dan
    expect(title(ann)).to_contain_text("Hand 3")
    expect(title(ann)).to_contain_text("Dealer: Cat")
    expect(ann.locator(".scoring-points")).to_have_text(["1", "2"])
    expect(ann.locator("[data-queue-unsent]")).to_have_text(
        "* Counts 1 hand not yet sent. 1 hand left to play."
    )
    no_reload = ann.locator("[data-queue-no-reload]")
    expect(no_reload).to_be_visible()
    expect(no_reload).to_contain_text("Don't reload this page while offline")

    tap(ann, "passed")  # Cat dealt, everyone passed: dealt again by Dan, not counted
    expect(title(ann)).to_contain_text("Hand 4")
    expect(title(ann)).to_contain_text("Dealer: Dan")
    # A passed hand is no hand played: still one left.
    expect(ann.locator("[data-queue-unsent]")).to_have_text(
        "* Counts 2 hands not yet sent. 1 hand left to play."
    )
    expect(ann.get_by_text("Hand 1 saved.")).to_be_hidden()
    # Scrolled down to the buttons, the waiting hands still never cover the score.
    ann.locator('#entry button[name="outcome"][value="passed"]').scroll_into_view_if_needed()
    score_box = ann.locator(".scoring-score").bounding_box()
    banner_box = ann.locator("[data-hand-queue]").bounding_box()
    assert score_box and banner_box and banner_box["y"] >= score_box["y"] + score_box["height"] - 1
    shot(ann, "offline-plain-http-dont-reload")

    tap(ann, "euchred:1")  # Dan dealt: the round's third and last hand, 2 to Ann & Cat
    expect(title(ann)).to_contain_text("Every hand of the round is entered")
    expect(ann.locator(".scoring-points")).to_have_text(["3", "2"])
    expect(ann.locator('#entry button[name="outcome"]').first).to_be_hidden()
    expect(waiting(ann)).to_have_text("3 hands waiting to be sent")
    assert len(stored(table)) == 1

    go_online(ann.context)
    expect(ann.locator("[data-hand-queue]")).to_be_hidden()
    expect(ann.locator(".scoring-points.unsent")).to_have_count(0)
    expect(ann.locator(".scoring-points")).to_have_text(["3", "2"])
    assert ann.evaluate("window.stillThisPage === true"), "the page was not reloaded"
    assert stored(table) == [
        (0, "made", 0),
        (1, "march", 1),
        (None, "passed", 2),
        (1, "euchred", 3),
    ]


def test_while_hands_wait_the_buttons_are_those_of_the_next_dealers_hand(phones):
    """No loner after a pass: the defender left of the dealer has passed, so cannot
    defend alone. The page shows the results the engine offers for the dealer shown."""
    table, seats = seated_table(options={"no_loner_after_pass": True, "defender_alone": "allowed"})
    ann = phones(LAN)
    open_seat(ann, seats[0])
    cat_alone = ann.locator('#entry button[value="lone_euchre:1:2"]')
    expect(cat_alone).to_be_visible()  # Ann deals: Cat, across from her, may defend alone
    go_offline(ann.context)
    tap(ann, "made:0")
    expect(title(ann)).to_contain_text("Dealer: Bob")
    # Bob deals: Cat, on his left, has passed.
    expect(cat_alone).to_be_hidden()
    expect(ann.locator('#entry button[value="lone_euchre:1:0"]')).to_be_visible()
    go_online(ann.context)
    expect(ann.locator("[data-hand-queue]")).to_be_hidden()
    expect(cat_alone).to_be_hidden()
    assert stored(table) == [(0, "made", 0)]
