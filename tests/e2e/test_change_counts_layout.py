"""A change of the night in a browser, on a laptop and a phone: the preview gives the
two numbers, confirming it says the same two, and the tournament page lists every
printout to redo with a button each; nothing runs off the page's edge. Screenshots go
to test-artifacts/ (changes-*.png)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS, LAPTOP, PHONE
from tests.e2e.test_change_plans_layout import _fits, _sign_in, night  # noqa: F401

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_preview_and_the_page_after_the_change_say_the_same_numbers(
    laptop_page,
    night,  # noqa: F811
    screenshot,
    size,
):
    t, owner = night
    page = laptop_page
    page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)
    _sign_in(page, owner.username, reverse("change-form", args=[t.pk]))
    page.get_by_label("Eve Fitzgerald", exact=True).check()
    page.get_by_role("button", name="Preview the changes").click()

    counts = page.locator("#plan-fewest .plan-counts .count")
    expect(counts).to_have_count(2)
    said = counts.all_inner_texts()
    assert said[0].endswith("sit somewhere else.") or said[0].endswith("sits somewhere else.")
    assert "changed partner or opponent" in said[1]
    assert _fits(page), "the preview scrolls sideways"
    screenshot(page, f"changes-preview-{size}")
    _view(page, "#plan-fewest", f"changes-preview-{size}-view")

    page.get_by_role("button", name="Confirm and re-plan").click()
    message = page.locator(".messages")
    expect(page.get_by_text("The remaining rounds have been re-planned.")).to_be_visible()
    for sentence in said:
        expect(message).to_contain_text(sentence)
    listed = page.locator("#reprint")
    expect(listed.locator(".last-change")).to_contain_text(" ".join(said))
    expect(listed.locator(".reprint-scorecards button")).to_be_visible()
    for kind in ("table-cards", "rotation-chart", "find-your-seat"):
        expect(listed.locator(f".reprint-{kind} button")).to_be_visible()
    assert _fits(page), "the tournament page scrolls sideways"
    screenshot(page, f"changes-after-{size}")
    _view(page, "#reprint", f"changes-after-{size}-view")


def _view(page, selector: str, name: str) -> None:
    """What the screen shows with `selector` scrolled to its top (the viewport alone)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(selector).evaluate("element => element.scrollIntoView()")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
