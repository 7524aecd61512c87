"""One test per rule of RULES.md (and the seeds) that changes validity or points."""

from __future__ import annotations

import pytest

from scoring.engine import EngineError
from tests.unit.engine.helpers import points


def error_code(variant: str, options: dict[str, object] | None = None, **fields: object) -> str:
    with pytest.raises(EngineError) as caught:
        points(variant, options, **fields)
    return caught.value.code


# Bidding and the turn-up


def test_round_one_trump_is_the_turn_up_suit():
    assert error_code("north-american", trump="spades", turn_up="9H") == "trump_not_turn_up_suit"


def test_round_two_cannot_name_the_turned_down_suit():
    assert error_code("north-american", round=2, turn_up="9H") == "trump_is_turned_down_suit"


def test_round_two_may_name_any_other_suit():
    assert points("north-american", round=2, trump="spades", turn_up="9H") == (0, 1, 0, 1)


def test_turn_up_is_optional():
    assert points("north-american", turn_up=None, round=2) == (0, 1, 0, 1)


def test_sevens_and_eights_turn_up_only_in_32_card_packs():
    assert error_code("north-american", turn_up="7H") == "turn_up_not_in_deck"
    assert points("north-american", {"deck": 32}, turn_up="8H") == (0, 1, 0, 1)


def test_benny_turns_up_only_where_the_pack_has_one():
    assert error_code("north-american", turn_up="BENNY", maker=0) == "turn_up_not_in_deck"
    assert error_code("british", {"deck": 24}, turn_up="BENNY", maker=0) == "turn_up_not_in_deck"
    assert points("british", turn_up="BENNY", maker=0, trump="clubs") == (1, 0, 1, 0)


def test_british_benny_turn_up_makes_the_dealer_maker_in_round_one():
    assert error_code("british", turn_up="BENNY", maker=1) == "benny_turn_up_dealer_makes"
    assert error_code("british", turn_up="BENNY", maker=0, round=2) == (
        "benny_turn_up_dealer_makes"
    )


def test_six_handed_benny_turn_up_makes_the_dealer_maker():
    assert error_code("six-handed", turn_up="BENNY", maker=3) == "benny_turn_up_dealer_makes"
    assert points("six-handed", turn_up="BENNY", maker=0, trump="spades") == (1, 0) * 3


def test_benny_turn_up_cannot_be_passed():
    assert (
        error_code(
            "british",
            passed=True,
            turn_up="BENNY",
            maker=None,
            round=None,
            trump=None,
            alone=None,
            tricks=None,
        )
        == "benny_turn_up_dealer_makes"
    )


def test_passed_hand_scores_nothing():
    assert points(
        "north-american",
        passed=True,
        maker=None,
        round=None,
        trump=None,
        alone=None,
        tricks=None,
        turn_up=None,
    ) == (0, 0, 0, 0)


def test_stick_the_dealer_forbids_a_passed_hand():
    assert error_code(
        "north-american",
        {"stick_the_dealer": True},
        passed=True,
        maker=None,
        round=None,
        trump=None,
        alone=None,
        tricks=None,
    ) == ("passed_hand_not_allowed")


def test_passed_hand_carries_no_result():
    assert error_code("north-american", passed=True) == "bad_passed_hand"


# Seats, tricks and shapes


@pytest.mark.parametrize("field", ["dealer", "maker"])
def test_seats_are_in_range(field):
    assert error_code("north-american", **{field: 4}) == "bad_seat"
    assert error_code("two-handed", **{field: 2}) == "bad_seat"
    assert error_code("north-american", **{field: -1}) == "bad_seat"


def test_alone_seats_are_in_range():
    assert error_code("north-american", alone=[7]) == "bad_seat"


@pytest.mark.parametrize("tricks", [-1, 6, 10])
def test_tricks_are_zero_to_five(tricks):
    assert error_code("north-american", tricks=tricks) == "bad_tricks"


@pytest.mark.parametrize("round_", [0, 3])
def test_round_is_one_or_two(round_):
    assert error_code("north-american", round=round_) == "bad_round"


def test_trump_is_a_suit():
    assert error_code("north-american", trump="notrump") == "bad_trump"


def test_turn_up_is_a_card():
    assert error_code("north-american", turn_up="1H") == "bad_turn_up"
    assert error_code("north-american", turn_up="9X") == "bad_turn_up"


@pytest.mark.parametrize("value", ["1", 1.0, True, None, [1]])
def test_seats_must_be_json_integers(value):
    assert error_code("north-american", maker=value if value is not None else "x") == "bad_type"


def test_bools_are_not_tricks():
    assert error_code("north-american", tricks=True) == "bad_type"


@pytest.mark.parametrize("field", ["dealer", "maker", "round", "trump", "tricks"])
def test_required_fields(field):
    assert error_code("north-american", **{field: None}) == "missing_field"


def test_alone_null_means_nobody_alone():
    assert points("north-american", alone=None) == (0, 1, 0, 1)


def test_alone_must_be_a_list_of_seats():
    assert error_code("north-american", alone=0) == "bad_type"
    assert error_code("north-american", alone=1) == "bad_type"
    assert error_code("north-american", alone=["1"]) == "bad_type"
    assert error_code("north-american", alone=[1, 1]) == "bad_alone"


# Going alone


def test_at_most_one_lone_player_per_side():
    assert error_code("north-american", alone=[1, 3]) == "two_alone_on_one_side"
    assert error_code("north-american", alone=[0, 2]) == "two_alone_on_one_side"
    assert error_code("six-handed", alone=[1, 5]) == "two_alone_on_one_side"


def test_lone_maker_and_lone_defender_can_meet():
    assert points("north-american", alone=[1, 0], tricks=2) == (4, 0, 4, 0)


def test_makers_partner_may_go_alone():
    assert points("north-american", alone=[3], tricks=5) == (0, 4, 0, 4)


def test_two_handed_has_no_going_alone():
    assert error_code("two-handed", maker=1, alone=[1]) == "no_going_alone"


def test_defender_alone_never_forbids_a_lone_defender():
    assert error_code("north-american", {"defender_alone": "never"}, alone=[0]) == (
        "defender_alone_not_allowed"
    )


def test_defender_alone_vs_lone_maker_needs_a_lone_maker():
    options = {"defender_alone": "vs_lone_maker"}
    assert error_code("north-american", options, alone=[0]) == "defender_alone_needs_lone_maker"
    assert points("north-american", options, alone=[1, 0], tricks=1) == (4, 0, 4, 0)


def test_british_dealers_partner_must_go_alone_to_order_up_the_turn_up():
    assert error_code("british", maker=2, turn_up="9H") == "dealer_partner_must_go_alone"
    assert error_code("british", maker=2, alone=[0]) == "dealer_partner_must_go_alone"
    assert points("british", maker=2, alone=[2], tricks=5) == (4, 0, 4, 0)


def test_british_dealers_partner_may_name_a_suit_in_round_two_with_partner():
    assert points("british", maker=2, round=2, trump="spades") == (1, 0, 1, 0)


def test_north_american_dealers_partner_may_order_up_with_partner():
    assert points("north-american", maker=2) == (1, 0, 1, 0)


def test_canadian_loner_dealers_partner_must_go_alone():
    options = {"dealer_partner_alone": True}
    assert error_code("north-american", options, maker=2) == "dealer_partner_must_go_alone"
    assert points("north-american", options, maker=2, alone=[2]) == (1, 0, 1, 0)


def test_no_loner_after_pass_forbids_a_player_who_passed_that_round():
    options = {"no_loner_after_pass": True}
    # Dealer 0: seat 1 passed before seat 2 made trump.
    assert error_code("north-american", options, maker=2, alone=[1]) == "loner_passed"
    assert points("north-american", options, maker=2, alone=[3], tricks=1) == (0, 4, 0, 4)
    assert points("north-american", options, maker=2, alone=[2], tricks=5) == (4, 0, 4, 0)


def test_no_loner_after_pass_counts_only_the_round_trump_was_made():
    options = {"no_loner_after_pass": True}
    # Round 2, dealer 0, maker 1 (first to speak): nobody passed in round 2.
    assert points(
        "north-american", options, maker=1, round=2, trump="clubs", alone=[2], tricks=0
    ) == (4, 0, 4, 0)


# Scoring


def test_makers_score_one_for_three_or_four_tricks():
    assert points("north-american", tricks=3) == points("north-american", tricks=4) == (0, 1, 0, 1)


def test_march_scores_two():
    assert points("north-american", tricks=5) == (0, 2, 0, 2)


def test_lone_maker_march_scores_four():
    assert points("north-american", alone=[1], tricks=5) == (0, 4, 0, 4)


def test_lone_maker_three_tricks_scores_one():
    assert points("north-american", alone=[1], tricks=4) == (0, 1, 0, 1)


def test_euchre_gives_defenders_two():
    assert points("north-american", tricks=2) == (2, 0, 2, 0)


def test_lone_defender_euchre_gives_four():
    assert points("north-american", alone=[2], tricks=2) == (4, 0, 4, 0)


def test_super_euchre_gives_four_for_zero_maker_tricks():
    options = {"super_euchre": True}
    assert points("north-american", options, tricks=0) == (4, 0, 4, 0)
    assert points("north-american", options, tricks=1) == (2, 0, 2, 0)
    assert points("north-american", tricks=0) == (2, 0, 2, 0)


def test_super_euchre_is_four_player_only():
    for variant in ("six-handed", "two-handed", "three-handed"):
        with pytest.raises(EngineError) as caught:
            points(variant, {"super_euchre": True})
        assert caught.value.code == "bad_option"


def test_six_handed_march_three_lone_six_euchre_three():
    assert points("six-handed", tricks=5) == (0, 3) * 3
    assert points("six-handed", alone=[5], tricks=5) == (0, 6) * 3
    assert points("six-handed", tricks=2) == (3, 0) * 3
    assert points("six-handed", alone=[4], tricks=2) == (6, 0) * 3


def test_two_handed_scores_one_two_and_two_for_a_euchre():
    assert points("two-handed", maker=1, tricks=3) == (0, 1)
    assert points("two-handed", maker=1, tricks=5) == (0, 2)
    assert points("two-handed", maker=1, tricks=2) == (2, 0)


def test_three_handed_maker_scores_alone():
    assert points("three-handed", maker=1, tricks=4) == (0, 1, 0)
    assert points("three-handed", maker=1, tricks=5) == (0, 3, 0)


def test_three_handed_lone_maker_march_still_scores_three():
    assert points("three-handed", maker=1, alone=[1], tricks=5) == (0, 3, 0)


def test_three_handed_euchre_gives_each_defender_two():
    assert points("three-handed", maker=1, tricks=2) == (2, 0, 2)
    assert points("three-handed", maker=1, tricks=0) == (2, 0, 2)


def test_three_handed_lone_defender_scores_two_each_or_four_each_for_all_five():
    assert points("three-handed", maker=1, alone=[2], tricks=1) == (2, 0, 2)
    assert points("three-handed", maker=1, alone=[2], tricks=0) == (4, 0, 4)


def test_three_handed_only_one_defender_goes_alone():
    assert error_code("three-handed", maker=1, alone=[0, 2]) == "two_alone_on_one_side"
    assert points("three-handed", maker=1, alone=[1, 0], tricks=0) == (4, 0, 4)
