"""One hand at a time: a scorer adds a hand, changes hand N or takes the last one back,
and an organiser corrects or removes any hand, each against the version shown."""

from __future__ import annotations

import time

import pytest

from core.errors import DomainError
from scoring import services
from scoring.errors import RuleBroken
from scoring.models import ResultChange
from tests.factories import UserFactory
from tests.integration.test_scoring_services import EIGHT_HANDS, current_version, seated_table

SEAT_LINK = ResultChange.Via.SEAT_LINK


def record(table, seat, hand, number=None, *, version=None):
    return services.record_hand(
        table=table,
        hand=hand,
        number=number,
        seat=seat,
        via=SEAT_LINK,
        expected_version=current_version(table) if version is None else version,
        idempotency_key=f"k-{time.monotonic_ns()}",
    )


def test_hands_go_in_one_by_one_after_the_last(db):
    table, seats = seated_table()
    for hand in EIGHT_HANDS:
        recorded = record(table, seats[0], hand)
        assert recorded.changed is None
    assert recorded.result.hands == EIGHT_HANDS
    assert recorded.result.scores == [7, 6, 7, 6]
    assert recorded.result.complete is True


def test_changing_hand_n_keeps_the_others_and_says_which_changed(db):
    table, seats = seated_table()
    for hand in EIGHT_HANDS[:3]:
        record(table, seats[0], hand)
    changed = {**EIGHT_HANDS[1], "tricks": 3, "alone": []}
    recorded = record(table, seats[0], changed, 2)
    assert recorded.changed == 2
    assert recorded.result.hands == [EIGHT_HANDS[0], changed, EIGHT_HANDS[2]]


def test_a_number_past_the_last_hand_adds_a_hand(db):
    table, seats = seated_table()
    record(table, seats[0], EIGHT_HANDS[0])
    recorded = record(table, seats[0], EIGHT_HANDS[1], 5)
    assert recorded.changed is None
    assert recorded.result.hands == EIGHT_HANDS[:2]


def test_the_last_hand_is_taken_back(db):
    table, seats = seated_table()
    for hand in EIGHT_HANDS[:3]:
        record(table, seats[0], hand)
    result = services.remove_last_hand(
        table=table,
        seat=seats[0],
        via=SEAT_LINK,
        expected_version=current_version(table),
        idempotency_key="undo",
    )
    assert result.hands == EIGHT_HANDS[:2]


def test_a_hand_from_a_stale_page_is_a_conflict_not_spliced_into_newer_hands(db):
    table, seats = seated_table()
    record(table, seats[0], EIGHT_HANDS[0])
    record(table, seats[0], EIGHT_HANDS[1])
    with pytest.raises(DomainError) as refused:
        record(table, seats[0], EIGHT_HANDS[1], version=1)
    assert refused.value.code == "conflict"
    assert len(table.result.hands) == 2


def remove(table, number):
    return services.remove_hand(
        table=table,
        number=number,
        user=table.round.tournament.owner,
        expected_version=current_version(table),
        idempotency_key=f"fix-{number}",
        note="entered twice",
    )


def test_an_organiser_removes_a_hand_and_it_is_in_the_history(db):
    table, seats = seated_table()
    for hand in EIGHT_HANDS[:3]:
        record(table, seats[0], hand)
    assert remove(table, 3).hands == EIGHT_HANDS[:2]
    change = ResultChange.objects.filter(table=table).latest("version")
    assert change.action == ResultChange.Action.CORRECTED
    assert change.note == "entered twice"


def test_removing_a_hand_between_others_is_refused_when_the_deal_no_longer_passes_left(db):
    table, seats = seated_table()
    for hand in EIGHT_HANDS[:3]:
        record(table, seats[0], hand)
    with pytest.raises(RuleBroken) as refused:
        remove(table, 2)
    assert "deal passes to the left" in refused.value.message
    table.result.refresh_from_db()
    assert table.result.hands == EIGHT_HANDS[:3]


def test_only_the_organiser_corrects_a_hand(db):
    table, seats = seated_table()
    record(table, seats[0], EIGHT_HANDS[0])
    with pytest.raises(DomainError) as refused:
        services.record_hand(
            table=table,
            hand=EIGHT_HANDS[1],
            number=1,
            user=UserFactory(),
            expected_version=current_version(table),
            idempotency_key="not-mine",
        )
    assert refused.value.code == "not_organiser"
