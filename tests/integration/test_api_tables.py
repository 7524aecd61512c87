"""The REST API's scorer side: a table's token (or a seat's) reaches that table only;
hands and totals go through the scoring services with their rules, versions and
idempotency keys; confirmation, the audit trail and organisers' corrections."""

from __future__ import annotations

import html
import re

import pytest
from rest_framework.test import APIClient

from scoring import services
from scoring.models import ResultChange, TableResult
from tests.factories import UserFactory
from tests.integration.test_scoring_services import (  # noqa: F401 (slow_writes: a fixture)
    EIGHT_HANDS,
    _race,
    hand,
    seated_table,
    slow_writes,
)
from tournaments.models import Round, Tournament

CONFLICT = (
    "Someone else changed this table's result while you were entering yours. Nothing of "
    "yours was stored: check the result as it is now and enter your change again."
)
NOT_ORGANISER = "Only the organisers of this tournament can do that."


def with_table_token(table) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
    return client


def with_seat_token(seat) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Seat {seat.token}")
    return client


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def api(table, tail: str = "") -> str:
    return f"/api/tables/{table.token}/{tail}"


def entry(hands, *, version=0, key="k1", seat=None) -> dict:
    body = {"hands": hands, "expected_version": version, "idempotency_key": key}
    if seat is not None:
        body["seat"] = seat.pk
    return body


def totals_entry(points, *, key, seat=None) -> dict:
    body = {"side_points": points, "expected_version": 0, "idempotency_key": key}
    if seat is not None:
        body["seat"] = seat.pk
    return body


def organiser_of(table):
    return table.round.tournament.owner


# ---------------------------------------------------------------- reading a table


def test_the_table_token_reads_its_table_without_seat_tokens_or_codes(db):
    table, seats = seated_table()
    response = with_table_token(table).get(api(table))
    assert response.status_code == 200
    body = response.json()
    assert body["table"] == 1 and body["round"] == {"number": 1, "status": "in-play"}
    assert [(s["engine_seat"], s["player"], s["label"]) for s in body["seats"]] == [
        (0, "Ann", "North"),
        (1, "Bob", "East"),
        (2, "Cat", "South"),
        (3, "Dan", "West"),
    ]
    assert [side["names"] for side in body["sides"]] == ["Ann & Cat", "Bob & Dan"]
    assert body["result"] is None and body["state"] == "missing" and body["version"] == 0
    text = response.content.decode()
    for seat in seats:
        assert seat.token not in text and seat.player.code not in text
    assert "token" not in body["seats"][0]


def test_a_seat_token_reads_its_table_and_is_named_as_the_acting_seat(db):
    table, seats = seated_table()
    body = with_seat_token(seats[2]).get(api(table)).json()
    assert body["acting_seat"] == seats[2].pk


def test_the_tournaments_organisers_read_any_of_its_tables(db):
    table, _seats = seated_table()
    assert signed_in(organiser_of(table)).get(api(table)).status_code == 200


def test_without_a_token_a_table_is_closed(db):
    table, _seats = seated_table()
    response = APIClient().get(api(table))
    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Table"


def test_a_wrong_token_is_refused(db):
    table, _seats = seated_table()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Table " + "x" * 43)
    response = client.get(api(table))
    assert response.status_code == 401
    assert response.json() == {
        "error": "bad_token",
        "message": "There is no table behind this link.",
        "details": [],
    }
    client.credentials(HTTP_AUTHORIZATION="Seat " + "x" * 43)
    assert client.get(api(table)).json()["message"] == "There is no seat behind this link."


def test_another_tables_token_does_not_open_this_table(db):
    table, seats = seated_table()
    other, other_seats = seated_table()
    for client in (with_table_token(other), with_seat_token(other_seats[0])):
        response = client.get(api(table))
        assert response.status_code == 403
        assert response.json() == {
            "error": "not_this_table",
            "message": "This link is for another table.",
            "details": [],
        }


def test_another_tournaments_organiser_cannot_read_the_table(db):
    table, _seats = seated_table()
    response = signed_in(UserFactory()).get(api(table))
    assert response.status_code == 403
    assert response.json()["error"] == "not_organiser"
    assert response.json()["message"] == NOT_ORGANISER


def test_an_unknown_table_is_not_found_for_a_valid_token(db):
    table, _seats = seated_table()
    response = with_table_token(table).get("/api/tables/" + "y" * 43 + "/")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


# ---------------------------------------------------------------- entering hands


def test_hands_are_scored_with_a_running_score(db):
    table, seats = seated_table()
    response = with_table_token(table).post(
        api(table, "hands/"), entry(EIGHT_HANDS[:3], seat=seats[0]), format="json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["result"]["scores"] == [6, 1, 6, 1]
    assert body["result"]["version"] == 1 and body["version"] == 1
    assert body["state"] == "in-progress" and body["replayed"] is False
    assert [line["running"] for line in body["lines"]] == [[0, 1, 0, 1], [4, 1, 4, 1], [6, 1, 6, 1]]
    assert body["lines"][1]["text"].startswith("Bob dealt; Ann made hearts")
    assert [side["score"] for side in body["sides"]] == [6, 1]
    assert body["next_dealer"] == 3
    change = ResultChange.objects.get(table=table)
    assert change.via == ResultChange.Via.TABLE_LINK and change.seat == seats[0]


@pytest.mark.parametrize(
    ("extra", "fields"),
    [
        ({"variant": "two-handed"}, "variant"),
        ({"options": {"stick_the_dealer": True}}, "options"),
        ({"variant": "british", "options": {}}, "variant / options"),
    ],
)
def test_a_hand_that_carries_its_own_rules_is_refused(db, extra, fields):
    table, seats = seated_table()
    hands = [EIGHT_HANDS[0], {**EIGHT_HANDS[1], **extra}]
    response = with_table_token(table).post(
        api(table, "hands/"), entry(hands, seat=seats[0]), format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"] == "hand_has_own_rules"
    assert response.json()["message"] == (
        f"Hand 2: A hand cannot carry its own {fields}: every hand at this table is played "
        "by the tournament's rules."
    )
    assert not TableResult.objects.exists()


def test_a_seat_token_enters_hands_as_that_seat(db):
    table, seats = seated_table()
    response = with_seat_token(seats[1]).post(
        api(table, "hands/"), entry(EIGHT_HANDS[:1]), format="json"
    )
    assert response.status_code == 200
    result = TableResult.objects.get(table=table)
    assert result.submitted_by_seat == seats[1] and result.submitted_side == 1
    assert ResultChange.objects.get(table=table).via == ResultChange.Via.SEAT_LINK


def test_the_table_token_must_say_whose_seat_enters(db):
    table, _seats = seated_table()
    other, other_seats = seated_table()
    for body in (entry(EIGHT_HANDS[:1]), entry(EIGHT_HANDS[:1], seat=other_seats[0])):
        response = with_table_token(table).post(api(table, "hands/"), body, format="json")
        assert response.status_code == 400
        assert response.json() == {
            "error": "not_at_table",
            "message": "Choose your own seat at this table first.",
            "details": [],
        }
    assert not TableResult.objects.exists()


def test_a_refused_hand_has_the_engines_code_and_the_pages_message(client, db):
    # The same hand through the page and through the API: the same words, but for the
    # hand's number, which the page's form already shows as its heading.
    table, seats = seated_table(hand_entry="detailed")
    bad = hand(0, 1, 2, trump="spades") | {"turn_up": "9h"}
    response = with_table_token(table).post(
        api(table, "hands/"), entry([bad], seat=seats[0]), format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "trump_not_turn_up_suit"
    assert body["hand"] == 1
    assert body["message"] == (
        "Hand 1: In bidding round 1 trump is the turn-up's suit (hearts), not spades."
    )
    client.post(f"/t/{table.token}/", {"action": "seat", "seat": seats[0].pk})
    page = client.get(f"/t/{table.token}/").content.decode()
    values = dict(re.findall(r'name="(version|idempotency_key)" value="([^"]*)"', page))
    shown = client.post(
        f"/t/{table.token}/",
        {
            "action": "hand",
            "dealer": 0,
            "maker": 1,
            "round": 1,
            "trump": "spades",
            "tricks": 2,
            "turn_up": "9h",
            **values,
        },
    ).content.decode()
    problem = body["message"].removeprefix("Hand 1: ")
    assert html.escape(problem) in shown
    assert html.escape(body["message"]) not in shown
    assert not TableResult.objects.exists()


def test_a_wrong_dealer_names_the_players(db):
    table, seats = seated_table()
    response = with_table_token(table).post(
        api(table, "hands/"), entry([hand(0, 1, 3), hand(2, 1, 3)], seat=seats[0]), format="json"
    )
    assert response.json()["error"] == "wrong_dealer"
    assert response.json()["message"] == (
        "Hand 2: The deal passes to the left: Bob deals this hand, not Cat."
    )


def test_a_replayed_post_is_stored_once(db):
    table, seats = seated_table()
    client = with_table_token(table)
    body = entry(EIGHT_HANDS[:2], seat=seats[0], key="tap-1")
    first = client.post(api(table, "hands/"), body, format="json")
    again = client.post(api(table, "hands/"), body, format="json")
    assert first.status_code == again.status_code == 200
    assert again.json()["replayed"] is True
    assert again.json()["result"] == first.json()["result"]
    assert ResultChange.objects.filter(table=table).count() == 1
    assert TableResult.objects.get(table=table).version == 1


def test_a_key_used_at_another_table_is_a_conflict(db):
    table, seats = seated_table()
    other, other_seats = seated_table()
    with_table_token(table).post(
        api(table, "hands/"), entry(EIGHT_HANDS[:1], seat=seats[0], key="same"), format="json"
    )
    response = with_table_token(other).post(
        api(other, "hands/"), entry(EIGHT_HANDS[:1], seat=other_seats[0], key="same"), format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"] == "duplicate_submission"
    assert not TableResult.objects.filter(table=other).exists()


def test_a_stale_version_is_a_conflict_and_stores_nothing(db):
    table, seats = seated_table()
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS[:1],
        seat=seats[1],
        expected_version=0,
        idempotency_key="phone-1",
    )
    response = with_table_token(table).post(
        api(table, "hands/"),
        entry([hand(0, 2, 3)], version=0, key="phone-2", seat=seats[0]),
        format="json",
    )
    assert response.status_code == 409
    assert response.json() == {"error": "conflict", "message": CONFLICT, "details": []}
    assert TableResult.objects.get(table=table).hands == EIGHT_HANDS[:1]


def test_hands_are_entered_with_a_token_only(db):
    table, seats = seated_table()
    other, _other_seats = seated_table()
    body = entry(EIGHT_HANDS[:1], seat=seats[0])
    assert APIClient().post(api(table, "hands/"), body, format="json").status_code == 401
    organiser = signed_in(organiser_of(table)).post(api(table, "hands/"), body, format="json")
    assert organiser.status_code == 403
    assert organiser.json()["error"] == "not_this_table"
    assert organiser.json()["message"] == (
        "Results are entered with the table's link; organisers correct them instead."
    )
    assert (
        with_table_token(other).post(api(table, "hands/"), body, format="json").status_code == 403
    )
    assert not TableResult.objects.exists()


def test_a_malformed_entry_is_invalid(db):
    table, seats = seated_table()
    response = with_table_token(table).post(api(table, "hands/"), {"hands": "lots"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid"
    assert set(body["field_errors"]) == {"hands", "expected_version", "idempotency_key"}


def test_a_hand_that_is_not_an_object_is_explained_by_the_engine(db):
    table, seats = seated_table()
    response = with_table_token(table).post(
        api(table, "hands/"), entry([7], seat=seats[0]), format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"] == "bad_hand"
    assert response.json()["message"].startswith("Hand 1: A hand must be a JSON object")


def test_no_entries_before_the_round_starts_or_after_it_closes(db):
    for status, code in (
        (Round.Status.PLANNED, "round_not_started"),
        (Round.Status.CLOSED, "round_closed"),
    ):
        table, seats = seated_table(status=status)
        response = with_table_token(table).post(
            api(table, "hands/"), entry(EIGHT_HANDS[:1], seat=seats[0]), format="json"
        )
        assert response.status_code == 400
        assert response.json()["error"] == code


# ---------------------------------------------------------------- totals


def test_totals_are_checked_by_the_rules(db):
    table, seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    client = with_table_token(table)
    bad = client.post(
        api(table, "totals/"), totals_entry([3, 2], key="t1", seat=seats[0]), format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["message"] == (
        "8 hands of North American Euchre cannot give Ann & Cat 3, Bob & Dan 2."
    )
    wrong_count = client.post(
        api(table, "totals/"), totals_entry([9], key="t2", seat=seats[0]), format="json"
    )
    assert wrong_count.json()["error"] == "bad_totals"
    good = client.post(
        api(table, "totals/"), totals_entry([9, 4], key="t3", seat=seats[0]), format="json"
    )
    assert good.status_code == 200
    assert good.json()["result"]["scores"] == [9, 4, 9, 4]
    assert good.json()["state"] == "provisional"


def test_totals_need_the_tables_token(db):
    table, seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    other, _other_seats = seated_table()
    body = totals_entry([9, 4], key="t")
    assert APIClient().post(api(table, "totals/"), body, format="json").status_code == 401
    assert (
        with_table_token(other).post(api(table, "totals/"), body, format="json").status_code == 403
    )
    assert (
        signed_in(organiser_of(table)).post(api(table, "totals/"), body, format="json").status_code
        == 403
    )


# ---------------------------------------------------------------- confirming


def finished(table, seats):
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS,
        seat=seats[0],
        via=ResultChange.Via.SEAT_LINK,
        expected_version=0,
        idempotency_key="finished",
    )


def test_the_other_sides_seat_token_confirms(db):
    table, seats = seated_table()
    finished(table, seats)
    own = with_seat_token(seats[2]).post(
        api(table, "confirm/"), {"expected_version": 1}, format="json"
    )
    assert own.status_code == 400
    assert own.json()["error"] == "own_result"
    assert own.json()["message"] == (
        "Your side entered this result, so the other side must confirm it."
    )
    done = with_seat_token(seats[3]).post(
        api(table, "confirm/"), {"idempotency_key": "c", "expected_version": 1}, format="json"
    )
    assert done.status_code == 200
    assert done.json()["state"] == "confirmed"
    result = TableResult.objects.get(table=table)
    assert result.confirmed_by_seat == seats[3]
    replay = with_seat_token(seats[3]).post(
        api(table, "confirm/"), {"idempotency_key": "c", "expected_version": 1}, format="json"
    )
    assert replay.status_code == 200
    again = with_seat_token(seats[1]).post(
        api(table, "confirm/"), {"expected_version": 2}, format="json"
    )
    assert again.json()["error"] == "already_confirmed"
    assert ResultChange.objects.filter(action=ResultChange.Action.CONFIRMED).count() == 1


def test_the_table_token_confirms_with_an_opponents_code(db):
    table, seats = seated_table()
    finished(table, seats)
    client = with_table_token(table)
    wrong = client.post(
        api(table, "confirm/"), {"codes": ["ZZZZZZ"], "expected_version": 1}, format="json"
    )
    assert wrong.status_code == 400
    assert wrong.json()["error"] == "wrong_code"
    own = client.post(
        api(table, "confirm/"),
        {"codes": [seats[0].player.code], "expected_version": 1},
        format="json",
    )
    assert own.json() == wrong.json()
    done = client.post(
        api(table, "confirm/"),
        {"codes": [seats[1].player.code.lower()], "expected_version": 1},
        format="json",
    )
    assert done.status_code == 200 and done.json()["state"] == "confirmed"
    assert ResultChange.objects.filter(table=table).last().via == ResultChange.Via.PLAYER_CODE


def test_an_unfinished_result_cannot_be_confirmed(db):
    table, seats = seated_table()
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS[:2],
        seat=seats[0],
        expected_version=0,
        idempotency_key="part",
    )
    response = with_seat_token(seats[1]).post(
        api(table, "confirm/"), {"expected_version": 1}, format="json"
    )
    assert response.json()["error"] == "not_finished"


def test_an_organiser_confirms_and_others_cannot(db):
    table, seats = seated_table()
    finished(table, seats)
    other, other_seats = seated_table()
    body = {"expected_version": 1}
    assert APIClient().post(api(table, "confirm/"), body, format="json").status_code == 401
    assert (
        with_seat_token(other_seats[1])
        .post(api(table, "confirm/"), body, format="json")
        .status_code
        == 403
    )
    stranger = signed_in(UserFactory()).post(api(table, "confirm/"), body, format="json")
    assert stranger.status_code == 403 and stranger.json()["error"] == "not_organiser"
    done = signed_in(organiser_of(table)).post(api(table, "confirm/"), body, format="json")
    assert done.status_code == 200
    assert TableResult.objects.get(table=table).confirmed_by_user == organiser_of(table)


# ---------------------------------------------------------------- history


def test_the_history_lists_every_change_for_the_table_and_its_organisers(db):
    table, seats = seated_table()
    services.submit_hands(
        table=table, hands=EIGHT_HANDS[:1], seat=seats[0], expected_version=0, idempotency_key="h1"
    )
    services.submit_hands(
        table=table, hands=EIGHT_HANDS[:2], seat=seats[1], expected_version=1, idempotency_key="h2"
    )
    for client in (
        with_table_token(table),
        with_seat_token(seats[3]),
        signed_in(organiser_of(table)),
    ):
        response = client.get(api(table, "history/"))
        assert response.status_code == 200
        changes = response.json()
        assert [c["version"] for c in changes] == [1, 2]
        # Chosen on the table link, not proven: the history says so.
        assert changes[1]["who"] == "the table link, seat not proven (Bob's seat was chosen)"
        assert changes[1]["lines"][0].startswith("Hand 2 added: Bob dealt; Ann made hearts")


def test_the_history_is_closed_to_everyone_else(db):
    table, _seats = seated_table()
    other, _other_seats = seated_table()
    assert APIClient().get(api(table, "history/")).status_code == 401
    assert with_table_token(other).get(api(table, "history/")).status_code == 403
    assert signed_in(UserFactory()).get(api(table, "history/")).status_code == 403


# ---------------------------------------------------------------- organisers' results


def board_url(table) -> str:
    return f"/api/results/?tournament={table.round.tournament.pk}&round=1"


def test_organisers_read_the_rounds_results_board(db):
    table, seats = seated_table()
    finished(table, seats)
    response = signed_in(organiser_of(table)).get(board_url(table))
    assert response.status_code == 200
    [row] = response.json()
    assert row["table_id"] == table.pk and row["state"] == "provisional"
    assert row["sides"] == [{"names": "Ann & Cat", "score": 7}, {"names": "Bob & Dan", "score": 6}]
    assert row["result"]["version"] == 1


def test_the_results_board_is_for_organisers_only(db):
    table, _seats = seated_table()
    assert APIClient().get(board_url(table)).status_code == 403
    response = signed_in(UserFactory()).get(board_url(table))
    assert response.status_code == 403 and response.json()["error"] == "not_organiser"
    assert with_table_token(table).get(board_url(table)).status_code == 403


def test_the_results_board_needs_a_tournament_and_a_round(db):
    table, _seats = seated_table()
    client = signed_in(organiser_of(table))
    response = client.get("/api/results/?round=1")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"
    assert response.json()["message"] == "tournament: Give “tournament” as a number."
    missing = client.get(f"/api/results/?tournament={table.round.tournament.pk}&round=5")
    assert missing.status_code == 404


def test_an_organiser_corrects_a_result_and_the_audit_trail_keeps_it(db):
    table, seats = seated_table()
    finished(table, seats)
    client = signed_in(organiser_of(table))
    fixed = EIGHT_HANDS[:7] + [hand(3, 0, 3, trump="diamonds")]
    response = client.patch(
        f"/api/results/{table.pk}/",
        {
            "hands": fixed,
            "expected_version": 1,
            "idempotency_key": "fix-1",
            "note": "Dan's side misread the last hand",
        },
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["result"]["scores"] == [8, 5, 8, 5]
    assert response.json()["state"] == "confirmed"
    change = ResultChange.objects.filter(table=table).last()
    assert change.action == ResultChange.Action.CORRECTED
    assert change.user == organiser_of(table) and change.note.startswith("Dan's side")
    history = client.get(api(table, "history/")).json()
    assert history[-1]["who"] == "an organiser"
    assert "Score 7–6 → 8–5" in history[-1]["lines"]
    stale = client.patch(
        f"/api/results/{table.pk}/",
        {
            "hands": EIGHT_HANDS,
            "expected_version": 1,
            "idempotency_key": "fix-2",
        },
        format="json",
    )
    assert stale.status_code == 409 and stale.json()["message"] == CONFLICT


def test_a_table_that_sent_nothing_is_given_a_result_by_its_organiser(db):
    table, _seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    client = signed_in(organiser_of(table))
    assert client.get(f"/api/results/{table.pk}/").json()["result"] is None
    response = client.patch(
        f"/api/results/{table.pk}/",
        {"side_points": [10, 3], "expected_version": 0, "idempotency_key": "given"},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["result"]["scores"] == [10, 3, 10, 3]


def test_a_correction_gives_hands_or_side_points(db):
    table, _seats = seated_table()
    response = signed_in(organiser_of(table)).patch(
        f"/api/results/{table.pk}/",
        {"expected_version": 0, "idempotency_key": "neither"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["message"] == "Give either hands or side_points."


def test_only_organisers_correct_results(db):
    table, seats = seated_table()
    finished(table, seats)
    body = {"side_points": [9, 4], "expected_version": 1, "idempotency_key": "x"}
    assert APIClient().patch(f"/api/results/{table.pk}/", body, format="json").status_code == 403
    assert (
        with_table_token(table).patch(f"/api/results/{table.pk}/", body, format="json").status_code
        == 403
    )
    stranger = signed_in(UserFactory())
    assert stranger.patch(f"/api/results/{table.pk}/", body, format="json").status_code == 403
    assert stranger.get(f"/api/results/{table.pk}/").status_code == 403
    assert TableResult.objects.get(table=table).version == 1
    assert signed_in(organiser_of(table)).get("/api/results/999999/").status_code == 404


# ---------------------------------------------------------------- races and CSRF


@pytest.mark.usefixtures("slow_writes")
def test_two_phones_posting_at_once_get_one_stored_and_one_conflict(postgres_db, transactional_db):
    table, seats = seated_table()
    outcomes = _race(
        lambda: with_seat_token(seats[0]).post(
            api(table, "hands/"), entry(EIGHT_HANDS[:1], key="a"), format="json"
        ),
        lambda: with_seat_token(seats[1]).post(
            api(table, "hands/"), entry([hand(0, 2, 3)], key="b"), format="json"
        ),
    )
    assert sorted(o.status_code for o in outcomes) == [200, 409], outcomes
    assert TableResult.objects.get(table=table).version == 1


@pytest.mark.usefixtures("slow_writes")
def test_a_retried_post_racing_itself_is_stored_once(postgres_db, transactional_db):
    table, seats = seated_table()
    body = entry(EIGHT_HANDS[:1], key="same", seat=seats[0])
    outcomes = _race(
        lambda: with_table_token(table).post(api(table, "hands/"), body, format="json"),
        lambda: with_table_token(table).post(api(table, "hands/"), body, format="json"),
    )
    assert [o.status_code for o in outcomes] == [200, 200], outcomes
    assert ResultChange.objects.filter(idempotency_key="same").count() == 1


def test_signed_in_writes_need_the_csrf_token_but_table_tokens_do_not(db):
    table, seats = seated_table()
    finished(table, seats)
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(organiser_of(table))
    refused = browser.post(api(table, "confirm/"), {"expected_version": 1}, format="json")
    assert refused.status_code == 403
    assert refused.json()["message"].startswith("CSRF Failed")
    phone = APIClient(enforce_csrf_checks=True)
    phone.credentials(HTTP_AUTHORIZATION=f"Seat {seats[1].token}")
    assert (
        phone.post(api(table, "confirm/"), {"expected_version": 1}, format="json").status_code
        == 200
    )
