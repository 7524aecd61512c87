"""Wh(q*r + 1) from a cyclic Wh(q + 1) and a field GF(r) with r = 1 (mod 4).

This reaches 4m-player sizes whose n-1 is not prime, where a cyclic starter
of Z_(n-1) has to be searched for and the search gets slow (72 and up). The
players are Z_q x GF(r) plus INF; rounds are developed over that group.

- The Wh(q+1) starter, laid on Z_q x {0}, takes care of INF and of every
  difference (a, 0).
- The other players, Z_q x GF(r)*, must meet every difference (a, b) with
  b != 0 once as partners and twice as opponents:
  - when q is prime to 6, the tables {(a, y), (-a, -y)} v {(2a, iy), (-2a, -iy)}
    for a in Z_q and y over GF(r)* modulo {1, i, -1, -i} (i*i = -1) do it. Their
    partner differences are (2a, 2y) and (4a, 2iy), their opponent differences
    (-a, (1-i)y) and (3a, (1+i)y) twice each, and a -> 2a, 4a, -a, 3a are all
    one-to-one exactly when q is prime to 6 (Z_q has a strong complete mapping);
  - when 3 divides q, a few base tables found offline (`ORBIT_BASES`, by
    annealing over the orbits) are multiplied in their GF(r) coordinate by each
    h of the subgroup of GF(r)* of odd order, which never contains -1.

The caller (designs/whist) checks every starter built here before using it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol


class FieldLike(Protocol):
    @property
    def q(self) -> int: ...

    @property
    def exp(self) -> tuple[int, ...]: ...

    def sub(self, a: int, b: int) -> int: ...

    def mul(self, a: int, b: int) -> int: ...


# n -> (q, r, base tables): each base table is four (a, b) players, a in Z_q,
# b in GF(r) (r prime here, so b is a residue), read as (a, b) v (c, d).
ORBIT_BASES: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {
    88: (
        3,
        29,
        (
            (1, 27),
            (2, 10),
            (1, 28),
            (2, 22),
            (0, 14),
            (1, 20),
            (2, 19),
            (2, 24),
            (0, 9),
            (0, 7),
            (0, 27),
            (1, 17),
        ),
    ),
    124: (
        3,
        41,
        (
            (0, 36),
            (0, 10),
            (1, 39),
            (0, 7),
            (2, 25),
            (2, 22),
            (2, 3),
            (1, 10),
            (1, 7),
            (0, 39),
            (2, 38),
            (2, 6),
            (1, 38),
            (1, 15),
            (1, 20),
            (0, 14),
            (1, 26),
            (0, 11),
            (0, 31),
            (2, 2),
            (0, 35),
            (2, 10),
            (2, 9),
            (1, 40),
        ),
    ),
    160: (
        3,
        53,
        (
            (1, 23),
            (1, 17),
            (0, 24),
            (0, 29),
            (1, 28),
            (2, 52),
            (2, 30),
            (1, 48),
            (2, 46),
            (0, 30),
            (0, 5),
            (2, 50),
        ),
    ),
    184: (
        3,
        61,
        (
            (2, 20),
            (1, 42),
            (2, 5),
            (2, 50),
            (1, 43),
            (0, 42),
            (0, 32),
            (1, 30),
            (0, 5),
            (0, 11),
            (2, 54),
            (1, 14),
        ),
    ),
}


def factors(
    n: int,
    prime_power: Callable[[int], tuple[int, int] | None],
    inner_ok: Callable[[int], bool],
) -> tuple[int, int] | None:
    """(q, r) with n - 1 = q*r for an inflation of Wh(q+1) by GF(r), else None.

    q = 3 (mod 4) prime to 6 and to r, with a cyclic Wh(q+1) (`inner_ok`); r = 1
    (mod 4) a prime power. Sizes with a tabled orbit base use its (q, r).
    """
    if n in ORBIT_BASES:
        q, r, _ = ORBIT_BASES[n]
        return q, r
    if n % 4:
        return None
    for r in range(5, n, 4):
        q, rest = divmod(n - 1, r)
        if rest or math.gcd(q, 6 * r) != 1 or prime_power(r) is None:
            continue
        if inner_ok(q):
            return q, r
    return None


def starter(
    n: int,
    inner: Sequence[int],
    join: Callable[[int, int], int],
    q: int,
    gf: FieldLike,
) -> list[int]:
    """The flat starter (INF as -1) over Z_q x GF(r), from the flat Wh(q+1) starter `inner`."""
    flat = [-1 if x == -1 else join(x, 0) for x in inner]
    if n in ORBIT_BASES:
        return flat + _orbit_tables(ORBIT_BASES[n][2], join, gf)
    return flat + _linear_tables(join, q, gf)


def _linear_tables(join: Callable[[int, int], int], q: int, gf: FieldLike) -> list[int]:
    quarter = (gf.q - 1) // 4
    i = gf.exp[quarter]
    flat: list[int] = []
    for j in range(quarter):
        y = gf.exp[j]
        iy = gf.mul(i, y)
        minus_y, minus_iy = gf.sub(0, y), gf.sub(0, iy)
        for a in range(q):
            flat += [
                join(a, y),
                join(-a % q, minus_y),
                join(2 * a % q, iy),
                join(-2 * a % q, minus_iy),
            ]
    return flat


def _orbit_tables(
    base: Sequence[tuple[int, int]], join: Callable[[int, int], int], gf: FieldLike
) -> list[int]:
    odd = gf.q - 1
    while odd % 2 == 0:
        odd //= 2
    # The subgroup of odd order: the (q-1)/odd-th powers, i.e. exp at multiples of (q-1)/odd.
    step = (gf.q - 1) // odd
    subgroup = [gf.exp[k * step] for k in range(odd)]
    return [join(a, gf.mul(h, b)) for h in subgroup for a, b in base]
