"""The round-totals check answers from the rules in bounded work, with the verdicts of
the plain search over score states (kept in the engine as `search_round_totals`)."""

from __future__ import annotations

import contextlib
from itertools import combinations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import VARIANTS, EngineError, check_round_totals, rule_set, score_hand
from scoring.engine.hands import Hand, PassedHand
from scoring.engine.rules import PARTNERS
from scoring.engine.totals import (
    MAX_HANDS_PER_ROUND,
    hand_outcomes,
    most_points,
    round_totals_method,
    round_totals_reachable,
    search_round_totals,
)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_rule_set():
    """Each variant with every combination of the options it lets a table switch."""
    for name, spec in VARIANTS.items():
        switches = sorted(
            spec.options
            & {"stick_the_dealer", "super_euchre", "dealer_partner_alone", "no_loner_after_pass"}
        )
        defender = (
            ["allowed", "never", "vs_lone_maker"]
            if "defender_alone" in spec.options
            else ["allowed"]
        )
        for values in product([False, True], repeat=len(switches)):
            for alone in defender:
                options: dict[str, object] = dict(zip(switches, values, strict=True))
                if "defender_alone" in spec.options:
                    options["defender_alone"] = alone
                yield rule_set(name, options)


RULE_SETS = list(every_rule_set())


def candidate_totals(rules, hands):
    """Every totals vector up to one past the most a seat can score (partners alike)."""
    per_seat, _ = most_points(rules, hands)
    if rules.seating == PARTNERS:
        for ours, theirs in product(range(per_seat[0] + 2), range(per_seat[1] + 2)):
            yield tuple(ours if seat % 2 == 0 else theirs for seat in rules.seats)
    else:
        yield from product(*(range(most + 2) for most in per_seat))


def reached_by_hand(rules, hands):
    states = {(0,) * rules.players}
    for _ in range(hands):
        states = {
            tuple(a + b for a, b in zip(state, points, strict=True))
            for state in states
            for points in hand_outcomes(rules)
        }
    return states


def distinct_outcome_sets():
    seen = {}
    for rules in RULE_SETS:
        seen.setdefault(hand_outcomes(rules), rules)
    return list(seen.values())


@pytest.mark.parametrize("rules", distinct_outcome_sets(), ids=lambda r: r.variant)
def test_every_total_of_a_short_round_gets_the_searchs_verdict(rules):
    for hands in range(6):
        reached = reached_by_hand(rules, hands)
        for totals in candidate_totals(rules, hands):
            assert round_totals_reachable(rules, totals, hands) == (totals in reached), (
                hands,
                totals,
            )


def test_every_variant_and_option_set_has_a_bounded_check():
    assert {round_totals_method(rules) for rules in RULE_SETS} <= {"sides", "cutthroat"}


@st.composite
def rules_hands_totals(draw):
    rules = draw(st.sampled_from(RULE_SETS))
    hands = draw(st.integers(0, 7))
    per_seat, _ = most_points(rules, hands)
    if rules.seating == PARTNERS:
        ours, theirs = (draw(st.integers(0, most + 1)) for most in per_seat[:2])
        totals = tuple(ours if seat % 2 == 0 else theirs for seat in rules.seats)
    else:
        totals = tuple(draw(st.integers(0, most + 1)) for most in per_seat)
    return rules, hands, totals


@SETTINGS
@given(rules_hands_totals())
def test_the_check_agrees_with_the_search_for_every_option_set(case):
    rules, hands, totals = case
    assert round_totals_reachable(rules, totals, hands) == search_round_totals(rules, totals, hands)


def valid_deals(rules):
    """Every hand a table could write down (hearts trump), passed hands included."""
    seats = list(rules.seats)
    alone_lists = [()] + [(s,) for s in seats] + list(combinations(seats, 2))
    deals = [PassedHand(dealer) for dealer in seats]
    deals += [
        Hand(dealer, maker, round_, "hearts", tricks, alone)
        for dealer, maker, round_, alone, tricks in product(
            seats, seats, (1, 2), alone_lists, range(6)
        )
    ]
    valid = []
    for deal in deals:
        with contextlib.suppress(EngineError):
            valid.append((deal, score_hand(rules, deal)))
    return valid


@st.composite
def played_round(draw):
    """A round of valid hands drawn at random (passed hands among them do not count)."""
    rules = draw(st.sampled_from(RULE_SETS))
    deals = VALID_DEALS.setdefault(rules, valid_deals(rules))
    picks = draw(st.lists(st.sampled_from(deals), max_size=MAX_HANDS_PER_ROUND * 5 // 4))
    counted = [points for deal, points in picks if isinstance(deal, Hand)][:MAX_HANDS_PER_ROUND]
    totals = [sum(points[seat] for points in counted) for seat in rules.seats]
    return rules, len(counted), totals


VALID_DEALS: dict = {}


@settings(SETTINGS, max_examples=60)
@given(played_round())
def test_totals_of_actually_scored_hands_are_accepted(case):
    rules, counted, totals = case
    check_round_totals(rules, totals, counted)


def test_one_point_more_than_the_hands_could_give_is_refused_before_any_search():
    rules = rule_set("north-american", {})
    with pytest.raises(EngineError) as refused:
        check_round_totals(rules, [397, 0, 397, 0], 99)
    assert refused.value.code == "round_totals_too_high"
    assert "at most 396 points" in refused.value.message, refused.value.message
    check_round_totals(rules, [396, 0, 396, 0], 99)


def test_three_handed_points_together_are_bounded_too():
    # Each seat could take 4 a hand, but a hand gives at most 8 points in all.
    with pytest.raises(EngineError) as refused:
        check_round_totals(rule_set("three-handed", {}), [300, 300, 300], 99)
    assert refused.value.code == "round_totals_too_high"
    assert "at most 792 points in all" in refused.value.message


@pytest.mark.parametrize(
    ("variant", "totals", "hands", "possible"),
    [
        # The inputs that took seconds to minutes with the search, and their verdicts.
        ("north-american", [100, 100, 100, 100], 99, True),
        # 396 points in 99 hands are 99 hands of 4, which cannot split 198-198.
        ("north-american", [198, 198, 198, 198], 99, False),
        ("north-american", [196, 200, 196, 200], 99, True),
        ("three-handed", [250, 250, 250], 99, True),
        ("three-handed", [99, 0, 0], 99, True),
        ("three-handed", [100, 0, 0], 99, False),  # 1 or 3 a hand: 99 hands are odd
        ("three-handed", [0, 198, 198], 99, True),
        ("six-handed", [297, 0] * 3, 99, True),
        ("two-handed", [100, 98], 99, True),
        ("two-handed", [199, 0], 99, False),
    ],
)
def test_long_rounds_get_exact_verdicts(variant, totals, hands, possible):
    rules = rule_set(variant, {})
    try:
        check_round_totals(rules, totals, hands)
    except EngineError:
        assert not possible
    else:
        assert possible


@pytest.mark.parametrize("hands", [MAX_HANDS_PER_ROUND + 1, 40000, -1, True, "8"])
def test_a_round_longer_than_the_rules_allow_is_refused(hands):
    with pytest.raises(EngineError) as refused:
        check_round_totals(rule_set("north-american", {}), [0, 0, 0, 0], hands)
    assert refused.value.code == "bad_hands"


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.variant)
def test_hand_outcomes_are_every_points_vector_of_every_valid_hand(rules):
    seats = list(rules.seats)
    alone_lists = [()] + [(s,) for s in seats] + list(combinations(seats, 2))
    scored = set()
    for dealer, maker, round_, alone, tricks in product(
        seats, seats, (1, 2), alone_lists, range(6)
    ):
        with contextlib.suppress(EngineError):
            scored.add(score_hand(rules, Hand(dealer, maker, round_, "hearts", tricks, alone)))
    assert hand_outcomes(rules) == scored
