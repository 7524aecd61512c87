"""A round at one table: fixed hands, the engine's seat order, each seat's figures."""

from __future__ import annotations

import pytest

from scoring.engine import (
    DRAWN,
    LOST,
    WON,
    EngineError,
    engine_order,
    parse_hand,
    play_round,
    round_winners,
    rule_set,
    side_outcomes,
    table_figures,
    table_verdict,
)
from tests.unit.engine.helpers import played

NORTH_AMERICAN = rule_set("north-american", {})


def parsed(*hands: dict):
    return [parse_hand(hand) for hand in hands]


def test_a_round_of_fixed_hands_counts_played_hands_only_and_ends_after_the_last():
    hands = parsed(played(0, 1, 3), {"passed": True, "dealer": 1}, played(2, 0, 5))
    early = play_round(NORTH_AMERICAN, hands[:2], 2)
    assert (early.counted, early.complete, early.winners) == (1, False, ())
    done = play_round(NORTH_AMERICAN, hands, 2)
    assert done.scores == (2, 1, 2, 1)
    assert (done.counted, done.complete, done.winners) == (2, True, (0, 2))


def test_a_round_of_fixed_hands_ignores_the_target_and_refuses_a_hand_too_many():
    hands = parsed(*(played(n % 4, 0, 5, alone=[0]) for n in range(4)))
    assert play_round(NORTH_AMERICAN, hands, 4).scores == (16, 0, 16, 0)
    with pytest.raises(EngineError) as refused:
        play_round(NORTH_AMERICAN, [*hands, parse_hand(played(0, 1, 3))], 4)
    assert refused.value.code == "round_hands_done"
    assert refused.value.hand == 5


def test_a_round_of_fixed_hands_needs_the_deal_to_pass_left():
    with pytest.raises(EngineError) as refused:
        play_round(NORTH_AMERICAN, parsed(played(0, 1, 3), played(2, 1, 3)), 4)
    assert refused.value.code == "wrong_dealer"
    assert refused.value.params == {"expected": 1, "dealer": 2}
    assert refused.value.hand == 2


def test_nobody_leads_a_finished_round_where_nobody_scored():
    cutthroat = rule_set("three-handed", {})
    assert round_winners(cutthroat, [0, 0, 0]) == ()
    assert round_winners(cutthroat, [4, 0, 4]) == (0, 2)


def test_a_level_table_is_a_draw_with_no_winners():
    # Partners level at 5: nobody won, both sides drew (the API's winners is empty).
    assert round_winners(NORTH_AMERICAN, [5, 5, 5, 5]) == ()
    level = table_verdict(NORTH_AMERICAN, [5, 5, 5, 5], [])
    assert (level.winners, level.drawn, level.outcomes) == ((), True, (DRAWN, DRAWN))
    # Stored before level tables had no winners: every seat listed, still a draw.
    assert table_verdict(NORTH_AMERICAN, [5, 5, 5, 5], [0, 1, 2, 3]) == level
    cutthroat = rule_set("three-handed", {})
    assert round_winners(cutthroat, [4, 4, 4]) == ()
    assert table_verdict(cutthroat, [4, 4, 4], []).winners == ()
    assert table_verdict(cutthroat, [4, 4, 4], []).drawn


def test_cutthroat_players_topping_the_table_together_are_winners_of_a_draw():
    cutthroat = rule_set("three-handed", {})
    assert round_winners(cutthroat, [5, 2, 5]) == (0, 2)
    shared = table_verdict(cutthroat, [5, 2, 5], round_winners(cutthroat, [5, 2, 5]))
    assert (shared.winners, shared.drawn, shared.outcomes) == ((0, 2), True, (DRAWN, LOST, DRAWN))
    # Two reaching the target on one hand share the game whatever their points.
    game = table_verdict(cutthroat, [10, 11, 4], [0, 1])
    assert (game.winners, game.drawn) == ((0, 1), True)


def test_a_won_table_names_the_winning_side_and_an_unfinished_one_nobody():
    won = table_verdict(NORTH_AMERICAN, [7, 6, 7, 6], [0, 2])
    assert (won.winners, won.drawn, won.outcomes) == ((0, 2), False, (WON, LOST))
    assert table_verdict(NORTH_AMERICAN, [3, 3, 3, 3], [], complete=False) == (
        table_verdict(NORTH_AMERICAN, [7, 6, 7, 6], [0, 2], complete=False)
    )
    assert table_verdict(NORTH_AMERICAN, [3, 3, 3, 3], [], complete=False).drawn is False


def test_alternating_sides_keep_position_order_and_grouped_sides_are_interleaved():
    assert engine_order([(0, 0), (1, 1), (2, 0), (3, 1)]) == [0, 1, 2, 3]
    # Given out of order: sorted by position first.
    assert engine_order([(2, 0), (0, 0), (3, 1), (1, 1)]) == [1, 3, 0, 2]
    # Partners sat side by side: the engine still pairs them by parity.
    assert engine_order([(0, 0), (1, 0), (2, 1), (3, 1)]) == [0, 2, 1, 3]
    assert engine_order([(n, n // 3) for n in range(6)]) == [0, 3, 1, 4, 2, 5]
    # Sides of unequal size (or one side): position order.
    assert engine_order([(0, 0), (1, 0), (2, 1)]) == [0, 1, 2]


def test_two_players_reaching_the_target_together_share_the_game():
    assert side_outcomes([10, 11, 4], [True, True, False]) == (DRAWN, DRAWN, LOST)
    assert side_outcomes([10, 4], [False, True]) == (LOST, WON)
    # No target recorded: the most points win, equal leaders draw.
    assert side_outcomes([7, 7], [None, None]) == (DRAWN, DRAWN)
    assert side_outcomes([3, 7, 5], [None, None, None]) == (LOST, WON, LOST)


def test_a_lone_march_counts_for_the_lone_maker_only():
    hands = [played(0, 1, 5, alone=[1]), played(1, 2, 5), {"passed": True, "dealer": 2}]
    figures = table_figures(NORTH_AMERICAN, [2, 4, 2, 4], [], hands)
    assert [f.loners_made for f in figures] == [0, 1, 0, 0]
    assert [f.euchres_made for f in figures] == [0, 0, 0, 0]


def test_a_lone_defender_never_makes_a_loner():
    figures = table_figures(NORTH_AMERICAN, [0, 2, 0, 2], [], [played(0, 1, 5, alone=[0])])
    assert [f.loners_made for f in figures] == [0, 0, 0, 0]


def test_a_euchre_counts_for_every_defender():
    euchred = [played(0, 1, 2)]
    four = table_figures(NORTH_AMERICAN, [2, 0, 2, 0], [], euchred)
    assert [f.euchres_made for f in four] == [1, 0, 1, 0]
    six = table_figures(rule_set("six-handed", {}), [3, 0] * 3, [], euchred)
    assert [f.euchres_made for f in six] == [1, 0, 1, 0, 1, 0]
    # Cutthroat: the two defenders team up against the maker for the hand.
    three = table_figures(rule_set("three-handed", {}), [2, 0, 2], [], euchred)
    assert [f.euchres_made for f in three] == [1, 0, 1]
    two = table_figures(rule_set("two-handed", {}), [2, 0], [], euchred)
    assert [f.euchres_made for f in two] == [1, 0]


def test_each_seat_carries_its_sides_points_and_result():
    figures = table_figures(NORTH_AMERICAN, [10, 6, 10, 6], [0, 2])
    assert [(f.side, f.points_for, f.points_against, f.outcome) for f in figures] == [
        (0, 10, 6, WON),
        (1, 6, 10, LOST),
        (0, 10, 6, WON),
        (1, 6, 10, LOST),
    ]
    cutthroat = table_figures(rule_set("three-handed", {}), [10, 10, 3], [0, 1])
    assert [(f.points_against, f.outcome) for f in cutthroat] == [
        (13, DRAWN),
        (13, DRAWN),
        (20, LOST),
    ]


def test_scores_that_do_not_fit_the_table_are_refused():
    with pytest.raises(EngineError) as refused:
        table_figures(NORTH_AMERICAN, [1, 2, 3], [])
    assert refused.value.code == "bad_scores"
