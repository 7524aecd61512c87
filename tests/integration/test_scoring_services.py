"""Result entry services: rules checked by the engine, locks, idempotency, confirmation,
corrections and the audit trail. The race tests need PostgreSQL's row locks."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from core.errors import DomainError
from scoring import services
from scoring.errors import RuleBroken
from scoring.models import ResultChange, TableResult
from tests.factories import (
    PlayerFactory,
    RoundFactory,
    SeatFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Round, Tournament

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def seated_table(
    *,
    variant: str = Tournament.Variant.NORTH_AMERICAN,
    entry_mode: str = Tournament.EntryMode.HANDS,
    round_play: str = Tournament.RoundPlay.HANDS,
    hands_per_round: int = 8,
    options: dict | None = None,
    status: str = Round.Status.IN_PLAY,
    players: int = 4,
    partners: bool = True,
    hand_entry: str = Tournament.HandEntry.OUTCOME,
):
    """A tournament with one round in play and one table; seats 0..n-1, partners by parity."""
    tournament = TournamentFactory(
        owner=UserFactory(),
        variant=variant,
        entry_mode=entry_mode,
        round_play=round_play,
        hands_per_round=hands_per_round,
        options=options or {},
        hand_entry=hand_entry,
    )
    rnd = RoundFactory(tournament=tournament, number=1, status=status)
    table = TableFactory(round=rnd, number=1)
    sides = 2 if partners else players
    seats = [
        SeatFactory(
            table=table,
            position=i,
            side=i % sides,
            player=PlayerFactory(tournament=tournament, name=NAMES[i]),
        )
        for i in range(players)
    ]
    return table, seats


def hand(dealer, maker, tricks, *, trump="hearts", round=1, alone=()):
    return {
        "dealer": dealer,
        "maker": maker,
        "round": round,
        "trump": trump,
        "alone": list(alone),
        "tricks": tricks,
    }


# Eight hands, dealer passing left; side 0 (Ann & Cat) ends 7, side 1 (Bob & Dan) 6.
EIGHT_HANDS = [
    hand(0, 1, 3),  # Bob's side makes it: 1 to side 1
    hand(1, 0, 5, alone=[0]),  # Ann marches alone: 4 to side 0
    hand(2, 3, 1),  # Dan euchred: 2 to side 0
    hand(3, 2, 4, trump="spades"),  # 1 to side 0
    hand(0, 1, 5, round=2),  # march: 2 to side 1
    hand(1, 3, 3, trump="clubs"),  # 1 to side 1
    hand(2, 1, 4),  # 1 to side 1
    hand(3, 3, 3, trump="diamonds"),  # 1 to side 1
]


def current_version(table) -> int:
    current = TableResult.objects.filter(table=table).first()
    return current.version if current else 0


def submit(table, seat, hands, *, version=None, key=None, via=ResultChange.Via.SEAT_LINK):
    """Hands from `seat`, by default from its own seat link (a proven seat)."""
    return services.submit_hands(
        table=table,
        hands=hands,
        seat=seat,
        via=via,
        expected_version=current_version(table) if version is None else version,
        idempotency_key=key or f"k-{time.monotonic_ns()}",
    )


def confirm(table, *seats, codes=(), key=None, version=None):
    """Confirms the current version from the seat links of `seats` and with `codes`."""
    return services.confirm_result(
        table=table,
        proofs=[services.Proof(seat=seat, via=ResultChange.Via.SEAT_LINK) for seat in seats],
        codes=codes,
        expected_version=current_version(table) if version is None else version,
        idempotency_key=key,
    )


def test_eight_hands_are_scored_by_the_engine_and_wait_for_the_other_side(db):
    table, seats = seated_table()
    result = submit(table, seats[0], EIGHT_HANDS)
    assert result.scores == [7, 6, 7, 6]
    assert result.complete is True
    assert result.status == TableResult.Status.PROVISIONAL
    assert result.submitted_side == 0
    assert result.version == 1
    change = ResultChange.objects.get(table=table)
    assert change.action == ResultChange.Action.SUBMITTED
    assert change.seat == seats[0]
    assert change.old is None and change.new["scores"] == [7, 6, 7, 6]


def test_hands_are_added_one_by_one_with_a_running_score(db):
    table, seats = seated_table()
    for count in range(1, 4):
        result = submit(table, seats[1], EIGHT_HANDS[:count])
    assert result.scores == [6, 1, 6, 1]
    assert result.complete is False
    assert result.version == 3
    assert ResultChange.objects.filter(table=table).count() == 3


def test_a_hand_the_rules_refuse_names_the_rule_and_stores_nothing(db):
    table, seats = seated_table()
    bad = [hand(0, 1, 5, alone=[1, 3])]
    with pytest.raises(RuleBroken) as caught:
        submit(table, seats[0], bad)
    assert caught.value.code == "two_alone_on_one_side"
    assert caught.value.message == "Hand 1: At most one player on each side may go alone."
    assert not TableResult.objects.exists()
    assert not ResultChange.objects.exists()


def test_a_wrong_dealer_is_named_by_the_players_name(db):
    table, seats = seated_table()
    with pytest.raises(RuleBroken) as caught:
        submit(table, seats[0], [hand(0, 1, 3), hand(2, 1, 3)])
    assert caught.value.code == "wrong_dealer"
    assert "Bob deals this hand, not Cat" in caught.value.message
    assert caught.value.message.startswith("Hand 2:")


def test_a_fixed_hands_round_does_not_count_passed_hands_and_refuses_a_ninth(db):
    table, seats = seated_table(hands_per_round=2)
    hands = [{"passed": True, "dealer": 0}, hand(1, 2, 3), hand(2, 1, 5, alone=[1])]
    result = submit(table, seats[0], hands)
    assert result.complete is True
    assert result.scores == [1, 4, 1, 4]
    with pytest.raises(RuleBroken) as caught:
        submit(table, seats[0], [*hands, hand(3, 0, 3)])
    assert caught.value.code == "round_hands_done"


def test_a_fixed_hands_round_plays_past_the_target(db):
    table, seats = seated_table(hands_per_round=4)
    marches = [hand(d, 0, 5, alone=[0]) for d in range(4)]  # 16 points, target 10
    result = submit(table, seats[0], marches)
    assert result.scores == [16, 0, 16, 0]
    assert result.winners == [0, 2]


def test_a_game_round_ends_at_the_target(db):
    table, seats = seated_table(round_play=Tournament.RoundPlay.GAME)
    marches = [hand(d, 0, 5, alone=[0]) for d in range(3)]  # 4 + 4 + 4 = 12
    result = submit(table, seats[0], marches)
    assert result.complete is True
    assert result.winners == [0, 2]
    with pytest.raises(RuleBroken) as caught:
        submit(table, seats[0], [*marches, hand(3, 1, 3)])
    assert caught.value.code == "hand_after_game_over"
    assert "Ann, Cat" in caught.value.message


def test_a_double_tap_stores_the_result_once(db):
    table, seats = seated_table()
    first = submit(table, seats[0], EIGHT_HANDS[:1], version=0, key="tap")
    again = submit(table, seats[0], EIGHT_HANDS[:1], version=0, key="tap")
    assert again.pk == first.pk
    assert again.replayed is True
    assert again.version == 1
    assert ResultChange.objects.filter(idempotency_key="tap").count() == 1


def test_an_edit_from_a_stale_page_is_a_conflict_not_an_overwrite(db):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS[:2], version=0)
    submit(table, seats[2], EIGHT_HANDS[:3], version=1)
    with pytest.raises(DomainError) as caught:
        submit(table, seats[1], [*EIGHT_HANDS[:2], hand(2, 0, 3)], version=1)
    assert caught.value.code == "conflict"
    result = TableResult.objects.get(table=table)
    assert result.version == 2
    assert result.hands[2] == EIGHT_HANDS[2]


def test_the_submitting_side_cannot_confirm_its_own_result(db):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS)
    with pytest.raises(DomainError) as caught:
        confirm(table, seats[2])
    assert caught.value.code == "own_result"
    result = confirm(table, seats[3], key="c1")
    assert result.status == TableResult.Status.CONFIRMED
    assert result.confirmed_by_seat == seats[3]
    # The same tap again is not an error; a different confirmation is.
    assert confirm(table, seats[3], key="c1").replayed
    with pytest.raises(DomainError) as caught:
        confirm(table, seats[1])
    assert caught.value.code == "already_confirmed"


def test_an_opponent_confirms_with_the_code_on_their_card(db):
    table, seats = seated_table()
    submit(table, seats[1], EIGHT_HANDS)
    with pytest.raises(DomainError) as caught:
        confirm(table, codes=["NOPE99"])
    wrong = caught.value
    assert wrong.code == "wrong_code"
    with pytest.raises(DomainError) as caught:
        confirm(table, codes=[seats[3].player.code])
    # The submitter's partner's code gets the same answer as a made-up one.
    assert (caught.value.code, caught.value.message) == (wrong.code, wrong.message)
    result = confirm(table, codes=[f" {seats[2].player.code.lower()} "])
    assert result.is_confirmed
    change = ResultChange.objects.filter(table=table).last()
    assert (change.action, change.via, change.seat) == ("confirmed", "player-code", seats[2])


def test_an_unfinished_result_cannot_be_confirmed(db):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS[:5])
    with pytest.raises(DomainError) as caught:
        confirm(table, seats[1])
    assert caught.value.code == "not_finished"


def test_a_confirmed_result_changes_only_through_an_audited_organiser_correction(db):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS)
    confirm(table, seats[1])
    with pytest.raises(DomainError) as caught:
        submit(table, seats[1], EIGHT_HANDS[:7])
    assert caught.value.code == "already_confirmed"
    with pytest.raises(DomainError) as caught:
        services.correct_result(
            table=table,
            user=UserFactory(),
            hands=EIGHT_HANDS,
            expected_version=2,
            idempotency_key="x",
        )
    assert caught.value.code == "not_organiser"
    organiser = table.round.tournament.owner
    fixed = list(EIGHT_HANDS)
    fixed[2] = hand(2, 3, 3)  # Dan made it after all: 1 to side 1 instead of 2 to side 0
    result = services.correct_result(
        table=table,
        user=organiser,
        hands=fixed,
        expected_version=2,
        idempotency_key="fix",
        note="Dan had three tricks",
    )
    assert result.scores == [5, 7, 5, 7]
    assert result.is_confirmed and result.confirmed_by_user == organiser
    change = ResultChange.objects.get(idempotency_key="fix")
    assert change.action == ResultChange.Action.CORRECTED
    assert change.user == organiser and change.note == "Dan had three tricks"
    assert change.old["hands"][2] == EIGHT_HANDS[2]
    assert change.new["hands"][2] == fixed[2]
    assert change.old["scores"] == [7, 6, 7, 6]


def test_round_totals_are_checked_as_possible_after_the_rounds_hands(db):
    table, seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    with pytest.raises(RuleBroken) as caught:
        services.submit_totals(
            table=table,
            side_points=[3, 2],
            seat=seats[0],
            via="seat-link",
            expected_version=0,
            idempotency_key="t1",
        )
    assert caught.value.code == "impossible_round_totals"
    assert "8 hands" in caught.value.message
    result = services.submit_totals(
        table=table,
        side_points=[9, 4],
        seat=seats[0],
        via="seat-link",
        expected_version=0,
        idempotency_key="t2",
    )
    assert result.scores == [9, 4, 9, 4]
    assert result.kind == TableResult.Kind.ROUND_TOTALS
    assert result.complete


def test_a_final_game_score_is_checked_as_reachable(db):
    table, seats = seated_table(
        entry_mode=Tournament.EntryMode.TOTALS, round_play=Tournament.RoundPlay.GAME
    )
    with pytest.raises(RuleBroken) as caught:
        services.submit_totals(
            table=table,
            side_points=[15, 3],
            seat=seats[0],
            expected_version=0,
            idempotency_key="f1",
        )
    assert caught.value.code == "impossible_final_score"
    result = services.submit_totals(
        table=table,
        side_points=[4, 10],
        seat=seats[0],
        via="seat-link",
        expected_version=0,
        idempotency_key="f2",
    )
    assert result.winners == [1, 3]
    assert result.kind == TableResult.Kind.FINAL_SCORE


def test_cutthroat_totals_take_one_number_per_player(db):
    table, seats = seated_table(
        variant=Tournament.Variant.THREE_HANDED,
        players=3,
        partners=False,
        entry_mode=Tournament.EntryMode.TOTALS,
        round_play=Tournament.RoundPlay.GAME,
    )
    result = services.submit_totals(
        table=table,
        side_points=[10, 2, 4],
        seat=seats[1],
        via="seat-link",
        expected_version=0,
        idempotency_key="c",
    )
    assert result.winners == [0]
    assert confirm(table, seats[2]).is_confirmed


def test_a_round_closes_only_when_every_table_is_confirmed(db):
    table, seats = seated_table()
    rnd = table.round
    owner = rnd.tournament.owner
    submit(table, seats[0], EIGHT_HANDS)
    with pytest.raises(DomainError) as caught:
        services.close_round(round=rnd, user=owner)
    assert caught.value.code == "tables_not_confirmed"
    confirm(table, seats[1])
    closed = services.close_round(round=rnd, user=owner)
    assert closed.status == Round.Status.CLOSED
    assert ResultChange.objects.filter(round=rnd, action="round-closed").exists()
    with pytest.raises(DomainError) as caught:
        submit(table, seats[0], EIGHT_HANDS[:7])
    assert caught.value.code in {"round_closed", "already_confirmed"}


def test_an_organiser_can_force_a_round_closed_and_it_is_audited(db):
    table, seats = seated_table()
    rnd = table.round
    with pytest.raises(DomainError) as caught:
        services.force_close_round(round=rnd, user=UserFactory())
    assert caught.value.code == "not_organiser"
    services.force_close_round(round=rnd, user=rnd.tournament.owner)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED
    change = ResultChange.objects.get(round=rnd)
    assert change.action == ResultChange.Action.ROUND_FORCE_CLOSED
    assert change.new["open_tables"] == {"1": "missing"}
    with pytest.raises(DomainError) as caught:
        submit(table, seats[0], EIGHT_HANDS[:1])
    assert caught.value.code == "round_closed"


def test_nothing_is_entered_before_the_round_starts(db):
    table, seats = seated_table(status=Round.Status.PLANNED)
    with pytest.raises(DomainError) as caught:
        submit(table, seats[0], EIGHT_HANDS[:1])
    assert caught.value.code == "round_not_started"


def test_a_seat_from_another_table_cannot_submit(db):
    table, seats = seated_table()
    _other, other_seats = seated_table()
    with pytest.raises(DomainError) as caught:
        submit(table, other_seats[0], EIGHT_HANDS[:1])
    assert caught.value.code == "not_at_table"


# ------------------------------------------------------------------ races (PostgreSQL)


def _race(*calls):
    """Runs the calls at the same moment in threads; returns each one's result or error."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[object] = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as error:  # each thread reports what it got, error or result
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


@pytest.fixture
def slow_writes(monkeypatch):
    """Holds each write inside its transaction a moment, so racing requests overlap."""
    original = services._snapshot

    def slow(result):
        time.sleep(0.3)
        return original(result)

    monkeypatch.setattr(services, "_snapshot", slow)


def test_two_opponents_confirming_at_once_confirm_once(postgres_db, transactional_db, slow_writes):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS)
    outcomes = _race(
        lambda: confirm(table, seats[1], version=1),
        lambda: confirm(table, codes=[seats[3].player.code], version=1),
    )
    errors = [o for o in outcomes if isinstance(o, DomainError)]
    assert len(errors) == 1 and errors[0].code == "already_confirmed", outcomes
    assert ResultChange.objects.filter(table=table, action="confirmed").count() == 1


def test_two_phones_editing_at_once_store_one_version_and_tell_the_other(
    postgres_db, transactional_db, slow_writes
):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS[:2], version=0)
    outcomes = _race(
        lambda: submit(table, seats[0], EIGHT_HANDS[:3], version=1, key="phone-a"),
        lambda: submit(
            table, seats[1], [*EIGHT_HANDS[:2], hand(2, 0, 4)], version=1, key="phone-b"
        ),
    )
    errors = [o for o in outcomes if isinstance(o, DomainError)]
    stored = [o for o in outcomes if isinstance(o, TableResult)]
    assert len(errors) == 1 and errors[0].code == "conflict", outcomes
    result = TableResult.objects.get(table=table)
    assert result.version == 2
    assert result.hands == stored[0].hands


def test_a_retried_request_racing_itself_is_stored_once(postgres_db, transactional_db, slow_writes):
    table, seats = seated_table()
    outcomes = _race(
        lambda: submit(table, seats[0], EIGHT_HANDS[:1], version=0, key="same"),
        lambda: submit(table, seats[0], EIGHT_HANDS[:1], version=0, key="same"),
    )
    assert all(isinstance(o, TableResult) for o in outcomes), outcomes
    assert ResultChange.objects.filter(idempotency_key="same").count() == 1
    assert TableResult.objects.get(table=table).version == 1


def test_the_submitter_confirming_while_an_opponent_confirms_never_wins(
    postgres_db, transactional_db, slow_writes
):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS)
    outcomes = _race(
        lambda: confirm(table, seats[2], version=1),
        lambda: confirm(table, seats[1], version=1),
    )
    assert isinstance(outcomes[0], DomainError)
    assert outcomes[0].code in {"own_result", "already_confirmed"}
    assert isinstance(outcomes[1], TableResult)
    assert TableResult.objects.get(table=table).confirmed_by_seat == seats[1]


def test_an_organiser_removing_a_hand_reopens_the_result_for_confirmation(db):
    table, seats = seated_table()
    submit(table, seats[0], EIGHT_HANDS)
    confirm(table, seats[1])
    result = services.correct_result(
        table=table,
        user=table.round.tournament.owner,
        hands=EIGHT_HANDS[:7],
        expected_version=2,
        idempotency_key="reopen",
    )
    assert result.complete is False
    assert result.status == TableResult.Status.PROVISIONAL
    assert result.confirmed_by_seat is None
    assert submit(table, seats[0], EIGHT_HANDS).complete


def test_rule_messages_are_translated_from_the_engines_template(db, monkeypatch):
    from scoring import messages

    translated = {
        "The deal passes to the left: %(expected)s deals this hand, not "
        "%(dealer)s.": "Il mazzo passa a sinistra: doveva dare %(expected)s, non %(dealer)s.",
        "Hand %(hand)s: %(problem)s": "Mano %(hand)s: %(problem)s",
    }
    monkeypatch.setattr(messages, "gettext", lambda text: translated.get(text, text))
    monkeypatch.setattr(
        "core.errors.gettext", lambda text: translated.get(text, text), raising=False
    )
    table, seats = seated_table()
    with pytest.raises(RuleBroken) as caught:
        submit(table, seats[0], [hand(0, 1, 3), hand(3, 1, 3)])
    assert caught.value.message == "Mano 2: Il mazzo passa a sinistra: doveva dare Bob, non Dan."
    assert caught.value.engine_error.code == "wrong_dealer"
