"""A dispute is a state, not a phone call (issue 32).

Instead of confirming, the side that did not enter a result answers "That is not what
we played" with its proof (a seat link or a card code) and a short reason. The table
is then disputed everywhere: nobody confirms it, the round cannot close, not even by
force, and the organiser resolves it (as entered, or corrected) unless the disputing
side enters its own version, which the other side then confirms. The history keeps
every step.
"""

from __future__ import annotations

import pytest
import yaml
from django.urls import reverse

from core.errors import DomainError
from scoring import services
from scoring.models import ResultChange, TableResult
from scoring.night_standings import tournament_standings
from tests.integration.test_api_tables import (
    api,
    organiser_of,
    signed_in,
    with_seat_token,
    with_table_token,
)
from tests.integration.test_confirm_on_phone import entered_by_ann
from tests.integration.test_figures import csv_rows
from tests.integration.test_scoring_services import EIGHT_HANDS, hand
from tests.integration.test_scoring_views import form_values, page
from tournaments.models import Round

Action = ResultChange.Action
Status = TableResult.Status

REASON = "Hand 5 was Bob's march alone, not with Dan"
DISPUTED_CONFIRM = (
    "This result is disputed, so it cannot be confirmed here: the organiser resolves it, "
    "or the side that disputed it enters its own version."
)
RESOLVE_FIRST = "The round cannot close while a table is disputed: resolve table 1 first."
OWN_SIDE = (
    "Your side entered this result, so it cannot dispute it: change the hands or the score instead."
)


def result_of(table) -> TableResult:
    return TableResult.objects.get(table=table)


def dispute_from_seat_link(table, seat, *, reason=REASON, key="disputed"):
    return services.dispute_result(
        table=table,
        proofs=[services.Proof(seat=seat, via="seat-link")],
        reason=reason,
        expected_version=result_of(table).version,
        idempotency_key=key,
    )


def actions(table) -> list[str]:
    return list(ResultChange.objects.filter(table=table).values_list("action", flat=True))


# ---------------------------------------------------------------- who may dispute


def test_the_other_side_disputes_with_its_seat_link_and_a_reason(db):
    table, (ann, bob, _cat, _dan) = entered_by_ann()
    before = result_of(table).version

    result = dispute_from_seat_link(table, bob)

    assert result.status == Status.DISPUTED
    assert (result.disputed_side, result.disputed_by_seat, result.dispute_reason) == (
        1,
        bob,
        REASON,
    )
    assert result.version == before + 1
    change = ResultChange.objects.filter(table=table).last()
    assert (change.action, change.seat, change.via, change.note) == (
        Action.DISPUTED,
        bob,
        "seat-link",
        REASON,
    )
    # Nobody confirms a disputed result any more, not even a proven opponent.
    with pytest.raises(DomainError) as refused:
        services.confirm_result(
            table=table,
            proofs=[services.Proof(seat=bob, via="seat-link")],
            expected_version=result.version,
        )
    assert refused.value.message == DISPUTED_CONFIRM


def test_the_side_that_entered_the_result_cannot_dispute_it(db):
    table, (ann, _bob, cat, dan) = entered_by_ann()
    with pytest.raises(DomainError) as refused:
        dispute_from_seat_link(table, cat)
    assert (refused.value.status, refused.value.message) == (400, OWN_SIDE)
    # A typed code of that side is refused as any wrong code: it tells a guesser nothing.
    with pytest.raises(DomainError) as guessed:
        services.dispute_result(
            table=table,
            codes=[ann.player.code],
            reason=REASON,
            expected_version=result_of(table).version,
        )
    assert guessed.value.code == "wrong_code"
    # Dan's card code, typed on the table's link, proves the other side.
    services.dispute_result(table=table, codes=[dan.player.code], reason=REASON, expected_version=1)
    assert result_of(table).disputed_by_seat == dan


def test_a_dispute_needs_a_short_reason_and_a_proof(db):
    table, (_ann, bob, _cat, _dan) = entered_by_ann()
    for reason, words in (
        ("   ", "Say in a few words what was played instead."),
        ("x" * 201, "Keep the reason short: at most 200 characters."),
    ):
        with pytest.raises(DomainError) as refused:
            dispute_from_seat_link(table, bob, reason=reason)
        assert refused.value.message == words
    with pytest.raises(DomainError) as unproven:
        services.dispute_result(table=table, reason=REASON, expected_version=1)
    assert unproven.value.message.startswith("Say who disputes it")
    assert result_of(table).status == Status.PROVISIONAL


def test_a_confirmed_result_a_closed_round_and_a_stale_version_cannot_be_disputed(db):
    table, (_ann, bob, _cat, dan) = entered_by_ann()
    with pytest.raises(DomainError) as stale:
        services.dispute_result(
            table=table,
            proofs=[services.Proof(seat=bob, via="seat-link")],
            reason=REASON,
            expected_version=0,
        )
    assert stale.value.status == 409
    assert "look again before disputing it" in stale.value.message

    services.confirm_result(
        table=table, proofs=[services.Proof(seat=dan, via="seat-link")], expected_version=1
    )
    with pytest.raises(DomainError) as confirmed:
        dispute_from_seat_link(table, bob)
    assert confirmed.value.message == (
        "This result is confirmed; only an organiser can change it now."
    )

    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    with pytest.raises(DomainError) as closed:
        dispute_from_seat_link(table, bob)
    assert closed.value.message == (
        "This round is closed; a result can no longer be disputed. Ask the organiser."
    )


# ---------------------------------------------------------------- its own version


def test_the_disputing_side_enters_its_own_version_and_the_other_side_confirms_it(db):
    table, (ann, bob, cat, dan) = entered_by_ann()
    dispute_from_seat_link(table, bob)

    # Meanwhile nobody else writes at the table: not the side that entered it, not an
    # unproven phone.
    for seat, via in ((cat, "seat-link"), (dan, "table-link")):
        with pytest.raises(DomainError) as refused:
            services.submit_hands(
                table=table,
                hands=EIGHT_HANDS[:-1],
                seat=seat,
                via=via,
                expected_version=result_of(table).version,
                idempotency_key=f"not-{seat.pk}",
            )
        assert refused.value.code == "disputed"

    # Bob's version: hand 5 was his march alone (4, not 2).
    theirs = [*EIGHT_HANDS[:4], hand(0, 1, 5, round=2, alone=[1]), *EIGHT_HANDS[5:]]
    result = services.submit_hands(
        table=table,
        hands=theirs,
        seat=bob,
        via="seat-link",
        expected_version=result_of(table).version,
        idempotency_key="bobs-version",
    )
    assert result.status == Status.PROVISIONAL and result.submitted_side == 1
    assert (result.disputed_side, result.dispute_reason) == (None, "")
    assert result.scores == [7, 8, 7, 8]

    # Now Bob's side cannot confirm its own version; Ann's seat link does.
    with pytest.raises(DomainError):
        services.confirm_result(
            table=table,
            proofs=[services.Proof(seat=dan, via="seat-link")],
            expected_version=result.version,
        )
    services.confirm_result(
        table=table,
        proofs=[services.Proof(seat=ann, via="seat-link")],
        expected_version=result.version,
    )
    assert result_of(table).is_confirmed
    assert actions(table) == [Action.SUBMITTED, Action.DISPUTED, Action.SUBMITTED, Action.CONFIRMED]


# ---------------------------------------------------------------- closing the round


def test_the_round_cannot_close_or_be_forced_closed_while_a_table_is_disputed(client, db):
    table, (_ann, bob, _cat, _dan) = entered_by_ann()
    dispute_from_seat_link(table, bob)
    rnd, organiser = table.round, organiser_of(table)

    for force in (False, True):
        with pytest.raises(DomainError) as refused:
            services.close_round(round=rnd, user=organiser, force=force)
        assert refused.value.message == RESOLVE_FIRST

    # The API's force says the same, and the round page (where "Close round" was
    # pressed) shows it with the table flagged in words.
    answer = signed_in(organiser).post(
        f"/api/tournaments/{rnd.tournament_id}/rounds/1/close/", {"force": True}, format="json"
    )
    assert answer.status_code == 400 and RESOLVE_FIRST in answer.content.decode()
    client.force_login(organiser)
    closing = client.post(
        reverse("round-close", args=[rnd.tournament_id, 1]), {"next": "round"}, follow=True
    )
    text = closing.content.decode()
    assert closing.redirect_chain[-1][0] == reverse("round-detail", args=[rnd.tournament_id, 1])
    assert RESOLVE_FIRST in text
    assert 'class="scoring-badge state-disputed">Disputed<' in text
    forced = client.post(
        reverse("round-results-close", args=[rnd.tournament_id, 1]), {"force": "1"}, follow=True
    )
    assert RESOLVE_FIRST in forced.content.decode()
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.IN_PLAY
    assert Action.ROUND_FORCE_CLOSED not in actions_of_round(rnd)


def actions_of_round(rnd) -> list[str]:
    return list(ResultChange.objects.filter(round=rnd).values_list("action", flat=True))


# ---------------------------------------------------------------- the organiser resolves


def test_the_organiser_confirms_as_entered_and_the_round_closes(client, db):
    table, (_ann, bob, _cat, _dan) = entered_by_ann()
    dispute_from_seat_link(table, bob)
    rnd, organiser = table.round, organiser_of(table)
    client.force_login(organiser)

    board = client.get(reverse("round-results", args=[rnd.tournament_id, 1])).content.decode()
    assert "Disputed" in board and REASON.replace("'", "&#x27;") in board
    assert RESOLVE_FIRST in board and "Close the round anyway" not in board
    resolve = reverse("result-resolve", args=[rnd.tournament_id, 1, 1])
    screen = client.get(resolve).content.decode()
    assert "Confirm as entered" in screen and "Correct the result" in screen
    assert "Bob said this is not what was played:" in screen

    done = client.post(
        resolve, {**form_values(screen), "note": "Both sides agree on Ann's card"}, follow=True
    )
    assert "Table 1 confirmed as entered; the dispute is resolved." in done.content.decode()
    result = result_of(table)
    assert result.is_confirmed and result.scores == [7, 6, 7, 6]
    last = ResultChange.objects.filter(table=table).last()
    assert (last.action, last.user, last.note) == (
        Action.DISPUTE_CONFIRMED,
        organiser,
        "Both sides agree on Ann's card",
    )
    services.close_round(round=rnd, user=organiser)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED


def test_the_organisers_correction_resolves_the_dispute(client, db):
    table, (_ann, bob, _cat, _dan) = entered_by_ann()
    dispute_from_seat_link(table, bob)
    rnd, organiser = table.round, organiser_of(table)
    client.force_login(organiser)
    correct = reverse("result-correct", args=[rnd.tournament_id, 1, 1])
    correction = client.get(correct).content.decode()
    assert "Bob said this is not what was played:" in correction

    values = form_values(correction)
    client.post(
        correct,
        {
            "action": "remove",
            "hand_number": 8,
            "version": values["version"],
            "idempotency_key": "remove-8",
            "note": "",
        },
    )
    result = result_of(table)
    # Hand 8 removed: the round is not over, so the table plays on (and confirms again).
    assert result.status == Status.PROVISIONAL and not result.complete
    assert actions(table)[-1] == Action.DISPUTE_CORRECTED


def test_standings_never_count_a_disputed_result(db):
    table, (_ann, bob, _cat, _dan) = entered_by_ann()
    dispute_from_seat_link(table, bob)
    standings = tournament_standings(table.round.tournament)
    assert standings.confirmed_tables == 0
    assert all(row.record.total_points == 0 for row in standings.rows)


def test_the_results_exports_call_a_disputed_table_disputed(client, db):
    table, (_ann, bob, _cat, _dan) = entered_by_ann()
    dispute_from_seat_link(table, bob)
    tournament = table.round.tournament
    client.force_login(organiser_of(table))
    rows = csv_rows(client.get(reverse("standings-results-export", args=[tournament.pk, "csv"])))
    assert {row["Status"] for row in rows} == {"disputed"}
    document = client.get(reverse("standings-results-export", args=[tournament.pk, "json"])).json()
    assert [result["status"] for result in document["results"]] == ["disputed"]


# ---------------------------------------------------------------- the API


def test_the_api_disputes_with_a_seat_token_or_a_card_code(db):
    table, (ann, bob, cat, dan) = entered_by_ann()
    # The side that entered it: a plain 400 in words.
    own = with_seat_token(cat).post(
        api(table, "dispute/"), {"expected_version": 1, "reason": REASON}, format="json"
    )
    assert own.status_code == 400 and own.json()["error"] == "own_result"
    assert own.json()["message"] == OWN_SIDE
    missing = with_seat_token(bob).post(api(table, "dispute/"), {"expected_version": 1})
    assert missing.status_code == 400

    answer = with_table_token(table).post(
        api(table, "dispute/"),
        {"expected_version": 1, "reason": REASON, "codes": [dan.player.code]},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["state"], body["state_label"]) == ("disputed", "Disputed")
    assert (body["result"]["dispute_reason"], body["result"]["disputed_side"]) == (REASON, 1)
    again = with_seat_token(bob).post(
        api(table, "dispute/"), {"expected_version": 2, "reason": REASON}, format="json"
    )
    assert again.status_code == 400 and again.json()["error"] == "already_disputed"
    # Organisers resolve; they do not dispute.
    organiser = signed_in(organiser_of(table)).post(
        api(table, "dispute/"), {"expected_version": 2, "reason": REASON}, format="json"
    )
    assert organiser.status_code == 403


def test_the_api_resolves_as_entered_or_corrected(db):
    table, (_ann, bob, _cat, _dan) = entered_by_ann()
    organiser = signed_in(organiser_of(table))
    resolve = f"/api/results/{table.pk}/resolve/"
    nothing = organiser.post(
        resolve, {"decision": "confirm", "expected_version": 1, "idempotency_key": "r1"}
    )
    assert nothing.status_code == 400 and nothing.json()["error"] == "not_disputed"

    dispute_from_seat_link(table, bob)
    not_theirs = with_seat_token(bob).post(
        resolve,
        {"decision": "confirm", "expected_version": 2, "idempotency_key": "r2"},
        format="json",
    )
    assert not_theirs.status_code in (401, 403)
    corrected = organiser.post(
        resolve,
        {
            "decision": "correct",
            "expected_version": 2,
            "idempotency_key": "r3",
            "hands": [*EIGHT_HANDS[:4], hand(0, 1, 5, round=2, alone=[1]), *EIGHT_HANDS[5:]],
            "note": "Bob's loner",
        },
        format="json",
    )
    assert corrected.status_code == 200, corrected.content
    assert corrected.json()["state"] == "confirmed"
    assert corrected.json()["result"]["scores"] == [7, 8, 7, 8]
    history = with_table_token(table).get(api(table, "history/")).json()
    assert [entry["action"] for entry in history] == [
        "submitted",
        "disputed",
        "dispute-corrected",
    ]
    assert history[1]["note"] == REASON and history[2]["note"] == "Bob's loner"


def test_the_schema_documents_dispute_and_resolve(client, db):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    dispute = schema["paths"]["/api/tables/{token}/dispute/"]["post"]
    resolve = schema["paths"]["/api/results/{id}/resolve/"]["post"]
    assert "That is not what we played" in dispute["description"]
    assert "confirm" in resolve["description"] and "correct" in resolve["description"]


# ---------------------------------------------------------------- the phone and the history


def test_the_phone_disputes_and_the_history_keeps_every_step(client, db):
    table, (ann, bob, _cat, _dan) = entered_by_ann()
    seat_page = f"/s/{bob.token}/"
    html = client.get(seat_page).content.decode()
    assert "That is not what we played" in html
    assert "I, Bob, dispute this result" in html

    empty = client.post(seat_page, {"action": "dispute", **form_values(html), "reason": ""})
    assert "Say in a few words what was played instead." in empty.content.decode()

    done = client.post(
        seat_page, {"action": "dispute", **form_values(html), "reason": REASON}, follow=True
    )
    text = done.content.decode()
    assert "You disputed the result." in text
    assert 'class="scoring-badge state-disputed">Disputed<' in text
    assert "Bob said this is not what was played:" in text
    assert "Or enter your own version below" in text

    # Ann's phone (the side that entered it) is told so, and offered nothing to enter.
    anns = client.get(f"/s/{ann.token}/").content.decode()
    assert "Nobody can confirm it now." in anns
    assert "Or enter your own version below" not in anns
    assert "That is not what we played" not in anns

    history = client.get(reverse("table-history", args=[table.token])).content.decode()
    assert "Disputed: that is not what we played" in history
    assert "Bob, by seat link" in history
    assert "Status Waiting for the other side to confirm → Disputed" in history


def test_the_tables_shared_phone_disputes_with_a_card_code_of_the_other_side(client, db):
    table, (ann, _bob, _cat, dan) = entered_by_ann()
    html = client.get(page(table)).content.decode()
    assert "Card code of the player disputing it (Bob or Dan)" in html
    values = {"action": "dispute", **form_values(html), "reason": REASON}

    wrong = client.post(page(table), {**values, "code": ann.player.code}).content.decode()
    assert "That is not the card code of a player of the other side at this table." in wrong
    assert result_of(table).status == Status.PROVISIONAL

    client.post(page(table), {**values, "code": dan.player.code.lower()})
    result = result_of(table)
    assert (result.status, result.disputed_by_seat) == (Status.DISPUTED, dan)
    assert ResultChange.objects.filter(table=table).last().via == "player-code"
