"""Fixed teams (tables of 4) and six-handed (teams of 3 at tables of 6)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.rotations import assert_valid_schedule
from tournaments.rotations import FORMAT_SPECS, RotationError, generate, report
from tournaments.rotations.planners.round_robin import circle_rounds

TEAM_SIZE = {code: spec.team_size for code, spec in FORMAT_SPECS.items() if spec.fixed_teams}


def _round_robin_length(count: int) -> int:
    # An odd count plays one round more, each entrant sitting out once.
    return count if count % 2 else count - 1


def _players(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def _cases(format: str) -> list[int]:
    size = TEAM_SIZE[format]
    return [n for n in range(2 * size, 65) if n % size == 0] + [100 * size]


@pytest.mark.parametrize("count", range(2, 40))
def test_circle_rounds_pair_every_entrant_once(count):
    rounds = circle_rounds(count)
    met = [frozenset(p) for pairings, _ in rounds for p in pairings]
    assert len(met) == len(set(met)) == count * (count - 1) // 2
    assert len(rounds) == _round_robin_length(count)
    for pairings, byes in rounds:
        assert sorted([e for p in pairings for e in p] + byes) == list(range(count))


@pytest.mark.parametrize("format", TEAM_SIZE)
def test_complete_schedule_meets_every_other_team_once(format):
    size = TEAM_SIZE[format]
    for n in _cases(format):
        teams = n // size
        schedule = generate(format, _players(n))
        assert_valid_schedule(schedule, table_players=2 * size, side_players=size)
        figures = report(schedule)
        assert figures.rounds == _round_robin_length(teams)
        assert figures.max_opponent_meetings == 1
        assert figures.opponent_histogram[1] == (teams * (teams - 1) // 2) * size * size
        # Each team plays every other once: teams-1 tables together, all but one repeats.
        assert figures.partner_repeats == (size * (size - 1) // 2) * (teams - 2) * teams
        assert figures.byes_max == figures.byes_min == teams % 2
        assert figures.longest_bye_run <= 1
        assert figures.max_seat_imbalance <= 1


@pytest.mark.parametrize("format", TEAM_SIZE)
def test_teams_are_consecutive_players_unless_given(format):
    size = TEAM_SIZE[format]
    schedule = generate(format, _players(4 * size))
    sides = {side for r in schedule.rounds for t in r.tables for side in t.sides}
    assert {tuple(sorted(s)) for s in sides} == {
        tuple(sorted(_players(4 * size)[k : k + size])) for k in range(0, 4 * size, size)
    }
    given_teams = [_players(4 * size)[k::4] for k in range(4)]
    schedule = generate(format, _players(4 * size), teams=given_teams)
    sides = {tuple(sorted(side)) for r in schedule.rounds for t in r.tables for side in t.sides}
    assert sides == {tuple(sorted(team)) for team in given_teams}


@settings(max_examples=40, deadline=None)
@given(
    format=st.sampled_from(sorted(TEAM_SIZE)),
    teams=st.integers(2, 24),
    fraction=st.floats(0.05, 0.99),
    seed=st.integers(0, 1000),
)
def test_fewer_rounds_than_a_round_robin_have_no_rematch(format, teams, fraction, seed):
    size = TEAM_SIZE[format]
    rounds = max(1, int(_round_robin_length(teams) * fraction))
    schedule = generate(format, _players(teams * size), rounds, seed=seed)
    assert_valid_schedule(schedule, table_players=2 * size, side_players=size)
    figures = report(schedule)
    assert figures.rounds == rounds
    assert figures.max_opponent_meetings == 1
    assert figures.byes_max - figures.byes_min <= 1
    assert figures.longest_bye_run <= 1
    assert figures.max_seat_imbalance <= 1


@settings(max_examples=30, deadline=None)
@given(
    format=st.sampled_from(sorted(TEAM_SIZE)),
    teams=st.integers(2, 16),
    extra=st.integers(1, 40),
    seed=st.integers(0, 1000),
)
def test_more_rounds_than_a_round_robin_spread_repeats_evenly(format, teams, extra, seed):
    size = TEAM_SIZE[format]
    full = _round_robin_length(teams)
    rounds = full + extra
    schedule = generate(format, _players(teams * size), rounds, seed=seed)
    assert_valid_schedule(schedule, table_players=2 * size, side_players=size)
    figures = report(schedule)
    assert figures.max_opponent_meetings == -(-rounds // full)
    # Between teams, meetings differ by at most one.
    team_meetings = [m for m, pairs in figures.opponent_histogram.items() if m and pairs]
    assert max(team_meetings) - min(team_meetings) <= 1
    assert figures.byes_max - figures.byes_min <= 1
    assert figures.longest_bye_run <= 1
    assert figures.max_seat_imbalance <= 1


@pytest.mark.parametrize(
    ("format", "n", "code"),
    [
        ("teams", 2, "too_few_players"),
        ("teams", 7, "players_not_divisible"),
        ("six-handed", 3, "too_few_players"),
        ("six-handed", 8, "players_not_divisible"),
    ],
)
def test_impossible_fields_are_refused_with_a_code(format, n, code):
    with pytest.raises(RotationError) as caught:
        generate(format, _players(n))
    assert caught.value.code == code
    assert str(n) in caught.value.message


def test_given_teams_must_hold_each_player_once():
    with pytest.raises(RotationError) as caught:
        generate("teams", _players(4), teams=[["P1", "P2"], ["P1", "P3"]])
    assert caught.value.code == "teams_do_not_match_players"


def test_rounds_below_one_are_refused():
    with pytest.raises(RotationError) as caught:
        generate("teams", _players(8), 0)
    assert caught.value.code == "bad_rounds"
