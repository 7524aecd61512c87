"""Seed 003's Benny rules the engine once missed: the two of spades standing in for the
joker (British), and the Almonte six-handed turned-up joker."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import EngineError, PassedHand, parse_hand, rule_set, score_hand
from tests.unit.engine.helpers import hand, points

TWO_OF_SPADES = {"two_of_spades_benny": True}
ALMONTE = {"almonte_joker": True}
SUITS = ["clubs", "diamonds", "hearts", "spades"]


def error_of(variant: str, options: dict[str, object], **fields: object) -> EngineError:
    with pytest.raises(EngineError) as caught:
        points(variant, options, **fields)
    return caught.value


# The two of spades as the Benny (British: "if your pack has no joker, the two of
# spades can stand in")


def test_a_turned_up_two_of_spades_is_the_benny_dealers_side_make_at_once():
    assert points("british", TWO_OF_SPADES, turn_up="2S", maker=0, trump="diamonds") == (
        1,
        0,
        1,
        0,
    )


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"maker": 1, "trump": "spades"}, "benny_turn_up_dealer_makes"),
        ({"maker": 0, "round": 2, "trump": "spades"}, "benny_turn_up_dealer_makes"),
    ],
)
def test_the_two_of_spades_benny_binds_the_dealer_like_the_joker(fields, code):
    assert error_of("british", TWO_OF_SPADES, turn_up="2S", **fields).code == code


def test_a_two_of_spades_benny_turn_up_cannot_be_passed():
    rules = rule_set("british", TWO_OF_SPADES)
    with pytest.raises(EngineError) as caught:
        score_hand(rules, parse_hand({"passed": True, "dealer": 2, "turn_up": "2s"}))
    assert caught.value.code == "benny_turn_up_dealer_makes"


def test_without_the_option_the_two_of_spades_is_no_turn_up():
    error = error_of("british", {}, turn_up="2S", maker=0, trump="spades")
    assert error.code == "two_of_spades_not_benny"
    assert error.message == (
        "The turn-up 2S is not in a Euchre pack; it is the Benny only where the "
        "tournament plays “Two of spades as the Benny”."
    )
    assert error_of("north-american", {}, turn_up="2S").code == "two_of_spades_not_benny"


def test_the_two_of_spades_stands_in_only_for_a_pack_with_the_benny():
    for deck in (24, 32):
        with pytest.raises(EngineError) as caught:
            rule_set("british", {**TWO_OF_SPADES, "deck": deck})
        assert caught.value.code == "two_of_spades_needs_benny_pack"
    assert caught.value.message == (
        "“Two of spades as the Benny” needs a pack with the Benny (25 or 33 cards); the "
        "32-card pack has none."
    )
    for deck in (25, 33):
        assert rule_set("british", {**TWO_OF_SPADES, "deck": deck}).two_of_spades_benny
    assert rule_set("six-handed", {**TWO_OF_SPADES, "deck": 50}).two_of_spades_benny


def test_north_american_play_has_no_two_of_spades_benny():
    with pytest.raises(EngineError) as caught:
        rule_set("north-american", TWO_OF_SPADES)
    assert caught.value.message == (
        "North American Euchre does not play the option “Two of spades as the Benny”."
    )


def test_the_two_of_spades_is_otherwise_an_ordinary_hand():
    # The option changes nothing for another turn-up.
    assert points("british", TWO_OF_SPADES, turn_up="9H") == points("british", {}, turn_up="9H")


# Almonte six-handed: "se un jolly viene alzato, il mazziere non può girarlo alla fine
# del primo round di offerta, ma deve prenderlo in mano e diventare il creatore,
# supponendo che gli altri 5 giocatori abbiano passato la briscola chiamata"


@pytest.mark.parametrize("maker", range(6))
def test_almonte_anyone_may_order_up_the_suit_the_dealer_calls(maker):
    made = points("six-handed", ALMONTE, turn_up="BENNY", dealer=0, maker=maker, trump="clubs")
    assert made == tuple(1 if seat % 2 == maker % 2 else 0 for seat in range(6))


def test_almonte_the_dealer_makes_when_the_other_five_passed():
    assert points("six-handed", ALMONTE, turn_up="BENNY", dealer=3, maker=3) == (0, 1) * 3


def test_almonte_the_dealer_cannot_turn_the_benny_down():
    error = error_of("six-handed", ALMONTE, turn_up="BENNY", maker=1, round=2, trump="clubs")
    assert error.code == "almonte_benny_round_one"
    rules = rule_set("six-handed", ALMONTE)
    with pytest.raises(EngineError) as caught:
        score_hand(rules, PassedHand(dealer=0, turn_up=parse_hand(hand(turn_up="BENNY")).turn_up))
    assert caught.value.code == "benny_turn_up_dealer_makes"


def test_almonte_players_who_passed_the_called_suit_are_passers():
    # Seats 1-3 passed before seat 4 ordered up; with no loner after a pass, 2 cannot
    # go alone, but 4 can.
    options = {**ALMONTE, "no_loner_after_pass": True}
    fields = {"turn_up": "BENNY", "dealer": 0, "maker": 4, "trump": "hearts", "tricks": 5}
    assert error_of("six-handed", options, alone=[1], **fields).code == "loner_passed"
    assert points("six-handed", options, alone=[4], **fields) == (6, 0) * 3


def test_without_almonte_the_six_handed_benny_makes_the_dealer_maker():
    assert error_of("six-handed", {}, turn_up="BENNY", maker=1).code == (
        "benny_turn_up_dealer_makes"
    )


def test_almonte_is_six_handed_only():
    with pytest.raises(EngineError) as caught:
        rule_set("british", ALMONTE)
    assert caught.value.message == (
        "British Euchre (with the Benny) does not play the option “Almonte Benny”."
    )


@settings(max_examples=150, deadline=None)
@given(
    dealer=st.integers(0, 5),
    maker=st.integers(0, 5),
    round_=st.sampled_from([1, 2]),
    trump=st.sampled_from(SUITS),
    tricks=st.integers(0, 5),
    turn_up=st.sampled_from(["BENNY", "2S"]),
)
def test_almonte_benny_valid_exactly_in_round_one(dealer, maker, round_, trump, tricks, turn_up):
    rules = rule_set("six-handed", {**ALMONTE, **TWO_OF_SPADES})
    obj = hand(
        dealer=dealer, maker=maker, round=round_, trump=trump, tricks=tricks, turn_up=turn_up
    )
    try:
        scored = score_hand(rules, parse_hand(obj))
    except EngineError as error:
        assert round_ == 2 and error.code == "almonte_benny_round_one"
    else:
        assert round_ == 1
        assert sum(scored) == 3 * max(scored)  # one side of three scores


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(["british", "six-handed"]),
    dealer=st.integers(0, 3),
    maker=st.integers(0, 3),
    round_=st.sampled_from([1, 2]),
    trump=st.sampled_from(SUITS),
    tricks=st.integers(0, 5),
)
def test_a_two_of_spades_turn_up_scores_as_the_joker_would(
    variant, dealer, maker, round_, trump, tricks
):
    fields = {"dealer": dealer, "maker": maker, "round": round_, "trump": trump, "tricks": tricks}
    rules = rule_set(variant, TWO_OF_SPADES)

    def outcome(turn_up: str) -> object:
        try:
            return score_hand(rules, parse_hand(hand(turn_up=turn_up, **fields)))
        except EngineError as error:
            return error.code

    assert outcome("2S") == outcome("BENNY")
