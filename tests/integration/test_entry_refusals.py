"""What the table's page says when a hand is refused, and where it leads: a hand after
the round's last one or the game's winning one is refused with the rule on the detailed
form too; messages name players in the form's words, never a code or "seat <name>";
the page opens at the confirmation after the last hand; a closed round's seat page
leads to the player's seat now."""

from __future__ import annotations

from tests.factories import (
    ByeFactory,
    PlayerFactory,
    RoundFactory,
    SeatFactory,
    TableFactory,
)
from tests.integration.test_api_tables import api, entry, with_table_token
from tests.integration.test_outcome_entry import stored_hands, tap
from tests.integration.test_scoring_services import EIGHT_HANDS, hand, seated_table, submit
from tests.integration.test_scoring_views import as_scorer, form_values, hand_post, page
from tournaments.models import Round, Tournament

DETAILED = Tournament.HandEntry.DETAILED
# Ann's side marches alone three times: 12, past North American Euchre's 10.
WINNING_GAME = [hand(0, 0, 5, alone=[0]), hand(1, 2, 5, alone=[2]), hand(2, 0, 5, alone=[0])]


def _post_hand(client, table, data):
    html = client.get(page(table)).content.decode()
    return client.post(page(table), {**hand_post(**data), **form_values(html)})


def test_a_detailed_hand_after_the_rounds_last_is_refused_with_the_rule(client, db):
    table, seats = seated_table(hand_entry=DETAILED)
    submit(table, seats[0], EIGHT_HANDS)
    as_scorer(client, table, seats[0])
    response = _post_hand(client, table, {"dealer": 0, "maker": 1, "tricks": 3})
    assert response.status_code == 400
    body = response.content.decode()
    assert "This round is 8 hands and all of them are recorded" in body
    assert 'class="error scoring-refusal" role="alert"' in body
    assert len(stored_hands(table)) == 8


def test_a_detailed_hand_after_the_game_is_won_is_refused_naming_the_winners(client, db):
    table, seats = seated_table(hand_entry=DETAILED, round_play=Tournament.RoundPlay.GAME)
    submit(table, seats[0], WINNING_GAME)
    as_scorer(client, table, seats[0])
    response = _post_hand(client, table, {"dealer": 3, "maker": 1, "tricks": 3})
    assert response.status_code == 400
    body = response.content.decode()
    # Under the form's own heading "Hand 4" the refusal does not say "Hand 4:" again.
    assert "The game was already won by Ann, Cat; no hand is played after that." in body
    assert "Hand 4: The game" not in body
    assert "seat(s)" not in body
    assert len(stored_hands(table)) == 3


def test_a_wrong_dealer_is_named_as_the_player_who_deals(client, db):
    table, seats = seated_table(hand_entry=DETAILED)
    submit(table, seats[0], EIGHT_HANDS[:1])
    as_scorer(client, table, seats[0])
    response = _post_hand(client, table, {"dealer": 2, "maker": 1, "tricks": 3})
    assert response.status_code == 400
    body = response.content.decode()
    assert "The deal passes to the left: Bob deals this hand, not Cat." in body
    assert "Hand 2: The deal" not in body
    assert "seat Bob" not in body


def test_the_detailed_form_does_not_repeat_its_heading_in_a_refusal(client, db):
    # A turn-up of hearts, and spades named in bidding round 1: refused.
    table, seats = seated_table(hand_entry=DETAILED)
    as_scorer(client, table, seats[0])
    turned_down = {"turn_up_rank": "9", "turn_up_suit": "hearts", "trump": "spades"}
    response = _post_hand(client, table, {"dealer": 0, "maker": 1, "tricks": 3, **turned_down})
    assert response.status_code == 400
    body = response.content.decode()
    assert body.count("Hand 1") == 1  # the form's heading, once
    assert 'id="entry-title">Hand 1<' in body
    assert "In bidding round 1 trump is the turn-up&#x27;s suit (hearts), not spades." in body
    # The API, with no heading, says which hand it is.
    api_answer = with_table_token(table).post(
        api(table, "hands/"),
        entry([hand(0, 1, 3, trump="spades") | {"turn_up": "9H"}], seat=seats[0]),
        format="json",
    )
    assert api_answer.json()["message"] == (
        "Hand 1: In bidding round 1 trump is the turn-up's suit (hearts), not spades."
    )


def test_changing_a_hand_that_breaks_a_later_one_names_the_later_hand(client, db):
    table, seats = seated_table(hand_entry=DETAILED)
    submit(table, seats[0], EIGHT_HANDS[:2])
    as_scorer(client, table, seats[0])
    html = client.get(page(table) + "?edit=1").content.decode()
    assert "Change hand 1" in html
    # Bob deals hand 1 now, so hand 2, still dealt by Bob, breaks the deal's order.
    change = {**form_values(html), **hand_post(1, 0, 3), "hand_number": 1}
    response = client.post(page(table), change)
    assert response.status_code == 400
    body = response.content.decode()
    assert "Change hand 1" in body
    assert "Hand 2: The deal passes to the left: Cat deals this hand, not Bob." in body


def test_the_api_names_the_winners_without_seat_words(db):
    table, seats = seated_table(round_play=Tournament.RoundPlay.GAME)
    response = with_table_token(table).post(
        api(table, "hands/"), entry([*WINNING_GAME, hand(3, 1, 3)], seat=seats[0]), format="json"
    )
    assert response.json()["error"] == "hand_after_game_over"
    assert response.json()["message"] == (
        "Hand 4: The game was already won by Ann, Cat; no hand is played after that."
    )


def test_a_result_the_table_does_not_offer_is_refused_without_its_code(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    response = tap(client, table, "lone_march:0:1")
    assert response.status_code == 400
    body = response.content.decode()
    assert "That result is not a way a hand of North American Euchre ends" in body
    assert "lone_march:0:1</" not in body and "“lone_march" not in body


def test_after_the_last_hand_the_page_opens_at_the_confirmation(client, db):
    table, seats = seated_table(hand_entry=DETAILED)
    submit(table, seats[0], EIGHT_HANDS[:7])
    as_scorer(client, table, seats[0])
    response = _post_hand(
        client, table, {"dealer": 3, "maker": 3, "tricks": 3, "trump": "diamonds"}
    )
    assert response.status_code == 302 and response.url.endswith("#confirm")
    assert 'id="confirm"' in client.get(page(table)).content.decode()
    # One tap, no JavaScript: the same.
    tapped, tapped_seats = seated_table()
    submit(tapped, tapped_seats[0], EIGHT_HANDS[:7])
    as_scorer(client, tapped, tapped_seats[0])
    assert tap(client, tapped, "made:1").url.endswith("#confirm")
    assert tap(client, tapped, "made:1").status_code == 400  # and a ninth is refused


def _next_round(table, seats, *, bye=False):
    rnd = RoundFactory(tournament=table.round.tournament, number=2, status=Round.Status.IN_PLAY)
    if bye:
        ByeFactory(round=rnd, player=seats[0].player)
        return None
    moved = TableFactory(round=rnd, number=3)
    players = [seats[0].player, *(PlayerFactory(tournament=rnd.tournament) for _ in range(3))]
    placed = [
        SeatFactory(table=moved, position=i, side=i % 2, player=player)
        for i, player in enumerate(players)
    ]
    return placed[0]


def test_a_closed_rounds_seat_link_leads_to_the_players_seat_now(client, db):
    table, seats = seated_table(status=Round.Status.CLOSED)
    now = _next_round(table, seats)
    html = client.get(f"/s/{seats[0].token}/").content.decode()
    assert "This round is closed." in html
    assert f'href="/s/{now.token}/"' in html and "Go to your seat now, Ann" in html
    opened = client.get(f"/s/{now.token}/").content.decode()
    assert "Table 3" in opened and "This round is closed." not in opened


def test_a_closed_rounds_table_link_leads_to_the_players_own_page(client, db):
    table, seats = seated_table(status=Round.Status.CLOSED)
    _next_round(table, seats, bye=True)
    as_scorer(client, table, seats[0])
    html = client.get(page(table)).content.decode()
    player = seats[0].player
    # The table link proves no seat: the public page, never someone's seat link.
    assert f'href="/t/{player.tournament_id}/players/{player.pk}/"' in html
    assert "Where Ann sits now" in html and "/s/" not in html


def test_the_api_needs_turn_up_where_only_the_benny_makes_a_hand_legal(db):
    # British, no loner after a pass (seed 003): Bob, on the dealer's left, defends
    # alone. With the Benny turned up nobody bid, so he never passed.
    table, seats = seated_table(
        variant=Tournament.Variant.BRITISH, options={"no_loner_after_pass": True}
    )
    lone_defender = {"dealer": 0, "makers": 0, "alone": [1], "result": "euchred"}
    client = with_table_token(table)
    refused = client.post(
        api(table, "hands/"), entry([lone_defender], seat=seats[0]), format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["error"] == "loner_passed"
    assert refused.json()["message"] == (
        "Hand 1: Bob passed in the bidding round in which trump was made, so cannot go alone."
    )
    stored = client.post(
        api(table, "hands/"),
        entry([{**lone_defender, "turn_up": "BENNY"}], seat=seats[0], key="k2"),
        format="json",
    )
    assert stored.status_code in (200, 201), stored.json()
    assert stored_hands(table)[0]["turn_up"] == "BENNY"
