"""An organiser runs a two-night season in a real browser: a walk-in on the second night,
a misspelt name merged, a merge refused, a night added by mistake and removed. The
season pages are photographed at laptop and phone size under test-artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from leagues.models import Member, Season
from leagues.services import night_label
from scoring import services as scoring_services
from tests.e2e.test_organiser_night import PASSWORD, no_sideways_scroll, sign_in
from tests.integration.test_standings import EIGHT, make_night, play_all
from tournaments.models import Round

pytestmark = pytest.mark.e2e


@pytest.fixture
def nights(django_user_model):
    owner = django_user_model.objects.create_user("olive", password=PASSWORD)
    first = make_night(owner, names=EIGHT, rounds=1, day=1, name="Monday club")
    # Night two: Player 8 is typed "Playr 8", and Walk-in Wendy turns up instead of Player 7.
    second = make_night(
        owner, names=[*EIGHT[:6], "Walk-in Wendy", "Playr 8"], rounds=1, day=8, name="Monday two"
    )
    # A night of the same club added by mistake, with a guest who played only there.
    third = make_night(
        owner, names=[*EIGHT[:7], "One-off Otto"], rounds=1, day=15, name="Friday social"
    )
    for night in (first, second, third):
        play_all(night, owner, 1)
    for night in (first, second):
        rnd = Round.objects.get(tournament=night)
        scoring_services.close_round(round=rnd, user=owner, force=True)
    return first, second, third


def add_night(page, label: str) -> None:
    page.select_option("#id_tournament", label=label)
    page.get_by_role("button", name="Add the night").click()
    expect(page.locator(".messages")).to_contain_text("Night added")


def merge(page, keep: str, drop: str) -> None:
    page.locator("summary", has_text="Merge two members").click()
    page.select_option("#id_keep", label=keep)
    page.select_option("#id_drop", label=drop)
    page.get_by_role("button", name="Merge").click()


def test_an_organiser_runs_a_two_night_season(nights, laptop_page, phone_page, screenshot):
    first, second, third = nights
    page = laptop_page
    sign_in(page)
    page.goto("/seasons/")
    page.fill("#id_name", "Winter league")
    page.select_option("#id_variant", "north-american")
    page.check("input[name=family][value=individual]")
    page.check("input[name=missed_night][value=fixed]")
    page.fill("#id_missed_night_points", "2")
    page.fill("#id_best_of", "5")
    screenshot(page, "season-01-new-laptop")
    page.get_by_role("button", name="Create the season").click()
    expect(page.locator(".messages")).to_contain_text("Season created")

    add_night(page, night_label(first))
    add_night(page, night_label(second))
    add_night(page, night_label(third))
    expect(page.locator(".season-nights li")).to_have_count(3)

    # Both played the first night: two people, so the merge is refused, by name.
    merge(page, "Player 1", "Player 2")
    error = page.locator(".messages")
    expect(error).to_contain_text("both played Monday club")
    expect(error).to_contain_text("Player 1")
    expect(error).to_contain_text("Player 2")
    assert Member.objects.filter(name="Player 2").exists()

    # "Playr 8" is Player 8, who never played a night as both.
    merge(page, "Player 8", "Playr 8")
    expect(page.locator(".messages")).to_contain_text("Members merged.")
    expect(page.get_by_text("as Playr 8")).to_be_visible()
    screenshot(page, "season-02-manage-laptop")

    # The Friday social was never a league night: removing it takes Otto with it.
    page.locator(".season-nights li", has_text="Friday social").locator("summary").click()
    screenshot(page, "season-02b-remove-laptop")
    page.get_by_role("button", name="Remove Friday social from the season").click()
    expect(page.locator(".messages")).to_contain_text("with 1 member who played no other night")
    expect(page.locator(".season-nights li")).to_have_count(2)
    assert not Member.objects.filter(name="One-off Otto").exists()

    page.get_by_role("link", name="Season standings").click()
    expect(page.get_by_role("heading", name="Winter league")).to_be_visible()
    expect(page.locator(".season-rule")).to_contain_text(
        "So far the season has 2 nights, so every night counts."
    )
    ranked = page.locator("#season-ranked tbody tr")
    expect(ranked).to_have_count(9)  # Players 1-8 and Wendy; no Otto
    assert "One-off Otto" not in page.content()
    eight = ranked.filter(has_text="Player 8")
    expect(eight.locator("td").nth(3)).to_have_text("2")  # nights played: both, merged
    wendy = ranked.filter(has_text="Walk-in Wendy")
    expect(wendy.locator("td").nth(3)).to_have_text("1")
    screenshot(page, "season-03-standings-laptop")

    # The organiser asks for two nights to be ranked: the walk-in is listed apart.
    page.get_by_role("link", name="Manage").click()
    page.fill("#id_min_nights", "2")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("Season saved.")
    page.get_by_role("link", name="Season standings").click()
    expect(page.locator("#season-unranked")).to_contain_text("Walk-in Wendy")
    expect(page.locator("#season-unranked")).to_contain_text("Player 7")
    expect(ranked).to_have_count(7)
    screenshot(page, "season-04-minimum-laptop")

    season = Season.objects.get(name="Winter league")
    phone = phone_page
    phone.goto(f"/seasons/{season.pk}/")
    expect(phone.get_by_role("heading", name="Winter league")).to_be_visible()
    no_sideways_scroll(phone)
    screenshot(phone, "season-05-standings-phone")
    # Scrolled sideways, the place and name stay in view beside the other columns.
    phone.locator(".standings-scroll").first.evaluate("el => el.scrollLeft = el.scrollWidth")
    expect(phone.locator("#season-ranked tbody tr").first.locator("td").nth(1)).to_be_in_viewport()
    screenshot(phone, "season-05b-scrolled-phone")
    sign_in(phone)
    phone.goto(f"/seasons/{season.pk}/manage/")
    no_sideways_scroll(phone)
    screenshot(phone, "season-06-manage-phone")
