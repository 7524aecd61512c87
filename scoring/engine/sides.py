"""A side's points and its seats' points: partners carry their side's points, so the
two say the same thing, per seat for the engine and per side for the people."""

from __future__ import annotations

from collections.abc import Sequence

from .rules import RuleSet


def seat_scores(rules: RuleSet, side_points: Sequence[int]) -> tuple[int, ...]:
    """Points per seat from points per side (`RuleSet.sides` order): partners carry
    their side's points. One number per side, or ValueError."""
    scores = [0] * rules.players
    for side, points in zip(rules.sides, side_points, strict=True):
        for seat in side:
            scores[seat] = points
    return tuple(scores)


def side_scores(rules: RuleSet, scores: Sequence[int]) -> tuple[int, ...]:
    """Points per side (`RuleSet.sides` order) from points per seat. Partners carry the
    same points, so a side's are its first seat's; a seat missing from a short list
    (a result stored for another table size) counts 0."""
    return tuple(scores[side[0]] if side[0] < len(scores) else 0 for side in rules.sides)
