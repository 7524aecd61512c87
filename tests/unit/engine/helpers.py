"""Small builders shared by the engine tests."""

from __future__ import annotations

from scoring.engine import parse_hand, rule_set, score_hand


def hand(**fields: object) -> dict[str, object]:
    """A valid north-american-looking hand: seat 1 orders hearts, takes 3 tricks."""
    base: dict[str, object] = {
        "dealer": 0,
        "maker": 1,
        "round": 1,
        "trump": "hearts",
        "turn_up": "9H",
        "alone": [],
        "tricks": 3,
    }
    base.update(fields)
    return {key: value for key, value in base.items() if value is not None}


def points(variant: str, options: dict[str, object] | None = None, **fields: object):
    return score_hand(rule_set(variant, options or {}), parse_hand(hand(**fields)))


def played(dealer: int, maker: int, tricks: int, **extra: object) -> dict[str, object]:
    """A hand of a game: `maker` names clubs in the second round and takes `tricks`."""
    return {
        "dealer": dealer,
        "maker": maker,
        "round": 2,
        "trump": "clubs",
        "tricks": tricks,
        **extra,
    }
