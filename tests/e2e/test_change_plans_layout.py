"""The change-of-the-night preview in a browser: the two plans side by side on a laptop,
one above the other on a phone, nothing running off the page's edge, "Fewest changes"
chosen, and the moving seats highlighted. Screenshots go to test-artifacts/."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.conftest import LAPTOP, PHONE
from tournaments import services

pytestmark = pytest.mark.e2e

PASSWORD = "cards-on-the-table"
# Full names as clubs enter them: a table of four long names must still fit its column.
NAMES = [
    "Ann Thibodeaux",
    "Bob Vandermolen",
    "Cat Ostrowski",
    "Dan McAllister",
    "Eve Fitzgerald",
    "Fay Wierzbicki",
    "Gus Lindqvist",
    "Hal Pettigrew",
    "Ivy Abernathy",
    "Jo Kaminski",
    "Kim Gallagher",
    "Lou Fairbairn",
    "Max Kowalski",
]
# Optional viewport-sized shots for a person to page through (set to a folder).
SHOTS = os.environ.get("CHANGE_PLAN_SHOTS")


@pytest.fixture
def night(django_user_model):
    owner = django_user_model.objects.create_user("olive", password=PASSWORD)
    t = services.create_tournament(
        owner=owner,
        name="Thursday night",
        date=datetime.date(2026, 12, 3),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=8,
    )
    services.import_players(tournament=t, text="\n".join(NAMES))
    services.generate_rotation(tournament=t)
    services.start_round(round=t.rounds.get(number=1))
    return t, owner


def _sign_in(page, username: str, next_url: str) -> None:
    page.goto(f"{reverse('login')}?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"**{next_url}")


def _fits(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def _rounds_fit(page, plan: str) -> bool:
    """Every round of the plan shows its tables whole: no name runs out of its column
    and no table scrolls sideways to reach the seats after the change."""
    return page.evaluate(
        f"""[...document.querySelectorAll('#rounds-{plan} .table-scroll')].every(box =>
            box.scrollWidth <= box.clientWidth + 1 &&
            [...box.querySelectorAll('td')].every(td => td.scrollWidth <= td.clientWidth + 1))"""
    )


def _pages(page, name: str) -> None:
    if not SHOTS:
        return
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    height = page.viewport_size["height"]
    total = page.evaluate("document.documentElement.scrollHeight")
    for index, top in enumerate(range(0, total, height)):
        page.evaluate(f"window.scrollTo(0, {top})")
        page.screenshot(path=str(folder / f"{name}-{index}.png"))
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_two_plans_are_side_by_side_on_a_laptop_and_stacked_on_a_phone(
    laptop_page, night, screenshot, size
):
    t, owner = night
    page = laptop_page
    page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)
    _sign_in(page, owner.username, reverse("change-form", args=[t.pk]))
    page.get_by_label("Eve Fitzgerald", exact=True).check()
    page.get_by_label("Late arrivals").fill("Nia Delgado-Baptiste")
    page.get_by_role("button", name="Preview the changes").click()

    fewest, balance = page.locator("#plan-fewest"), page.locator("#plan-balance")
    expect(page.get_by_role("radio", name="Fewest changes")).to_be_checked()
    a, b = fewest.bounding_box(), balance.bounding_box()
    if size == "laptop":
        assert a["y"] == b["y"] and a["x"] + a["width"] <= b["x"]
    else:
        assert a["y"] + a["height"] <= b["y"]
    assert _fits(page), "the page scrolls sideways"
    # Fewest changes is unfolded round by round; choosing best balance unfolds it too,
    # its moving seats highlighted.
    expect(page.locator("#rounds-fewest .diff-round").first).to_be_visible()
    expect(page.locator("#rounds-balance .diff-round").first).to_be_hidden()
    assert _rounds_fit(page, "fewest"), "a round's table runs off its box"
    page.get_by_text("Best balance", exact=True).click()
    expect(page.get_by_role("radio", name="Best balance")).to_be_checked()
    expect(page.locator("#rounds-balance mark.moved").first).to_be_visible()
    assert _fits(page)
    assert _rounds_fit(page, "balance"), "a round's table runs off its box"
    screenshot(page, f"change-plans-{size}")
    _pages(page, f"change-plans-{size}")


def test_a_substitute_alone_is_one_plan_without_a_choice(laptop_page, night, screenshot):
    t, owner = night
    page = laptop_page
    page.set_viewport_size(PHONE)
    _sign_in(page, owner.username, reverse("change-form", args=[t.pk]))
    page.get_by_label("Substitute: player who leaves").select_option(label="Eve Fitzgerald")
    page.get_by_label("Substitute: name of the player who takes the seat").fill(
        "Nia Delgado-Baptiste"
    )
    page.get_by_role("button", name="Preview the changes").click()
    expect(page.get_by_text("nobody else moves")).to_be_visible()
    expect(page.get_by_role("radio")).to_have_count(0)
    expect(page.locator(".plan")).to_have_count(1)
    expect(page.locator("#rounds-fewest mark.moved")).to_have_count(0)
    assert _fits(page)
    screenshot(page, "change-plans-substitute-phone")
    _pages(page, "change-plans-substitute-phone")
    page.get_by_role("button", name="Confirm and re-plan").click()
    expect(page.get_by_text("The remaining rounds have been re-planned.")).to_be_visible()
