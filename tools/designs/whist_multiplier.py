"""Cyclic whist starters kept by a multiplier of order 2 (whist_starters' docstring: 129 to 196).

The shapes-and-placement search of `whist_shapes`, with the starter invariant under
x -> L*x, L*L = 1 (mod q), L != +-1 (85 mod 129, 26 mod 135, 46 mod 141, 58 mod 177,
64 mod 195 there; `find` takes the listed one, else the one with fewest fixed
points). F is the subgroup of L's fixed points. The L-fixed partner classes (L*d = d
or -d) go to tables that L maps onto themselves: a partner pair is then two points
of F, or {a, L*a}; the {INF, 0} table is one of them. The other classes, in orbits
{d, L*d}, go to pairs of tables T, L*T, and when their number is odd one orbit goes
to a table {a, b} v {L*a, L*b}. Stage one (tabu min-conflicts over the opponent
counts, a table's image counted with it) only lets a self-mapped table take an x
that has an L-invariant placement; stage two places a table and its image together
(exact cover with a node limit). When a shape set does not tile, the walk moves
two units to new values whose opponent classes are together the ones they had, so
the next shape set needs no repair: an earlier walk redrew two x and let stage one
repair the counts, which it mostly failed to do, so each stage-one run (a second
at 129) fed about one tiling. Stage one and the walk run in the C helper
(`multiplier.c`) when it can be built; stage one runs up to 100,000 moves, since
at 129 runs of 20,000 converged 3 times in 20 and of 100,000 10 in 10.
The tiling gets 10,000 nodes: at 177 a run of 400 shape sets with 1,000 tiled
none, the same run with 10,000 tiled the 317th, at a tenth more tiling time.

The stored starters came from a C version whose seeds were not kept, so this finds
*a* valid starter of the same shape; `--check-stored` checks the stored one.

    python -m tools.designs.whist_multiplier 129
"""

from __future__ import annotations

import random
from collections import Counter

from . import _native, exact_cover, whist_cyclic
from .whist_shapes import BAD, marginal_change

STAGE_ONE_MOVES = 100_000
TILING_NODES = 10_000
WALKS = 100
TABU_TENURE = 7
NOISE = 0.02
# The multipliers the stored starters were found with, by q.
MULTIPLIERS = {69: 22, 93: 61, 129: 85, 135: 26, 141: 46, 177: 58, 195: 64}

INF, SELF, SWAP, PAIR = "inf", "self", "swap", "pair"
# How multiplier.c numbers the kinds.
KIND_CODES = {INF: 0, SELF: 1, SWAP: 2, PAIR: 3}


def multipliers(q: int) -> list[int]:
    """The L != +-1 with L*L = 1 (mod q), fewest fixed points first."""
    found = [x for x in range(2, q - 1) if x * x % q == 1]
    return sorted(found, key=lambda x: (sum(1 for p in range(q) if (x - 1) * p % q == 0), x))


class Orbits:
    """Stage one's state: the units (a self-mapped table, or a table with its image)."""

    def __init__(self, n: int, multiplier: int, rng: random.Random) -> None:
        self.n, self.rng, self.L = n, rng, multiplier
        q = self.q = n - 1 if n % 4 == 0 else n
        self.half = (q - 1) // 2
        self._class = [min(d, q - d) for d in range(q)]
        self._seen: dict[tuple, tuple[int, ...]] = {}
        self._variants: dict[tuple, list[list]] = {}
        self.fixed_points = [p for p in range(q) if multiplier * p % q == p]
        fixed = [c for c in range(1, self.half + 1) if multiplier * c % q in (c, q - c)]
        orbits = {
            tuple(sorted((c, self.cls(multiplier * c))))
            for c in range(1, self.half + 1)
            if c not in fixed
        }
        inf = n % 4 == 0
        if (len(fixed) - inf) % 2:
            raise SystemExit(f"{n}: L = {multiplier} leaves an odd number of fixed classes")
        rng.shuffle(fixed)
        orbit_list = sorted(orbits)
        rng.shuffle(orbit_list)
        # Each unit is [kind, d1, d2, x] with signed differences.
        self.units: list[list] = []
        if inf:
            self.units.append([INF, fixed.pop(), 0, 0])
        while fixed:
            self.units.append([SELF, fixed.pop(), fixed.pop(), 0])
        if len(orbit_list) % 2:
            d = orbit_list.pop()[0]
            self.units.append([SWAP, d, multiplier * d % q, 0])
        while orbit_list:
            self.units.append([PAIR, orbit_list.pop()[0], orbit_list.pop()[0], 0])
        for unit in self.units:
            unit[1:] = rng.choice(self.variants(unit))[1:]
        self.count = [0] * (self.half + 1)
        for k in range(len(self.units)):
            self._tally(k, 1)

    def cls(self, d: int) -> int:
        return self._class[d % self.q]

    def base(self, d: int) -> int:
        """Where a partner pair of difference d in a self-mapped table may start:
        a in base + F (F-type pairs lie in F, {a, L*a} needs (1 - L)*a = d)."""
        return 0 if self.L * d % self.q == d % self.q else d * (self.q + 1) // 2 % self.q

    def opponents(self, unit: list) -> tuple[int, ...]:
        key = tuple(unit)
        known = self._seen.get(key)
        if known is None:
            kind, d1, d2, x = unit
            if kind == INF:
                values: tuple[int, ...] = (x, x - d1)
            else:
                values = (x, x + d2, x - d1, x - d1 + d2)
            if kind == PAIR:
                values += tuple(self.L * v for v in values)
            known = self._seen[key] = tuple(self._class[v % self.q] for v in values)
        return known

    def variants(self, unit: list) -> list[list]:
        """Every unit with the same partner classes that stage one may choose
        (worked out once per partner classes: stage one asks for them every move)."""
        key = (unit[0], unit[1], unit[2])
        known = self._variants.get(key)
        if known is None:
            known = self._variants[key] = self._new_variants(unit)
        return known

    def _new_variants(self, unit: list) -> list[list]:
        kind, d1, d2, _ = unit
        q, out = self.q, []
        if kind == INF:
            for d in (d1, -d1 % q):
                out += [[INF, d, 0, (self.base(d) + f) % q] for f in self.fixed_points]
        elif kind == SELF:
            for e1 in (d1, -d1 % q):
                for e2 in (d2, -d2 % q):
                    offset = self.base(e1) - self.base(e2)
                    out += [[SELF, e1, e2, (offset + f) % q] for f in self.fixed_points]
        elif kind == SWAP:
            for e1 in (d1, -d1 % q):
                e2 = self.L * e1 % q
                out += [[SWAP, e1, e2, x] for x in range(1, q) if self.L * x % q == q - x]
        else:
            for e1 in (d1, self.L * d1 % q):
                for e2 in (d2, self.L * d2 % q):
                    out += [[PAIR, e1, e2, x] for x in range(1, q)]
        return [u for u in out if 0 not in self.opponents(u)]

    def _tally(self, k: int, by: int) -> None:
        for c in self.opponents(self.units[k]):
            self.count[c] += by

    def cost(self) -> int:
        return BAD * self.count[0] + sum(max(0, c - 2) for c in self.count[1:])

    def _apply(self, changes: list[tuple[int, list]]) -> None:
        for k, unit in changes:
            self._tally(k, -1)
            self.units[k] = list(unit)
            self._tally(k, 1)

    def _delta(self, changes: list[tuple[int, list]]) -> int:
        """Cost change of the changes (nothing is kept): the cost is a sum over
        classes, so each seat's marginal cost is taken off and put back in turn."""
        count = self.count
        old = [self.opponents(self.units[k]) for k, _ in changes]
        new = [self.opponents(u) for _, u in changes]
        return marginal_change(count, old, new)

    def _trades(self, k: int) -> list[list[tuple[int, list]]]:
        """Unit k trades a partner class with a unit of the same sort (fixed classes
        among self-mapped tables, orbits among the others); constrained x redrawn."""
        mine = self.units[k]
        fixed_sort = mine[0] in (INF, SELF)
        moves = []
        for j, theirs in enumerate(self.units):
            if j == k or (theirs[0] in (INF, SELF)) != fixed_sort:
                continue
            for u, v in self._traded(mine, theirs):
                pair = []
                for w in (u, v):
                    options = self.variants(w) if w[0] != PAIR else [w]
                    options = [o for o in options if 0 not in self.opponents(o)]
                    if not options:
                        break
                    pair.append(self.rng.choice(options))
                if len(pair) == 2:
                    moves.append([(k, pair[0]), (j, pair[1])])
        return moves

    def _traded(self, mine: list, theirs: list) -> list[tuple[list, list]]:
        """The two units with one partner class traded, every way their sorts allow
        (a SWAP unit's second class is L times its first, so it follows)."""
        out = []
        for a in (1, 2) if mine[0] in (SELF, PAIR) else (1,):
            for b in (1, 2) if theirs[0] in (SELF, PAIR) else (1,):
                u, v = list(mine), list(theirs)
                u[a], v[b] = v[b], u[a]
                if u[0] == SWAP:
                    u[2] = self.L * u[1] % self.q
                if v[0] == SWAP:
                    v[2] = self.L * v[1] % self.q
                out.append((u, v))
        return out

    def _in_c(self, function, *args):
        """`function` of multiplier.c on the units (their d1, d2, x changed in place),
        seeded from self.rng; what it answers."""
        rows = [unit[1:] for unit in self.units]
        kinds = [KIND_CODES[unit[0]] for unit in self.units]
        answer = function(
            self.q, self.L, self.fixed_points, kinds, rows, self.rng.getrandbits(64), *args
        )
        for unit, row in zip(self.units, rows, strict=True):
            unit[1:] = row
        return answer

    def solve(self, max_moves: int = STAGE_ONE_MOVES, native: bool = True) -> bool:
        """Tabu min-conflicts until every opponent class is met twice: in the C
        helper when there is one (its own random numbers, seeded from self.rng),
        else the same rules here."""
        if native and _native.library() is not None:
            cost = self._in_c(_native.multiplier_solve, max_moves, TABU_TENURE, NOISE)
            self.count[:] = [0] * len(self.count)
            for k in range(len(self.units)):
                self._tally(k, 1)
            assert cost == self.cost()
            return cost == 0
        tabu: dict[tuple[int, int, int, int], int] = {}
        cost = self.cost()
        for move in range(max_moves):
            if cost == 0:
                return True
            over = {c for c, v in enumerate(self.count) if v > 2 or (c == 0 and v)}
            bad = [k for k, u in enumerate(self.units) if over & set(self.opponents(u))]
            k = self.rng.choice(bad)
            moves = [[(k, u)] for u in self.variants(self.units[k]) if u != self.units[k]]
            moves += self._trades(k)
            if self.rng.random() < NOISE:
                chosen = self.rng.choice(moves)
                change = self._delta(chosen)
            else:
                best = None
                for option in moves:
                    if any(tabu.get((j, *u[1:]), -1) > move for j, u in option):
                        continue
                    key = (self._delta(option), self.rng.random())
                    if best is None or key < best[0]:
                        best = (key, option)
                if best is None:
                    continue
                (change, _), chosen = best
            tabu[(k, *self.units[k][1:])] = move + TABU_TENURE
            self._apply(chosen)
            cost += change
        return cost == 0

    def walk(self, native: bool = True) -> bool:
        """From a solved state: two units drawn at random (trading a partner class or
        not, when they are of one sort) take new values whose opponent classes are
        together the ones they had, drawn uniformly among all such values. Every
        class is still met twice, so the tiling gets a new shape set at once; the
        older walk (redraw two x, let stage one repair) made stage one, which
        mostly failed to repair, the whole cost. False if the pair drawn has no
        such move."""
        if native and _native.library() is not None:
            return self._in_c(_native.multiplier_walk)
        k, j = self.rng.sample(range(len(self.units)), 2)
        mine, theirs = self.units[k], self.units[j]
        old = Counter(self.opponents(mine)) + Counter(self.opponents(theirs))
        size = sum(old.values())
        pairs = [(mine, theirs)]
        if (mine[0] in (INF, SELF)) == (theirs[0] in (INF, SELF)):
            pairs += self._traded(mine, theirs)
        found = []
        for u, v in pairs:
            for a in self.variants(u):
                seats = self.opponents(a)
                rest = old - Counter(seats)
                if sum(rest.values()) != size - len(seats):
                    continue
                for b in self.variants(v):
                    if Counter(self.opponents(b)) == rest and (a, b) != (mine, theirs):
                        found.append((a, b))
        if not found:
            return False
        a, b = self.rng.choice(found)
        self._apply([(k, a), (j, b)])
        return True

    def tile(self, seed: int, nodes: int = TILING_NODES) -> tuple[int, ...] | None:
        q, L = self.q, self.L
        taken = {0}
        flat: list[int] = []
        start = 0
        if self.units[0][0] == INF:
            _, d, _, x = self.units[0]
            flat = [-1, 0, x, (x - d) % q]
            taken |= {x, (x - d) % q}
            start = 1
        seats: list[tuple[int, tuple[int, ...]]] = []
        for k in range(start, len(self.units)):
            kind, d1, d2, x = self.units[k]
            if kind == PAIR:
                starts = [(t, s) for t in range(q) for s in (1, -1)]
            elif kind == SELF:
                starts = [((self.base(d1) + f) % q, 1) for f in self.fixed_points]
            else:
                starts = [((x * (q + 1) // 2 + f) % q, 1) for f in self.fixed_points]
            seen = set()
            for a, s in starts:
                for sign in (1, -1) if kind != PAIR else (s,):
                    # The table (a, a-d1) v (c, c-d2) with c = a - x, mirrored by sign.
                    table = [sign * p % q for p in (a, a - d1, a - x, a - x - d2)]
                    seat = tuple(table)
                    if kind == PAIR:
                        seat += tuple(L * p % q for p in table)
                    if len(set(seat)) != len(seat) or taken & set(seat):
                        continue
                    if kind == PAIR and set(seat) & set(self.fixed_points):
                        continue
                    if kind != PAIR and {L * p % q for p in seat} != set(seat):
                        continue
                    if frozenset(seat) in seen:
                        continue
                    seen.add(frozenset(seat))
                    seats.append((k, seat))
        units = range(start, len(self.units))
        free = [p for p in range(q) if p not in taken]
        rest = exact_cover.place(seats, units, free, seed=seed, nodes=nodes)
        return None if rest is None else (*flat, *rest)


def find(n: int, seed: int = 0, max_shape_sets: int | None = None) -> tuple[int, ...] | None:
    if n % 4 not in (0, 1) or n < 8:
        raise SystemExit(f"{n}: a whist tournament needs n = 0 or 1 (mod 4), n >= 8")
    q = n - 1 if n % 4 == 0 else n
    choices = multipliers(q)
    if not choices:
        raise SystemExit(f"{n}: no multiplier of order 2 mod {q} ({q} is a prime power)")
    multiplier = MULTIPLIERS.get(q, choices[0])
    rng = random.Random(seed)
    tried = 0
    while True:
        orbits = Orbits(n, multiplier, rng)
        for _ in range(WALKS):
            if not orbits.solve():
                break
            if max_shape_sets is not None and tried >= max_shape_sets:
                return None
            tried += 1
            flat = orbits.tile(rng.randrange(1 << 30))
            if flat is not None and whist_cyclic.problem(n, flat) == "":
                return flat
            while not orbits.walk():
                pass


problem = whist_cyclic.problem

if __name__ == "__main__":
    raise SystemExit(whist_cyclic.command(__doc__.splitlines()[0], find))
