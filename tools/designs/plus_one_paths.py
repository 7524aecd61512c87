"""Replacement plans of rotations' whist_plus_one (`STORED`: v = 9 to 189, for v + 1 players).

A path p0, p1, ..., p(v-1) = c through all players of the Wh(v) whose v - 1 steps
partner in different rounds gives the plan: the newcomer z takes p(i)'s seat in
the round where p(i) and p(i+1) partner, sits out the round no step uses, and the
extra round seats the freed pairs {p0, p1}, {p2, p3}, ... two to a table. In the
round of a step z faces the other pair at that table, at most 3 times each.

`find` is the local search that made 105 to 189 (whist_plus_one's docstring, in C
there): from a random path, pick a step in conflict (its round used twice, or its
table's other pair faced by z a fourth time) and make the best 2-opt reversal that
removes it (either end of the path may move too), steps removed lately tabu, 1% of
the moves random. `find_dfs` is the earlier randomised depth-first search that made
9 to 81 (seeded, a node limit, restarts). Both keep a plan only when it passes
whist_plus_one's own check (nobody partners twice or faces anybody more than 3
times, everyone sits out twice). The stored plans' seeds were not kept, so these
find *a* valid plan for the same design, not the stored one; `--check-stored`
verifies the stored plan.

    python -m tools.designs.plus_one_paths 189
"""

from __future__ import annotations

import itertools
import random

from . import _cli, _stored

NODE_LIMIT = 20_000
MAX_MOVES = 200_000
TABU_TENURE = 10
NOISE = 0.01
Plan = tuple[int, tuple[int, ...], tuple[int, ...]]
Step = tuple[int, int]


def find(v: int, seed: int = 0, max_restarts: int | None = None) -> Plan | None:
    """A valid plan by the tabu 2-opt search (restarting from a new random path)."""
    design = _stored.whist_design(v)
    round_of, faced = _steps(design)
    rng = random.Random(seed)
    restarts = itertools.count() if max_restarts is None else range(max_restarts + 1)
    for _ in restarts:
        path = _tabu_path(v, round_of, faced, rng)
        if path is None:
            continue
        plan = _plan(v, path, round_of, rng)
        if problem(v, plan, design) == "":
            return plan
    return None


def find_dfs(v: int, seed: int = 0, max_restarts: int | None = None) -> Plan | None:
    """A valid plan by the depth-first search (fine up to 25; 45 does not finish in 5 min)."""
    design = _stored.whist_design(v)
    round_of, _ = _steps(design)
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


def _steps(design) -> tuple[dict[Step, int], dict[Step, Step]]:
    """For each ordered partner pair: the round it partners in, and the pair it faces."""
    round_of: dict[Step, int] = {}
    faced: dict[Step, Step] = {}
    for g, (tables, _) in enumerate(design):
        for (a, b), (c, d) in tables:
            for x, y, other in ((a, b, (c, d)), (c, d, (a, b))):
                round_of[x, y] = round_of[y, x] = g
                faced[x, y] = faced[y, x] = other
    return round_of, faced


def _tabu_path(
    v: int, round_of: dict[Step, int], faced: dict[Step, Step], rng: random.Random
) -> list[int] | None:
    path = list(range(v))
    rng.shuffle(path)
    uses = [0] * v  # steps in each round
    faces = [0] * v  # how often z faces each player

    def move_steps(steps: list[Step], by: int) -> None:
        for s in steps:
            uses[round_of[s]] += by
            for p in faced[s]:
                faces[p] += by

    def penalty(rounds: set[int], players: set[int]) -> int:
        return sum(max(0, uses[g] - 1) for g in rounds) + sum(max(0, faces[p] - 3) for p in players)

    def delta(removed: list[Step], added: list[Step]) -> int:
        rounds = {round_of[s] for s in removed + added}
        players = {p for s in removed + added for p in faced[s]}
        before = penalty(rounds, players)
        move_steps(removed, -1)
        move_steps(added, 1)
        after = penalty(rounds, players)
        move_steps(added, -1)
        move_steps(removed, 1)
        return after - before

    def in_conflict(s: Step) -> bool:
        return uses[round_of[s]] > 1 or any(faces[p] > 3 for p in faced[s])

    move_steps(list(itertools.pairwise(path)), 1)
    cost = penalty(set(range(v)), set(range(v)))
    tabu: dict[frozenset[int], int] = {}
    for move in range(MAX_MOVES):
        if cost == 0:
            return path
        k = rng.choice([k for k in range(v - 1) if in_conflict((path[k], path[k + 1]))])
        # Reversing path[i..j] swaps steps (i-1, i), (j, j+1) for (i-1, j), (i, j+1);
        # the ones that drop step k have i = k+1 or j = k.
        moves = []
        for i, j in itertools.chain(
            ((k + 1, j) for j in range(k + 2, v)), ((i, k) for i in range(k))
        ):
            removed, added = [], []
            if i > 0:
                removed.append((path[i - 1], path[i]))
                added.append((path[i - 1], path[j]))
            if j < v - 1:
                removed.append((path[j], path[j + 1]))
                added.append((path[i], path[j + 1]))
            moves.append((i, j, removed, added))
        if rng.random() < NOISE:
            i, j, removed, added = rng.choice(moves)
            change = delta(removed, added)
        else:
            best = None
            for i, j, removed, added in moves:
                if any(tabu.get(frozenset(s), -1) > move for s in added):
                    continue
                key = (delta(removed, added), rng.random())
                if best is None or key < best[0]:
                    best = (key, i, j, removed, added)
            if best is None:
                continue
            (change, _), i, j, removed, added = best
        move_steps(removed, -1)
        move_steps(added, 1)
        for s in removed:
            tabu[frozenset(s)] = move + TABU_TENURE
        path[i : j + 1] = path[i : j + 1][::-1]
        cost += change
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
        nexts = [p for p in range(v) if p not in seen and round_of[here, p] not in used]
        rng.shuffle(nexts)
        for p in nexts:
            g = round_of[here, p]
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
        replaced[round_of[a, b]] = a
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
