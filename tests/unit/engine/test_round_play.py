"""The round API: a round played hand by hand and the same round reported as totals
get the same answer, and a stored hand reads back as the hand it was."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    VARIANTS,
    EngineError,
    RoundSpec,
    check_totals,
    hand_to_json,
    parse_hand,
    play,
    play_game,
    rule_set,
    score_hand,
    seat_scores,
    side_scores,
)

SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
VARIANT = st.sampled_from(sorted(VARIANTS))


@st.composite
def rules_and_hands(draw, most: int = 12):
    """A variant's rules and a run of legal hands, the deal passing left."""
    rules = rule_set(draw(VARIANT))
    seat = st.integers(0, rules.players - 1)
    dealer = draw(seat)
    hands = []
    for _ in range(draw(st.integers(0, most))):
        if draw(st.integers(0, 9)) == 0:
            raw: dict[str, object] = {"passed": True, "dealer": dealer}
        else:
            raw = {
                "dealer": dealer,
                "maker": draw(seat),
                "round": 2,
                "trump": draw(st.sampled_from(["clubs", "diamonds", "hearts", "spades"])),
                "alone": [],
                "tricks": draw(st.integers(0, 5)),
            }
        deal = parse_hand(raw)
        try:
            score_hand(rules, deal)
        except EngineError:
            continue
        hands.append(deal)
        dealer = (dealer + 1) % rules.players
    return rules, hands


@SETTINGS
@given(rules_and_hands())
def test_a_game_plays_as_the_game_does(case):
    rules, hands = case
    try:
        game = play_game(rules, hands)
    except EngineError:
        with pytest.raises(EngineError):
            play(rules, RoundSpec.game(), hands)
        return
    played = play(rules, RoundSpec.game(), hands)
    assert played.scores == game.scores
    assert played.winners == (game.winner or ())
    assert played.complete == (game.winner is not None)


@SETTINGS
@given(rules_and_hands(), st.integers(1, 8))
def test_a_finished_round_of_hands_reported_as_totals_has_the_same_winners(case, wanted):
    rules, hands = case
    spec = RoundSpec.of_hands(wanted)
    try:
        played = play(rules, spec, hands)
    except EngineError:
        return  # more hands than the round has: refused, as the page refuses them
    assume(played.complete)
    assert check_totals(rules, spec, played.scores) == played.winners


@SETTINGS
@given(rules_and_hands(most=40))
def test_a_won_game_reported_as_its_final_score_has_the_same_winners(case):
    rules, hands = case
    try:
        played = play(rules, RoundSpec.game(), hands)
    except EngineError:
        return
    assume(played.complete)
    assert check_totals(rules, RoundSpec.game(), played.scores) == played.winners


def test_totals_no_game_can_end_with_are_refused():
    rules = rule_set("north-american")
    with pytest.raises(EngineError) as refused:
        check_totals(rules, RoundSpec.game(), seat_scores(rules, [4, 2]))
    assert refused.value.code == "game_not_finished"


@SETTINGS
@given(VARIANT, st.data())
def test_side_points_spread_to_seats_and_back(variant, data):
    rules = rule_set(variant)
    points = data.draw(
        st.lists(st.integers(0, 30), min_size=len(rules.sides), max_size=len(rules.sides))
    )
    scores = seat_scores(rules, points)
    assert side_scores(rules, scores) == tuple(points)
    for side, side_points in zip(rules.sides, points, strict=True):
        assert {scores[seat] for seat in side} == {side_points}


@SETTINGS
@given(rules_and_hands(most=3))
def test_a_stored_hand_reads_back_as_the_hand_it_was(case):
    _, hands = case
    for deal in hands:
        stored = hand_to_json(deal)
        assert parse_hand(stored) == deal
        assert hand_to_json(parse_hand(stored)) == stored


def test_a_hand_told_by_its_outcome_stores_only_what_the_scorer_said():
    stored = hand_to_json(parse_hand({"dealer": 0, "makers": 1, "result": "march"}))
    assert stored == {"dealer": 0, "makers": 1, "alone": [], "result": "march"}
