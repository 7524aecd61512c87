"""Heads-up: two players per table, everyone meets everyone once."""

import pytest

from tests.unit.rotations import assert_valid_schedule
from tournaments.rotations import RotationError, generate, report


def _players(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


@pytest.mark.parametrize("n", [*range(2, 65), 99, 100])
def test_complete_schedule_is_a_round_robin(n):
    schedule = generate("heads-up", _players(n))
    assert_valid_schedule(schedule, table_players=2, side_players=1)
    figures = report(schedule)
    assert figures.rounds == (n if n % 2 else n - 1)
    assert figures.opponent_histogram == {1: n * (n - 1) // 2}
    assert figures.partner_repeats == 0 and figures.max_partner_meetings == 0
    assert figures.byes_max == figures.byes_min == (1 if n % 2 else 0)
    assert figures.longest_bye_run <= 1
    assert figures.max_seat_imbalance <= 1


@pytest.mark.parametrize(("n", "rounds"), [(5, 2), (9, 20), (12, 4), (12, 30), (31, 7)])
def test_partial_and_extended_schedules_stay_even(n, rounds):
    figures = report(generate("heads-up", _players(n), rounds, seed=3))
    full = n if n % 2 else n - 1
    assert figures.rounds == rounds
    assert figures.max_opponent_meetings == -(-rounds // full)
    assert figures.byes_max - figures.byes_min <= 1
    assert figures.longest_bye_run <= 1
    assert figures.max_seat_imbalance <= 1


def test_one_player_cannot_play_heads_up():
    with pytest.raises(RotationError) as caught:
        generate("heads-up", ["P1"])
    assert caught.value.code == "too_few_players"
