"""A whist round in player numbers: tables of two partnerships, and who sits out."""

from __future__ import annotations

Pair = tuple[int, int]
# ((a, b), (c, d)): a and b partner against c and d.
WhistTable = tuple[Pair, Pair]
WhistRound = tuple[tuple[WhistTable, ...], tuple[int, ...]]
