"""Wh(u*r) from Wh(u) and Wh(r), r a prime power: the direct product of two whist designs.

It reaches sizes no starter over a group reaches here, such as 80, 105 and 165.
Player (a, x) is a*r + x, with a a player of Wh(u) and x an element of GF(r).

- Every table {a, b} v {c, d} of a round R of Wh(u) becomes, in round (R, g)
  for g in GF(r), the r tables {(a, t), (b, t + g), (c, t + wg), (d, t + w'g)}
  for t in GF(r), with 0, 1, w, w' distinct. Two players (a, x) and (b, y) then
  share a table in exactly one round (R, g) for each round R where a and b
  share one, always in the same role, so players of different rows of the
  product meet exactly as a and b do in Wh(u).
- Players of one row meet only in rounds of Wh(r) played inside the row:
  - r = 1 (mod 4): Wh(u) has a bye e in every round R. In round (R, g) the row
    of e plays round g of Wh(r) and its bye sits out, so the product has u*r
    rounds with one bye each;
  - r = 0 (mod 4), so u = 0 too: r-1 more rounds where every row plays the
    same round of Wh(r); u*r - 1 rounds, no byes.

The caller (whist.py) verifies the result in full before it is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

Pair = tuple[int, int]
Table = tuple[Pair, Pair]
Round = tuple[tuple[Table, ...], tuple[int, ...]]


class FieldLike(Protocol):
    q: int
    exp: tuple[int, ...]

    def add(self, a: int, b: int) -> int: ...

    def mul(self, a: int, b: int) -> int: ...


def design(u: int, outer: Sequence[Round], inner: Sequence[Round], gf: FieldLike) -> list[Round]:
    """The product of Wh(u) (`outer`) and Wh(r) (`inner`, r = gf.q >= 4)."""
    r = gf.q
    # Four distinct multipliers of g, one per seat of a table.
    steps = (0, gf.exp[0], gf.exp[1], gf.exp[2])
    rounds: list[Round] = []
    for g in range(r):
        shifts = [gf.mul(step, g) for step in steps]
        for tables, byes in outer:
            lifted = [
                (
                    (a * r + gf.add(t, shifts[0]), b * r + gf.add(t, shifts[1])),
                    (c * r + gf.add(t, shifts[2]), d * r + gf.add(t, shifts[3])),
                )
                for (a, b), (c, d) in tables
                for t in range(r)
            ]
            out: tuple[int, ...] = ()
            if byes:
                (row,) = byes
                inner_tables, (inner_bye,) = inner[g]
                lifted += _in_row(row, r, inner_tables)
                out = (row * r + inner_bye,)
            rounds.append((tuple(lifted), out))
    if r % 4 == 0:
        for inner_tables, _ in inner:
            rounds.append((tuple(t for row in range(u) for t in _in_row(row, r, inner_tables)), ()))
    return rounds


def _in_row(row: int, r: int, tables: Sequence[Table]) -> list[Table]:
    return [((row * r + a, row * r + b), (row * r + c, row * r + d)) for (a, b), (c, d) in tables]
