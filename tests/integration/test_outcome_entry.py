"""One tap per hand on the table's page: the result buttons, saving with and without
htmx, a double tap, undo, the details a rule asks for, and refusals that name the
rule (a 4xx, never a 500); the tournament's "hand entry" setting."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.models import TableResult
from tests.factories import UserFactory
from tests.integration.test_scoring_services import seated_table
from tests.integration.test_scoring_views import as_scorer, form_values, page
from tournaments.models import Tournament

HTMX = {"HTTP_HX_REQUEST": "true"}


def tap(client, table, outcome, *, html=None, htmx=False, **extra):
    html = html if html is not None else client.get(page(table)).content.decode()
    data = {"action": "outcome", "outcome": outcome, **form_values(html), **extra}
    return client.post(page(table), data, **(HTMX if htmx else {}))


def stored_hands(table):
    result = TableResult.objects.filter(table=table).first()
    return list(result.hands) if result else []


def buttons(html):
    return re.findall(r'<button type="submit" name="outcome" value="([^"]+)"', html)


def test_the_page_offers_one_button_per_result_with_names_and_points(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    assert "data-hand-entry" in html and 'name="version"' in html and 'name="action"' in html
    assert "Ann &amp; Cat named trump" in html and "Bob &amp; Dan named trump" in html
    assert "Ann alone: march" in html and "Euchred by Bob alone" in html
    assert "+2 to Bob &amp; Dan" in html and "Everyone passed" in html
    assert len(buttons(html)) == 15
    assert 'name="maker"' not in html  # no detailed form
    assert "Dealer: <strong data-dealer-now>Ann</strong>" in html


def test_one_tap_stores_the_outcome_and_the_page_comes_back_with_the_score(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    response = tap(client, table, "march:1")
    assert response.status_code == 302  # without JavaScript: post, then redirect
    assert stored_hands(table) == [{"dealer": 0, "makers": 1, "alone": [], "result": "march"}]
    html = client.get(page(table)).content.decode()
    assert "Hand 1 saved." in html
    assert re.search(r'data-side="1">2<', html)
    assert "Ann dealt; Bob &amp; Dan named trump: march" in html
    assert "Dealer: <strong data-dealer-now>Bob</strong>" in html  # the deal passed left


def test_an_htmx_tap_answers_the_page_without_a_redirect(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    response = tap(client, table, "lone_march:0:2", htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Hand 1 saved." in html and re.search(r'data-side="0">4<', html)
    assert stored_hands(table)[0]["alone"] == [2]


def test_a_double_tap_stores_the_hand_once(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    first = tap(client, table, "made:0", html=html, htmx=True)
    second = tap(client, table, "made:0", html=html, htmx=True)  # same page, same key
    assert first.status_code == second.status_code == 200
    assert len(stored_hands(table)) == 1


def test_undo_removes_the_last_hand_in_one_tap(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    tap(client, table, "made:0")
    tap(client, table, "euchred:0")
    html = client.get(page(table)).content.decode()
    assert "Undo the last hand" in html
    values = form_values(html[html.index('class="scoring-remove"') :])
    response = client.post(page(table), {"action": "remove-last", **values}, **HTMX)
    assert response.status_code == 200
    assert "The last hand was removed." in response.content.decode()
    assert [h["result"] for h in stored_hands(table)] == ["made"]


@pytest.mark.parametrize("outcome", ["", "bogus", "made:7", "lone_march:0:1", "x" * 60])
def test_a_result_the_table_does_not_play_is_a_400_in_plain_words(client, db, outcome):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    response = tap(client, table, outcome)
    assert response.status_code == 400
    html = response.content.decode()
    assert (
        "is not a way a hand of North American Euchre ends" in html
        or "Tap the result of the hand." in html
        or "at most 40 characters" in html
    )
    assert stored_hands(table) == []


def test_a_tampered_version_is_not_understood_and_stores_nothing(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    response = tap(client, table, "made:0", version="abc")
    assert response.status_code == 400
    assert "That request was not understood" in response.content.decode()
    assert stored_hands(table) == []


def test_stick_the_dealer_offers_no_passed_hand_and_refuses_one_by_name(client, db):
    table, seats = seated_table(options={"stick_the_dealer": True})
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    assert "passed" not in buttons(html)
    response = tap(client, table, "passed", html=html)
    assert response.status_code == 400
    assert "is not a way a hand of North American Euchre ends" in response.content.decode()


def answer(client, table, asked, name, value):
    """Taps one answer of the question the page asked."""
    body = asked.content.decode()
    step = body[body.index('class="scoring-detail"') :]
    step = step[: step.index("</form>")]
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', step))
    return client.post(page(table), {**hidden, **form_values(step), name: value})


def test_the_benny_is_asked_only_where_the_result_needs_it(client, db):
    table, seats = seated_table(
        variant=Tournament.Variant.BRITISH, options={"no_loner_after_pass": True}
    )
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    # No box on every hand (the question rides only in the data the offline phone reads).
    shown = re.sub(r'data-queue-facts="[^"]*"', "", html)
    assert "Benny" not in shown
    # Bob, on the dealer's left, defended alone: he had passed, unless the Benny turned
    # up and nobody bid. The page asks that, and only that.
    assert "lone_euchre:0:1" in buttons(html)
    asked = tap(client, table, "lone_euchre:0:1", html=html)
    assert asked.status_code == 200
    assert "Was the Benny turned up?" in asked.content.decode() and stored_hands(table) == []
    assert answer(client, table, asked, "benny", "yes").status_code == 302
    assert stored_hands(table) == [
        {"dealer": 0, "makers": 0, "alone": [1], "result": "euchred", "turn_up": "BENNY"}
    ]
    # Any other hand is one tap, no question.
    assert tap(client, table, "made:0").status_code == 302
    assert len(stored_hands(table)) == 2


def test_no_benny_refuses_the_lone_defender_by_the_pass_rule(client, db):
    table, seats = seated_table(
        variant=Tournament.Variant.BRITISH, options={"no_loner_after_pass": True}
    )
    as_scorer(client, table, seats[0])
    asked = tap(client, table, "lone_euchre:0:1")
    refused = answer(client, table, asked, "benny", "no")
    assert refused.status_code == 400
    body = refused.content.decode()
    assert "Bob passed in the bidding round in which trump was made, so cannot go alone." in body
    assert "dealer's partner" not in body
    assert stored_hands(table) == []


def test_the_canadian_loner_asks_who_named_trump_and_in_which_round(client, db):
    table, seats = seated_table(options={"dealer_partner_alone": True})
    as_scorer(client, table, seats[0])
    asked = tap(client, table, "made:0")  # Ann deals; her side made it, nobody alone
    body = asked.content.decode()
    assert "Who named trump?" in body and stored_hands(table) == []
    assert "Cat ordered up the turn-up (bidding round 1)" in body
    assert "Cat named another suit (bidding round 2)" in body
    refused = answer(client, table, asked, "bidding", "2:1")
    assert refused.status_code == 400
    assert "The dealer&#x27;s partner may order up the turn-up only by going alone." in (
        refused.content.decode()
    )
    assert stored_hands(table) == []
    asked = tap(client, table, "made:0")
    assert answer(client, table, asked, "bidding", "2:2").status_code == 302
    assert stored_hands(table) == [
        {"dealer": 0, "makers": 0, "maker": 2, "round": 2, "alone": [], "result": "made"}
    ]
    # The other side's hand cannot break the rule: one tap.
    assert tap(client, table, "made:0").status_code == 302


def test_no_loner_after_a_pass_asks_who_named_trump_for_a_lone_maker(client, db):
    table, seats = seated_table(options={"no_loner_after_pass": True})
    as_scorer(client, table, seats[0])
    asked = tap(client, table, "lone_march:0:2")  # Cat alone; Ann deals
    assert "Who named trump?" in asked.content.decode()
    refused = answer(client, table, asked, "bidding", "0")  # Ann named it: Cat had passed
    assert refused.status_code == 400
    assert (
        "Hand 1: Cat passed in the bidding round in which trump was made"
        in refused.content.decode()
    )
    asked = tap(client, table, "lone_march:0:2")
    assert answer(client, table, asked, "bidding", "2").status_code == 302
    assert stored_hands(table)[0]["maker"] == 2


def test_no_loner_after_a_pass_asks_who_named_trump_for_a_lone_defender(client, db):
    table, seats = seated_table(options={"no_loner_after_pass": True})
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    # Bob, on the dealer's left, bid first: as a lone defender he had always passed.
    assert "lone_euchre:0:1" not in buttons(html) and "lone_euchre:0:3" in buttons(html)
    asked = tap(client, table, "lone_euchre:0:3", html=html)
    assert asked.status_code == 200
    body = asked.content.decode()
    assert "Who named trump?" in body and stored_hands(table) == []
    step = body[body.index('class="scoring-detail"') :]
    values = form_values(step)
    # Cat named trump after Bob passed; Dan had not bid yet, so he may go alone.
    data = {"action": "outcome", "outcome": "lone_euchre:0:3", "maker": 2, **values}
    assert client.post(page(table), data).status_code == 302
    assert stored_hands(table) == [
        {"dealer": 0, "makers": 0, "maker": 2, "alone": [3], "result": "euchred"}
    ]
    html = client.get(page(table)).content.decode()
    assert re.search(r'data-side="1">4<', html)


def test_a_lone_defender_after_his_own_pass_is_refused_with_his_name(client, db):
    table, seats = seated_table(options={"no_loner_after_pass": True})
    as_scorer(client, table, seats[0])
    tap(client, table, "made:0")  # Ann deals hand 1; Bob deals hand 2
    # Dealt by Bob: Cat and Dan bid before Ann; Dan passed, so he cannot defend alone.
    response = tap(client, table, "lone_euchre:0:3", maker=0)
    assert response.status_code == 400
    assert (
        "Hand 2: Dan passed in the bidding round in which trump was made"
        in response.content.decode()
    )
    assert len(stored_hands(table)) == 1


def test_cutthroat_and_six_handed_offer_their_own_results(client, db):
    table, seats = seated_table(variant=Tournament.Variant.THREE_HANDED, players=3, partners=False)
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    assert "Bob defended alone and took all five" in html and "+4 each to" in html
    assert "Euchred by" not in html  # a lone defender's euchre scores as any euchre
    six, six_seats = seated_table(variant=Tournament.Variant.SIX_HANDED, players=6)
    as_scorer(client, six, six_seats[0])
    html = client.get(page(six)).content.decode()
    assert "+3" in html and "+6" in html


def test_a_detailed_tournament_keeps_the_full_form(client, db):
    table, seats = seated_table(hand_entry=Tournament.HandEntry.DETAILED)
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    assert 'name="maker"' in html and 'name="tricks"' in html and not buttons(html)
    assert "data-hand-entry" in html


def test_the_organiser_switches_hand_entry_in_the_tournament_form(client, db):
    organiser = UserFactory()
    client.force_login(organiser)
    from tests.integration.test_tournament_views import _create_data

    client.post(reverse("tournament-create"), _create_data(hand_entry="detailed"))
    tournament = Tournament.objects.get(name="Friday progressive")
    assert tournament.hand_entry == Tournament.HandEntry.DETAILED
    edit = client.get(reverse("tournament-edit", args=[tournament.pk])).content.decode()
    assert "One tap per hand" in edit
    client.post(reverse("tournament-create"), _create_data(name="Default entry"))
    assert Tournament.objects.get(name="Default entry").hand_entry == "outcome"


def test_the_api_reads_and_sets_hand_entry(db):
    owner = UserFactory()
    api = APIClient()
    api.force_authenticate(owner)
    body = {
        "name": "Tap night",
        "date": "2026-04-01",
        "variant": "north-american",
        "format": "progressive",
    }
    created = api.post("/api/tournaments/", {**body, "hand_entry": "detailed"}, format="json")
    assert created.status_code == 201 and created.json()["hand_entry"] == "detailed"
    refused = api.post("/api/tournaments/", {**body, "hand_entry": "quick"}, format="json")
    assert refused.status_code == 400
    default = api.post("/api/tournaments/", body, format="json")
    assert default.json()["hand_entry"] == "outcome"
