"""Property tests of cutthroat schedules: any field, any number of rounds, any seed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rotations import generate, report

from ._schedule_checks import assert_rounds_valid, bye_counts, names, spread, table_counts

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True)

fields = st.integers(min_value=3, max_value=40)
seeds = st.integers(min_value=0, max_value=10_000)


@SETTINGS
@given(n=fields, rounds=st.integers(min_value=1, max_value=30), seed=seeds)
def test_every_schedule_seats_everyone_once_a_round_and_spreads_byes_within_one(n, rounds, seed):
    players = names(n)
    schedule = generate("cutthroat", players, rounds, seed=seed)
    assert [r.number for r in schedule.rounds] == list(range(1, rounds + 1))
    assert_rounds_valid(schedule.rounds, players, "cutthroat")
    assert spread(bye_counts(schedule.rounds, players)) <= 1
    assert report(schedule).longest_bye_run <= 1


@SETTINGS
@given(n=fields, data=st.data(), seed=seeds)
def test_up_to_the_complete_length_nobody_shares_a_table_twice(n, data, seed):
    players = names(n)
    complete = generate("cutthroat", players, seed=seed)
    assert_rounds_valid(complete.rounds, players, "cutthroat")
    assert max(table_counts(complete.rounds).values()) == 1
    assert spread(bye_counts(complete.rounds, players)) <= 1
    rounds = data.draw(st.integers(min_value=1, max_value=len(complete.rounds)), label="rounds")
    shorter = generate("cutthroat", players, rounds, seed=seed)
    assert max(table_counts(shorter.rounds).values()) == 1


@SETTINGS
@given(n=fields, extra=st.integers(min_value=1, max_value=12), seed=seeds)
def test_past_the_complete_length_repeats_spread_over_every_pair(n, extra, seed):
    # Each pass over the complete length may add one meeting per pair, no more.
    players = names(n)
    complete = len(generate("cutthroat", players, seed=seed).rounds)
    rounds = complete + extra
    schedule = generate("cutthroat", players, rounds, seed=seed)
    assert_rounds_valid(schedule.rounds, players, "cutthroat")
    assert max(table_counts(schedule.rounds).values()) <= -(-rounds // complete) + 1
