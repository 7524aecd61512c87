"""Wh(u*r) from Wh(u) and Wh(r): the direct product of two whist designs.

It reaches sizes no starter over a group reaches here, such as 80, 105, 132,
140 and 165. Player (a, x) is a*r + x, with a a player of Wh(u) and x an
element of a group of order r.

The product needs a resolvable transversal design TD(4, r) developed over that
group (a `Lift`): four offsets per class g such that, for any two of the four
seats, the difference of their offsets runs over the whole group as g does.
Class 0 is all zeros (the "diagonal"). Offsets 0, g, wg, w'g work in GF(r)
(0, 1, w, w' distinct) and 0, g, 2g, 3g in Z_r when r is prime to 6; for
r = 21 and 33 the two other rows are stored (`_STORED_ROWS`).

- Every table {a, b} v {c, d} of a round R of Wh(u) becomes, in round (R, g),
  the r tables {(a, t + o0), (b, t + o1)} v {(c, t + o2), (d, t + o3)} for t in
  the group, (o0..o3) the offsets of class g. Two players (a, x) and (b, y)
  then share a table in exactly one round (R, g) for each round R where a and
  b share one, always in the same role, so players of different rows of the
  product meet exactly as a and b do in Wh(u).
- Players of one row meet only in rounds of Wh(r) played inside the row:
  - u, r = 1 (mod 4): Wh(u) has a bye e in every round R. In round (R, g) the
    row of e plays round g of Wh(r) and its bye sits out, so the product has
    u*r rounds with one bye each;
  - u, r = 0 (mod 4): r-1 more rounds where every row plays the same round of
    Wh(r); u*r - 1 rounds, no byes;
  - u = 0, r = 1 (mod 4): the diagonal class of the first round R0 of Wh(u)
    is split by t. Round i of Wh(r), whose bye is x, is played in every row
    while the players (a, x) play R0 among themselves (its tables at t = x).
    That is r rounds in place of one, so u*r - 1 rounds, no byes.

The caller (designs/whist) verifies the result in full before it is used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .shapes import WhistRound, WhistTable

Offsets = tuple[int, int, int, int]

# (Z_r, 4, 1) difference matrices for r divisible by 3, where no linear rows
# exist: the offsets of class g are (0, g, f[g], h[g]). Found by a randomized
# backtracking over the columns g (fewest candidates first, restarts after a
# node limit): 21 at once, 33 after 5391 restarts of 5000 nodes (2 min of CPU).
_STORED_ROWS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    21: (
        (0, 2, 20, 6, 3, 12, 19, 15, 18, 14, 4, 13, 16, 1, 10, 8, 11, 7, 9, 17, 5),
        (0, 19, 4, 15, 14, 10, 13, 8, 3, 17, 16, 20, 5, 9, 12, 7, 6, 11, 1, 18, 2),
    ),
    33: (
        (
            0,
            28,
            20,
            32,
            23,
            22,
            12,
            18,
            15,
            2,
            5,
            19,
            26,
            29,
            11,
            14,
            31,
            9,
            21,
            8,
            24,
            30,
            10,
            13,
            25,
            16,
            6,
            4,
            7,
            27,
            17,
            3,
            1,
        ),
        (
            0,
            4,
            27,
            19,
            11,
            20,
            15,
            28,
            1,
            10,
            23,
            2,
            17,
            31,
            24,
            26,
            12,
            6,
            13,
            9,
            14,
            25,
            21,
            7,
            30,
            22,
            5,
            8,
            3,
            16,
            32,
            29,
            18,
        ),
    ),
}


class FieldLike(Protocol):
    @property
    def q(self) -> int: ...

    @property
    def exp(self) -> tuple[int, ...]: ...

    def add(self, a: int, b: int) -> int: ...

    def mul(self, a: int, b: int) -> int: ...


@dataclass(frozen=True)
class Lift:
    """A resolvable TD(4, r) over a group of order r: class g is t + offsets[g] for every t."""

    r: int
    add: Callable[[int, int], int]
    offsets: tuple[Offsets, ...]


def lift(r: int, gf: FieldLike | None) -> Lift | None:
    """The lift for r (r >= 4): from GF(r) when given, else over Z_r when one is known."""
    if gf is not None:
        steps = (0, gf.exp[0], gf.exp[1], gf.exp[2])
        offsets = tuple(tuple(gf.mul(step, g) for step in steps) for g in range(r))
        return Lift(r, gf.add, offsets)  # type: ignore[arg-type]
    if r % 2 and r % 3:
        return Lift(r, _adder(r), tuple((0, g, 2 * g % r, 3 * g % r) for g in range(r)))
    if r in _STORED_ROWS:
        f, h = _STORED_ROWS[r]
        return Lift(r, _adder(r), tuple((0, g, f[g], h[g]) for g in range(r)))
    return None


def _adder(r: int) -> Callable[[int, int], int]:
    return lambda a, b: (a + b) % r


def design(
    u: int, outer: Sequence[WhistRound], inner: Sequence[WhistRound], lifting: Lift
) -> list[WhistRound]:
    """The product of Wh(u) (`outer`) and Wh(r) (`inner`, r = lifting.r >= 4)."""
    r, add = lifting.r, lifting.add
    split_first = u % 4 == 0 and r % 4 == 1
    rounds: list[WhistRound] = []
    for g, shifts in enumerate(lifting.offsets):
        for number, (tables, byes) in enumerate(outer):
            if split_first and g == 0 and number == 0:
                continue
            lifted = [
                (
                    (a * r + add(t, shifts[0]), b * r + add(t, shifts[1])),
                    (c * r + add(t, shifts[2]), d * r + add(t, shifts[3])),
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
    elif split_first:
        first_tables = outer[0][0]
        for inner_tables, (x,) in inner:
            diagonal = [
                ((a * r + x, b * r + x), (c * r + x, d * r + x)) for (a, b), (c, d) in first_tables
            ]
            in_rows = [t for row in range(u) for t in _in_row(row, r, inner_tables)]
            rounds.append((tuple(in_rows + diagonal), ()))
    return rounds


def _in_row(row: int, r: int, tables: Sequence[WhistTable]) -> list[WhistTable]:
    return [((row * r + a, row * r + b), (row * r + c, row * r + d)) for (a, b), (c, d) in tables]
