"""Cutthroat: tables of three, no two players share a table twice while possible."""

import random

import pytest

from tests.unit.rotations import assert_valid_schedule
from tests.unit.rotations.sweep import sweep
from tools.designs.kirkman_small import bicyclic_base as _bicyclic_base
from tools.designs.kirkman_small import cyclic_base as _cyclic_base
from tournaments.rotations import RotationError, generate, report
from tournaments.rotations.designs import hanani
from tournaments.rotations.designs.data.kirkman_bases import KNOWN_BASES
from tournaments.rotations.designs.hanani import frames as hanani_frames
from tournaments.rotations.designs.kirkman import copies as kirkman_copies
from tournaments.rotations.designs.kirkman import cyclic as kirkman_cyclic
from tournaments.rotations.designs.kirkman import near as kirkman_near
from tournaments.rotations.planners.cutthroat import _best_start, _develop, kirkman_rounds


def _players(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


# The most rounds n players can play without a pair sharing a table twice, with
# n % 3 players out each round. A player meets two new players each round played,
# so counting seats gives n//2, or n//2 - 1 for n = 0, 4 (mod 6); for n = 5 (mod 6)
# it gives one more, which cannot be: the pairs never met give every player an even
# degree, so they are not a single pair. 6, 7 and 12 fall short (exhaustive
# search; no NKTS(12) exists). The complete schedule must reach it.
def _most_rounds(n: int) -> int:
    if n in (6, 7):
        return 1
    if n == 12:
        return 4
    return n // 2 - 1 if n % 6 in (0, 4) else n // 2


_STORED_KIRKMAN = sorted(
    [*KNOWN_BASES, *kirkman_cyclic.BASES, *(3 * q for q in kirkman_copies.BASES)]
)


@pytest.mark.parametrize("n", [3, *_STORED_KIRKMAN, 45, 63, 99, 135])
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


# Every n = 3 (mod 6) up to 201 has a stored or product system (the last ones found
# by exact-cover search: kirkman_cyclic, kirkman_copies from q = 47).
def test_every_kirkman_size_up_to_201_has_a_system():
    assert [n for n in range(3, 202, 6) if kirkman_rounds(n) is None] == []


# The systems found by exact-cover search, played by v-1 and by v players: the
# planned rounds alone, without seat balancing (seconds at these sizes). v+1, with
# a stand-in, runs in full in the complete-schedule test (130 and 202).
@pytest.mark.parametrize("v", [*sorted(kirkman_cyclic.BASES), 141, 159, 165, 183])
def test_one_under_and_on_a_searched_kirkman_system_reach_the_bound(v):
    for n in (v - 1, v):
        planner = _best_start([f"P{i}" for i in range(n)], random.Random(0))
        assert len(planner.rounds) == _most_rounds(n)
        assert planner.most_met() == 1
        assert sorted(len(byes) for _, byes in planner.rounds) == [n % 3] * len(planner.rounds)


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


# Quick: every size up to 66; the large stored and searched systems are CI's.
LARGE = (97, 100, 101, 102, 103, 127, 128, 129, 130, 193, 199, 201, 202, 203, 204, 205)


@pytest.mark.parametrize("n", sweep([*range(3, 67), *LARGE], quick=range(3, 67)))
def test_complete_schedule_is_the_most_rounds_without_a_repeated_pair(n):
    schedule = generate("cutthroat", _players(n))
    assert_valid_schedule(schedule, table_players=3, side_players=1)
    figures = report(schedule)
    assert figures.max_table_meetings == 1
    assert figures.rounds == _most_rounds(n)
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


@pytest.mark.parametrize("n", sorted(kirkman_near.BASES))
def test_nearly_kirkman_system_leaves_exactly_a_perfect_matching_unmet(n):
    rounds = kirkman_near.rounds(n)
    assert rounds is not None and len(rounds) == (n - 2) // 2
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(n))
    pairs = [frozenset((a, b)) for tables in rounds for t in tables for a in t for b in t if a < b]
    assert len(pairs) == len(set(pairs))
    unmet = {frozenset((a, b)) for a in range(n) for b in range(a + 1, n)} - set(pairs)
    assert sorted(p for pair in unmet for p in pair) == list(range(n))


@pytest.mark.parametrize(
    ("module", "n"),
    [
        *((hanani, n) for n in sorted(hanani.BASES)),
        *((hanani_frames, n) for n in sorted(hanani_frames.BASES)),
    ],
)
def test_hanani_type_system_seats_all_but_one_and_each_sits_out_once(module, n):
    rounds = module.rounds(n)
    assert rounds is not None and len(rounds) == (n - 1) // 2
    out = [player for _, player in rounds]
    assert len(set(out)) == len(out)
    for tables, player in rounds:
        assert sorted([player, *(p for t in tables for p in t)]) == list(range(n))
    tables = [t for tables, _ in rounds for t in tables]
    pairs = [frozenset((a, b)) for t in tables for a in t for b in t if a < b]
    assert len(pairs) == len(set(pairs))
    unmet = {frozenset((a, b)) for a in range(n) for b in range(a + 1, n)} - set(pairs)
    degree = {p: sum(p in pair for pair in unmet) for p in range(n)}
    assert {p for p in degree if degree[p]} == set(out)
    assert all(degree[p] == 2 for p in out)


def _swap_two_points(base):
    first, *rest = base
    first = list(first)
    first[1], first[3] = first[3], first[1]
    return (tuple(first), *rest)


@pytest.mark.parametrize(("module", "n"), [(kirkman_near, 24), (kirkman_near, 18), (hanani, 25)])
def test_a_wrong_stored_base_is_rejected_not_played(module, n, monkeypatch):
    *shape, base = module.BASES[n]
    monkeypatch.setitem(module.BASES, n, (*shape, _swap_two_points(base)))
    module.rounds.cache_clear()
    try:
        with pytest.raises(AssertionError, match="failed verification"):
            module.rounds(n)
    finally:
        module.rounds.cache_clear()


def _swap_across_triples(triples):
    first, second, *rest = triples
    return ((first[0], second[1], *first[2:]), (second[0], first[1], *second[2:]), *rest)


def test_a_wrong_stored_one_rotational_base_is_rejected(monkeypatch):
    flat = kirkman_cyclic.BASES[129]
    monkeypatch.setitem(kirkman_cyclic.BASES, 129, (flat[0], flat[3], flat[2], flat[1], *flat[4:]))
    kirkman_cyclic.rounds.cache_clear()
    try:
        with pytest.raises(AssertionError, match="failed verification"):
            kirkman_cyclic.rounds(129)
    finally:
        kirkman_cyclic.rounds.cache_clear()


@pytest.mark.parametrize("part", ["offsets", "starter"])
def test_a_wrong_stored_three_copy_base_is_rejected(part, monkeypatch):
    offsets, starter = kirkman_copies.BASES[47]
    if part == "offsets":
        offsets = _swap_across_triples(offsets)
    else:
        starter = _swap_across_triples(starter)
    monkeypatch.setitem(kirkman_copies.BASES, 47, (offsets, starter))
    kirkman_copies.rounds.cache_clear()
    try:
        with pytest.raises(AssertionError, match="failed verification"):
            kirkman_copies.rounds(141)
    finally:
        kirkman_copies.rounds.cache_clear()


@pytest.mark.parametrize("n", [17, 18, 19, 23, 24, 25, 47, 61, 66])
def test_asking_for_the_most_rounds_repeats_no_pair(n):
    schedule = generate("cutthroat", _players(n), _most_rounds(n), seed=3)
    figures = report(schedule)
    assert figures.rounds == _most_rounds(n)
    assert figures.max_table_meetings == 1
    assert figures.byes_max - figures.byes_min <= 1
    assert figures.longest_bye_run <= 1


@pytest.mark.parametrize("n", [17, 23, 29, 35, 65, 101])
def test_five_over_a_multiple_of_six_everyone_but_one_sits_out_once(n):
    schedule = generate("cutthroat", _players(n), seed=1)
    byes = [p for r in schedule.rounds for p in r.byes]
    assert len(schedule.rounds) == (n - 1) // 2
    assert len(byes) == len(set(byes)) == n - 1


@pytest.mark.parametrize("n", [13, 19, 25, 37, 43, 61])
def test_one_over_a_multiple_of_six_a_different_player_sits_out_each_round(n):
    schedule = generate("cutthroat", _players(n), seed=1)
    byes = [p for r in schedule.rounds for p in r.byes]
    assert len(schedule.rounds) == (n - 1) // 2
    assert len(byes) == len(set(byes)) == (n - 1) // 2


def test_every_one_over_a_multiple_of_six_up_to_205_but_7_has_a_system():
    assert [
        n
        for n in range(3, 206)
        if n % 6 == 1 and hanani.rounds(n) is None and hanani_frames.rounds(n) is None
    ] == [7]


def test_a_wrong_stored_frame_is_rejected(monkeypatch):
    flat = hanani_frames.BASES[49]
    monkeypatch.setitem(hanani_frames.BASES, 49, (flat[0], flat[3], flat[2], flat[1], *flat[4:]))
    hanani_frames.rounds.cache_clear()
    try:
        with pytest.raises(AssertionError, match="failed verification"):
            hanani_frames.rounds(49)
    finally:
        hanani_frames.rounds.cache_clear()


@pytest.mark.parametrize("n", [27, 39])
def test_a_wrong_base_kept_in_cutthroat_is_rejected_not_played(n, monkeypatch):
    first, second, *rest = KNOWN_BASES[n]
    swapped = ((first[0], second[1], first[2]), (second[0], first[1], second[2]), *rest)
    monkeypatch.setitem(KNOWN_BASES, n, swapped)
    kirkman_rounds.cache_clear()
    try:
        with pytest.raises(AssertionError, match="failed verification"):
            kirkman_rounds(n)
    finally:
        kirkman_rounds.cache_clear()
