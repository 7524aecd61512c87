"""Progressive rotations: validity for every size, the quality targets, history."""

from __future__ import annotations

import pytest

from tests.unit.rotations.sweep import sweep
from tournaments.rotations import generate
from tournaments.rotations.history import History
from tournaments.rotations.planners import progressive
from tournaments.rotations.quality import report
from tournaments.rotations.schedule import RotationError, Round, Schedule


def names(n: int) -> list[str]:
    return [f"P{i:04d}" for i in range(n)]


def quality(players: list[str], rounds: tuple[Round, ...]):
    return report(Schedule("progressive", tuple(players), rounds))


def assert_valid(players: list[str], rounds: tuple[Round, ...], count: int) -> None:
    assert [r.number for r in rounds] == list(range(1, count + 1))
    for rnd in rounds:
        assert sorted(rnd.seated + rnd.byes) == sorted(players)
        assert [t.number for t in rnd.tables] == list(range(1, len(rnd.tables) + 1))
        assert all(len(t.sides) == 2 and all(len(s) == 2 for s in t.sides) for t in rnd.tables)
        assert len(rnd.byes) == len(players) % 4


def assert_fair_byes(q) -> None:
    assert q.byes_max - q.byes_min <= 1
    assert q.longest_bye_run <= 1


# Targets at 8 rounds: (max partner meetings, max opponent meetings, max table meetings).
TARGETS_8 = {
    9: (1, 2, 3),
    12: (1, 2, 3),
    13: (1, 2, 3),
    16: (1, 2, 3),
    20: (1, 2, 3),
    24: (1, 1, 2),
    28: (1, 1, 2),
}


# Every size a club plays (up to 60) and the small ones below. Quick: one size of each
# residue mod 4 below and above 32 (the 8-round targets change there) and 12 from
# TARGETS_8; the sizes below 12, the slowest, are CI's.
@pytest.mark.parametrize("n", sweep(range(4, 61), quick={12, 22, 23, 33, 44, 45, 46, 47, 60}))
def test_every_size_and_round_count_is_valid(n: int) -> None:
    players = names(n)
    # Below a club's field (8), the nights short of the complete rotation and a usual
    # night of 8: past n-1 rounds a small field only repeats itself, slowly.
    counts = range(1, 11) if n >= 8 else (*range(1, n), 8)
    for count in counts:
        rounds = progressive.generate(players, count)
        assert_valid(players, rounds, count)
        q = quality(players, rounds)
        assert_fair_byes(q)
        if count <= n - 1 and n >= 8:
            assert q.max_partner_meetings == 1, (n, count)
        if count == 8 and (n in TARGETS_8 or n >= 12):
            target = TARGETS_8.get(n, (1, 1, 1) if n >= 32 else (1, 2, 3))
            got = (q.max_partner_meetings, q.max_opponent_meetings, q.max_table_meetings)
            assert got[:2] <= target[:2] and got[2] <= target[2], (n, got)


@pytest.mark.parametrize("rounds", [8, 9])
def test_ten_players_meet_no_opponent_three_times_over_eight_or_nine_rounds(rounds: int) -> None:
    # A run of rounds of the complete 10-player schedule; the search alone gave 3 and 4.
    players = names(10)
    q = quality(players, progressive.generate(players, rounds))
    assert (q.max_partner_meetings, q.max_opponent_meetings) == (1, 2)
    assert_fair_byes(q)


# A club's long night (up to 12 rounds): fields whose complete rotation is a few rounds
# longer than the night. Longer nights than a club plays (18 to 23 players over 14 to 22
# rounds) took half a minute and no club meets them.
@pytest.mark.parametrize("n", [11, 14, 15])
def test_long_events_short_of_complete_keep_opponents_to_two(n: int) -> None:
    players = names(n)
    for count in range(n - 4, progressive.complete_length(n)):
        q = quality(players, progressive.generate(players, count))
        assert (q.max_partner_meetings, q.max_opponent_meetings) == (1, 2), count
        assert_fair_byes(q)


@pytest.mark.parametrize(("n", "rounds"), [(8, 8), (9, 10), (12, 12)])
def test_beyond_the_complete_length_the_complete_schedule_comes_first(n: int, rounds: int) -> None:
    # Repeats are forced past n-1 rounds; planned on top of a whist design no pair
    # meets as opponents more than 3 times (planning all rounds at once gave 4).
    players = names(n)
    q = quality(players, progressive.generate(players, rounds))
    assert (q.max_partner_meetings, q.max_opponent_meetings, q.max_table_meetings) == (2, 3, 4)
    assert_fair_byes(q)


@pytest.mark.parametrize("n", [19])
def test_asking_for_the_complete_length_explicitly_works(n: int) -> None:
    # 19 players over 19 rounds once overflowed the search's cost table.
    players = names(n)
    rounds = progressive.generate(players, n)
    assert_valid(players, rounds, n)
    assert quality(players, rounds).max_partner_meetings == 1


@pytest.mark.parametrize("n", [100, 200, 333])
def test_large_fields_at_eight_rounds_never_share_a_table_twice(n: int) -> None:
    players = names(n)
    rounds = progressive.generate(players, 8, seed=3)
    assert_valid(players, rounds, 8)
    q = quality(players, rounds)
    assert q.max_table_meetings == 1
    assert_fair_byes(q)


def test_thousand_players_eight_rounds() -> None:
    players = names(1000)
    rounds = progressive.generate(players, 8)
    assert_valid(players, rounds, 8)
    assert quality(players, rounds).max_table_meetings == 1


def test_deterministic_for_a_seed() -> None:
    players = names(23)
    assert progressive.generate(players, 7, seed=5) == progressive.generate(players, 7, seed=5)
    assert progressive.generate(players, 7, seed=5) != progressive.generate(players, 7, seed=6)
    assert progressive.generate(players, seed=2) == progressive.generate(players, seed=2)


def test_errors() -> None:
    with pytest.raises(RotationError) as err:
        generate("progressive", names(3), 4)
    assert err.value.code == "too_few_players"
    with pytest.raises(RotationError) as err:
        generate("progressive", names(8), 0)
    assert err.value.code == "bad_rounds"


@pytest.mark.parametrize("n", range(4, 41))
def test_complete_schedule_partners_everyone_at_most_once(n: int) -> None:
    players = names(n)
    rounds = progressive.generate(players)
    q = quality(players, rounds)
    assert q.max_partner_meetings == 1
    assert q.byes_max - q.byes_min <= 1
    if progressive.is_exact_complete(n):
        assert_valid(players, rounds, progressive.complete_length(n))
        assert q.byes_min == q.byes_max == {0: 0, 1: 1, 2: 2, 3: 3}[n % 4]
        assert q.max_opponent_meetings <= (3 if n % 4 == 2 else 2)
        assert q.longest_bye_run <= (2 if n == 7 else 1)  # 7 cannot avoid it (see _spread_byes)
    else:
        assert_valid(players, rounds, len(rounds))
        assert len(rounds) >= n - 1


@pytest.mark.parametrize(
    "n", sweep([n for n in range(4, 201) if n % 4 in (0, 1)], quick=range(4, 100))
)
def test_complete_schedule_is_a_whist_tournament(n: int) -> None:
    players = names(n)
    rounds = progressive.generate(players, seed=n)
    q = quality(players, rounds)
    assert len(rounds) == progressive.complete_length(n)
    assert q.max_partner_meetings == 1 and q.partner_repeats == 0
    assert q.opponent_histogram == {2: n * (n - 1) // 2}
    assert q.byes_min == q.byes_max == n % 4


@pytest.mark.parametrize(
    "n", sweep([n for n in range(41, 201) if n % 4 in (2, 3)], quick=range(41, 100))
)
def test_complete_schedule_without_a_whist_size_meets_its_target(n: int) -> None:
    # n = 4m+3: Wh(n+1) less a player; n = 4m+2: Wh(n-1) plus a player.
    assert progressive.is_exact_complete(n)
    players = names(n)
    rounds = progressive.generate(players, seed=n)
    q = quality(players, rounds)
    assert_valid(players, rounds, n)
    assert q.max_partner_meetings == 1
    assert q.byes_min == q.byes_max == n % 4
    assert q.max_opponent_meetings <= (3 if n % 4 == 2 else 2)
    assert q.longest_bye_run == 1


def play_then_replan(n: int, played: int, more: int, withdraw: int, seed: int = 0):
    players = names(n)
    first = progressive.generate(players, played, seed=seed)
    history = History.from_rounds(first)
    remaining = players[:withdraw] + players[withdraw + 1 :] if withdraw >= 0 else players
    rest = progressive.generate(remaining, more, seed=seed + 1, history=history)
    renumbered = tuple(Round(number=played + r.number, tables=r.tables, byes=r.byes) for r in rest)
    return remaining, first, renumbered


@pytest.mark.parametrize(
    ("n", "played", "more", "withdraw"),
    [(100, 3, 5, 17), (21, 3, 5, -1), (22, 2, 6, 0), (13, 4, 4, 5), (40, 5, 3, 39), (9, 1, 6, -1)],
)
def test_history_is_respected(n: int, played: int, more: int, withdraw: int) -> None:
    remaining, first, rest = play_then_replan(n, played, more, withdraw)
    assert_valid(
        remaining,
        tuple(Round(number=r.number - played, tables=r.tables, byes=r.byes) for r in rest),
        more,
    )
    history = History.from_rounds(first)
    for rnd in rest:
        for table in rnd.tables:
            for a, b in table.sides:
                assert not history.partnered(a, b)
    whole = quality(remaining, first + rest)
    assert whole.max_partner_meetings == 1
    counts = [whole.byes_per_player[p] for p in remaining]
    assert max(counts) - min(counts) <= 1
    assert whole.longest_bye_run <= 1


def test_history_with_uneven_byes_evens_them_out() -> None:
    players = names(9)
    # Round 1 of a 10-player event: P0009 has left, P0000 and P0001 sat out.
    first = progressive.generate(players + ["P0009"], 1)
    history = History.from_rounds(first)
    rest = progressive.generate(players, 6, history=history)
    byes = {p: history.bye_count(p) for p in players}
    for rnd in rest:
        for p in rnd.byes:
            assert p not in history.last_byes or rnd.number > 1
            byes[p] += 1
    assert max(byes.values()) - min(byes.values()) <= 1
