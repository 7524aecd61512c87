"""Cyclic whist starters by the two-stage search of whist_starters' docstring (44 to 93 there).

Stage one draws a random starter of Z_q (q = n - 1 for n = 4m, q = n for n = 4m+1):
partner pairs covering every difference class {d, -d} once (for n = 4m player 0
partners INF; for 4m+1 player 0 sits out). Stage two pairs those partnerships off
into tables by depth-first search (the partnership with fewest admissible rivals
first) until every opponent class is met exactly twice, and after a node limit
starts again from a new stage-one starter. The stored starters came from a C
version whose seeds were not kept, so this finds *a* valid starter of the same
shape; in Python it reaches the sizes up to the mid 40s in minutes (see README.md).

    python -m tools.designs.whist_two_stage 33
"""

from __future__ import annotations

import itertools
import random

from . import whist_cyclic

NODE_LIMIT = 20_000


def find(n: int, seed: int = 0, max_restarts: int | None = None) -> tuple[int, ...] | None:
    if n % 4 not in (0, 1) or n < 8:
        raise SystemExit(f"{n}: a whist tournament needs n = 0 or 1 (mod 4), n >= 8")
    q = n - 1 if n % 4 == 0 else n
    rng = random.Random(seed)
    restarts = itertools.count() if max_restarts is None else range(max_restarts + 1)
    for _ in restarts:
        pairs = _random_starter(q, rng)
        if pairs is None:
            continue
        tables = _pair_off(q, pairs, rng)
        if tables is not None:
            # As stored: the table of INF (written -1) first, INF's partnership first.
            tables = [(b, a) if -1 in b else (a, b) for a, b in tables]
            tables.sort(key=lambda t: -1 not in t[0])
            return tuple(x for first, second in tables for x in (*first, *second))
    return None


def _cls(q: int, d: int) -> int:
    d %= q
    return min(d, q - d)


def _random_starter(q: int, rng: random.Random) -> list[tuple[int, int]] | None:
    """Pairs on 1..q-1 with differences covering 1..(q-1)/2 once, by random backtracking."""
    free = list(range(1, q))
    used: set[int] = set()
    pairs: list[tuple[int, int]] = []
    nodes = 0

    def extend() -> bool:
        nonlocal nodes
        if not free:
            return True
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        a = free[0]
        options = [b for b in free[1:] if _cls(q, a - b) not in used]
        rng.shuffle(options)
        for b in options:
            c = _cls(q, a - b)
            free.remove(a)
            free.remove(b)
            used.add(c)
            pairs.append((a, b))
            if extend():
                return True
            pairs.pop()
            used.discard(c)
            free.insert(0, a)
            free.append(b)
            free.sort()
        return False

    return pairs if extend() else None


def _pair_off(q, pairs, rng):
    """Tables of two partnerships meeting every opponent class exactly twice."""
    units = list(pairs)
    if q % 4 == 3:  # n = 4m: the partnership (INF, 0) sits at a table too
        units.append((-1, 0))
    count = [0] * (q // 2 + 1)
    left = set(range(len(units)))
    tables = []
    nodes = 0

    def classes(i, j):
        (a, b), (c, d) = units[i], units[j]
        return [_cls(q, x - y) for x in (a, b) for y in (c, d) if x >= 0 and y >= 0]

    def fits(i, j):
        need = classes(i, j)
        return all(count[c] + need.count(c) <= 2 for c in set(need)) and 0 not in need

    def extend():
        nonlocal nodes
        if not left:
            return all(c == 2 for c in count[1:])
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        options = {i: [j for j in left if j != i and fits(i, j)] for i in left}
        i = min(options, key=lambda k: (len(options[k]), k))
        rivals = options[i]
        rng.shuffle(rivals)
        for j in rivals:
            for c in classes(i, j):
                count[c] += 1
            left.difference_update((i, j))
            tables.append((units[i], units[j]))
            if extend():
                return True
            tables.pop()
            left.update((i, j))
            for c in classes(i, j):
                count[c] -= 1
            if nodes > NODE_LIMIT:
                return False
        return False

    return tables if extend() else None


problem = whist_cyclic.problem

if __name__ == "__main__":
    raise SystemExit(whist_cyclic.command(__doc__.splitlines()[0], find))
