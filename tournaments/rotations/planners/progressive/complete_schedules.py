"""Complete progressive schedules: every pair partners at most once, from whist
designs where one exists (designs/whist), else from the circle method."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

from ...designs import whist
from ...designs.whist import plus_one as whist_plus_one
from ..local_search import Counts, improve

# One round of seating: player indices read four at a time as a table
# (seats 0+1 against 2+3), plus the indices sitting out.
Plan = tuple[list[list[int]], list[list[int]]]


def complete_length(n: int) -> int:
    """Rounds in a complete schedule: n-1 for n = 4m, else n."""
    return n - 1 if n % 4 == 0 else n


def is_exact_complete(n: int) -> bool:
    """Whether complete(n) comes from a whist design rather than the fallback."""
    if n % 4 in (0, 1):
        return whist.available(n)
    if n % 4 == 3:
        return whist.available(n + 1)
    return whist.cyclic(n - 1) or _plus_one(n) is not None


def complete(n: int) -> Plan:
    """Every pair partners at most once; Wh(n) exactly when n = 0 or 1 (mod 4)."""
    if n % 4 in (0, 1):
        if whist.available(n):
            return from_whist(whist.design(n))
        return _factorisation(n)
    if n % 4 == 3:
        if whist.available(n + 1):
            return _whist_minus_one(n)
        return _factorisation(n)
    # The freed partnerships only form one path over a cyclic group; other
    # designs take a searched set of replacements.
    if whist.cyclic(n - 1):
        return _whist_plus_one(n)
    extended = _plus_one(n)
    if extended is not None:
        seatings, byes = extended
        return _spread_byes([list(s) for s in seatings], [list(b) for b in byes])
    return _factorisation(n)


@cache
def _plus_one(n: int) -> Plan | None:
    if n - 1 not in whist_plus_one.STORED or not whist.available(n - 1):
        return None
    return whist_plus_one.extend(whist.design(n - 1))


def from_whist(rounds: Sequence[whist.WhistRound]) -> Plan:
    seatings = [[p for (a, b), (c, d) in tables for p in (a, b, c, d)] for tables, _ in rounds]
    return seatings, [list(byes) for _, byes in rounds]


def _factorisation(n: int) -> Plan:
    """Fallback without a whist design: circle-method partners, opponents by local search.

    The circle method partners every pair exactly once in n-1 rounds (n for
    odd n, with a phantom player whose partner sits out). Pairs are seated two
    to a table; with n = 2 (mod 4) one more pair sits out, so the schedule is
    one round short of the usual n; with n = 3 the phantom's tablemates sit
    out. Only whole partnerships
    move in the search, so partners stay exact and opponents even out.
    """
    size = n + n % 2
    phantom = n if n % 2 else None
    circle = size - 1
    seatings, byes = [], []
    for r in range(circle):
        pairs = [(size - 1, r)]
        pairs += [((r + i) % circle, (r - i) % circle) for i in range(1, size // 2)]
        if phantom is not None:
            # The phantom's pair sits out: alone for n = 4m+1, with its table for n = 4m+3.
            first = next(k for k, pair in enumerate(pairs) if phantom in pair)
            pairs.insert(0, pairs.pop(first))
            idle = 1 if n % 4 == 1 else 2
        else:
            idle = len(pairs) % 2
            if idle:
                pairs.insert(0, pairs.pop(_idle_pair(pairs, r, circle)))
        out = [p for pair in pairs[:idle] for p in pair if p != phantom]
        seatings.append([p for pair in pairs[idle:] for p in pair])
        byes.append(out)
    steps = min(35_000, 200 * n)
    seatings, _ = improve(
        seatings, Counts.zero(n), rng=random.Random(n), max_steps=steps, keep_partners=True
    )
    return _spread_byes(seatings, byes)


def _idle_pair(pairs: Sequence[tuple[int, int]], r: int, circle: int) -> int:
    """Which circle-method pair of round r sits out when n = 4m+2: everyone twice or once.

    Pair {r+k, r-k} gives each finite player two byes; round 0 sends off
    (INF, 0) instead and round k (INF, k), which leaves INF, 0 and k at two
    and only -k and 2k at one.
    """
    k = next(k for k in range(2, circle) if (2 * k) % circle not in (1, circle - 1))
    wanted = 0 if r == 0 else r if r == k else (r + k) % circle
    return next(i for i, pair in enumerate(pairs) if wanted in pair and (r in (0, k)) == (i == 0))


def _whist_minus_one(n: int) -> Plan:
    """Wh(n+1) without INF: INF's three tablemates sit out, 3 byes each over n rounds."""
    inf = n
    seatings, byes = [], []
    for tables, _ in whist.design(n + 1):
        seats: list[int] = []
        out: list[int] = []
        for (a, b), (c, d) in tables:
            (out if inf in (a, b, c, d) else seats).extend(p for p in (a, b, c, d) if p != inf)
        seatings.append(seats)
        byes.append(out)
    return _spread_byes(seatings, byes)


def _whist_plus_one(n: int) -> Plan:
    """n = 4m+2 from Wh(n-1) on Z_(n-1) plus a player z; 2 byes a round, 2 each.

    In round g != 0, z takes the seat of h = c+g, where {c, c+1} partner in the
    starter; h sits out beside the whist bye g. The partnerships this frees,
    {c+g, c+1+g}, form a path from c+1 round to c, so an extra round seats
    them as partners with c and z sitting out; everyone else sat out twice.
    Opponents rise to at most 3, partners never repeat.
    """
    q = n - 1
    c, step = next(
        (a, (b - a) % q)
        for (a, b) in (pair for table in whist.starter(q) for pair in table)
        if (b - a) % q in (1, q - 1)
    )
    replaced = [-1, *((c + g) % q for g in range(1, q))]
    path = [(c + j * step) % q for j in range(1, q + 1)]
    plan = whist_plus_one.assemble(whist.design(q), c, replaced, path[: q - 1])
    assert plan is not None  # c is in a starter pair, so c != 0 and c+g plays round g
    return _spread_byes(*plan)


def _spread_byes(seatings: list[list[int]], byes: list[list[int]]) -> Plan:
    """Reorder rounds (any order keeps a complete design) so nobody sits out twice running."""
    count = len(seatings)
    for k in range(1, count):
        if math.gcd(k, count) == 1:
            order = [(i * k) % count for i in range(count)]
            if no_back_to_back([byes[i] for i in order]):
                return [seatings[i] for i in order], [byes[i] for i in order]
    order = _bye_path(byes) or list(range(count))
    return [seatings[i] for i in order], [byes[i] for i in order]


def no_back_to_back(byes: Sequence[Sequence[int]]) -> bool:
    return all(not set(a) & set(b) for a, b in zip(byes, byes[1:], strict=False))


def _bye_path(byes: Sequence[Sequence[int]]) -> list[int] | None:
    """Depth-first search for an order of rounds with no shared bye between neighbours."""
    count = len(byes)
    sets = [set(b) for b in byes]
    path: list[int] = []
    used = [False] * count
    budget = [20_000]

    def extend() -> bool:
        if len(path) == count:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for i in range(count):
            if not used[i] and (not path or not sets[i] & sets[path[-1]]):
                used[i] = True
                path.append(i)
                if extend():
                    return True
                path.pop()
                used[i] = False
        return False

    return path if extend() else None
