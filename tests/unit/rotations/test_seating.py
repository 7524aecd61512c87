"""Seating: North/South balance and table numbers that keep players in place."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rotations import generate, report
from tournaments.rotations.planners import cutthroat
from tournaments.rotations.planners.round_robin import entrant_rounds
from tournaments.rotations.schedule import Round, Schedule, Table
from tournaments.rotations.seating import arrange, balance_seats, renumber_tables
from tournaments.rotations.seating.assignment import max_assignment


def _players(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def _random_rounds(n: int, rounds: int, size: int, seed: int) -> tuple[Round, ...]:
    rng = random.Random(seed)
    drawn = []
    for number in range(1, rounds + 1):
        order = _players(n)
        rng.shuffle(order)
        seated = order[: n - n % size]
        tables = tuple(
            Table(k + 1, (tuple(seated[i : i + 2]), tuple(seated[i + 2 : i + 4])))
            for k, i in enumerate(range(0, len(seated), size))
        )
        drawn.append(Round(number, tables, tuple(order[len(seated) :])))
    return tuple(drawn)


def _content(rounds):
    return [({frozenset(t.players) for t in r.tables}, set(r.byes)) for r in rounds]


def _moves(rounds) -> int:
    return report(Schedule("progressive", tuple(_players(64)), tuple(rounds))).table_moves


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 40), rounds=st.integers(1, 10), seed=st.integers(0, 10_000))
def test_renumbering_never_adds_moves_and_keeps_every_table(n, rounds, seed):
    drawn = _random_rounds(n, rounds, 4, seed)
    renumbered = renumber_tables(drawn)
    assert _content(renumbered) == _content(drawn)
    for r in renumbered:
        assert [t.number for t in r.tables] == list(range(1, len(r.tables) + 1))
    assert _moves(renumbered) <= _moves(drawn)


def test_renumbering_keeps_a_repeated_round_in_place():
    tables = (Table(1, (("a", "b"), ("c", "d"))), Table(2, (("e", "f"), ("g", "h"))))
    swapped = tuple(Table(i + 1, t.sides) for i, t in enumerate(reversed(tables)))
    drawn = (Round(1, tables), Round(2, swapped))
    renumbered = renumber_tables(drawn)
    assert renumbered[1].tables[0].players == ("a", "b", "c", "d")
    assert _moves(renumbered) == 0


def test_generated_schedules_move_no_more_than_as_drawn():
    for n in (12, 20, 33, 48):
        entrants = [tuple(_players(n)[i : i + 2]) for i in range(0, n - n % 2, 2)]
        drawn = entrant_rounds(entrants, None)
        assert _moves(arrange(drawn)) <= _moves(drawn)
        drawn = cutthroat.generate(_players(n))
        assert _moves(arrange(drawn)) <= _moves(drawn)


def test_hungarian_assignment_is_optimal():
    rng = random.Random(7)
    for k in range(1, 7):
        for _ in range(30):
            gain = [[rng.randint(0, 4) for _ in range(k)] for _ in range(k)]
            chosen = max_assignment(gain)
            assert sorted(chosen) == list(range(k))
            best = max(
                sum(gain[i][p[i]] for i in range(k)) for p in itertools.permutations(range(k))
            )
            assert sum(gain[i][chosen[i]] for i in range(k)) == best


def test_balance_evens_out_a_team_always_listed_first():
    drawn = tuple(Round(r, (Table(1, (("a", "b"), (f"x{r}", f"y{r}"))),)) for r in range(1, 9))
    figures = report(Schedule("teams", (), balance_seats(drawn)))
    assert figures.seat_balance["a"] == (4, 4)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(4, 40), rounds=st.integers(1, 12), seed=st.integers(0, 10_000))
def test_balancing_changing_partnerships_never_makes_seats_less_even(n, rounds, seed):
    # With partners changing, perfect balance can be impossible (4 players, 3
    # rounds: someone always sits the same way three times), so the promise is
    # only that balancing does not make the spread worse than as drawn.
    def spread(drawn) -> int:
        figures = report(Schedule("progressive", tuple(_players(n)), tuple(drawn)))
        return sum((a - b) ** 2 for a, b in figures.seat_balance.values())

    drawn = _random_rounds(n, rounds, 4, seed)
    balanced = balance_seats(drawn)
    assert _content(balanced) == _content(drawn)
    assert spread(balanced) <= spread(drawn)


def test_balancing_changing_partnerships_gets_close_to_even():
    balanced = balance_seats(_random_rounds(40, 8, 4, seed=1))
    figures = report(Schedule("progressive", tuple(_players(40)), balanced))
    assert figures.max_seat_imbalance <= 2


def test_cutthroat_seats_are_spread_over_three_places():
    figures = report(generate("cutthroat", _players(27)))
    assert figures.max_seat_imbalance <= 2
    assert all(sum(counts) == 13 for counts in figures.seat_balance.values())


def test_complete_progressive_schedules_sit_everyone_within_one_of_even():
    for n in (8, 12, 16, 24):
        figures = report(generate("progressive", _players(n)))
        assert figures.max_seat_imbalance <= 1


def _off_even_split(schedule) -> list[str]:
    """Players further from an even North/South split than their rounds' parity forces."""
    figures = report(schedule)
    return [
        p for p, seats in figures.seat_balance.items() if max(seats) - min(seats) > sum(seats) % 2
    ]


@pytest.mark.parametrize("n", [13, 15, 29, 31, 33, 35, 45, 53, 87, 95, 99, 101])
def test_complete_schedules_from_a_cyclic_design_seat_everyone_evenly(n: int) -> None:
    # Developed by a group, the design puts each player on every seat of the first
    # round once, so it arrives balanced: with a bye (4m+1), or with a player of
    # Wh(n+1) left out (4m+3), everyone plays an even number of rounds, half of
    # them North/South.
    assert _off_even_split(generate("progressive", _players(n))) == []


@pytest.mark.parametrize("n", [14, 26, 46, 70])
def test_complete_schedules_with_two_byes_leave_few_players_off_an_even_seat_split(n: int) -> None:
    schedule = generate("progressive", _players(n))
    assert report(schedule).max_seat_imbalance <= 2
    assert len(_off_even_split(schedule)) <= 6


@pytest.mark.parametrize("n", [79, 131])
def test_complete_schedules_from_a_product_less_a_player_leave_at_most_two_off(n: int) -> None:
    # Not developed by a group, so they do not arrive balanced; the annealing alone
    # left 6 and 4 players a round off even, the short tabu finish 2.
    assert len(_off_even_split(generate("progressive", _players(n)))) <= 2


@pytest.mark.parametrize(("n", "rounds"), [(16, 6), (24, 8), (40, 6), (48, 8), (60, 6)])
def test_club_nights_leave_few_players_off_an_even_seat_split(n: int, rounds: int) -> None:
    schedule = generate("progressive", _players(n), rounds)
    assert report(schedule).max_seat_imbalance <= 2
    assert len(_off_even_split(schedule)) <= max(4, n // 10)


@pytest.mark.parametrize("n", [12, 20, 28])
def test_club_nights_of_eight_rounds_seat_everyone_four_times_each_way(n: int) -> None:
    # An exact split exists for these draws (a SAT solver finds one); the annealing
    # alone stopped one or two players short, the tabu finish reaches it.
    schedule = generate("progressive", _players(n), 8)
    assert report(schedule).max_seat_imbalance == 0


def _fewest_off_even_split(rounds) -> int:
    """By trying every way to seat each table (Gray code, one flip a step)."""
    tables = [t.sides for r in rounds for t in r.tables]
    played: dict[str, int] = {}
    lead: dict[str, int] = {}
    for north, east in tables:
        for sign, side in ((1, north), (-1, east)):
            for p in side:
                played[p] = played.get(p, 0) + 1
                lead[p] = lead.get(p, 0) + sign

    def off() -> int:
        return sum(1 for p in lead if abs(lead[p]) > played[p] % 2)

    fewest = off()
    for k in range(1, 1 << len(tables)):
        bit = (k & -k).bit_length() - 1  # the bit that changes in the Gray code
        now_flipped = (k ^ (k >> 1)) >> bit & 1
        step = -2 if now_flipped else 2
        north, east = tables[bit]
        for p in north:
            lead[p] += step
        for p in east:
            lead[p] -= step
        fewest = min(fewest, off())
    return fewest


@pytest.mark.parametrize(("n", "rounds"), [(8, 5), (9, 7), (12, 5), (8, 8)])
def test_small_club_nights_seat_as_evenly_as_any_seating_of_their_tables(n: int, rounds: int):
    schedule = generate("progressive", _players(n), rounds)
    assert len(_off_even_split(schedule)) == _fewest_off_even_split(schedule.rounds)
