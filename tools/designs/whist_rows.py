"""The (Z_r, 4, 1) difference matrices of rotations' whist_product (`_STORED_ROWS`, r = 21, 33).

Rows 0, g, f[g], h[g] over the columns g in Z_r, with every difference of two rows
running over all of Z_r. whist_product's docstring names a randomised backtracking
over the columns (fewest admissible (f, h) first, seeded order, restart after 5,000
nodes), which found 33 only after 5,391 restarts in C (2 min) and nothing in 400 s
here. So `find` asks for rows that the multiplier -1 keeps (f(-g) = -f(g), h(-g) =
-h(g), the trick of whist_starters' docstring): then only the (r-1)/2 columns 1..(r-1)/2
are chosen, and each of f, h, f-g, h-g, h-f must meet every class {d, -d} once. That
is an exact cover (`exact_cover`: a column, or a class of one row difference, with
fewest options first), which finds 21 and 33 in well under a second. The stored
rows' seeds were not kept, so this finds *valid* rows of the same shape, not the
stored ones. `--check-stored` verifies the stored rows.

    python -m tools.designs.whist_rows 33
"""

from __future__ import annotations

import itertools

from . import _cli, _stored, exact_cover

Rows = tuple[tuple[int, ...], tuple[int, ...]]


def find(r: int, seed: int = 1, max_restarts: int | None = None) -> Rows | None:
    if r % 2 == 0 or r < 5:
        raise SystemExit(f"{r}: rows kept by -1 need an odd group of order 5 or more")
    half = (r - 1) // 2

    def cls(d: int) -> int:
        return min(d % r, -d % r)

    # Column g takes f[g] = x and h[g] = y (so f[-g] = -x, h[-g] = -y).
    choices = [
        (g, x, y)
        for g in range(1, half + 1)
        for x in range(1, r)
        for y in range(1, r)
        if len({0, g, x, y}) == 4
    ]
    options = [
        (("column", g), ("f", cls(x)), ("h", cls(y)), ("f-g", cls(x - g)), ("h-g", cls(y - g)))
        + (("h-f", cls(y - x)),)
        for g, x, y in choices
    ]
    primary = [("column", g) for g in range(1, half + 1)]
    primary += [(row, c) for row in ("f", "h", "f-g", "h-g", "h-f") for c in range(1, half + 1)]
    found = exact_cover.solve(options, primary, seed=seed, max_restarts=max_restarts)
    if found is None:
        return None
    f, h = [0] * r, [0] * r
    for i in found:
        g, x, y = choices[i]
        f[g], h[g], f[r - g], h[r - g] = x, y, -x % r, -y % r
    return tuple(f), tuple(h)


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
            default_seed=1,
        )
    )
