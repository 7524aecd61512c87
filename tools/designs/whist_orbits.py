"""Orbit base tables of rotations' whist_inflate (`ORBIT_BASES`: n = 88, 124, 160, 184).

Wh(n) for n - 1 = 3r over Z_3 x GF(r): the Wh(4) starter on Z_3 x {0} and INF,
then base tables on Z_3 x GF(r)* multiplied in their GF(r) coordinate by every h
of H, the subgroup of GF(r)* of odd order. Multiplying by H moves a difference
(a, b) within its orbit {(+-a, +-hb)}, so the base tables work exactly when their
two partner pairs each cover a different such orbit of differences with b != 0,
every one once, and their opponent pairs cover each twice. Annealing over the
seats (swap two players) and over which player of its H-orbit sits there (multiply
by an element of H) drives those counts to 1 and 2. The stored bases were found by
an annealing whose seed was not kept, so this finds *a* valid base of the same
shape, not the stored one; `--check-stored` verifies the stored one by developing
the whole starter.

    python -m tools.designs.whist_orbits 88
"""

from __future__ import annotations

import math
import random
from collections import Counter

from . import _cli, _stored

STEPS = 2_000_000
Base = tuple[int, int, tuple[tuple[int, int], ...]]


def shape(n: int) -> tuple[int, int]:
    """(q, r) with n - 1 = q*r: as stored, else q = 3."""
    if n in _stored.WHIST_ORBIT_BASES:
        q, r, _ = _stored.WHIST_ORBIT_BASES[n]
        return q, r
    return 3, (n - 1) // 3


def find(n: int, seed: int = 0, steps: int = STEPS) -> Base | None:
    q, r = shape(n)
    gf = _stored.field(r)
    odd = r - 1
    while odd % 2 == 0:
        odd //= 2
    subgroup = [gf.exp[k * ((r - 1) // odd)] for k in range(odd)]
    cosets = (r - 1) // odd
    rng = random.Random(seed)
    # One player of each H-orbit {(a, h * g^c)}, in random seats.
    seats = [(a, gf.exp[c] * 1 % r) for a in range(q) for c in range(cosets)]
    seats = [(a, gf.mul(b, rng.choice(subgroup))) for a, b in seats]
    rng.shuffle(seats)
    orbit_of = _difference_orbits(q, r, subgroup, gf)

    def cost() -> int:
        partners: Counter[int] = Counter()
        opponents: Counter[int] = Counter()
        bad = 0
        for t in range(0, len(seats), 4):
            a, b, c, d = seats[t : t + 4]
            for x, y, counts in (
                (a, b, partners),
                (c, d, partners),
                (a, c, opponents),
                (a, d, opponents),
                (b, c, opponents),
                (b, d, opponents),
            ):
                key = orbit_of.get(((x[0] - y[0]) % q, (x[1] - y[1]) % r))
                if key is None:
                    bad += 1
                else:
                    counts[key] += 1
        orbits = set(orbit_of.values())
        return (
            4 * bad
            + sum((partners[o] - 1) ** 2 for o in orbits)
            + sum((opponents[o] - 2) ** 2 for o in orbits)
        )

    current = cost()
    for step in range(steps):
        if current == 0:
            return q, r, tuple(seats)
        heat = 1.5 * (1 - (step % 20_000) / 20_000) + 0.05
        if rng.random() < 0.5:
            i, j = rng.randrange(len(seats)), rng.randrange(len(seats))
            if i // 4 == j // 4 and i // 2 == j // 2:
                continue
            undo = (i, seats[i], j, seats[j])
            seats[i], seats[j] = seats[j], seats[i]
        else:
            i = rng.randrange(len(seats))
            undo = (i, seats[i], i, seats[i])
            seats[i] = (seats[i][0], gf.mul(seats[i][1], rng.choice(subgroup)))
        after = cost()
        delta = after - current
        if delta <= 0 or rng.random() < math.exp(-delta / heat):
            current = after
        else:
            i, first, j, second = undo
            seats[j], seats[i] = second, first
    return None


def _difference_orbits(q: int, r: int, subgroup: list[int], gf) -> dict[tuple[int, int], int]:
    """Each difference (a, b) with b != 0 -> a number for its orbit {(+-a, +-hb)}."""
    orbit_of: dict[tuple[int, int], int] = {}
    for a in range(q):
        for b in range(1, r):
            if (a, b) in orbit_of:
                continue
            number = len(set(orbit_of.values()))
            for h in subgroup:
                hb = gf.mul(h, b)
                orbit_of[(a, hb)] = orbit_of[((-a) % q, (-hb) % r)] = number
    return orbit_of


def problem(n: int, entry: Base | None) -> str:
    """Empty when the starter built from `entry` develops into a verified Wh(n)."""
    if entry is None:
        return f"{n}: no base"
    q, r, base = entry
    grp = _stored.whist_group(n)
    inner = _stored.whist_closed_starter(q + 1) or _stored.whist_tabled(q + 1)
    flat = [-1 if x == -1 else grp.join(x, 0) for x in inner]
    flat += _stored.orbit_tables(base, grp.join, grp.second)
    if sorted(flat) != sorted(_stored.whist_seat_values(n)):
        return f"{n}: the starter does not seat every player once"
    if not _stored.whist_starter_ok(n, flat):
        return f"{n}: partner or opponent differences are not met once and twice"
    return ""


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            find,
            lambda n: problem(n, _stored.WHIST_ORBIT_BASES.get(n)),
        )
    )
