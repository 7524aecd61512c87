"""Final scores and round totals checked exactly against the possible hands."""

from __future__ import annotations

import pytest

from scoring.engine import (
    EngineError,
    check_final_score,
    check_round_totals,
    hand_outcomes,
    largest_hand_score,
    rule_set,
)


def final_ok(variant: str, scores: list[int], **options: object) -> bool:
    try:
        check_final_score(rule_set(variant, options), scores)
    except EngineError:
        return False
    return True


def totals_ok(variant: str, totals: list[int], hands: int, **options: object) -> bool:
    try:
        check_round_totals(rule_set(variant, options), totals, hands)
    except EngineError:
        return False
    return True


def test_north_american_winner_holds_ten_to_thirteen_and_loser_zero_to_nine():
    winners = {w for w in range(0, 20) if final_ok("north-american", [w, 0, w, 0])}
    losers = {lo for lo in range(0, 20) if final_ok("north-american", [10, lo, 10, lo])}
    assert winners == {10, 11, 12, 13}
    assert losers == set(range(10))


def test_two_handed_winner_holds_ten_or_eleven():
    assert {w for w in range(20) if final_ok("two-handed", [w, 3])} == {10, 11}


def test_six_handed_to_fifteen_winner_holds_fifteen_to_twenty():
    assert {w for w in range(30) if final_ok("six-handed", [w, 0] * 3, target=15)} == set(
        range(15, 21)
    )


def test_without_lone_defenders_the_loser_cannot_jump_by_four():
    # 13 needs a 4-point hand from 9; with defenders never alone only the makers' march gives 4.
    assert final_ok("north-american", [13, 2, 13, 2], defender_alone="never")


def test_two_handed_cannot_end_twelve():
    with pytest.raises(EngineError) as caught:
        check_final_score(rule_set("two-handed", {}), [12, 0])
    assert caught.value.code == "impossible_final_score"


def test_unfinished_game_is_not_a_final_score():
    with pytest.raises(EngineError) as caught:
        check_final_score(rule_set("north-american", {}), [9, 9, 9, 9])
    assert caught.value.code == "game_not_finished"


def test_partners_scores_must_match():
    with pytest.raises(EngineError) as caught:
        check_final_score(rule_set("north-american", {}), [10, 0, 9, 0])
    assert caught.value.code == "partners_differ"


@pytest.mark.parametrize("scores", [[10, 0], "10-0", [10, 0, 10, -1], [True, 0, True, 0]])
def test_scores_are_one_whole_number_per_seat(scores):
    with pytest.raises(EngineError) as caught:
        check_final_score(rule_set("north-american", {}), scores)
    assert caught.value.code == "bad_scores"


def test_three_handed_double_winners_are_a_possible_final_score():
    assert check_final_score(rule_set("three-handed", {}), [12, 0, 12]) == (0, 2)


def test_three_handed_three_players_cannot_reach_the_target_together():
    assert not final_ok("three-handed", [10, 10, 10])


def test_three_handed_final_scores():
    assert final_ok("three-handed", [10, 9, 9])
    assert final_ok("three-handed", [0, 0, 10])
    assert not final_ok("three-handed", [14, 0, 0])


def test_round_of_eight_hands_totals():
    assert totals_ok("north-american", [8, 0, 8, 0], 8)
    assert totals_ok("north-american", [5, 3, 5, 3], 8)
    assert totals_ok("north-american", [32, 0, 32, 0], 8)
    assert not totals_ok("north-american", [33, 0, 33, 0], 8)
    assert not totals_ok("north-american", [4, 3, 4, 3], 8)  # 7 points cannot need 8 hands
    assert not totals_ok("north-american", [3, 3, 3, 3], 8)


def test_round_totals_ignore_the_target():
    assert totals_ok("north-american", [16, 0, 16, 0], 8)


def test_round_totals_with_no_hands_are_zero():
    assert totals_ok("two-handed", [0, 0], 0)
    assert not totals_ok("two-handed", [1, 0], 0)


def test_round_totals_three_handed():
    assert totals_ok("three-handed", [2, 1, 2], 2)  # a euchre and a made hand
    assert not totals_ok("three-handed", [2, 0, 1], 2)


def test_round_totals_hands_must_be_a_count():
    with pytest.raises(EngineError) as caught:
        check_round_totals(rule_set("north-american", {}), [0, 0, 0, 0], -1)
    assert caught.value.code == "bad_hands"


def test_hand_outcomes_follow_the_options():
    plain = rule_set("north-american", {})
    never = rule_set("north-american", {"defender_alone": "never"})
    assert (4, 0, 4, 0) in hand_outcomes(plain)
    assert (4, 0, 4, 0) in hand_outcomes(never)  # the makers' lone march
    assert largest_hand_score(rule_set("two-handed", {})) == 2
    assert largest_hand_score(rule_set("six-handed", {})) == 6
