"""Property tests of the trial format seated by standings, drawn round by round:
any field, any standings, any seed, late arrivals and players who left."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rotations import PlayedRound, PlayedTable, Results, Round
from tournaments.rotations.planners import by_standings

SETTINGS = settings(max_examples=30, deadline=None, derandomize=True)

fields = st.integers(min_value=4, max_value=23)
seeds = st.integers(min_value=0, max_value=10_000)


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def played(drawn: Round, *, confirmed: bool = True) -> PlayedRound:
    """The round as played: the first side ahead by one point (any points do here)."""
    return PlayedRound(
        drawn.number,
        tuple(PlayedTable(t.number, t.sides, (6, 5) if confirmed else None) for t in drawn.tables),
        drawn.byes,
    )


def draw(players, history, *, seed=0, ranking=()) -> Round:
    return by_standings.next_round(players, history, seed=seed, settings={}, ranking=ranking)


def first_round(players: list[str], data, seed: int) -> tuple[list[str], Round]:
    """Any standings (as the site would rank them), and round 1 drawn from them."""
    ranking = data.draw(st.permutations(players), label="ranking")
    return ranking, draw(players, Results(tuple(players)), seed=seed, ranking=ranking)


def seated_in_table_order(drawn: Round) -> list[str]:
    return [p for table in drawn.tables for p in table.players]


@SETTINGS
@given(n=fields, data=st.data(), seed=seeds)
def test_everyone_playing_is_seated_once_or_has_a_bye_and_byes_are_the_leftover(n, data, seed):
    players = names(n)
    ranking, drawn = first_round(players, data, seed)
    seated = seated_in_table_order(drawn)
    assert len(seated) == len(set(seated))
    assert sorted(seated + list(drawn.byes)) == sorted(players)
    assert len(drawn.byes) == n % 4
    assert [t.number for t in drawn.tables] == list(range(1, n // 4 + 1))
    assert all(len(t.sides) == 2 and all(len(s) == 2 for s in t.sides) for t in drawn.tables)
    assert drawn.number == 1


@SETTINGS
@given(n=fields, data=st.data(), seed=seeds)
def test_each_table_holds_the_next_four_of_the_standings_the_head_table_the_top_four(n, data, seed):
    players = names(n)
    ranking, drawn = first_round(players, data, seed)
    seated_order = [p for p in ranking if p not in drawn.byes]
    for table in drawn.tables:
        start = 4 * (table.number - 1)
        assert sorted(table.players) == sorted(seated_order[start : start + 4])


@SETTINGS
@given(
    n=fields,
    rounds=st.integers(min_value=2, max_value=9),
    data=st.data(),
    seed=seeds,
)
def test_nobody_sits_out_twice_before_everyone_has_sat_out_once(n, rounds, data, seed):
    players = names(n)
    history = Results(tuple(players))
    byes: Counter[str] = Counter()
    for number in range(1, rounds + 1):
        ranking = data.draw(st.permutations(players), label=f"standings before {number}")
        drawn = draw(players, history, seed=seed + number, ranking=ranking)
        assert drawn.number == number
        byes.update(drawn.byes)
        counts = [byes[p] for p in players]
        assert max(counts) - min(counts) <= 1
        history = Results(history.players, (*history.rounds, played(drawn)))


@SETTINGS
@given(
    n=fields,
    late=st.integers(min_value=1, max_value=6),
    data=st.data(),
    seed=seeds,
)
def test_a_late_arrival_is_placed_after_the_ranked_and_waits_no_longer_for_a_seat(
    n, late, data, seed
):
    early = names(n)
    ranking, first = first_round(early, data, seed)
    history = Results(tuple(early), (played(first),))
    arrivals = [f"L{i}" for i in range(1, late + 1)]
    players = early + arrivals
    drawn = draw(players, history, seed=seed, ranking=ranking)
    seated = seated_in_table_order(drawn)
    assert sorted(seated + list(drawn.byes)) == sorted(players)
    ranked_places = [i for i, p in enumerate(seated) if p in early]
    late_places = [i for i, p in enumerate(seated) if p not in early]
    if ranked_places and late_places:
        # Within one table the order is the partners' draw; across tables it is the standings'.
        assert max(ranked_places) // 4 <= min(late_places) // 4
    # A late arrival has sat out round 1 already, as has round 1's bye: while someone who
    # played round 1 is left to sit out, none of them sits out again.
    sat_out_round_1 = set(first.byes) | set(arrivals)
    if len(drawn.byes) <= len(players) - len(sat_out_round_1):
        assert not set(drawn.byes) & sat_out_round_1


@SETTINGS
@given(n=st.integers(min_value=5, max_value=23), data=st.data(), seed=seeds)
def test_a_player_who_left_is_not_seated_and_the_rest_close_up(n, data, seed):
    field = names(n)
    ranking, first = first_round(field, data, seed)
    history = Results(tuple(field), (played(first),))
    gone = data.draw(st.sampled_from(field), label="gone")
    players = [p for p in field if p != gone]
    drawn = draw(players, history, seed=seed, ranking=ranking)
    seated = seated_in_table_order(drawn)
    assert gone not in seated and gone not in drawn.byes
    assert sorted(seated + list(drawn.byes)) == sorted(players)
    assert len(drawn.byes) == len(players) % 4
    order = [p for p in ranking if p in players and p not in drawn.byes]
    assert sorted(drawn.tables[0].players) == sorted(order[:4])


@SETTINGS
@given(n=fields, data=st.data(), seed=seeds)
def test_same_history_standings_and_seed_same_round(n, data, seed):
    players = names(n)
    ranking, first = first_round(players, data, seed)
    history = Results(tuple(players), (played(first),))
    again = [draw(players, history, seed=seed, ranking=ranking) for _ in range(2)]
    assert again[0] == again[1]


def test_a_redraw_with_the_next_seed_can_pair_the_tables_differently():
    players = names(16)
    drawn = {
        draw(players, Results(tuple(players)), seed=seed, ranking=players) for seed in range(5)
    }
    assert len(drawn) > 1
    # Whatever the seed, the same four share each table.
    assert len({tuple(frozenset(t.players) for t in d.tables) for d in drawn}) == 1


@SETTINGS
@given(
    rounds_set=st.integers(min_value=1, max_value=6),
    played_rounds=st.integers(min_value=0, max_value=8),
    unconfirmed=st.booleans(),
    seed=seeds,
)
def test_the_night_is_over_only_once_the_rounds_set_are_played_and_confirmed(
    rounds_set, played_rounds, unconfirmed, seed
):
    players = names(9)
    history = Results(tuple(players))
    for number in range(1, played_rounds + 1):
        drawn = draw(players, history, seed=seed, ranking=players)
        last = number == played_rounds
        history = Results(
            history.players, (*history.rounds, played(drawn, confirmed=not (last and unconfirmed)))
        )
    over = by_standings.night_over(history, settings={"rounds": rounds_set})
    expected = played_rounds >= rounds_set and not (unconfirmed and played_rounds > 0)
    assert over is expected
    # Without a number of rounds set, the night goes on until the organiser ends it.
    assert by_standings.night_over(history, settings={}) is False
