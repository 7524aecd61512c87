"""The (Z_r, 4, 1) difference matrices of rotations' whist_product (`_STORED_ROWS`, r = 21, 33).

Rows 0, g, f[g], h[g] over the columns g in Z_r, with every difference of two rows
running over all of Z_r. A randomised backtracking over the columns (the column
with fewest admissible (f, h) first, candidates in seeded random order, restart
after 5,000 nodes) as the docstring describes; the stored rows' seeds were not
kept, so this finds *valid* rows of the same shape, not the stored ones.
`--check-stored` verifies the stored rows.

    python -m tools.designs.whist_rows 21
"""

from __future__ import annotations

import itertools
import random

from . import _cli, _stored

NODE_LIMIT = 5_000
Rows = tuple[tuple[int, ...], tuple[int, ...]]


def find(r: int, seed: int = 0, max_restarts: int | None = None) -> Rows | None:
    rng = random.Random(seed)
    restarts = itertools.count() if max_restarts is None else range(max_restarts + 1)
    for _ in restarts:
        found = _attempt(r, rng)
        if found is not None:
            return found
    return None


def _attempt(r: int, rng: random.Random) -> Rows | None:
    f, h = [0] * r, [0] * r
    used = [{0} for _ in range(5)]  # f, h, f - g, h - g, h - f
    open_columns = set(range(1, r))
    nodes = 0

    def candidates(g: int) -> list[tuple[int, int]]:
        fs = [x for x in range(r) if x not in used[0] and (x - g) % r not in used[2]]
        hs = [y for y in range(r) if y not in used[1] and (y - g) % r not in used[3]]
        return [(x, y) for x in fs for y in hs if (y - x) % r not in used[4]]

    def extend() -> bool:
        nonlocal nodes
        if not open_columns:
            return True
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        options = {g: candidates(g) for g in sorted(open_columns)}
        g = min(options, key=lambda c: len(options[c]))
        rng.shuffle(options[g])
        for x, y in options[g]:
            values = (x, y, (x - g) % r, (y - g) % r, (y - x) % r)
            for s, v in zip(used, values, strict=True):
                s.add(v)
            f[g], h[g] = x, y
            open_columns.discard(g)
            if extend():
                return True
            open_columns.add(g)
            for s, v in zip(used, values, strict=True):
                s.discard(v)
            if nodes > NODE_LIMIT:
                return False
        return False

    return (tuple(f), tuple(h)) if extend() else None


def problem(r: int, rows: Rows | None) -> str:
    """Empty when rows 0, g, f, h of length r have all pairwise differences distinct."""
    if rows is None:
        return f"{r}: no rows"
    f, h = rows
    table = [tuple(range(r)), (0,) * r, f, h]
    if any(len(row) != r for row in table):
        return f"{r}: rows of the wrong length"
    for a, b in itertools.combinations(table, 2):
        if sorted((x - y) % r for x, y in zip(a, b, strict=True)) != list(range(r)):
            return f"{r}: two rows do not differ by every element once"
    return ""


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            find,
            lambda r: problem(r, _stored.WHIST_PRODUCT_ROWS.get(r)),
        )
    )
