"""A phone on a table's printed card through a night drawn round by round (issue 35),
at 390x844: the scorer opens the physical table link, enters round 1's result; the
organiser closes the round (which draws round 2) and publishes round 2; the same
phone says where its scorer goes next, without anyone reloading it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring import services as scoring_services
from scoring.models import TableResult
from tests.e2e.test_content_security_policy import WATCH
from tests.factories import TournamentFactory, players_for
from tournaments import services
from tournaments.models import Round, Table, Tournament
from tournaments.services.table_links import table_links

pytestmark = pytest.mark.e2e

EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def test_the_table_card_phone_shows_the_next_round_once_it_is_published(phone_page, screenshot):
    tournament = TournamentFactory(
        format="seated-by-standings",
        entry_mode=Tournament.EntryMode.TOTALS,
        rounds_planned=3,
    )
    players_for(tournament, EIGHT)
    first = services.draw_next_round(tournament=tournament)
    services.publish_round(round=first)
    services.start_round(round=first, user=tournament.owner)
    (link,) = table_links(tournament=tournament, numbers=[1])
    table = Table.objects.get(round=first, number=1)
    scorer = table.seats.order_by("position").select_related("player").first()

    page = phone_page
    # The poll lives under the site's Content-Security-Policy: no violation allowed.
    page.context.add_init_script(WATCH)
    page.goto(f"/tt/{link.token}/")
    expect(page).to_have_url(f"{page.url.split('/t/')[0]}/t/{table.token}/")
    page.get_by_label("Who is entering the result?").select_option(str(scorer.pk))
    page.get_by_role("button", name="That's me").click()
    page.locator('input[name="side_0"]').fill("6")
    page.locator('input[name="side_1"]').fill("2")
    page.get_by_role("button", name="Save result").click()
    where = page.locator("#where-next")
    expect(where).to_contain_text("Round 2 is not out yet")
    page.evaluate("window.stillTheSamePage = true")

    # The organiser confirms, closes round 1 (drawing round 2) and publishes round 2.
    for done in Table.objects.filter(round=first):
        result = TableResult.objects.filter(table=done).first()
        scoring_services.correct_result(
            table=done,
            user=tournament.owner,
            expected_version=result.version if result else 0,
            idempotency_key=f"e2e-{done.pk}",
            side_points=[6, 2],
        )
    scoring_services.close_round(round=first, user=tournament.owner)
    second = Round.objects.get(tournament=tournament, number=2)
    expect(where).to_contain_text("Round 2 is not out yet")  # a draft is nobody's yet
    services.publish_round(round=second)

    # The phone speaks for the scorer it was told: their seat, partner and opponents.
    expect(where).to_contain_text("Round 2: table", timeout=25_000)
    expect(where).to_contain_text("Partner: ")
    assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"
    assert page.evaluate("window.__violations") == []
    screenshot(page, "drawn-where-next-phone")
