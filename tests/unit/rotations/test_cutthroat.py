"""Cutthroat: tables of three, no two players share a table twice while possible."""

import random

import pytest

from tests.unit.rotations import assert_valid_schedule
from tournaments.rotations import RotationError, generate, kirkman_copies, report
from tournaments.rotations.cutthroat import (
    _KNOWN_BASES,
    _bicyclic_base,
    _cyclic_base,
    _develop,
    kirkman_rounds,
)


def _players(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


# Rounds without a repeated pair in the complete schedule, seed 0 (measured; the
# upper bound is (n-1)//2 with no byes). A drop below these is a regression.
def _at_least(n: int) -> int:
    if kirkman_rounds(n) is not None:
        return (n - 1) // 2  # Kirkman triple system
    if kirkman_rounds(n + 1) is not None:
        return n // 2  # the same on n+1 players, one left out
    if kirkman_rounds(n - 1) is not None:
        return (n - 2) // 2  # the same on n-1 players, one stand-in
    return max(1, (n - 1) // 2 * 3 // 4) if n >= 8 else 1


@pytest.mark.parametrize(
    "n", [3, *sorted(_KNOWN_BASES), *(3 * q for q in sorted(kirkman_copies.BASES)), 45, 63, 99, 135]
)
def test_kirkman_triple_system_covers_every_pair_once(n):
    rounds = kirkman_rounds(n)
    assert rounds is not None and len(rounds) == (n - 1) // 2
    pairs = [frozenset((a, b)) for tables in rounds for t in tables for a in t for b in t if a < b]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(n))


@pytest.mark.parametrize("n", [8, 14, 20, 26, 32, 38, 44, 50, 62, 68, 74, 98])
def test_one_short_of_a_kirkman_system_everyone_sits_out_once(n):
    figures = report(generate("cutthroat", _players(n)))
    assert figures.rounds == n // 2
    assert figures.max_table_meetings == 1
    assert figures.byes_min == figures.byes_max == 1


@pytest.mark.parametrize(
    ("search", "n"), [(_cyclic_base, 9), (_cyclic_base, 27), (_bicyclic_base, 15)]
)
def test_the_searches_find_first_rounds_that_develop_into_a_system(search, n):
    m = (n - 1) // 2
    base = search(m, random.Random(1))
    assert base is not None
    rounds = _develop(base, m, cyclic=search is _cyclic_base)
    pairs = [frozenset((a, b)) for tables in rounds for t in tables for a in t for b in t if a < b]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2


@pytest.mark.parametrize("n", [*range(3, 65), 100])
def test_complete_schedule_never_seats_a_pair_together_twice(n):
    schedule = generate("cutthroat", _players(n))
    assert_valid_schedule(schedule, table_players=3, side_players=1)
    figures = report(schedule)
    assert figures.max_table_meetings == 1
    assert figures.rounds >= _at_least(n)
    assert figures.partner_repeats == 0
    assert figures.byes_max - figures.byes_min <= 1
    assert figures.longest_bye_run <= 1
    assert figures.max_seat_imbalance <= 2


@pytest.mark.parametrize(("n", "rounds"), [(7, 6), (10, 12), (15, 3), (20, 25), (33, 40), (64, 8)])
def test_any_number_of_rounds_keeps_byes_even_and_repeats_low(n, rounds):
    schedule = generate("cutthroat", _players(n), rounds, seed=5)
    assert_valid_schedule(schedule, table_players=3, side_players=1)
    figures = report(schedule)
    complete = len(generate("cutthroat", _players(n), seed=5).rounds)
    assert figures.rounds == rounds
    assert figures.max_table_meetings <= -(-rounds // complete) + 1
    assert figures.byes_max - figures.byes_min <= 1
    assert figures.longest_bye_run <= 1


def _tables(schedule):
    return [{frozenset(t.players) for t in r.tables} for r in schedule.rounds]


@pytest.mark.parametrize("n", [21, 27])
def test_fewer_rounds_than_complete_are_its_first_rounds(n):
    complete = generate("cutthroat", _players(n), seed=2)
    assert _tables(generate("cutthroat", _players(n), 4, seed=2)) == _tables(complete)[:4]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("n", [16, 22, 28, 52, 64])
def test_one_over_a_kirkman_system_a_stand_in_meets_nobody_twice(n, seed):
    figures = report(generate("cutthroat", _players(n), seed=seed))
    assert figures.rounds == (n - 2) // 2
    assert figures.max_table_meetings == 1
    assert figures.byes_max == 1 and figures.longest_bye_run == 1


def test_two_players_cannot_play_cutthroat():
    with pytest.raises(RotationError) as caught:
        generate("cutthroat", _players(2))
    assert caught.value.code == "too_few_players"
