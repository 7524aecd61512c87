"""Replacement plans of rotations' whist_plus_one (`STORED`: v = 9 to 189, for v + 1 players).

A path p0, p1, ..., p(v-1) = c through all players of the Wh(v) whose v - 1 steps
partner in different rounds gives the plan: the newcomer takes p(i)'s seat in the
round where p(i) and p(i+1) partner, sits out the round no step uses, and the
extra round seats the freed pairs {p0, p1}, {p2, p3}, ... two to a table. This is
the randomised depth-first search the docstring names for 9 to 81 (seeded, a node
limit, restarts), keeping a plan only when it passes whist_plus_one's own check
(nobody partners twice or faces anybody more than 3 times, everyone sits out
twice). The stored plans' seeds were not kept (105 to 189 came from a C tabu
search), so this finds *a* valid plan for the same design, not the stored one;
`--check-stored` verifies the stored plan.

    python -m tools.designs.plus_one_paths 25
"""

from __future__ import annotations

import itertools
import random

from . import _cli, _stored

NODE_LIMIT = 20_000
Plan = tuple[int, tuple[int, ...], tuple[int, ...]]


def find(v: int, seed: int = 0, max_restarts: int | None = None) -> Plan | None:
    design = _stored.whist_design(v)
    round_of = {}
    for g, (tables, _) in enumerate(design):
        for pair in (p for table in tables for p in table):
            round_of[frozenset(pair)] = g
    rng = random.Random(seed)
    restarts = itertools.count() if max_restarts is None else range(max_restarts + 1)
    for _ in restarts:
        path = _rainbow_path(v, round_of, rng)
        if path is None:
            continue
        for _ in range(20):
            plan = _plan(v, path, round_of, rng)
            if problem(v, plan, design) == "":
                return plan
    return None


def _rainbow_path(v: int, round_of: dict, rng: random.Random) -> list[int] | None:
    """A path through all v players whose steps partner in different rounds."""
    path = [rng.randrange(v)]
    seen, used = {path[0]}, set()
    nodes = 0

    def extend() -> bool:
        nonlocal nodes
        if len(path) == v:
            return True
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        here = path[-1]
        nexts = [
            p for p in range(v) if p not in seen and round_of[frozenset((here, p))] not in used
        ]
        rng.shuffle(nexts)
        for p in nexts:
            g = round_of[frozenset((here, p))]
            path.append(p)
            seen.add(p)
            used.add(g)
            if extend():
                return True
            path.pop()
            seen.discard(p)
            used.discard(g)
        return False

    return path if extend() else None


def _plan(v: int, path: list[int], round_of: dict, rng: random.Random) -> Plan:
    replaced = [-1] * v
    for a, b in itertools.pairwise(path):
        replaced[round_of[frozenset((a, b))]] = a
    pairs = [path[i : i + 2] for i in range(0, v - 1, 2)]
    rng.shuffle(pairs)
    return path[-1], tuple(replaced), tuple(p for pair in pairs for p in pair)


def problem(v: int, plan: Plan | None, design=None) -> str:
    if plan is None:
        return f"{v}: no plan"
    design = design or _stored.whist_design(v)
    c, replaced, extra = plan
    built = _stored.plus_one_assemble(design, c, replaced, extra)
    if built is None or not _stored.plus_one_fits(*built, v + 1):
        return f"{v}: the plan repeats a partner, overloads an opponent or misplaces a bye"
    return ""


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            find,
            lambda v: problem(v, _stored.WHIST_PLUS_ONE.get(v)),
        )
    )
