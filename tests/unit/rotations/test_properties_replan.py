"""Property tests of re-plans: part of an event is played, then the field changes
(players leave, late arrivals come in) and the rest is planned again."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rotations import generate, replan

from ._schedule_checks import (
    assert_rounds_valid,
    bye_counts,
    names,
    partner_counts,
    played_part,
    spread,
    table_counts,
)

SETTINGS = settings(max_examples=20, deadline=None, derandomize=True)
seeds = st.integers(min_value=0, max_value=10_000)


@st.composite
def field_changes(draw, format: str, smallest: int):
    """(players at the start, rounds played, the field from now on, total rounds)."""
    n = draw(st.integers(min_value=smallest, max_value=24), label="n")
    players = names(n)
    played = draw(st.integers(min_value=1, max_value=4), label="played")
    leaving = draw(
        st.lists(st.sampled_from(players), unique=True, max_size=min(3, n - smallest)),
        label="leaving",
    )
    arrivals = [f"Late{i}" for i in range(draw(st.integers(0, 3), label="arrivals"))]
    field = [p for p in players if p not in leaving] + arrivals
    total = played + draw(st.integers(min_value=1, max_value=6), label="more")
    return players, played, field, total


def _replanned(format, change, seed):
    players, played, field, total = change
    first = played_part(generate(format, players, played + 2, seed=seed), played)
    return first, field, replan(first, field, total, seed=seed)


# A progressive re-plan runs the local search; one draw checks all three properties.
@settings(max_examples=15, deadline=None, derandomize=True)
@given(change=field_changes("progressive", 8), seed=seeds)
def test_progressive_replan_keeps_played_rounds_new_partners_and_even_byes(change, seed):
    players, played, field, total = change
    first, field, result = _replanned("progressive", change, seed)
    assert result.rounds[:played] == first.rounds
    assert [r.number for r in result.rounds] == list(range(1, total + 1))
    assert_rounds_valid(result.rounds[played:], field, "progressive")
    # Everyone still has a new partner for each remaining round when the whole
    # event is shorter than the smallest field it had.
    if total <= min(len(players), len(field)) - 1:
        assert max(partner_counts(result.rounds).values()) == 1
    # A round missed counts as a bye, so a late arrival starts behind; the new
    # rounds hand byes to those with fewest, so the spread never grows past one.
    before = spread(bye_counts(first.rounds, field))
    assert spread(bye_counts(result.rounds, field)) <= max(before, 1)


@SETTINGS
@given(change=field_changes("cutthroat", 6), seed=seeds)
def test_cutthroat_replan_is_valid_and_never_lets_byes_drift_apart(change, seed):
    first, field, result = _replanned("cutthroat", change, seed)
    assert result.rounds[: len(first.rounds)] == first.rounds
    assert_rounds_valid(result.rounds[len(first.rounds) :], field, "cutthroat")
    before = spread(bye_counts(first.rounds, field))
    assert spread(bye_counts(result.rounds, field)) <= max(before, 1)


@SETTINGS
@given(change=field_changes("cutthroat", 9), seed=seeds)
def test_cutthroat_replan_of_a_short_event_seats_no_pair_twice(change, seed):
    players, played, field, total = change
    first, field, result = _replanned("cutthroat", change, seed)
    # Two new table-mates a round: a short event on a big field leaves room to spare.
    if total <= min(len(players), len(field)) // 4:
        assert max(table_counts(result.rounds).values()) == 1
