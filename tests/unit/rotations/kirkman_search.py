"""The searches that found the stored cyclic and bicyclic Kirkman first rounds
(designs/data/kirkman_bases.py): too slow and too often unlucky to run when a
schedule is drawn, so only the tests run them, to show they still work."""

from __future__ import annotations

import random

_KTS_NODE_BUDGET = 3_000


def _cyclic_base(m: int, rng: random.Random) -> list[tuple[int, ...]] | None:
    """Triples in Z_2m whose residues mod m are 1..m-1 once each and whose differences
    (up to sign) are 1..m-1 once each: with {inf, 0, m} and the triples moved by m they
    make a round, and its m translates cover every pair exactly once. Exists only
    for 2m+1 = 3 or 9 (mod 24)."""
    modulus = 2 * m

    def difference(x: int, y: int) -> int | None:
        d = (x - y) % modulus
        return None if d == m else min(d, modulus - d)

    # A triple and its move by m are both in the round, so each residue r may be r
    # or r+m; the first point of a triple is taken as r without loss.
    return _search_base([[r, r + m] for r in range(1, m)], difference, rng)


def _bicyclic_base(m: int, rng: random.Random) -> list[tuple[int, ...]] | None:
    """Triples on two copies of Z_m (points x and m+x, x = 1..m-1) using each
    difference within a copy (up to sign) and each non-zero difference across the
    copies exactly once: with {inf, 0, m} they make a round whose m translates
    cover every pair once. For odd m with m = 1 (mod 3), i.e. n = 15 (mod 24)."""

    def difference(x: int, y: int) -> tuple[int, int] | None:
        (a, copy_a), (b, copy_b) = (x % m, x // m), (y % m, y // m)
        if copy_a == copy_b:
            d = (a - b) % m
            return (copy_a, min(d, m - d))
        if copy_a == 1:
            a, b = b, a
        d = (b - a) % m
        return None if d == 0 else (2, d)

    return _search_base([[x + c * m] for c in (0, 1) for x in range(1, m)], difference, rng)


def _search_base(slots: list[list[int]], difference, rng: random.Random):
    """Backtracking: group the slots into triples (one point per slot) so that no
    difference repeats; None when the node budget runs out."""
    nodes = 0

    def extend(free: list[list[int]], used: frozenset, chosen: list) -> list | None:
        nonlocal nodes
        if not free:
            return chosen
        nodes += 1
        if nodes > _KTS_NODE_BUDGET:
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
                        if found is not None or nodes > _KTS_NODE_BUDGET:
                            return found
        return None

    return extend(slots, frozenset(), [])
