"""Property tests of `repair`: part of an event is played, the field changes, and the
planned rest is mended instead of drawn afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rotations import Schedule, generate, measures, repair, replan, spec

from ._schedule_checks import names

SETTINGS = settings(max_examples=12, deadline=None, derandomize=True)
seeds = st.integers(min_value=0, max_value=10_000)
ROUNDS = 8


@st.composite
def changes(draw, format: str):
    """(players at the start, first round not yet played, the field from now on)."""
    wanted = spec(format)
    size = wanted.team_size or 1
    smallest = wanted.table_players + size
    teams_count = draw(st.integers(min_value=smallest // size, max_value=24 // size), label="n")
    players = names(teams_count * size)
    first = draw(st.integers(min_value=1, max_value=ROUNDS), label="first round")
    # Fixed teams leave and arrive whole; the field keeps one table at least.
    teams = [players[i : i + size] for i in range(0, len(players), size)]
    spare = len(teams) - wanted.table_players // (2 if wanted.fixed_teams else 1) // (
        1 if wanted.fixed_teams else size
    )
    leaving = draw(
        st.lists(st.sampled_from(range(len(teams))), unique=True, max_size=max(0, min(2, spare))),
        label="leaving",
    )
    arriving = draw(st.integers(min_value=0, max_value=2), label="arriving")
    field = [p for i, team in enumerate(teams) if i not in leaving for p in team]
    field += [f"Late{i}-{j}" for i in range(arriving) for j in range(size)]
    return players, first, field


def _repaired(format: str, change, seed: int):
    players, first, field = change
    planned = generate(format, players, ROUNDS, seed=seed)
    return planned, first, field, repair(planned, field, first_round=first, seed=seed)


def _assert_valid(
    format: str, result: Schedule, first: int, field: list[str], planned: Schedule
) -> None:
    """Every player of the field sits once or sits out in each remaining round; tables
    are full, numbered within the room's tables, and only as many sit out as no
    table can hold."""
    wanted = spec(format)
    per_table = wanted.table_players
    planned_tables = {r.number: r.tables for r in planned.rounds}
    assert [r.number for r in result.rounds] == list(range(1, ROUNDS + 1))
    for rnd in result.rounds[first - 1 :]:
        assert sorted(rnd.seated + rnd.byes) == sorted(field), rnd.number
        # A table no longer needed leaves a gap rather than renumber the others.
        numbers = [t.number for t in rnd.tables]
        assert numbers == sorted(set(numbers)) and numbers[0] >= 1
        assert numbers[-1] <= max(len(rnd.tables), len(planned_tables[rnd.number]))
        assert all(len(t.players) == per_table for t in rnd.tables)
        assert len(rnd.byes) == len(field) % (
            per_table if not wanted.fixed_teams else 2 * (wanted.team_size or 1)
        )
        if wanted.fixed_teams:
            assert all(len(side) == wanted.team_size for t in rnd.tables for side in t.sides)


def _check(format: str, change, seed: int) -> None:
    planned, first, field, result = _repaired(format, change, seed)
    assert result.rounds[: first - 1] == planned.rounds[: first - 1]
    _assert_valid(format, result, first, field, planned)


@SETTINGS
@given(change=changes("progressive"), seed=seeds)
def test_progressive_repair_is_valid_keeps_played_rounds_and_is_as_fair(change, seed):
    planned, first, field, result = _repaired("progressive", change, seed)
    assert result.rounds[: first - 1] == planned.rounds[: first - 1]
    _assert_valid("progressive", result, first, field, planned)
    played = Schedule(planned.format, planned.players, planned.rounds[: first - 1])
    full = replan(played, field, ROUNDS, seed=seed)
    mended, fresh = measures(result, field), measures(full, field)
    assert mended.partner_repeats <= fresh.partner_repeats
    assert mended.max_opponent_meetings <= fresh.max_opponent_meetings + 1
    assert mended.bye_spread <= fresh.bye_spread + 1


@SETTINGS
@given(change=changes("cutthroat"), seed=seeds)
def test_cutthroat_repair_is_valid_and_keeps_played_rounds(change, seed):
    _check("cutthroat", change, seed)


@SETTINGS
@given(
    format=st.sampled_from(("teams", "six-handed", "heads-up")),
    data=st.data(),
    seed=seeds,
)
def test_fixed_team_and_heads_up_repair_is_valid_and_keeps_played_rounds(format, data, seed):
    _check(format, data.draw(changes(format)), seed)


def test_a_leaver_in_a_field_of_four_tables_and_one_is_replaced_by_the_bye_holder():
    players = names(17)
    planned = generate("progressive", players, ROUNDS, seed=3)
    field = players[1:]
    result = repair(planned, field, first_round=3, seed=3)
    moved_seats = 0
    for before, after in zip(planned.rounds[2:], result.rounds[2:], strict=True):
        # Sixteen players fill four tables: whoever had the bye plays.
        assert after.byes == ()
        (holder,) = before.byes
        moved = {p for p in field if _seat(before, p) != _seat(after, p)}
        assert holder in moved
        moved_seats += len(moved)
    # A full re-plan moves nearly every seat; the repair keeps most of them.
    assert moved_seats <= len(field) * len(result.rounds[2:]) // 4


def _seat(rnd, player):
    for t in rnd.tables:
        for side, members in enumerate(t.sides):
            if player in members:
                return t.number, side
    return None


def _withdrawal(count: int, leaver: str, first: int, seed: int):
    """(planned, field, mended, players who move, who had a bye in a round the
    leaver was to play) for `leaver` leaving `count` players before round `first`."""
    players = [f"P{i}" for i in range(count)]
    planned = generate("progressive", players, ROUNDS, seed=seed)
    field = [p for p in players if p != leaver]
    result = repair(planned, field, first_round=first, seed=seed)
    rest = first - 1
    moved = {
        p
        for before, after in zip(planned.rounds[rest:], result.rounds[rest:], strict=True)
        for p in field
        if _seat(before, p) != _seat(after, p)
    }
    holders = {p for r in planned.rounds[rest:] if leaver not in r.byes for p in r.byes}
    return planned, field, result, moved, holders


def test_a_second_meeting_of_opponents_that_the_targets_allow_moves_nobody_else():
    # 23 players, one leaves before round 3: in each of the five rounds the leaver was
    # to play, one of the three who had the bye takes the seat. Sparing a second meeting of two
    # opponents (the full re-plan gives none, one more is allowed) is not worth
    # moving a sixth player, as it was before the search knew the targets.
    _planned, field, result, moved, holders = _withdrawal(23, "P9", 3, seed=3013)
    assert moved <= holders and len(moved) == 5
    assert measures(result, field).partner_repeats == 0


def test_in_a_small_field_only_the_bye_holders_move_where_one_step_at_a_time_moved_a_fourth():
    # 18 players, P4 leaves before round 5 of 8: in each of the three rounds P4 was to
    # play, one who had the bye can take the seat without partnering anyone twice.
    # The local search reached that only through a worse plan, so it stopped at four
    # players moved; the exact search of a small field finds the three.
    planned, field, result, moved, holders = _withdrawal(18, "P4", 5, seed=2407)
    assert moved <= holders and len(moved) == 3
    full = replan(
        Schedule(format="progressive", players=planned.players, rounds=planned.rounds[:4]),
        field,
        ROUNDS,
        seed=2407,
    )
    ours, theirs = measures(result, field), measures(full, field)
    assert ours.partner_repeats <= theirs.partner_repeats
    assert ours.max_opponent_meetings <= theirs.max_opponent_meetings + 1
    assert ours.bye_spread <= theirs.bye_spread + 1
