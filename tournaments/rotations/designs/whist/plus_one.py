"""n = 4m+2 players from a Wh(n-1) that is not cyclic: n rounds, two byes each.

The newcomer z sits out one round g0 of the design and, in every other round
g, takes the seat of one player h(g), who sits out beside the round's own bye.
Everyone but one player c is replaced once, so everyone sits out twice (c and
z sit out the extra round). Each replacement frees a partnership (h(g) and
the partner z takes over never partner in the design), and the extra round
seats all players but c as partners from those freed pairs. So nobody
partners twice, and opponents rise to at most 3 (a replaced player loses a
meeting, the extra round adds one; z's own opponents were kept to 3).

progressive.py builds this in closed form over a cyclic group. For the other
designs, c, h and the extra round were found offline. Every pair partners in
exactly one round of the design, so a path p0, p1, ..., p(v-1) = c through all
players whose v-1 steps partner in different rounds gives a plan: z takes
p(i)'s seat in the round where p(i) and p(i+1) partner (so z partners each
p(i+1), all different), sits out the one round no step uses, and the extra round
seats the freed pairs {p0, p1}, {p2, p3}, ... . In the round of step {p(i),
p(i+1)} z faces the other pair at their table; nobody may be faced more than 3
times. 9 to 81 came from an earlier randomized depth-first search in Python (a
matching of everyone but c whose pairs partner in different rounds, then a round
for each other end; at most 2 s, 81 took 3 minutes, 105 and up not solved in 15
minutes each). 105 to 189 came from a local search in C for such a path: 2-opt
reversals (either end may move) that remove a step whose round is used twice or
whose table overloads a player, best move first, recently removed steps tabu,
1% random moves. Each size took under 0.2 s (about 6,500 moves at 189); it
redoes 9 to 81 in under 0.01 s. `extend` rebuilds the plan and checks it in full
before use.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...schedule import pair
from ..data.whist_plus_one import STORED as STORED
from .shapes import Pair, WhistRound

Plan = tuple[list[list[int]], list[list[int]]]


def extend(design: Sequence[WhistRound]) -> Plan | None:
    """The plan for v+1 players from the Wh(v) `design`, or None if nothing stored fits it."""
    v = len(design)
    if v not in STORED:
        return None
    c, replaced, extra = STORED[v]
    plan = assemble(design, c, replaced, extra)
    return plan if plan is not None and _fits(*plan, v + 1) else None


def assemble(
    design: Sequence[WhistRound], c: int, replaced: Sequence[int], extra: Sequence[int]
) -> Plan | None:
    """Seat the newcomer z = v: in round g in place of replaced[g] (-1: z sits out),
    then the extra round `extra` with c and z out. None if a replaced player is not
    seated in their round."""
    z = len(design)
    seatings: list[list[int]] = []
    byes: list[list[int]] = []
    for g, (tables, natural) in enumerate(design):
        seats = [p for table in tables for pair in table for p in pair]
        h = replaced[g]
        if h < 0:
            byes.append([*natural, z])
        elif h in seats:
            seats[seats.index(h)] = z
            byes.append([*natural, h])
        else:
            return None
        seatings.append(seats)
    seatings.append(list(extra))
    byes.append([c, z])
    return seatings, byes


def _fits(seatings: list[list[int]], byes: list[list[int]], n: int) -> bool:
    """n rounds, two byes each, nobody partners twice or faces anybody more than 3 times."""
    if len(seatings) != n:
        return False
    partners: Counter[Pair] = Counter()
    opponents: Counter[Pair] = Counter()
    for seats, out in zip(seatings, byes, strict=True):
        if len(out) != 2 or len(seats) % 4 or sorted(seats + out) != list(range(n)):
            return False
        for i in range(0, len(seats), 4):
            a, b, c, d = seats[i : i + 4]
            partners.update((pair(a, b), pair(c, d)))
            opponents.update(pair(x, y) for x in (a, b) for y in (c, d))
    sat_out = Counter(p for out in byes for p in out)
    return (
        max(partners.values()) == 1
        and max(opponents.values()) <= 3
        and set(sat_out.values()) == {2}
    )
