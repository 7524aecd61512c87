"""A change of the night counted one way: who sits somewhere else, and whose scorecard
lists a changed partner or opponent (tournaments.rotations.moves)."""

from __future__ import annotations

import functools
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rotations import Round, Table, generate, seat_moves

from ._schedule_checks import names

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True)


def _round(number, *tables, byes=()):
    return Round(
        number=number,
        tables=tuple(Table(number=i, sides=sides) for i, sides in enumerate(tables, start=1)),
        byes=tuple(byes),
    )


BEFORE = _round(
    5,
    (("Ann", "Bob"), ("Cat", "Dan")),
    (("Eve", "Fay"), ("Gus", "Hal")),
    byes=("Ivy",),
)


def test_partners_trading_seat_letters_sit_somewhere_else_with_the_same_table_mates():
    # Ann (North) and Bob (South) trade places: each reads another seat letter on the
    # card, though partner and opponents are the same. The old count missed them.
    after = _round(
        5, (("Bob", "Ann"), ("Cat", "Dan")), (("Eve", "Fay"), ("Gus", "Hal")), byes=("Ivy",)
    )
    moves = seat_moves([BEFORE], [after])
    assert moves.sit_elsewhere == {"Ann", "Bob"}
    assert moves.new_table_mates == frozenset()
    assert moves.reprints == {"Ann", "Bob"}
    assert moves.tables == {1} and moves.rounds == {5}


def test_a_table_given_another_number_moves_its_four_players_and_no_partner():
    after = _round(
        5, (("Eve", "Fay"), ("Gus", "Hal")), (("Ann", "Bob"), ("Cat", "Dan")), byes=("Ivy",)
    )
    moves = seat_moves([BEFORE], [after])
    assert moves.sit_elsewhere == set(BEFORE.seated)
    assert moves.new_table_mates == frozenset()
    assert moves.tables == {1, 2}


def test_a_bye_traded_for_a_seat_moves_both_and_changes_that_tables_cards():
    after = _round(
        5, (("Ivy", "Bob"), ("Cat", "Dan")), (("Eve", "Fay"), ("Gus", "Hal")), byes=("Ann",)
    )
    moves = seat_moves([BEFORE], [after])
    assert moves.sit_elsewhere == {"Ann", "Ivy"}
    # Ann and Ivy gain or lose table-mates; Bob, Cat and Dan have Ivy instead of Ann.
    assert moves.new_table_mates == {"Ann", "Ivy", "Bob", "Cat", "Dan"}
    assert moves.moved_by_round == {5: frozenset({"Ann", "Ivy"})}


def test_a_leaver_and_a_newcomer_are_neither_moved_nor_counted():
    after = _round(
        5, (("Zoe", "Bob"), ("Cat", "Dan")), (("Eve", "Fay"), ("Gus", "Hal")), byes=("Ivy",)
    )
    moves = seat_moves([BEFORE], [after])
    assert moves.sit_elsewhere == frozenset()
    assert moves.new_table_mates == {"Bob", "Cat", "Dan"}


def test_nothing_changed_counts_nothing():
    moves = seat_moves([BEFORE], [BEFORE])
    assert not moves.changed
    assert moves.sit_elsewhere == moves.new_table_mates == frozenset()
    assert moves.tables == moves.rounds == frozenset()


def test_a_round_dropped_after_the_change_moves_everyone_who_was_in_it():
    later = replace(BEFORE, number=6)
    moves = seat_moves([BEFORE, later], [BEFORE])
    # Players of round 6 are still in round 5: staying on, and in round 6 nowhere.
    assert moves.sit_elsewhere == set(BEFORE.seated) | {"Ivy"}
    assert moves.rounds == {6}


# --- properties over real rotations --------------------------------------------------------

# Few seeds: a drawn night is kept, and the examples vary what is done to it.
nights = st.sampled_from([(8, 3, 0), (9, 4, 1), (12, 3, 2), (13, 4, 3), (16, 3, 4), (17, 2, 5)])


@functools.cache
def _rounds(night):
    n, rounds, seed = night
    return generate("progressive", names(n), rounds, seed=seed).rounds


@SETTINGS
@given(night=nights)
def test_a_plan_compared_with_itself_moves_nobody(night):
    rounds = _rounds(night)
    moves = seat_moves(rounds, rounds)
    assert not moves.sit_elsewhere and not moves.new_table_mates and not moves.changed


@SETTINGS
@given(night=nights, other=st.integers(min_value=0, max_value=2))
def test_the_counts_are_the_same_read_either_way(night, other):
    before = _rounds(night)
    after = _rounds((night[0], night[1], other))
    there, back = seat_moves(before, after), seat_moves(after, before)
    assert there.sit_elsewhere == back.sit_elsewhere
    assert there.new_table_mates == back.new_table_mates
    assert there.tables == back.tables and there.rounds == back.rounds
    assert there.sit_elsewhere == frozenset().union(*there.moved_by_round.values())


@SETTINGS
@given(night=nights, data=st.data())
def test_partners_trading_seats_move_exactly_those_two_and_no_scorecard_lists_a_new_name(
    night, data
):
    before = _rounds(night)
    index = data.draw(st.integers(min_value=0, max_value=len(before) - 1), label="round")
    rnd = before[index]
    table = data.draw(st.sampled_from(rnd.tables), label="table")
    side = data.draw(st.integers(min_value=0, max_value=len(table.sides) - 1), label="side")
    swapped = Table(
        number=table.number,
        sides=tuple(s[::-1] if i == side else s for i, s in enumerate(table.sides)),
    )
    after = list(before)
    after[index] = replace(rnd, tables=tuple(swapped if t == table else t for t in rnd.tables))
    moves = seat_moves(before, after)
    assert moves.sit_elsewhere == set(table.sides[side])
    assert moves.new_table_mates == frozenset()
    assert moves.tables == {table.number} and moves.rounds == {rnd.number}


@SETTINGS
@given(night=nights, data=st.data())
def test_two_players_trading_places_across_tables_move_and_their_tables_see_new_names(night, data):
    before = _rounds(night)
    index = data.draw(st.integers(min_value=0, max_value=len(before) - 1), label="round")
    rnd = before[index]
    if len(rnd.tables) < 2:
        return
    first, second = data.draw(
        st.lists(st.sampled_from(rnd.tables), min_size=2, max_size=2, unique=True), label="t"
    )
    a = data.draw(st.sampled_from(first.players), label="a")
    b = data.draw(st.sampled_from(second.players), label="b")
    trade = {a: b, b: a}
    after = list(before)
    after[index] = replace(
        rnd,
        tables=tuple(
            Table(t.number, tuple(tuple(trade.get(p, p) for p in s) for s in t.sides))
            for t in rnd.tables
        ),
    )
    moves = seat_moves(before, after)
    assert moves.sit_elsewhere == {a, b}
    assert moves.new_table_mates == set(first.players) | set(second.players)
    assert moves.reprints == moves.new_table_mates
    assert moves.tables == {first.number, second.number}


@SETTINGS
@given(night=nights, data=st.data())
def test_a_newcomer_in_a_leavers_every_seat_moves_nobody(night, data):
    before = _rounds(night)
    leaver = data.draw(st.sampled_from(sorted({p for r in before for p in r.seated})))

    def renamed(rnd):
        return Round(
            number=rnd.number,
            tables=tuple(
                Table(
                    t.number,
                    tuple(tuple("Newcomer" if p == leaver else p for p in s) for s in t.sides),
                )
                for t in rnd.tables
            ),
            byes=tuple("Newcomer" if p == leaver else p for p in rnd.byes),
        )

    moves = seat_moves(before, [renamed(r) for r in before])
    assert moves.sit_elsewhere == frozenset()
    mates = {p for r in before for t in r.tables if leaver in t.players for p in t.players}
    assert moves.new_table_mates == mates - {leaver}
