"""Exact cover by Knuth's Algorithm X, seeded and with restarts, for the design searches.

The stored Kirkman, nearly Kirkman and Hanani bases were found by a C version of
this search (see their modules): branch on the primary item with fewest options,
try its options in a random order, give up after a node limit and restart with
a new order and a limit 10% (plus 100) larger, starting at 1,000 nodes. Items may
also be secondary (covered at most once). The library solvers on PyPI have no node
limit or seeded order, which is what makes the restarts work, hence this one.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence

from . import _native

FIRST_LIMIT = 1_000


class _OutOfNodes(Exception):
    pass


def solve(
    options: Sequence[Sequence[Hashable]],
    primary: Sequence[Hashable],
    *,
    seed: int = 1,
    max_restarts: int | None = None,
    first_limit: int = FIRST_LIMIT,
    native: bool = False,
) -> list[int] | None:
    """Indices of options covering every primary item exactly once (and every other
    item at most once), or None when `max_restarts` restarts all ran out of nodes.

    `native` runs the same search in the compiled helper (`_native`) when it can be
    built: another random order, so another cover, but some fifty times faster.
    It needs a bound on the restarts."""
    if native and max_restarts is not None and _native.library() is not None:
        if not primary:
            return []
        number: dict[Hashable, int] = {item: k for k, item in enumerate(primary)}
        for option in options:
            for item in option:
                number.setdefault(item, len(number))
        return _native.solve(
            [[number[item] for item in option] for option in options],
            len(number),
            len(primary),
            seed,
            first_limit,
            max_restarts + 1,
        )
    rng = random.Random(seed)
    columns: dict[Hashable, set[int]] = {item: set() for item in primary}
    for i, option in enumerate(options):
        for item in option:
            columns.setdefault(item, set()).add(i)
    must = set(primary)
    limit = first_limit
    restart = 0
    while max_restarts is None or restart <= max_restarts:
        found = _search(columns, options, must, rng, limit)
        if found is not None:
            return found
        restart += 1
        limit = int(limit * 1.1) + 100
    return None


def place(
    seats: Sequence[tuple[int, Sequence[int]]],
    units: Iterable[int],
    points: Iterable[int],
    *,
    seed: int,
    nodes: int,
) -> list[int] | None:
    """The tiling stage of the whist shape searches: `seats` lists, for each unit
    (a table, a self-mapped unit, a group), the point sets it may be placed on;
    choose one per unit so the chosen sets partition `points`. The chosen points,
    unit by unit in unit order, or None when the native search (one run of
    `nodes` nodes, no restart) finds no cover."""
    options = [(("unit", k), *seat) for k, seat in seats]
    primary: list[Hashable] = [("unit", k) for k in units]
    primary += points
    found = solve(options, primary, seed=seed, max_restarts=0, first_limit=nodes, native=True)
    if found is None:
        return None
    return [p for i in sorted(found, key=lambda i: seats[i][0]) for p in seats[i][1]]


def _search(
    columns: dict[Hashable, set[int]],
    options: Sequence[Sequence[Hashable]],
    must: set[Hashable],
    rng: random.Random,
    limit: int,
) -> list[int] | None:
    chosen: list[int] = []
    nodes = 0
    open_items = set(must)
    # Ties go to the item listed first, so the search depends on the seed alone.
    rank = {item: k for k, item in enumerate(columns)}

    def cover(i: int) -> list[tuple[Hashable, set[int]]]:
        removed = []
        for item in options[i]:
            for other in columns[item]:
                for k in options[other]:
                    if k != item:
                        columns[k].discard(other)
            removed.append((item, columns.pop(item)))
            open_items.discard(item)
        return removed

    def uncover(removed: list[tuple[Hashable, set[int]]]) -> None:
        for item, rows in reversed(removed):
            columns[item] = rows
            if item in must:
                open_items.add(item)
            for other in rows:
                for k in options[other]:
                    if k != item:
                        columns[k].add(other)

    def extend() -> bool:
        nonlocal nodes
        if not open_items:
            return True
        nodes += 1
        if nodes > limit:
            raise _OutOfNodes
        item = min(open_items, key=lambda c: (len(columns[c]), rank[c]))
        rows = sorted(columns[item])
        rng.shuffle(rows)
        for i in rows:
            chosen.append(i)
            removed = cover(i)
            try:
                if extend():
                    return True
            finally:
                uncover(removed)
            chosen.pop()
        return False

    try:
        return list(chosen) if extend() else None
    except _OutOfNodes:
        return None
