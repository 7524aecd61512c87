"""Property tests of progressive plans: any field, any number of rounds, any seed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rotations import generate, report

from ._schedule_checks import assert_rounds_valid, bye_counts, names, partner_counts, spread

# Plans run a local search (up to ~1 s on a busy box), so few examples, no deadline,
# and the same examples on every run so a loaded CI machine cannot turn up a new one.
SETTINGS = settings(max_examples=25, deadline=None, derandomize=True)

fields = st.integers(min_value=4, max_value=26)
seeds = st.integers(min_value=0, max_value=10_000)


@SETTINGS
@given(n=fields, rounds=st.integers(min_value=1, max_value=12), seed=seeds)
def test_every_plan_seats_everyone_once_a_round_and_spreads_byes_within_one(n, rounds, seed):
    players = names(n)
    schedule = generate("progressive", players, rounds, seed=seed)
    assert [r.number for r in schedule.rounds] == list(range(1, rounds + 1))
    assert_rounds_valid(schedule.rounds, players, "progressive")
    assert spread(bye_counts(schedule.rounds, players)) <= 1
    assert report(schedule).longest_bye_run <= 1


@SETTINGS
@given(n=st.integers(min_value=8, max_value=26), data=st.data(), seed=seeds)
def test_no_partner_twice_while_there_are_rounds_enough_for_new_partners(n, data, seed):
    # Everyone has n-1 possible partners, so up to n-1 rounds nobody need partner twice.
    rounds = data.draw(st.integers(min_value=1, max_value=min(n - 1, 10)), label="rounds")
    schedule = generate("progressive", names(n), rounds, seed=seed)
    assert max(partner_counts(schedule.rounds).values()) == 1


@settings(max_examples=15, deadline=None, derandomize=True)
@given(n=st.integers(min_value=4, max_value=40), seed=seeds)
def test_the_complete_schedule_partners_every_pair_at_most_once(n, seed):
    players = names(n)
    schedule = generate("progressive", players, seed=seed)
    assert_rounds_valid(schedule.rounds, players, "progressive")
    assert max(partner_counts(schedule.rounds).values()) == 1
    assert spread(bye_counts(schedule.rounds, players)) <= 1
    # n-1 rounds for n = 4m, otherwise n: the most in which new partners can be found.
    assert len(schedule.rounds) >= n - 1


@settings(max_examples=6, deadline=None, derandomize=True)
@given(n=fields, rounds=st.integers(min_value=1, max_value=8), seed=seeds)
def test_the_same_seed_draws_the_same_plan(n, rounds, seed):
    players = names(n)
    assert generate("progressive", players, rounds, seed=seed) == generate(
        "progressive", players, rounds, seed=seed
    )
