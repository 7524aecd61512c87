"""Property tests of the two trial progressive formats drawn round by round: winners
move up (dynamic-progressive) under every setting, and seated by standings with
fresh partners (ranked-progressive)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rotations import PlayedRound, PlayedTable, Results, RotationError, Round
from tournaments.rotations.per_round import check_settings
from tournaments.rotations.planners import ranked, winners_move_up
from tournaments.rotations.planners.by_standings import rounds_sat_out

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True)

seeds = st.integers(min_value=0, max_value=10_000)
moves = st.sampled_from(winners_move_up.MOVES)
splits = st.sampled_from(winners_move_up.SPLITS)


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def played(drawn: Round, results: random.Random) -> PlayedRound:
    """The round with random points, a tie now and then settled by the deciding hand."""
    tables = []
    for t in drawn.tables:
        a, b = results.choice(((5, 3), (3, 5), (4, 4), (10, 2)))
        decided = results.randrange(2) if a == b else None
        tables.append(PlayedTable(t.number, t.sides, (a, b), decided))
    return PlayedRound(drawn.number, tuple(tables), drawn.byes)


def winners(table: PlayedTable) -> tuple[str, ...]:
    assert table.points is not None
    if table.points[0] == table.points[1]:
        assert table.decided_by is not None
        return table.sides[table.decided_by]
    return table.sides[table.points.index(max(table.points))]


def night(n: int, rounds: int, seed: int, draw_settings: dict) -> tuple[Results, list[Round]]:
    players = names(n)
    results = Results(tuple(players))
    dice = random.Random(seed)
    drawn_rounds = []
    for number in range(rounds):
        drawn = winners_move_up.next_round(
            players, results, seed=seed + number, settings=draw_settings, ranking=()
        )
        drawn_rounds.append(drawn)
        results = Results(results.players, (*results.rounds, played(drawn, dice)))
    return results, drawn_rounds


def check_shape(drawn: Round, players: list[str]) -> None:
    seated = [p for t in drawn.tables for p in t.players]
    assert len(seated) == len(set(seated))
    assert sorted(seated + list(drawn.byes)) == sorted(players)
    assert len(drawn.byes) == len(players) % 4
    assert [t.number for t in drawn.tables] == list(range(1, len(players) // 4 + 1))
    assert all(len(t.sides) == 2 and all(len(s) == 2 for s in t.sides) for t in drawn.tables)


@SETTINGS
@given(
    n=st.integers(min_value=4, max_value=23),
    rounds=st.integers(min_value=1, max_value=6),
    seed=seeds,
    moves=moves,
    split=splits,
)
def test_every_round_seats_everyone_once_or_a_bye_four_a_table_partners_split(
    n, rounds, seed, moves, split
):
    results, drawn_rounds = night(n, rounds, seed, {"moves": moves, "split": split})
    players = names(n)
    for before, drawn in zip(drawn_rounds, drawn_rounds[1:], strict=False):
        check_shape(drawn, players)
        partners_before = {frozenset(side) for t in before.tables for side in t.sides}
        # Partners split every round (only a table of four that sat together with no
        # newcomer could not; a field of 4 plays on one table and always splits too).
        assert not any(frozenset(side) in partners_before for t in drawn.tables for side in t.sides)
    check_shape(drawn_rounds[0], players)
    # Byes within one of each other.
    sat_out = rounds_sat_out(players, results)
    assert max(sat_out.values()) - min(sat_out.values()) <= 1


@SETTINGS
@given(tables=st.integers(min_value=2, max_value=6), seed=seeds, split=splits)
def test_by_default_winners_go_up_one_table_and_losers_down_one_the_edges_stay(tables, seed, split):
    results, _ = night(4 * tables, 3, seed, {"split": split})
    players = names(4 * tables)
    drawn = winners_move_up.next_round(
        players, results, seed=seed, settings={"split": split}, ranking=()
    )
    table_of = {p: t.number for t in drawn.tables for p in t.players}
    for table in results.rounds[-1].tables:
        up = winners(table)
        down = next(side for side in table.sides if side != up)
        assert all(table_of[p] == max(table.number - 1, 1) for p in up)
        assert all(table_of[p] == min(table.number + 1, tables) for p in down)


@SETTINGS
@given(tables=st.integers(min_value=2, max_value=6), seed=seeds, moves=moves)
def test_the_one_sided_moves_wrap_round_and_keep_four_at_every_table(tables, seed, moves):
    results, _ = night(4 * tables, 2, seed, {"moves": moves})
    players = names(4 * tables)
    drawn = winners_move_up.next_round(
        players, results, seed=seed, settings={"moves": moves}, ranking=()
    )
    check_shape(drawn, players)
    table_of = {p: t.number for t in drawn.tables for p in t.players}
    for table in results.rounds[-1].tables:
        up = winners(table)
        down = next(side for side in table.sides if side != up)
        k = table.number
        if moves == "winners-up-losers-stay":
            assert {table_of[p] for p in up} == {k - 1 if k > 1 else tables}
            assert {table_of[p] for p in down} == {k}
        elif moves == "losers-down-winners-stay":
            assert {table_of[p] for p in up} == {k}
            assert {table_of[p] for p in down} == {k + 1 if k < tables else 1}


@SETTINGS
@given(n=st.integers(min_value=5, max_value=23), seed=seeds, split=splits)
def test_the_bye_goes_to_the_fewest_byes_so_far(n, seed, split):
    results, _ = night(n, 3, seed, {"split": split})
    players = names(n)
    drawn = winners_move_up.next_round(
        players, results, seed=seed, settings={"split": split}, ranking=()
    )
    sat_out = rounds_sat_out(players, results)
    if drawn.byes:
        assert max(sat_out[p] for p in drawn.byes) <= min(
            sat_out[p] for p in players if p not in drawn.byes
        )


@SETTINGS
@given(n=st.integers(min_value=4, max_value=23), seed=seeds, split=splits, moves=moves)
def test_same_night_and_seed_same_round(n, seed, split, moves):
    given_settings = {"split": split, "moves": moves, "first": "random"}
    results, _ = night(n, 2, seed, given_settings)
    players = names(n)
    first, again = (
        winners_move_up.next_round(players, results, seed=seed, settings=given_settings, ranking=())
        for _ in range(2)
    )
    assert first == again


def test_round_1_seats_the_players_listed_four_a_table_1st_and_3rd_against_2nd_and_4th():
    drawn = winners_move_up.next_round(
        names(9), Results(tuple(names(9))), seed=3, settings={}, ranking=()
    )
    assert [t.sides for t in drawn.tables] == [
        (("P1", "P3"), ("P2", "P4")),
        (("P5", "P7"), ("P6", "P8")),
    ]
    assert drawn.byes == ("P9",)


def test_a_late_arrival_and_a_player_back_from_a_bye_join_at_the_foot_a_leaver_is_not_seated():
    players = names(9)
    results, _ = night(9, 1, 1, {})
    assert results.rounds[-1].byes == ("P9",)
    now = [p for p in players if p != "P1"] + ["Late"]
    drawn = winners_move_up.next_round(now, results, seed=0, settings={}, ranking=())
    seated = {p for t in drawn.tables for p in t.players}
    assert "P1" not in seated and "P1" not in drawn.byes
    # P9 and Late joined the foot of the line; one of the fewest-byes players sits out.
    assert {"P9", "Late"} <= {p for p in drawn.tables[-1].players} | set(drawn.byes)


def test_a_force_closed_table_keeps_its_players_where_they_sat():
    players = names(12)
    drawn = winners_move_up.next_round(
        players, Results(tuple(players)), seed=0, settings={}, ranking=()
    )
    t1, t2, t3 = drawn.tables
    first = PlayedRound(
        1,
        (
            PlayedTable(1, t1.sides, (5, 3)),
            PlayedTable(2, t2.sides, None),
            PlayedTable(3, t3.sides, (2, 5)),
        ),
    )
    after = winners_move_up.next_round(
        players, Results(tuple(players), (first,)), seed=0, settings={}, ranking=()
    )
    assert set(after.tables[1].players) == set(t2.players)
    check_shape(after, players)


def test_a_tie_without_the_deciding_hand_is_refused():
    players = names(8)
    drawn = winners_move_up.next_round(
        players, Results(tuple(players)), seed=0, settings={}, ranking=()
    )
    tied = PlayedRound(1, tuple(PlayedTable(t.number, t.sides, (4, 4)) for t in drawn.tables))
    with pytest.raises(RotationError) as refused:
        winners_move_up.next_round(
            players, Results(tuple(players), (tied,)), seed=0, settings={}, ranking=()
        )
    assert refused.value.code == "tie_undecided"


@pytest.mark.parametrize(
    ("format", "given_settings", "code"),
    [
        ("dynamic-progressive", {"moves": "sideways"}, "bad_setting_choice"),
        ("dynamic-progressive", {"split": "alphabet"}, "bad_setting_choice"),
        ("dynamic-progressive", {"first": 3}, "bad_setting_choice"),
        ("dynamic-progressive", {"window": 7}, "unknown_setting"),
        ("ranked-progressive", {"window": 2}, "bad_window"),
        ("ranked-progressive", {"window": "seven"}, "bad_window"),
        ("ranked-progressive", {"split": "colour"}, "unknown_setting"),
    ],
)
def test_a_setting_the_format_cannot_use_is_refused_with_a_plain_code(format, given_settings, code):
    with pytest.raises(RotationError) as refused:
        check_settings(format, given_settings)
    assert refused.value.code == code


@SETTINGS
@given(
    n=st.integers(min_value=4, max_value=30),
    rounds=st.integers(min_value=0, max_value=4),
    window=st.integers(min_value=3, max_value=9),
    data=st.data(),
    seed=seeds,
)
def test_ranked_each_table_holds_the_best_ranked_player_not_yet_seated(
    n, rounds, window, data, seed
):
    players = names(n)
    results, _ = night(n, rounds, seed, {})
    ranking = data.draw(st.permutations(players), label="ranking")
    drawn = ranked.next_round(
        players, results, seed=seed, settings={"window": window}, ranking=ranking
    )
    check_shape(drawn, players)
    order = [p for p in ranking if p not in drawn.byes]
    seated: set[str] = set()
    for table in drawn.tables:
        best = next(p for p in order if p not in seated)
        assert best in table.players
        unseated_before = [p for p in order if p not in seated]
        assert all(unseated_before.index(p) <= window for p in table.players)
        seated |= set(table.players)


def test_four_late_arrivals_make_a_new_foot_table():
    results, _ = night(8, 2, 5, {})
    now = [*names(8), "L1", "L2", "L3", "L4"]
    drawn = winners_move_up.next_round(now, results, seed=0, settings={}, ranking=())
    assert [t.number for t in drawn.tables] == [1, 2, 3]
    assert set(drawn.tables[2].players) == {"L1", "L2", "L3", "L4"}


@SETTINGS
@given(n=st.integers(min_value=4, max_value=23), seed=seeds)
def test_under_the_colour_split_round_1_partners_a_red_and_a_white_card_at_every_side(n, seed):
    players = names(n)
    drawn = winners_move_up.next_round(
        players, Results(tuple(players)), seed=seed, settings={"split": "colour"}, ranking=()
    )
    # Places 1 and 2 of every four in the seed order hold red cards, 3 and 4 white.
    red = {p for place, p in enumerate(players) if place % 4 < 2}
    assert all(len(red & set(side)) == 1 for t in drawn.tables for side in t.sides)
