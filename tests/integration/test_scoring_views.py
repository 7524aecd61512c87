"""The table's phone page, the seat link, and the organiser's results, correction and
history pages, through the test client."""

from __future__ import annotations

import re

from django.urls import reverse

from scoring import services
from scoring.models import ResultChange, TableResult
from tests.factories import UserFactory
from tests.integration.test_scoring_services import EIGHT_HANDS, hand, seated_table
from tournaments.models import Round, Tournament


def page(table):
    return f"/t/{table.token}/"


def form_values(html: str) -> dict:
    """The hidden fields of the entry form (version and its per-render key)."""
    values = {}
    for name in ("version", "idempotency_key"):
        match = re.search(rf'name="{name}" value="([^"]*)"', html)
        if match:
            values[name] = match.group(1)
    return values


def hand_post(dealer, maker, tricks, *, trump="hearts", round=1, alone=(), **extra):
    data = {
        "action": "hand",
        "dealer": dealer,
        "maker": maker,
        "round": round,
        "trump": trump,
        "tricks": tricks,
        "alone": list(alone),
    }
    data.update(extra)
    return data


def as_scorer(client, table, seat):
    client.post(page(table), {"action": "seat", "seat": seat.pk})


def as_proven_scorer(client, table, seat):
    """The scorer gives their card code with their seat, so their side is known."""
    client.post(page(table), {"action": "seat", "seat": seat.pk, "code": seat.player.code})


def test_the_table_page_shows_who_sits_where_without_a_login(client, db):
    table, _seats = seated_table()
    response = client.get(page(table))
    html = response.content.decode()
    assert response.status_code == 200
    for name in ("Ann", "Bob", "Cat", "Dan"):
        assert name in html
    assert "Ann &amp; Cat" in html and "Bob &amp; Dan" in html
    assert "Who is entering the result?" in html


def test_an_unknown_link_is_not_found(client, db):
    assert client.get("/t/" + "x" * 43 + "/").status_code == 404


def test_a_scorer_enters_a_hand_and_sees_the_running_score(client, db):
    table, seats = seated_table(hand_entry="detailed")
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    assert 'value="0" selected' in html  # the first dealer is pre-filled
    response = client.post(
        page(table), {**hand_post(0, 0, 5, alone=[0]), **form_values(html)}, follow=True
    )
    html = response.content.decode()
    assert "Hand 1 saved." in html
    assert "+4 Ann &amp; Cat" in html
    assert 'value="1" selected' in html  # the deal has passed to Bob
    result = TableResult.objects.get(table=table)
    assert result.scores == [4, 0, 4, 0]
    assert result.submitted_by_seat == seats[0]


def test_a_refused_hand_names_the_rule_keeps_the_form_and_stores_nothing(client, db):
    table, seats = seated_table(hand_entry="detailed")
    as_scorer(client, table, seats[0])
    values = form_values(client.get(page(table)).content.decode())
    response = client.post(
        page(table),
        {**hand_post(0, 1, 2, trump="spades", turn_up_rank="9", turn_up_suit="hearts"), **values},
    )
    html = response.content.decode()
    assert response.status_code == 400  # refused, as the API and one-tap refuse it
    assert "In bidding round 1 trump is the turn-up&#x27;s suit (hearts), not spades." in html
    assert '<option value="9" selected>' in html
    assert re.search(r'name="turn_up_suit" value="hearts"[^>]*checked', html)
    assert re.search(r'value="spades"[^>]*checked', html)
    assert not TableResult.objects.exists()


def test_entering_needs_a_seat_first(client, db):
    table, _seats = seated_table()
    values = form_values(client.get(page(table)).content.decode())
    response = client.post(page(table), {**hand_post(0, 1, 3), **values}, follow=True)
    assert "Choose your seat first" in response.content.decode()
    assert not TableResult.objects.exists()


def test_a_double_tap_stores_one_hand(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    data = {**hand_post(0, 1, 3), **form_values(client.get(page(table)).content.decode())}
    client.post(page(table), data)
    client.post(page(table), data)
    assert TableResult.objects.get(table=table).hands == [hand(0, 1, 3)]
    assert ResultChange.objects.filter(table=table).count() == 1


def test_a_stale_form_gets_a_conflict_message_and_keeps_what_was_typed(client, db):
    table, seats = seated_table(hand_entry="detailed")
    as_scorer(client, table, seats[1])
    stale = form_values(client.get(page(table)).content.decode())
    services.submit_hands(
        table=table,
        hands=[hand(0, 2, 3)],
        seat=seats[0],
        expected_version=0,
        idempotency_key="other-phone",
    )
    response = client.post(page(table), {**hand_post(0, 1, 4, trump="clubs"), **stale})
    html = response.content.decode()
    assert "Someone else changed this table" in html
    assert re.search(r'value="clubs"[^>]*checked', html)
    assert TableResult.objects.get(table=table).hands == [hand(0, 2, 3)]


def test_the_opponents_confirm_with_a_code_but_not_the_submitters(client, db):
    table, seats = seated_table()
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS,
        seat=seats[0],
        via="seat-link",
        expected_version=0,
        idempotency_key="k",
    )
    html = client.get(page(table)).content.decode()
    assert "Entered by Ann &amp; Cat" in html
    own = client.post(
        page(table),
        {"action": "confirm", "code": seats[2].player.code, **form_values(html)},
    )
    assert "not the card code of a player of the other side" in own.content.decode()
    done = client.post(
        page(table),
        {"action": "confirm", "code": seats[1].player.code, **form_values(html)},
        follow=True,
    )
    assert "Result confirmed" in done.content.decode()
    assert TableResult.objects.get(table=table).is_confirmed


def test_the_seat_link_confirms_in_one_tap(client, db):
    table, seats = seated_table()
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS,
        seat=seats[0],
        via="seat-link",
        expected_version=0,
        idempotency_key="k",
    )
    own = client.get(f"/s/{seats[2].token}/").content.decode()
    assert "I, Cat, confirm this result" not in own
    html = client.get(f"/s/{seats[3].token}/").content.decode()
    assert "I, Dan, confirm this result" in html
    response = client.post(
        f"/s/{seats[3].token}/", {"action": "confirm", **form_values(html)}, follow=True
    )
    assert "Result confirmed" in response.content.decode()
    result = TableResult.objects.get(table=table)
    assert result.confirmed_by_seat == seats[3]
    assert ResultChange.objects.filter(table=table).last().via == "seat-link"


def test_hands_entered_from_a_seat_link_are_that_seats(client, db):
    table, seats = seated_table()
    html = client.get(f"/s/{seats[1].token}/").content.decode()
    client.post(f"/s/{seats[1].token}/", {**hand_post(0, 1, 3), **form_values(html)})
    result = TableResult.objects.get(table=table)
    assert result.submitted_by_seat == seats[1]
    assert ResultChange.objects.get(table=table).via == "seat-link"


def test_totals_only_tables_enter_each_sides_points(client, db):
    table, seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    as_scorer(client, table, seats[0])
    values = form_values(client.get(page(table)).content.decode())
    bad = client.post(page(table), {"action": "totals", "side_0": 3, "side_1": 2, **values})
    html = bad.content.decode()
    # The game by its name on the form, each side by its players (the page escapes "&").
    assert "8 hands of North American Euchre cannot give Ann &amp; Cat 3, Bob &amp; Dan 2." in html
    assert 'value="3"' in html
    client.post(page(table), {"action": "totals", "side_0": 9, "side_1": 4, **values})
    assert TableResult.objects.get(table=table).scores == [9, 4, 9, 4]


def test_the_organiser_results_page_shows_each_tables_state(client, db):
    table, seats = seated_table()
    rnd = table.round
    url = reverse("round-results", args=[rnd.tournament.pk, rnd.number])
    assert client.get(url).status_code == 302  # sign-in first
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    client.force_login(rnd.tournament.owner)
    assert "No result yet" in client.get(url).content.decode()
    services.submit_hands(
        table=table, hands=EIGHT_HANDS, seat=seats[0], expected_version=0, idempotency_key="k"
    )
    html = client.get(url).content.decode()
    assert "state-provisional" in html and "Close the round anyway" in html
    client.post(
        reverse("result-confirm", args=[rnd.tournament.pk, 1, 1]),
        {"idempotency_key": "org", "version": 1},
    )
    html = client.get(url).content.decode()
    assert "state-confirmed" in html and "Close the round</button>" in html


def test_stick_the_dealer_offers_no_thrown_in_hand(client, db):
    table, seats = seated_table(hand_entry="detailed", options={"stick_the_dealer": True})
    as_scorer(client, table, seats[0])
    assert 'name="passed"' not in client.get(page(table)).content.decode()
    plain, plain_seats = seated_table(hand_entry="detailed")
    as_scorer(client, plain, plain_seats[0])
    html = client.get(page(plain)).content.decode()
    assert 'name="passed"' in html and "no score:</label>" not in html


def test_stick_the_dealer_tables_save_a_played_hand(client, db):
    table, seats = seated_table(options={"stick_the_dealer": True})
    as_scorer(client, table, seats[0])
    values = form_values(client.get(page(table)).content.decode())
    response = client.post(page(table), {**hand_post(0, 0, 3), **values}, follow=True)
    assert response.status_code == 200
    assert "Hand 1 saved." in response.content.decode()
    assert TableResult.objects.get(table=table).scores == [1, 0, 1, 0]


def test_closing_a_round_with_open_tables_needs_force(client, db):
    table, _seats = seated_table()
    rnd = table.round
    client.force_login(rnd.tournament.owner)
    close = reverse("round-results-close", args=[rnd.tournament.pk, rnd.number])
    response = client.post(close, {"idempotency_key": "a"}, follow=True)
    assert "Table 1 not confirmed yet" in response.content.decode()
    client.post(close, {"idempotency_key": "b", "force": "1"})
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED
    assert ResultChange.objects.get(round=rnd).action == "round-force-closed"


def test_an_organiser_correction_shows_in_the_tables_history(client, db):
    table, seats = seated_table()
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS,
        seat=seats[0],
        via="seat-link",
        expected_version=0,
        idempotency_key="k",
    )
    services.confirm_result(table=table, codes=[seats[1].player.code], expected_version=1)
    owner = table.round.tournament.owner
    client.force_login(owner)
    url = reverse("result-correct", args=[table.round.tournament.pk, 1, 1])
    html = client.get(url + "?hand=3").content.decode()
    assert "Change hand 3" in html
    response = client.post(
        url,
        {**hand_post(2, 3, 3, hand_number=3), **form_values(html), "note": "Dan had three"},
        follow=True,
    )
    assert "Correction saved" in response.content.decode()
    assert TableResult.objects.get(table=table).scores == [5, 7, 5, 7]
    history = client.get(f"/t/{table.token}/history/").content.decode()
    assert "Corrected by an organiser" in history
    assert "an organiser" in history and f"organiser {owner.username}" not in history
    assert (
        "Hand 3: Cat dealt; Dan made hearts (bidding round 1); makers took 1 trick → "
        "Cat dealt; Dan made hearts (bidding round 1); makers took 3 tricks"
    ) in history
    assert "Score 7–6 → 5–7" in history
    assert "Dan had three" in history


def test_the_scorer_can_take_back_the_last_hand_before_confirmation(client, db):
    table, seats = seated_table()
    services.submit_hands(
        table=table, hands=EIGHT_HANDS[:2], seat=seats[0], expected_version=0, idempotency_key="k"
    )
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    form = re.search(
        r'value="remove-last">\s*<input type="hidden" name="version" '
        r'value="(\d+)">\s*<input type="hidden" name="idempotency_key" '
        r'value="(\w+)">',
        html,
    )
    data = {"action": "remove-last", "version": form.group(1), "idempotency_key": form.group(2)}
    client.post(page(table), data)
    client.post(page(table), data)  # the double tap removes nothing more
    assert TableResult.objects.get(table=table).hands == EIGHT_HANDS[:1]


def test_an_organiser_corrects_totals_with_the_rules_checked(client, db):
    table, seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    services.submit_totals(
        table=table, side_points=[9, 4], seat=seats[0], expected_version=0, idempotency_key="k"
    )
    client.force_login(table.round.tournament.owner)
    url = reverse("result-correct", args=[table.round.tournament.pk, 1, 1])
    values = form_values(client.get(url).content.decode())
    bad = client.post(url, {"action": "totals", "side_0": 40, "side_1": 4, **values})
    assert (
        "8 hands of North American Euchre give one side at most 32 points, so they cannot "
        "give totals Ann &amp; Cat 40, Bob &amp; Dan 4."
    ) in bad.content.decode()
    client.post(url, {"action": "totals", "side_0": 8, "side_1": 4, **values})
    result = TableResult.objects.get(table=table)
    assert result.scores == [8, 4, 8, 4] and result.is_confirmed
    history = client.get(f"/t/{table.token}/history/").content.decode()
    assert "Score 9–4 → 8–4" in history


def test_a_cutthroat_table_asks_the_other_players_to_confirm_not_the_other_side(client, db):
    table, seats = seated_table(
        variant=Tournament.Variant.THREE_HANDED, players=3, partners=False, hands_per_round=1
    )
    as_proven_scorer(client, table, seats[0])
    values = form_values(client.get(page(table)).content.decode())
    saved = client.post(page(table), {**hand_post(0, 1, 3), **values}, follow=True)
    html = saved.content.decode()
    assert "Saved. That was the last hand: one of the other players now confirms the result." in (
        html
    )
    assert "Entered by Ann. One of the other players confirms it." in html
    assert "other side" not in html


def test_an_unproven_cutthroat_entry_asks_two_players_not_each_side(client, db):
    table, seats = seated_table(
        variant=Tournament.Variant.THREE_HANDED, players=3, partners=False, hands_per_round=1
    )
    as_scorer(client, table, seats[0])
    values = form_values(client.get(page(table)).content.decode())
    html = client.post(page(table), {**hand_post(0, 1, 3), **values}, follow=True).content.decode()
    assert "Two different players check the score above and confirm it." in html
    assert "other side" not in html and "each side" not in html


def test_an_unproven_partnership_entry_says_each_side_confirms_not_the_other(client, db):
    table, seats = seated_table(hands_per_round=1)
    as_scorer(client, table, seats[0])  # no card code: nobody knows which side entered it
    values = form_values(client.get(page(table)).content.decode())
    html = client.post(page(table), {**hand_post(0, 1, 3), **values}, follow=True).content.decode()
    assert "Saved. That was the last hand: a player of each side now confirms the result." in html
    assert "A player of each side checks the score above and confirms it." in html
    assert "the other side now confirms" not in html


def test_a_heads_up_table_asks_the_other_player_to_confirm(client, db):
    table, seats = seated_table(
        variant=Tournament.Variant.TWO_HANDED, players=2, partners=False, hands_per_round=1
    )
    as_proven_scorer(client, table, seats[1])
    values = form_values(client.get(page(table)).content.decode())
    html = client.post(
        page(table), {**hand_post(0, 1, 5, round=2, trump="clubs"), **values}, follow=True
    ).content.decode()
    assert "Entered by Bob. The other player confirms it." in html
    assert "other side" not in html


def test_a_partnership_table_asks_the_other_side_to_confirm(client, db):
    table, seats = seated_table(hands_per_round=1)
    as_proven_scorer(client, table, seats[0])
    values = form_values(client.get(page(table)).content.decode())
    html = client.post(page(table), {**hand_post(0, 1, 3), **values}, follow=True).content.decode()
    assert "Entered by Ann &amp; Cat. A player of the other side confirms it." in html


def test_cutthroat_totals_ask_each_players_points(client, db):
    table, seats = seated_table(
        variant=Tournament.Variant.THREE_HANDED,
        players=3,
        partners=False,
        entry_mode=Tournament.EntryMode.TOTALS,
    )
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    assert "Each player's points after the round's 8 hands." in html


def test_a_cutthroat_table_colours_no_seats_as_partners(client, db):
    table, _seats = seated_table(variant=Tournament.Variant.THREE_HANDED, players=3, partners=False)
    html = client.get(page(table)).content.decode()
    assert html.count('class="scoring-seat"') == 3 and "side-a" not in html
    partnered, _seats = seated_table()
    assert "side-a" in client.get(page(partnered)).content.decode()


def test_a_two_of_spades_benny_table_takes_2s_as_the_benny(client, db):
    table, seats = seated_table(
        hand_entry="detailed",
        variant=Tournament.Variant.BRITISH,
        options={"two_of_spades_benny": True},
    )
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    assert '<option value="2S">2♠ (the Benny)</option>' in html
    values = form_values(html)
    refused = client.post(page(table), {**hand_post(0, 1, 3, turn_up_rank="2S"), **values})
    assert "When the Benny is turned up the dealer names trump at once" in (
        refused.content.decode()
    )
    client.post(page(table), {**hand_post(0, 0, 5, trump="clubs", turn_up_rank="2S"), **values})
    result = TableResult.objects.get(table=table)
    assert result.hands[0]["turn_up"] == "2S" and result.scores == [2, 0, 2, 0]
