"""First rounds of the small cyclic Kirkman systems kept in cutthroat (`_KNOWN_BASES`).

n = 3, 9 (mod 24) (9, 27, 33, 51, 57, 81) are 1-rotational: triples in Z_2m,
m = (n-1)/2, whose residues mod m are 1..m-1 once each and whose differences (up
to sign) are 1..m-1 once each. n = 15 (mod 24) (15, 39) are bicyclic: triples on
two copies of Z_m using each difference within a copy (up to sign) and each
non-zero difference across the copies once. Either way a backtracking search
groups the slots into triples, branching in a seeded random order, and gives up
after 3,000 nodes; the stored base is the first success over seeds 0, 1, 2, ...
(`random.Random(seed)` each), which regenerates the stored entries exactly: seed 0
for 9, 15, 27 and 51, 2 for 33, 3 for 81, 6 for 57. Not 39: its first success
is seed 43 and no seed up to 1,700 gives the stored base, so for 39 this finds a
valid base of the same shape and `--check-stored` verifies the stored one.

    python -m tools.designs.kirkman_small 57      # exactly cutthroat._KNOWN_BASES[57]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable

from . import _cli, _stored

NODE_BUDGET = 3_000
Triple = tuple[int, int, int]


def first_round(
    n: int, first_seed: int = 0, last_seed: int | None = None
) -> tuple[Triple, ...] | None:
    """The first base found over seeds first_seed, first_seed + 1, ... (up to last_seed)."""
    m = (n - 1) // 2
    search = cyclic_base if n % 24 in (3, 9) else bicyclic_base
    seeds = itertools.count(first_seed) if last_seed is None else range(first_seed, last_seed + 1)
    for seed in seeds:
        base = search(m, random.Random(seed))
        if base is not None:
            return tuple(base)
    return None


def cyclic_base(m: int, rng: random.Random) -> list[Triple] | None:
    modulus = 2 * m

    def difference(x: int, y: int) -> int | None:
        d = (x - y) % modulus
        return None if d == m else min(d, modulus - d)

    # A triple and its move by m are both in the round, so each residue r may be r
    # or r+m; the first point of a triple is taken as r without loss.
    return search_base([[r, r + m] for r in range(1, m)], difference, rng)


def bicyclic_base(m: int, rng: random.Random) -> list[Triple] | None:
    def difference(x: int, y: int) -> tuple[int, int] | None:
        (a, copy_a), (b, copy_b) = (x % m, x // m), (y % m, y // m)
        if copy_a == copy_b:
            d = (a - b) % m
            return (copy_a, min(d, m - d))
        if copy_a == 1:
            a, b = b, a
        d = (b - a) % m
        return None if d == 0 else (2, d)

    return search_base([[x + c * m] for c in (0, 1) for x in range(1, m)], difference, rng)


def search_base(
    slots: list[list[int]],
    difference: Callable[[int, int], Hashable | None],
    rng: random.Random,
) -> list[Triple] | None:
    """Group the slots into triples (one point per slot) with no difference twice;
    None when the node budget runs out."""
    nodes = 0

    def extend(free: list[list[int]], used: frozenset, chosen: list) -> list | None:
        nonlocal nodes
        if not free:
            return chosen
        nodes += 1
        if nodes > NODE_BUDGET:
            return None
        first, rest = free[0][0], free[1:]
        order = rest[:]
        rng.shuffle(order)
        for i, slot_b in enumerate(order):
            for b in slot_b:
                first_b = difference(first, b)
                if first_b is None or first_b in used:
                    continue
                for slot_c in order[i + 1 :]:
                    for c in slot_c:
                        keys = {first_b, difference(first, c), difference(b, c)}
                        if None in keys or len(keys) < 3 or keys & used:
                            continue
                        remaining = [s for s in rest if s is not slot_b and s is not slot_c]
                        found = extend(remaining, used | keys, [*chosen, (first, b, c)])
                        if found is not None or nodes > NODE_BUDGET:
                            return found
        return None

    return extend(slots, frozenset(), [])


def problem(n: int, base: tuple[Triple, ...] | None) -> str:
    if base is None:
        return f"{n}: no base"
    rounds = _stored.develop_kirkman_small(list(base), (n - 1) // 2, cyclic=n % 24 in (3, 9))
    return _stored.kirkman_check(n, rounds)


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            lambda n, seed: first_round(n, seed),
            lambda n: problem(n, _stored.KIRKMAN_SMALL.get(n)),
        )
    )
