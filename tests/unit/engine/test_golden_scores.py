"""Golden tables: points to the scoring side for every way a hand can end, per variant.

Columns: maker tricks, lone maker?, lone defender? -> (makers' points, defenders' points).
"""

from __future__ import annotations

import pytest

from scoring.engine import parse_hand, rule_set, score_hand
from scoring.engine.hands import makers_side

FOUR = {
    (5, False, False): (2, 0),
    (4, False, False): (1, 0),
    (3, False, False): (1, 0),
    (2, False, False): (0, 2),
    (0, False, False): (0, 2),
    (5, True, False): (4, 0),
    (3, True, False): (1, 0),
    (2, False, True): (0, 4),
    (0, False, True): (0, 4),
    (5, True, True): (4, 0),
    (1, True, True): (0, 4),
}
SIX = {
    (5, False, False): (3, 0),
    (3, False, False): (1, 0),
    (2, False, False): (0, 3),
    (5, True, False): (6, 0),
    (4, True, False): (1, 0),
    (1, False, True): (0, 6),
    (0, True, True): (0, 6),
}
TWO = {
    (5, False, False): (2, 0),
    (4, False, False): (1, 0),
    (3, False, False): (1, 0),
    (2, False, False): (0, 2),
    (0, False, False): (0, 2),
}
THREE = {
    (5, False, False): (3, 0),
    (3, False, False): (1, 0),
    (2, False, False): (0, 2),
    (0, False, False): (0, 2),
    (5, True, False): (3, 0),
    (2, False, True): (0, 2),
    (1, False, True): (0, 2),
    (0, False, True): (0, 4),
    (0, True, True): (0, 4),
}

GOLDEN = [
    ("north-american", FOUR),
    ("british", FOUR),
    ("six-handed", SIX),
    ("two-handed", TWO),
    ("three-handed", THREE),
]


@pytest.mark.parametrize(
    ("variant", "tricks", "lone_maker", "lone_defender", "expected"),
    [(variant, *key, value) for variant, table in GOLDEN for key, value in table.items()],
)
def test_golden_score(variant, tricks, lone_maker, lone_defender, expected):
    rules = rule_set(variant, {})
    maker, dealer = 1, 0
    alone = [maker] * lone_maker + [(maker + 1) % rules.players] * lone_defender
    hand = parse_hand(
        {
            "dealer": dealer,
            "maker": maker,
            "round": 2,
            "trump": "clubs",
            "alone": alone,
            "tricks": tricks,
        }
    )
    result = score_hand(rules, hand)
    makers = makers_side(rules, maker)
    makers_points, defenders_points = expected
    assert result == tuple(
        makers_points if seat in makers else defenders_points for seat in rules.seats
    )
