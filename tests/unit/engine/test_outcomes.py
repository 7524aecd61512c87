"""One tap per hand: the outcomes each variant offers, and that each turns into a hand the
engine accepts and scores as the outcome says."""

from __future__ import annotations

import itertools
from dataclasses import asdict, replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    VARIANTS,
    EngineError,
    Facts,
    check_hand,
    detail_answers,
    detail_choices,
    find_outcome,
    hand_details,
    next_detail,
    offered,
    outcome_hand,
    outcomes,
    parse_hand,
    play_round,
    rule_set,
    score_hand,
    table_figures,
)
from scoring.engine.outcomes import (
    BENNY,
    EUCHRED,
    LONE_EUCHRE,
    LONE_MAKER,
    LONE_MARCH,
    LONE_SWEEP,
    MADE,
    MAKER,
    MARCH,
    NO_TRICK,
    PASSED,
)

from .test_properties import OPTION_VALUES

SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


@st.composite
def rules_with_options(draw):
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    options = draw(st.fixed_dictionaries({}, optional=OPTION_VALUES))
    try:
        return rule_set(variant, options)
    except EngineError:
        assume(False)


def _every_detail_choice(rules, outcome):
    # Who named trump is asked where a rule turns on it: every answer, and none.
    makers = (None, *detail_choices(rules, outcome, MAKER))
    lone = detail_choices(rules, outcome, LONE_MAKER) if LONE_MAKER in outcome.needs else (None,)
    return itertools.product(makers, lone)


@SETTINGS
@given(rules=rules_with_options(), data=st.data())
def test_every_offered_outcome_is_a_hand_the_engine_accepts_and_scores_as_told(rules, data):
    dealer = data.draw(st.integers(0, rules.players - 1))
    bennies = (False, True) if hand_details(rules) else (False,)
    for outcome in offered(rules, dealer):
        accepted = 0
        for (maker, lone_maker), benny in itertools.product(
            _every_detail_choice(rules, outcome), bennies
        ):
            hand = parse_hand(
                outcome_hand(
                    rules, outcome, dealer=dealer, maker=maker, lone_maker=lone_maker, benny=benny
                )
            )
            try:
                points = score_hand(rules, hand)
            except EngineError as error:
                # Only a rule about who bid may refuse an outcome that is offered.
                assert error.code in {
                    "loner_passed",
                    "benny_turn_up_dealer_makes",
                    "dealer_partner_must_go_alone",
                }, error
                continue
            accepted += 1
            assert points == outcome.points, outcome
        assert accepted, f"{outcome.code} is offered but no choice of details is legal"


@SETTINGS
@given(rules=rules_with_options())
def test_the_outcomes_are_every_score_a_hand_can_give(rules):
    from scoring.engine import hand_outcomes

    told = {o.points for o in outcomes(rules) if o.kind != PASSED}
    # hand_outcomes enumerates every legal detailed hand: the taps cover each of them,
    # and no tap gives a score no hand can.
    assert told == set(hand_outcomes(rules))


def _told(facts: Facts, answer: Facts) -> Facts:
    return replace(facts, **{k: v for k, v in asdict(answer).items() if v is not None})


def _completes(rules, outcome, dealer: int, facts: Facts) -> bool:
    """Some answers to the questions still to come make this a legal hand."""
    detail = next_detail(rules, outcome, dealer=dealer, given=facts)
    if detail is None:
        try:
            check_hand(rules, parse_hand(outcome_hand(rules, outcome, dealer=dealer, facts=facts)))
        except EngineError:
            return False
        return True
    answers = detail_answers(rules, outcome, detail, dealer=dealer, given=facts)
    return any(_completes(rules, outcome, dealer, _told(facts, a)) for a in answers)


def _answers(rules, outcome, dealer: int, facts: Facts, data) -> Facts:
    detail = next_detail(rules, outcome, dealer=dealer, given=facts)
    if detail is None:
        return facts
    answers = [
        _told(facts, a) for a in detail_answers(rules, outcome, detail, dealer=dealer, given=facts)
    ]
    good = [a for a in answers if _completes(rules, outcome, dealer, a)]
    return _answers(rules, outcome, dealer, data.draw(st.sampled_from(good)), data)


@SETTINGS
@given(rules=rules_with_options(), data=st.data())
def test_a_round_entered_by_taps_scores_as_the_taps_add_up(rules, data):
    dealer = data.draw(st.integers(0, rules.players - 1))
    hands, expected = [], [0] * rules.players
    for _ in range(8):
        outcome = data.draw(st.sampled_from(offered(rules, dealer)))
        # The scorer answers the questions the page asks, as the phone does, with answers
        # that lead to a legal hand (a wrong answer is refused, and asked again).
        facts = _answers(rules, outcome, dealer, Facts(), data)
        hands.append(parse_hand(outcome_hand(rules, outcome, dealer=dealer, facts=facts)))
        expected = [a + b for a, b in zip(expected, outcome.points, strict=True)]
        dealer = (dealer + 1) % rules.players
    played = play_round(rules, hands, 99)
    assert list(played.scores) == expected
    table_figures(rules, played.scores, (), hands)  # the standings can read them


def test_four_handed_offers_one_two_four_per_side_in_the_games_words():
    rules = rule_set("north-american")
    kinds = [(o.kind, o.makers, o.lone, max(o.points)) for o in outcomes(rules)]
    assert kinds == [
        (MADE, 0, None, 1),
        (MARCH, 0, None, 2),
        (LONE_MARCH, 0, 0, 4),
        (LONE_MARCH, 0, 2, 4),
        (EUCHRED, 0, None, 2),
        (LONE_EUCHRE, 0, 1, 4),
        (LONE_EUCHRE, 0, 3, 4),
        (MADE, 1, None, 1),
        (MARCH, 1, None, 2),
        (LONE_MARCH, 1, 1, 4),
        (LONE_MARCH, 1, 3, 4),
        (EUCHRED, 1, None, 2),
        (LONE_EUCHRE, 1, 0, 4),
        (LONE_EUCHRE, 1, 2, 4),
        (PASSED, None, None, 0),
    ]
    euchred = find_outcome(rules, "euchred:0")
    assert euchred.points == (0, 2, 0, 2)  # the defenders score


def test_six_handed_has_three_and_six():
    rules = rule_set("six-handed")
    points = {o.kind: max(o.points) for o in outcomes(rules)}
    assert points[MARCH] == 3 and points[LONE_MARCH] == 6
    assert points[EUCHRED] == 3 and points[LONE_EUCHRE] == 6
    assert len([o for o in outcomes(rules) if o.kind == LONE_MARCH]) == 6  # each player


def test_cutthroat_gives_each_defender_points_and_has_a_lone_defender():
    rules = rule_set("three-handed")
    euchred = find_outcome(rules, "euchred:1")
    assert euchred.points == (2, 0, 2)
    sweep = find_outcome(rules, "lone_sweep:1:2")
    assert sweep.points == (4, 0, 4)  # both defenders, the one sitting out too
    hand = parse_hand(outcome_hand(rules, sweep, dealer=0))
    assert score_hand(rules, hand) == (4, 0, 4)
    # A lone defender who euchres scores as any euchre: no separate tap for it.
    assert not [o for o in outcomes(rules) if o.kind == LONE_EUCHRE]


def test_two_handed_has_no_loners():
    rules = rule_set("two-handed")
    assert {o.kind for o in outcomes(rules)} == {MADE, MARCH, EUCHRED, PASSED}


def test_stick_the_dealer_offers_no_passed_hand_and_super_euchre_its_own_tap():
    rules = rule_set("north-american", {"stick_the_dealer": True, "super_euchre": True})
    kinds = {o.kind for o in outcomes(rules)}
    assert PASSED not in kinds and NO_TRICK in kinds
    assert max(find_outcome(rules, "no_trick:0").points) == 4


def test_no_loner_after_a_pass_asks_who_named_trump_where_a_loner_may_have_passed():
    rules = rule_set("north-american", {"no_loner_after_pass": True})
    lone_defender = find_outcome(rules, "lone_euchre:0:3")
    assert next_detail(rules, lone_defender, dealer=0, given=Facts()) == MAKER
    assert detail_answers(rules, lone_defender, MAKER, dealer=0, given=Facts()) == (
        Facts(maker=2),
        Facts(maker=0),
    )
    # A lone maker who named trump never passed; their partner's naming it is asked.
    assert next_detail(rules, find_outcome(rules, "lone_march:0:2"), dealer=0, given=Facts())
    assert not next_detail(rules, find_outcome(rules, "lone_march:1:3"), dealer=0, given=Facts())
    assert not next_detail(rules, find_outcome(rules, "made:0"), dealer=0, given=Facts())
    # The dealer's left bids first: as a defender they always passed.
    codes = {o.code for o in offered(rules, dealer=0)}
    assert "lone_euchre:0:1" not in codes and "lone_euchre:0:3" in codes
    # Seat 2 named trump after seat 1 passed, so seat 3 had not bid: alone is fine.
    ok = outcome_hand(rules, lone_defender, dealer=0, maker=2)
    assert score_hand(rules, parse_hand(ok)) == (0, 4, 0, 4)
    # Dealt by seat 1, seats 2 and 3 bid before seat 0 named trump: 3 had passed.
    refused = outcome_hand(rules, lone_defender, dealer=1, maker=0)
    with pytest.raises(EngineError) as caught:
        score_hand(rules, parse_hand(refused))
    assert caught.value.code == "loner_passed"


def test_a_defender_alone_only_against_a_lone_maker_asks_which_maker_went_alone():
    rules = rule_set("north-american", {"defender_alone": "vs_lone_maker"})
    outcome = find_outcome(rules, "lone_euchre:0:1")
    assert outcome.needs == (LONE_MAKER,)
    assert detail_choices(rules, outcome, LONE_MAKER) == (0, 2)
    hand = outcome_hand(rules, outcome, dealer=3, lone_maker=2)
    assert hand["alone"] == [1, 2]
    assert score_hand(rules, parse_hand(hand)) == (0, 4, 0, 4)


def test_no_defender_alone_offers_no_lone_euchre():
    rules = rule_set("british", {"defender_alone": "never"})
    assert not [o for o in outcomes(rules) if o.kind in (LONE_EUCHRE, LONE_SWEEP)]


def test_the_benny_turned_up_lets_only_the_dealers_side_make():
    rules = rule_set("british")
    assert hand_details(rules) == ("benny",)
    theirs = outcome_hand(rules, find_outcome(rules, "made:1"), dealer=0, benny=True)
    with pytest.raises(EngineError) as caught:
        score_hand(rules, parse_hand(theirs))
    assert caught.value.code == "benny_turn_up_dealer_makes"
    ours = outcome_hand(rules, find_outcome(rules, "march:0"), dealer=0, benny=True)
    assert score_hand(rules, parse_hand(ours)) == (2, 0, 2, 0)
    # A passed hand cannot follow a turned-up Benny either.
    passed = outcome_hand(rules, find_outcome(rules, "passed"), dealer=0, benny=True)
    with pytest.raises(EngineError):
        score_hand(rules, parse_hand(passed))
    # Almonte: anyone may order the Benny's suit, so nothing to ask; no Benny, no question.
    assert hand_details(rule_set("six-handed", {"almonte_joker": True})) == ()
    assert hand_details(rule_set("north-american")) == ()


def test_the_canadian_loner_asks_who_named_trump_where_the_dealers_side_makes():
    rules = rule_set("north-american", {"dealer_partner_alone": True})
    made = find_outcome(rules, "made:0")
    assert next_detail(rules, made, dealer=0, given=Facts()) == MAKER
    # The round matters for the dealer's partner only: ordering up needs going alone.
    assert detail_answers(rules, made, MAKER, dealer=0, given=Facts()) == (
        Facts(maker=2, round=1),
        Facts(maker=2, round=2),
        Facts(maker=0),
    )
    ordered_up = outcome_hand(rules, made, dealer=0, facts=Facts(maker=2, round=1))
    with pytest.raises(EngineError) as caught:
        score_hand(rules, parse_hand(ordered_up))
    assert caught.value.code == "dealer_partner_must_go_alone"
    named = outcome_hand(rules, made, dealer=0, facts=Facts(maker=2, round=2))
    assert score_hand(rules, parse_hand(named)) == (1, 0, 1, 0)
    # The other side, or a lone march by the partner, cannot break it: nothing asked.
    for code in ("made:1", "lone_march:0:2", "lone_march:1:1"):
        assert next_detail(rules, find_outcome(rules, code), dealer=0, given=Facts()) is None
    assert len(offered(rules, 0)) == len(outcomes(rules))


def test_a_lone_defender_legal_only_after_the_benny_asks_for_it_and_nothing_else():
    # Seed 003 (British): the Benny turned up makes the dealer the maker at once, with
    # no bidding; without it the dealer's left has passed before the dealer's side made.
    rules = rule_set("british", {"no_loner_after_pass": True})
    lone = find_outcome(rules, "lone_euchre:0:1")
    assert lone in offered(rules, 0)
    assert next_detail(rules, lone, dealer=0, given=Facts()) == BENNY
    assert next_detail(rules, lone, dealer=0, given=Facts(benny=True)) is None
    assert next_detail(rules, lone, dealer=0, given=Facts(benny=False)) is None
    with_benny = outcome_hand(rules, lone, dealer=0, facts=Facts(benny=True))
    assert score_hand(rules, parse_hand(with_benny)) == (0, 4, 0, 4)
    without = outcome_hand(rules, lone, dealer=0, facts=Facts(benny=False))
    with pytest.raises(EngineError) as caught:
        score_hand(rules, parse_hand(without))
    # The rule every bidding breaks, not the Canadian loner only one of them does.
    assert caught.value.code == "loner_passed"
    assert (
        caught.value.message
        == "Seat 1 passed in the bidding round in which trump was made, so cannot go alone."
    )
    # Nowhere else is the Benny asked: not where it would only refuse the hand.
    for outcome in offered(rules, 0):
        if outcome != lone:
            assert next_detail(rules, outcome, dealer=0, given=Facts()) != BENNY, outcome


@pytest.mark.parametrize("code", ["", "made", "made:2", "made:0:1", "lone_march:0:1", 7, None])
def test_an_outcome_this_table_does_not_offer_is_refused_in_plain_words(code):
    rules = rule_set("north-american")
    with pytest.raises(EngineError) as caught:
        find_outcome(rules, code)
    assert caught.value.code == "unknown_outcome"
    assert "North American Euchre" in caught.value.message


def test_an_outcome_hand_keeps_what_was_not_said_unsaid():
    rules = rule_set("north-american")
    hand = outcome_hand(rules, find_outcome(rules, "made:1"), dealer=2)
    assert hand == {"dealer": 2, "makers": 1, "alone": [], "result": "made"}
    parsed = parse_hand(hand)
    assert parsed.maker is None and parsed.trump is None and parsed.round is None


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"result": "won"}, "bad_result"),
        ({"result": "made", "tricks": 3}, "tricks_and_result"),
        ({"result": "made", "makers": None}, "missing_field"),
        ({"result": "made", "makers": 2}, "bad_side"),
        ({"result": "made", "makers": 0, "maker": 1}, "maker_not_of_makers"),
    ],
)
def test_a_bad_outcome_hand_is_refused_with_a_reason(fields, code):
    rules = rule_set("north-american")
    obj = {"dealer": 0, "makers": 0, **fields}
    obj = {k: v for k, v in obj.items() if v is not None}
    with pytest.raises(EngineError) as caught:
        score_hand(rules, parse_hand(obj))
    assert caught.value.code == code


def test_score_hands_reads_a_hand_told_by_its_result():
    from scoring.engine import score_line

    answer = score_line({"dealer": 0, "makers": 1, "result": "march"}, variant="north-american")
    assert answer == {"ok": True, "points": [0, 2, 0, 2]}
    lone = [{"dealer": d, "makers": 0, "alone": [2], "result": "march"} for d in range(3)]
    answer = score_line({"game": lone}, variant="north-american")
    assert answer["scores"] == [12, 0, 12, 0] and answer["winner"] == [0, 2]
