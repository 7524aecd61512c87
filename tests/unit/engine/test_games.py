"""Whole games: the deal passing left, the target ending the game."""

from __future__ import annotations

import pytest

from scoring.engine import EngineError, play_game, rule_set
from tests.unit.engine.helpers import played


def deals(players: int, first: int, results: list[tuple[int, int]]) -> list[dict]:
    return [
        played((first + number) % players, maker, tricks)
        for number, (maker, tricks) in enumerate(results)
    ]


def test_game_adds_points_per_seat_and_reports_no_winner_before_the_target():
    result = play_game(rule_set("north-american", {}), deals(4, 0, [(1, 3), (0, 5), (2, 1)]))
    assert result.scores == (2, 3, 2, 3)
    assert result.winner is None
    assert result.hands == 3


def test_deal_passes_clockwise_to_the_left():
    hands = [played(3, 0, 3), played(0, 1, 3), played(1, 1, 3)]
    assert play_game(rule_set("north-american", {}), hands).hands == 3


def test_wrong_dealer_is_rejected_with_the_hand_number():
    hands = [played(0, 1, 3), played(2, 1, 3)]
    with pytest.raises(EngineError) as caught:
        play_game(rule_set("north-american", {}), hands)
    assert caught.value.code == "wrong_dealer"
    assert caught.value.hand == 2
    assert "Hand 2" in caught.value.message


def test_passed_hand_moves_the_deal_and_counts_as_a_hand():
    hands = [played(0, 1, 3), {"passed": True, "dealer": 1}, played(2, 1, 3)]
    result = play_game(rule_set("north-american", {}), hands)
    assert result.scores == (0, 2, 0, 2)
    assert result.hands == 3


def test_passed_hand_in_a_stick_the_dealer_game_is_rejected():
    hands = [played(0, 1, 3), {"passed": True, "dealer": 1}]
    with pytest.raises(EngineError) as caught:
        play_game(rule_set("north-american", {"stick_the_dealer": True}), hands)
    assert (caught.value.code, caught.value.hand) == ("passed_hand_not_allowed", 2)


def test_game_stops_at_the_target():
    hands = deals(4, 0, [(1, 5)] * 5)
    result = play_game(rule_set("north-american", {}), hands)
    assert result.scores == (0, 10, 0, 10)
    assert result.winner == (1, 3)


def test_hand_after_the_win_is_rejected():
    hands = deals(4, 0, [(1, 5)] * 6)
    with pytest.raises(EngineError) as caught:
        play_game(rule_set("north-american", {}), hands)
    assert (caught.value.code, caught.value.hand) == ("hand_after_game_over", 6)


def test_bad_hand_inside_a_game_names_its_number():
    hands = [played(0, 1, 3), played(1, 1, 9)]
    with pytest.raises(EngineError) as caught:
        play_game(rule_set("north-american", {}), hands)
    assert (caught.value.code, caught.value.hand) == ("bad_tricks", 2)


def test_three_handed_both_defenders_can_win_on_the_same_hand():
    # Seats 0 and 2 euchre seat 1 four times (8 each), then a lone sweep (+4).
    results = [(1, 0)] * 4
    hands = deals(3, 0, results) + [played(1, 1, 0, alone=[0])]
    result = play_game(rule_set("three-handed", {}), hands)
    assert result.scores == (12, 0, 12)
    assert result.winner == (0, 2)


def test_six_handed_game_to_eleven_names_the_three_partners():
    hands = deals(6, 0, [(1, 5)] * 4)
    result = play_game(rule_set("six-handed", {}), hands)
    assert result.scores == (0, 12) * 3
    assert result.winner == (1, 3, 5)


def test_target_option_changes_the_end():
    hands = deals(4, 0, [(1, 5)] * 6)
    result = play_game(rule_set("british", {"target": 15}), hands)
    assert result.winner is None
    assert result.scores[1] == 12


def test_empty_game_has_no_winner():
    assert play_game(rule_set("two-handed", {}), []).scores == (0, 0)


def test_a_game_is_a_list():
    with pytest.raises(EngineError) as caught:
        play_game(rule_set("two-handed", {}), {"dealer": 0})  # type: ignore[arg-type]
    assert caught.value.code == "bad_game"


def test_hands_inside_a_game_carry_no_variant():
    with pytest.raises(EngineError) as caught:
        play_game(rule_set("two-handed", {}), [played(0, 1, 3, variant="british")])
    assert caught.value.code == "bad_game"
