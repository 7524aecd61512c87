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
designs, c, h and the extra round were found offline by randomized
depth-first search, in two steps: a perfect matching of everyone but c whose
pairs partner in different rounds of the design, one end of each replaced in
that pair's round; then a round for each other end, so that z's partners are
all different and z faces nobody more than 3 times. The 9-, 25-, 45- and
49-player searches took at most 2 s, 81 took 3 minutes; 105 to 169 were not
solved in 15 minutes each (Python). `extend` rebuilds the plan and checks it in full before use.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

Pair = tuple[int, int]
Table = tuple[Pair, Pair]
Round = tuple[tuple[Table, ...], tuple[int, ...]]
Plan = tuple[list[list[int]], list[list[int]]]

# v -> (c, h, extra): h[g] is the player z replaces in round g (-1 in g0, where
# z sits out); extra is the extra round's seating, read four at a time.
STORED: dict[int, tuple[int, tuple[int, ...], tuple[int, ...]]] = {
    9: (
        6,
        (
            1, 8, 3, 5, 0, 7, -1, 4, 2,
        ),
        (
            7, 3, 5, 2, 0, 8, 4, 1,
        ),
    ),
    25: (
        24,
        (
            10, 13, 3, 21, 19, 16, 1, 5, 23, 15, 18, 2, -1, 22, 6, 4, 20, 7, 14, 12, 17,
            9, 11, 0, 8,
        ),
        (
            1, 3, 4, 22, 8, 11, 17, 6, 19, 14, 21, 5, 16, 0, 9, 13, 10, 15, 12, 20, 23,
            18, 2, 7,
        ),
    ),
    45: (
        25,
        (
            35, 16, 42, 17, 29, 4, 1, 26, 33, 43, 20, 36, 13, 9, 28, 7, 30, 3, 19, 37,
            39, 2, 15, 27, 38, 23, 32, 0, 14, 11, 10, 21, 40, 34, 24, 31, 6, 44, 18, 5,
            12, 22, 8, 41, -1,
        ),
        (
            3, 19, 30, 6, 27, 16, 2, 43, 22, 35, 38, 4, 5, 31, 13, 14, 10, 18, 28, 42,
            7, 39, 17, 9, 37, 1, 41, 36, 26, 33, 11, 32, 12, 23, 15, 29, 0, 20, 40, 21,
            8, 34, 24, 44,
        ),
    ),
    49: (
        34,
        (
            2, 43, 25, 21, 37, 12, 15, 5, 24, 6, 3, 28, 36, 31, -1, 48, 22, 10, 4, 47,
            29, 46, 39, 27, 26, 1, 30, 41, 18, 14, 42, 13, 33, 11, 38, 0, 9, 23, 35, 20,
            17, 40, 45, 8, 19, 16, 32, 44, 7,
        ),
        (
            7, 17, 35, 40, 16, 5, 6, 11, 0, 21, 45, 18, 31, 33, 20, 37, 2, 23, 25, 28,
            13, 41, 9, 14, 27, 19, 15, 39, 32, 4, 29, 8, 1, 42, 47, 12, 44, 43, 36, 30,
            46, 3, 26, 22, 38, 48, 10, 24,
        ),
    ),
    81: (
        74,
        (
            64, 44, 12, 19, 14, 53, 31, 39, 13, 42, 48, 52, 78, 27, 50, 2, 67, 22, 3,
            80, 37, 32, 28, 34, 77, 63, 5, 30, 1, 72, 17, 4, 65, 38, 58, 55, 0, 45, 41,
            29, 61, 62, 79, 7, 24, 35, 60, 57, 51, 47, 68, 69, 66, -1, 23, 15, 76, 73,
            75, 49, 8, 18, 70, 26, 43, 10, 59, 11, 20, 9, 54, 21, 56, 40, 16, 33, 6, 46,
            25, 71, 36,
        ),
        (
            58, 4, 43, 23, 56, 31, 50, 59, 18, 13, 22, 2, 77, 46, 69, 76, 25, 53, 57,
            16, 34, 63, 52, 29, 10, 36, 55, 1, 19, 17, 44, 41, 33, 30, 0, 72, 79, 8, 66,
            42, 75, 68, 38, 6, 51, 45, 5, 11, 15, 3, 65, 26, 14, 60, 35, 20, 12, 49, 54,
            37, 21, 28, 64, 47, 40, 7, 61, 24, 67, 32, 48, 62, 39, 9, 70, 78, 80, 27,
            73, 71,
        ),
    ),
}


def extend(design: Sequence[Round]) -> Plan | None:
    """The plan for v+1 players from the Wh(v) `design`, or None if nothing stored fits it."""
    v = len(design)
    if v not in STORED:
        return None
    c, replaced, extra = STORED[v]
    plan = assemble(design, c, replaced, extra)
    return plan if plan is not None and _fits(*plan, v + 1) else None


def assemble(
    design: Sequence[Round], c: int, replaced: Sequence[int], extra: Sequence[int]
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
            partners.update((_key(a, b), _key(c, d)))
            opponents.update(_key(x, y) for x in (a, b) for y in (c, d))
    sat_out = Counter(p for out in byes for p in out)
    return (
        max(partners.values()) == 1
        and max(opponents.values()) <= 3
        and set(sat_out.values()) == {2}
    )


def _key(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)
