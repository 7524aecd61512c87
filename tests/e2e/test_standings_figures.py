"""The standings on a 390 px phone keep "Total points" in view while the other columns
scroll, and show bye points in a column of their own under a note saying how the
points are made. Screenshots at phone and laptop size go to test-artifacts/."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.standings_settings import update_standings_settings
from tests.e2e.conftest import LAPTOP, PHONE, wait_until
from tests.integration.test_standings import EIGHT, confirm_totals, make_night, start, tables

pytestmark = pytest.mark.e2e

NOTE = "Total points = game points + bye points; points difference = game points − points against."


@pytest.fixture
def bye_night(django_user_model):
    """Nine players, two rounds confirmed: one player a round on a bye worth 7 points."""
    owner = django_user_model.objects.create_user("olive", password="cards-on-the-table")
    night = make_night(owner, names=[*EIGHT, "Player 9"], rounds=2)
    update_standings_settings(
        tournament=night, user=owner, metrics=[], bye_value="fixed", bye_points=7
    )
    for number, results in ((1, ((9, 3), (4, 4))), (2, ((2, 6), (7, 1)))):
        start(night, number)
        for table, points in zip(tables(night, number), results, strict=True):
            confirm_totals(table, owner, points)
    return night


def in_view(box: dict, width: int) -> bool:
    return box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5


def test_total_points_stay_in_view_on_a_phone(phone_page, bye_night, screenshot):
    page = phone_page
    page.goto(reverse("standings-page", args=[bye_night.pk]))
    header = page.locator(".standings-table thead th", has_text="Total points")
    header.wait_for()
    first_total = (
        page.locator(".standings-table tbody tr")
        .first.locator("td")
        .nth(header.evaluate("e => e.cellIndex"))
    )
    assert in_view(header.bounding_box(), PHONE["width"]), header.bounding_box()
    assert in_view(first_total.bounding_box(), PHONE["width"])
    assert page.get_by_text(NOTE).is_visible()
    screenshot(page, "figures-standings-phone-390")

    # Halfway through the columns, and at the far end, the total is still in view.
    box = page.locator(".standings-scroll")
    for share in (0.5, 1):
        box.evaluate(f"e => {{ e.scrollLeft = (e.scrollWidth - e.clientWidth) * {share}; }}")
        wait_until(
            page,
            "(() => { const e = document.querySelector('.standings-scroll');"
            f" return Math.abs(e.scrollLeft - (e.scrollWidth - e.clientWidth) * {share}) < 2;"
            " })()",
        )
        assert in_view(header.bounding_box(), PHONE["width"]), (share, header.bounding_box())
    # The last column, scrolled to, is read whole beside the total, not under it.
    bye_points = page.locator(".standings-table thead th", has_text="Bye points").bounding_box()
    total = header.bounding_box()
    assert in_view(bye_points, PHONE["width"]), "bye points cannot be reached"
    assert bye_points["x"] >= total["x"] + total["width"] - 1, (bye_points, total)
    screenshot(page, "figures-standings-phone-390-scrolled")


def test_the_laptop_shows_every_column_with_bye_points(laptop_page, bye_night, screenshot):
    page = laptop_page
    page.goto(reverse("standings-page", args=[bye_night.pk]))
    headers = page.locator(".standings-table thead th")
    headers.first.wait_for()
    labels = [label.strip() for label in headers.all_inner_texts()]
    assert labels[-2:] == ["Byes", "Bye points"]
    for i in range(headers.count()):
        assert in_view(headers.nth(i).bounding_box(), LAPTOP["width"]), labels[i]
    assert page.get_by_text(NOTE).is_visible()
    screenshot(page, "figures-standings-laptop-1280")
