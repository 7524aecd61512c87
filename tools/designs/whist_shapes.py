"""Cyclic whist starters by shapes and placement (whist_starters' docstring: 72, 84, 104, 108).

A table {a, a-d1} v {c, c-d2} with x = a-c has partner classes d1, d2 and opponent
classes x, x+d2, x-d1, x-d1+d2 wherever a is. Stage one deals the partner classes
out to the tables (each once) and picks each x by a tabu min-conflicts search (a
new x for a table meeting an over-used class, or two tables trading a partner
class) until every opponent class is met twice; for n = 4m the table of INF is
{INF, 0} v {x, x-d}. Stage two places each shape, or its mirror image, at a
translate so that the tables partition the players (exact cover with a node
limit, `exact_cover`). Most shape sets do not tile, so the search walks on: two
tables trade a partner class (or not) and take new x values giving back the same
opponent classes, and the tiling is tried again.

The stored starters came from a C version whose seeds were not kept, so this finds
*a* valid starter of the same shape; `--check-stored` checks the stored one.
Stage one, the walk and the building and covering of the tiling run in the C
helper (`shapes.c` and `dlx.c` through `_native`; the same rules in pure Python
without a compiler, about 1.7 ms a stage-one move instead of a few microseconds).
Seed 0, CPU seconds on the project's busy 2-core box: 44 to 68 take 0.1 to 0.5 s,
72 1.0 s, 76 8.5 s, 77 11.6 s, 84 20 s; 85 16.5 s with
--seed 2 (seed 0 did not finish in 4 min wall). From 100 players up the walk
climbs (CLIMB_FROM): a step is kept only if the failed cover placed at least as
many tables as before, with 100,000 nodes a cover; 108 takes 24 s (seed 0). The
blind walk with 1,000 or 10,000 nodes found nothing at 108 in about 300 s: its
covers never end (none of 21,000 at 84 with 1,000 nodes either proved or
found a tiling), they only run out of nodes (README.md).

    python -m tools.designs.whist_shapes 57
"""

from __future__ import annotations

import random

from . import _native, exact_cover, whist_cyclic

STAGE_ONE_MOVES = 20_000
TILING_NODES = 1_000
WALKS = 200  # shape sets tried from one stage-one solution before a fresh one
# From 100 players up a blind walk almost never meets a shape set that tiles
# (108: none in about 300 s of CPU), so the walk climbs instead: a step is kept
# only if the failed cover placed at least as many tables as the one before it,
# and each cover gets 100,000 nodes, which a near-tiling needs to finish
# (README.md). Below 100 the blind walk is kept, so those sizes find what they did.
CLIMB_FROM = 100
CLIMB_NODES = 100_000
CLIMB_WALKS = 2_000
TABU_TENURE = 7
NOISE = 0.02
BAD = 1_000  # the weight of a zero difference (two seats on one player)


def take_off(count: list[int], classes) -> int:
    """Takes one seat's opponent classes off the counts (left lowered); what that
    changes the cost by."""
    change = 0
    for c in classes:
        v = count[c]
        change -= BAD if c == 0 else v > 2
        count[c] = v - 1
    return change


def put_on(count: list[int], classes) -> int:
    """Puts one seat's opponent classes on the counts (left raised); what that
    changes the cost by."""
    change = 0
    for c in classes:
        v = count[c]
        change += BAD if c == 0 else v >= 2
        count[c] = v + 1
    return change


def marginal_change(count: list[int], old: list, new: list) -> int:
    """How much the cost changes when the seats' opponent classes `old` become `new`:
    the cost is a sum over classes, so each seat's marginal cost is taken off and put
    back one at a time on the counts, which are left as they were."""
    change = sum(take_off(count, classes) for classes in old)
    change += sum(put_on(count, classes) for classes in new)
    for classes in new:
        for c in classes:
            count[c] -= 1
    for classes in old:
        for c in classes:
            count[c] += 1
    return change


class Shapes:
    """Stage one's state: partner classes and x for every table, opponent counts."""

    def __init__(self, n: int, rng: random.Random) -> None:
        self.n, self.rng = n, rng
        self.q = n - 1 if n % 4 == 0 else n
        self.half = (self.q - 1) // 2
        self.inf = n % 4 == 0
        tables = n // 4
        classes = list(range(1, self.half + 1))
        rng.shuffle(classes)
        # Table k is (d1, d2, x); for n = 4m table 0 is INF's, (d, 0, x): {INF, 0} v {x, x-d}.
        self.tables: list[list[int]] = []
        for k in range(tables):
            if self.inf and k == 0:
                self.tables.append([classes.pop(), 0, rng.randrange(1, self.q)])
            else:
                self.tables.append([classes.pop(), classes.pop(), rng.randrange(1, self.q)])
        self._class = [min(d, self.q - d) for d in range(self.q)]
        self._rows: dict[tuple[bool, int, int], list[tuple[int, ...]]] = {}
        self.count = [0] * (self.half + 1)
        for k in range(tables):
            self._tally(k, 1)

    def cls(self, d: int) -> int:
        return self._class[d % self.q]

    def _row(self, k: int, d1: int, d2: int) -> list[tuple[int, ...]]:
        """Table k's opponent classes for every x: stage one asks for them millions
        of times, so each (kind, d1, d2) is worked out once."""
        key = (self.inf and k == 0, d1, d2)
        row = self._rows.get(key)
        if row is None:
            q, cl = self.q, self._class
            if key[0]:
                row = [(cl[x], cl[(x - d1) % q]) for x in range(q)]
            else:
                row = [
                    (cl[x], cl[(x + d2) % q], cl[(x - d1) % q], cl[(x - d1 + d2) % q])
                    for x in range(q)
                ]
            self._rows[key] = row
        return row

    def opponents(self, k: int, d1: int, d2: int, x: int) -> tuple[int, ...]:
        return self._row(k, d1, d2)[x % self.q]

    def _tally(self, k: int, by: int) -> None:
        count = self.count
        for c in self.opponents(k, *self.tables[k]):
            count[c] += by

    def cost(self) -> int:
        return BAD * self.count[0] + sum(max(0, c - 2) for c in self.count[1:])

    def _delta(self, changes: list[tuple[int, list[int]]]) -> int:
        """Cost change if each table k took the values given (nothing is kept).

        The cost is a sum over classes, so the change is the sum of each seat's
        marginal cost, taken off and put back one at a time on the counts."""
        count = self.count
        old = [self.opponents(k, *self.tables[k]) for k, _ in changes]
        new = [self.opponents(k, *t) for k, t in changes]
        return marginal_change(count, old, new)

    def _apply(self, changes: list[tuple[int, list[int]]]) -> None:
        for k, values in changes:
            self._tally(k, -1)
            self.tables[k] = list(values)
            self._tally(k, 1)

    def solve(self, max_moves: int = STAGE_ONE_MOVES, native: bool = True) -> bool:
        """Tabu min-conflicts until every opponent class is met twice: in the C
        helper when there is one (its own random numbers, seeded from self.rng),
        else the same rules here."""
        if native and _native.library() is not None:
            cost = _native.shapes_solve(
                self.q,
                self.inf,
                self.tables,
                self.rng.getrandbits(64),
                max_moves,
                TABU_TENURE,
                NOISE,
            )
            self.count[:] = [0] * len(self.count)
            for k in range(len(self.tables)):
                self._tally(k, 1)
            assert cost == self.cost()
            return cost == 0
        tabu: dict[tuple[int, int], int] = {}
        cost = self.cost()
        count, rng, q = self.count, self.rng, self.q
        tables = self.tables
        for move in range(max_moves):
            if cost == 0:
                return True
            over = {c for c, v in enumerate(count) if v > 2 or (c == 0 and v)}
            bad = [
                k for k in range(len(tables)) if over.intersection(self.opponents(k, *tables[k]))
            ]
            k = rng.choice(bad)
            d1, d2, x = tables[k]
            moves = [[(k, [d1, d2, y])] for y in range(1, q) if y != x]
            singles = len(moves)
            for j in range(len(tables)):
                if j == k:
                    continue
                e1, e2, z = tables[j]
                for mine in (0, 1) if not (self.inf and k == 0) else (0,):
                    for theirs in (0, 1) if not (self.inf and j == 0) else (0,):
                        a, b = [d1, d2], [e1, e2]
                        a[mine], b[theirs] = b[theirs], a[mine]
                        moves.append([(k, [*a, x]), (j, [*b, z])])
            if rng.random() < NOISE:
                chosen = rng.choice(moves)
                change = self._delta(chosen)
            else:
                best = None
                # A new x for table k: take k's seats off the counts once, then
                # price each x by its seats' marginal costs.
                row = self._row(k, d1, d2)
                off = take_off(count, row[x])
                for i in range(singles):
                    y = moves[i][0][1][2]
                    if tabu.get((k, y), -1) > move:
                        continue
                    change = off + put_on(count, row[y])
                    for c in row[y]:
                        count[c] -= 1
                    key = (change, rng.random())
                    if best is None or key < best[0]:
                        best = (key, moves[i])
                for c in row[x]:
                    count[c] += 1
                if tabu.get((k, x), -1) <= move:
                    # Trades: the same, with table j's seats taken off and put back too.
                    for c in row[x]:
                        count[c] -= 1
                    for i in range(singles, len(moves)):
                        (_, a), (j, b) = moves[i]
                        mine = self._row(k, a[0], a[1])[x]
                        theirs_old = self.opponents(j, *tables[j])
                        theirs = self._row(j, b[0], b[1])[b[2]]
                        change = off + take_off(count, theirs_old)
                        change += put_on(count, mine) + put_on(count, theirs)
                        for c in mine:
                            count[c] -= 1
                        for c in theirs:
                            count[c] -= 1
                        for c in theirs_old:
                            count[c] += 1
                        key = (change, rng.random())
                        if best is None or key < best[0]:
                            best = (key, moves[i])
                    for c in row[x]:
                        count[c] += 1
                if best is None:
                    continue
                (change, _), chosen = best
            tabu[k, x] = move + TABU_TENURE
            self._apply(chosen)
            cost += change
        return cost == 0

    def walk(self, native: bool = True) -> bool:
        """Two tables trade a partner class (or not) and take new x values that give
        back the same opponent classes; False if the pair drawn has no such move.
        The opponent counts are unchanged by it, so the C helper need not see them."""
        if native and _native.library() is not None:
            return _native.shapes_walk(self.q, self.inf, self.tables, self.rng.getrandbits(64))
        k, j = self.rng.sample(range(len(self.tables)), 2)
        old = sorted(self.opponents(k, *self.tables[k]) + self.opponents(j, *self.tables[j]))
        (d1, d2, _), (e1, e2, _) = self.tables[k], self.tables[j]
        trades = [([d1, d2], [e1, e2])]
        for mine in (0, 1) if not (self.inf and k == 0) else (0,):
            for theirs in (0, 1) if not (self.inf and j == 0) else (0,):
                a, b = [d1, d2], [e1, e2]
                a[mine], b[theirs] = b[theirs], a[mine]
                trades.append((a, b))
        self.rng.shuffle(trades)
        for a, b in trades:
            firsts = [y for y in range(1, self.q) if 0 not in self.opponents(k, *a, y)]
            seconds = [z for z in range(1, self.q) if 0 not in self.opponents(j, *b, z)]
            self.rng.shuffle(firsts)
            pool = sorted(old)
            for y in firsts:
                mine_classes = self.opponents(k, *a, y)
                rest = list(pool)
                if not all(c in rest and (rest.remove(c) or True) for c in mine_classes):
                    continue
                self.rng.shuffle(seconds)
                for z in seconds:
                    if sorted(self.opponents(j, *b, z)) == sorted(rest):
                        if ([*a, y], [*b, z]) == (self.tables[k], self.tables[j]):
                            continue
                        self._apply([(k, [*a, y]), (j, [*b, z])])
                        return True
        return False

    def points(self, k: int) -> tuple[int, ...]:
        """The players of table k placed with a = 0: a, a-d1, c, c-d2 (c = -x)."""
        d1, d2, x = self.tables[k]
        return (0, -d1 % self.q, -x % self.q, (-x - d2) % self.q)

    def tile(
        self, seed: int, nodes: int = TILING_NODES, native: bool = True
    ) -> tuple[int, ...] | None:
        """Place every shape (or its mirror) at a translate so the tables partition
        the players; the flat starter (INF as -1) or None within the node limit.
        The C helper builds the options itself: here, building them cost thirty
        times the cover."""
        if native and _native.library() is not None:
            flat = _native.shapes_tile(self.q, self.inf, self.tables, seed, nodes)
            self.deepest = _native.dlx_deepest()
            return flat
        # The Python cover does not report its depth, so the climb keeps every step.
        self.deepest = 0
        q = self.q
        taken = {0}
        first: list[int] = []
        if self.inf:
            d, _, x = self.tables[0]
            first = [-1, 0, x, (x - d) % q]
            taken |= {x, (x - d) % q}
        seats: list[tuple[int, tuple[int, ...]]] = []
        tables = range(1 if self.inf else 0, len(self.tables))
        for k in tables:
            shape = self.points(k)
            placed = set()
            for sign in (1, -1):
                for t in range(q):
                    seat = tuple((t + sign * p) % q for p in shape)
                    if taken & set(seat) or frozenset(seat) in placed:
                        continue
                    placed.add(frozenset(seat))
                    seats.append((k, seat))
        free = [p for p in range(q) if p not in taken]
        rest = exact_cover.place(seats, tables, free, seed=seed, nodes=nodes)
        return None if rest is None else (*first, *rest)


def find(n: int, seed: int = 0, max_shape_sets: int | None = None) -> tuple[int, ...] | None:
    if n % 4 not in (0, 1) or n < 8:
        raise SystemExit(f"{n}: a whist tournament needs n = 0 or 1 (mod 4), n >= 8")
    rng = random.Random(seed)
    tried = 0
    while True:
        shapes = Shapes(n, rng)
        if not shapes.solve():
            continue
        climb = n >= CLIMB_FROM
        kept, here = shapes.tables, -1
        for _ in range(CLIMB_WALKS if climb else WALKS):
            if max_shape_sets is not None and tried >= max_shape_sets:
                return None
            tried += 1
            flat = shapes.tile(rng.randrange(1 << 30), CLIMB_NODES if climb else TILING_NODES)
            if flat is not None and whist_cyclic.problem(n, flat) == "":
                return flat
            if climb and shapes.deepest < here:
                shapes.tables = [list(t) for t in kept]
            else:
                kept, here = [list(t) for t in shapes.tables], shapes.deepest
            while not shapes.walk():
                pass


problem = whist_cyclic.problem

if __name__ == "__main__":
    raise SystemExit(whist_cyclic.command(__doc__.splitlines()[0], find))
