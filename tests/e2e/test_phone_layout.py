"""On a 390 x 844 phone: the six tricks choices share one row, a wide table scrolls
inside its card instead of running off the page, and the running-total chart has
axes and values. Screenshots at phone and laptop size go to test-artifacts/."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services as scoring_services
from scoring.standings_settings import update_standings_settings
from tests.e2e.conftest import LAPTOP, wait_until
from tests.integration.test_scoring_services import seated_table
from tests.integration.test_standings import EIGHT, confirm_totals, make_night, start, tables
from tournaments.models import Round

pytestmark = pytest.mark.e2e

PASSWORD = "cards-on-the-table"


def sign_in(page, username: str, *, next_url: str) -> None:
    page.goto(f"{reverse('login')}?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"**{next_url}")


@pytest.fixture
def played_night(django_user_model):
    """Eight players, rounds 1 and 2 of three confirmed and closed."""
    owner = django_user_model.objects.create_user("olive", password=PASSWORD)
    night = make_night(owner, names=EIGHT, rounds=3)
    for number, points in ((1, (9, 7)), (2, (12, 4))):
        start(night, number)
        for table in tables(night, number):
            confirm_totals(table, owner, points)
        scoring_services.close_round(
            round=Round.objects.get(tournament=night, number=number), user=owner
        )
    return night, owner


def page_fits(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_the_six_tricks_choices_share_one_row_on_a_phone(phone_page, screenshot):
    table, _seats = seated_table(hand_entry="detailed")
    page = phone_page
    page.goto(f"/t/{table.token}/")
    page.get_by_label("Who is entering the result?").select_option(label="Ann (North)")
    page.get_by_role("button", name="That's me").click()
    choices = page.locator(".scoring-tricks label")
    expect(choices).to_have_count(6)
    boxes = [choices.nth(i).bounding_box() for i in range(6)]
    assert len({round(box["y"]) for box in boxes}) == 1, f"tricks wrap: {boxes}"
    assert boxes[-1]["x"] + boxes[-1]["width"] <= 390
    assert all(box["height"] >= 44 for box in boxes)  # still a finger-sized target
    assert [choices.nth(i).inner_text().strip() for i in range(6)] == list("012345")
    assert page_fits(page)
    choices.nth(5).scroll_into_view_if_needed()
    screenshot(page, "phone-layout-tricks-390")


def test_the_rounds_table_scrolls_inside_its_card_on_a_phone(
    phone_page, live_server, played_night, screenshot
):
    night, owner = played_night
    page = phone_page
    sign_in(page, owner.username, next_url=reverse("tournament-detail", args=[night.pk]))
    # Polish labels make the table wider than the phone: it must scroll, not run off.
    page.context.add_cookies([{"name": "django_language", "value": "pl", "url": live_server.url}])
    page.reload()
    box = page.locator("#rounds .table-scroll")
    overflow = box.evaluate("e => getComputedStyle(e).overflowX")
    sizes = box.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert overflow == "auto"
    assert sizes[0] > sizes[1], f"the table fits ({sizes}): this test needs a wider one"
    assert page_fits(page), "the page itself scrolls sideways: the table is cut off"
    screenshot(page, "phone-layout-rounds-table-390")
    # Scrolled to the end, the last column's buttons are on screen and the round stays.
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    last = page.locator("#rounds table tbody tr").last
    start_button = last.get_by_role("button")
    right = start_button.bounding_box()
    assert right["x"] + right["width"] <= 390
    assert last.locator("td").first.bounding_box()["x"] >= 0
    assert last.locator("td").first.is_visible()


def test_the_player_chart_has_axes_and_values(
    phone_page, played_night, screenshot, browser, live_server
):
    night, _owner = played_night
    player = night.players.order_by("pk").first()
    url = reverse("standings-player", args=[night.pk, player.pk])
    page = phone_page
    page.goto(url)
    chart = page.locator("svg.running-chart")
    texts = chart.locator("text")
    labels = [texts.nth(i).text_content().strip() for i in range(texts.count())]
    assert "Points" in labels and "Round" in labels
    totals = [
        cell.strip()
        for cell in page.locator(".history-table tbody tr td:last-child").all_inner_texts()
    ]
    rounds = [
        line.split()[0]
        for line in page.locator(".history-table tbody tr td:first-child").all_inner_texts()
    ]
    values = chart.locator("text.value").all_text_contents()
    assert values == totals, "each round's running total is written on the chart"
    x_ticks = chart.locator(".x-axis text.tick").all_text_contents()
    assert x_ticks == rounds
    y_ticks = [int(t) for t in chart.locator(".y-axis text.tick").all_text_contents()]
    assert y_ticks[0] == 0 and y_ticks[-1] >= max(int(t) for t in totals)
    svg = chart.bounding_box()
    for i in range(texts.count()):
        label = texts.nth(i).bounding_box()
        assert (
            svg["x"] - 1 <= label["x"]
            and label["x"] + label["width"] <= svg["x"] + svg["width"] + 1
        )
    history = page.locator(".history-table").locator("xpath=..")
    assert history.evaluate("e => getComputedStyle(e).overflowX") == "auto"
    assert page_fits(page)
    screenshot(page, "phone-layout-player-chart-390")

    laptop = browser.new_context(base_url=live_server.url, viewport=LAPTOP)
    other = laptop.new_page()
    other.goto(url)
    assert other.locator("svg.running-chart text.value").all_text_contents() == totals
    screenshot(other, "phone-layout-player-chart-1280")
    laptop.close()


@pytest.fixture
def tied_night(django_user_model):
    """Eight players, two rounds, ranked by games won then points: players level on
    games won are set apart by points, so the standings carry tie-break notes."""
    owner = django_user_model.objects.create_user("olive", password=PASSWORD)
    night = make_night(owner, names=EIGHT, rounds=2)
    update_standings_settings(
        tournament=night, user=owner, metrics=["wins", "total_points"], bye_value="nothing"
    )
    for number, results in ((1, ((6, 6), (8, 4))), (2, ((7, 5), (6, 6)))):
        start(night, number)
        for table, points in zip(tables(night, number), results, strict=True):
            confirm_totals(table, owner, points)
    return night


def test_the_standings_scroll_sideways_under_a_fixed_name_on_a_phone(
    phone_page, tied_night, screenshot, browser, live_server
):
    page = phone_page
    page.goto(reverse("standings-page", args=[tied_night.pk]))
    box = page.locator(".standings-scroll")
    assert box.evaluate("e => getComputedStyle(e).overflowX") == "auto"
    widths = box.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert widths[0] > widths[1], f"every column fits ({widths}): nothing to scroll"
    assert page_fits(page), "the page itself scrolls sideways"

    headers = page.locator(".standings-table thead th")
    labels = [label.strip() for label in headers.all_inner_texts()]
    # Every column is there on a phone too, only further right.
    assert all(
        headers.nth(i).evaluate("e => getComputedStyle(e).display") != "none"
        for i in range(headers.count())
    ), labels
    notes = [n.strip() for n in page.locator(".standings-table .decided").all_inner_texts()]
    assert notes, "this night needs a tie-break note"
    for note in notes:
        metric = note.removeprefix("behind on ").lower()
        assert any(label.lower().startswith(metric) for label in labels), (note, labels)
    screenshot(page, "phone-layout-standings-390")

    row = page.locator(".standings-table tbody tr").first
    name, place = row.locator("td.name"), row.locator("td.place")
    before = name.bounding_box()
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    wait_until(
        page,
        "(() => { const e = document.querySelector('.standings-scroll');"
        " return e.scrollLeft + e.clientWidth >= e.scrollWidth - 1; })()",
    )
    after = name.bounding_box()
    assert abs(after["x"] - before["x"]) < 1, "the name column moved away"
    assert place.bounding_box()["x"] >= 0 and name.is_visible()
    last = headers.last.bounding_box()
    assert last["x"] + last["width"] <= 390 + 1, "the last column cannot be reached"
    # The scrolled columns pass under the name, not over it.
    assert name.evaluate("e => getComputedStyle(e).position") == "sticky"
    screenshot(page, "phone-layout-standings-390-scrolled")

    laptop = browser.new_context(base_url=live_server.url, viewport=LAPTOP)
    other = laptop.new_page()
    other.goto(reverse("standings-page", args=[tied_night.pk]))
    laptop_box = other.locator(".standings-scroll")
    sizes = laptop_box.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert sizes[0] <= sizes[1] + 1, "on a laptop the whole table fits"
    screenshot(other, "phone-layout-standings-1280")
    laptop.close()
