"""Property tests: what holds for every hand, and that no input breaks the engine."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    VARIANTS,
    EngineError,
    parse_hand,
    play_game,
    rule_set,
    score_hand,
    score_line,
)
from scoring.engine.hands import makers_side
from scoring.engine.rules import PARTNERS

SETTINGS = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)

OPTION_VALUES = {
    "stick_the_dealer": st.booleans(),
    "defender_alone": st.sampled_from(["allowed", "never", "vs_lone_maker"]),
    "super_euchre": st.booleans(),
    "dealer_partner_alone": st.booleans(),
    "no_loner_after_pass": st.booleans(),
    "two_of_spades_benny": st.booleans(),
    "almonte_joker": st.booleans(),
}
ALLOWED_AMOUNTS = {
    "north-american": {1, 2, 4},
    "british": {1, 2, 4},
    "six-handed": {1, 3, 6},
    "two-handed": {1, 2},
    "three-handed": {1, 2, 3, 4},
}


@st.composite
def rules_and_hand(draw):
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    options = draw(st.fixed_dictionaries({}, optional=OPTION_VALUES))
    try:
        rules = rule_set(variant, options)
    except EngineError:
        assume(False)
    seat = st.integers(0, rules.players - 1)
    obj = {
        "dealer": draw(seat),
        "maker": draw(seat),
        "round": draw(st.sampled_from([1, 2])),
        "trump": draw(st.sampled_from(["clubs", "diamonds", "hearts", "spades"])),
        "tricks": draw(st.integers(0, 5)),
        "alone": draw(st.lists(seat, max_size=2, unique=True)),
    }
    if draw(st.booleans()):
        rank = draw(st.sampled_from(["7", "8", "9", "10", "J", "Q", "K", "A"]))
        card = rank + draw(st.sampled_from("CDHS"))
        obj["turn_up"] = draw(st.sampled_from(["BENNY", "2S", card]))
    return rules, obj


@SETTINGS
@given(rules_and_hand())
def test_every_valid_hand_scores_exactly_one_side_an_allowed_amount(case):
    rules, obj = case
    hand = parse_hand(obj)
    try:
        points = score_hand(rules, hand)
    except EngineError:
        assume(False)
    makers = makers_side(rules, hand.maker)
    defenders = frozenset(rules.seats) - makers
    scorers = frozenset(seat for seat in rules.seats if points[seat])
    assert scorers in (makers, defenders)
    assert len({points[seat] for seat in scorers}) == 1
    assert points[next(iter(scorers))] in ALLOWED_AMOUNTS[rules.variant]
    assert (scorers == makers) == (hand.tricks >= 3)


@SETTINGS
@given(rules_and_hand())
def test_partners_always_score_alike(case):
    rules, obj = case
    assume(rules.seating == PARTNERS)
    try:
        points = score_hand(rules, parse_hand(obj))
    except EngineError:
        assume(False)
    assert all(points[seat] == points[seat % 2] for seat in rules.seats)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
HAND_KEYS = st.sampled_from(
    [
        "dealer",
        "maker",
        "round",
        "trump",
        "turn_up",
        "alone",
        "tricks",
        "passed",
        "game",
        "variant",
        "options",
    ]
)
HANDISH = st.dictionaries(HAND_KEYS, JSON, max_size=8)


@SETTINGS
@given(st.sampled_from(sorted(VARIANTS)), JSON | HANDISH)
def test_arbitrary_json_raises_only_engine_errors(variant, obj):
    rules = rule_set(variant, {})
    with contextlib.suppress(EngineError):
        score_hand(rules, parse_hand(obj))
    with contextlib.suppress(EngineError):
        play_game(rules, obj if isinstance(obj, list) else [obj])


@SETTINGS
@given(st.sampled_from(sorted(VARIANTS)), JSON | HANDISH)
def test_score_line_always_answers(variant, obj):
    answer = score_line(obj, variant=variant, options={})
    assert isinstance(answer["ok"], bool)
    if not answer["ok"]:
        assert set(answer) == {"ok", "error", "message"}
        assert answer["error"] and answer["message"]
