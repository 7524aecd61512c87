"""Local search over progressive seatings: swap two seats within a round.

A seating is one list of player indices per round, read four at a time as a
table: seats 0 and 1 partner against seats 2 and 3. Byes are fixed by the
caller and never move. Every pair of players carries a partner count and an
opponent count (history included); the cost of a pair grows steeply with each
repeat, so minimising the sum spreads meetings as evenly as the rounds allow.
A swap touches at most twelve pair counts, so a step costs O(1).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

# A repeated partnership is a hard fault; opponent repeats matter more than
# plain same-table repeats because the opponent count is what players notice.
PARTNER_WEIGHT = 1000
OPPONENT_WEIGHT = 4
TABLE_WEIGHT = 1

# For seat s & 3: the offsets of its partner and two opponents within the table.
_MATES = (
    ((1, True), (2, False), (3, False)),
    ((0, True), (2, False), (3, False)),
    ((3, True), (0, False), (1, False)),
    ((2, True), (0, False), (1, False)),
)


def _repeat_cost(count: int) -> int:
    # 0, 0, 1, 5, 14, ...: C(k, 2) + 2 C(k, 3) makes a third meeting dearer than two seconds.
    return count * (count - 1) // 2 + count * (count - 1) * (count - 2) // 3


def cost_table(limit: int) -> list[list[int]]:
    """cost[p][o] of one pair that partnered p times and opposed o times."""
    rep = [_repeat_cost(k) for k in range(2 * limit + 2)]
    return [
        [
            PARTNER_WEIGHT * rep[p] + OPPONENT_WEIGHT * rep[o] + TABLE_WEIGHT * rep[p + o]
            for o in range(limit + 1)
        ]
        for p in range(limit + 1)
    ]


@dataclass
class Counts:
    """Symmetric pair counts over players 0..n-1, stored at min * n + max."""

    n: int
    partners: list[int]
    opponents: list[int]

    @classmethod
    def zero(cls, n: int) -> Counts:
        return cls(n, [0] * (n * n), [0] * (n * n))

    def key(self, a: int, b: int) -> int:
        return a * self.n + b if a < b else b * self.n + a

    def add_round(self, seats: Sequence[int], step: int = 1) -> None:
        for t in range(0, len(seats), 4):
            a, b, c, d = seats[t : t + 4]
            self.partners[self.key(a, b)] += step
            self.partners[self.key(c, d)] += step
            for x in (a, b):
                for y in (c, d):
                    self.opponents[self.key(x, y)] += step


def seating_cost(seatings: Sequence[Sequence[int]], base: Counts) -> int:
    """Total cost of `seatings` on top of the counts in `base` (which is left unchanged)."""
    counts = Counts(base.n, list(base.partners), list(base.opponents))
    for seats in seatings:
        counts.add_round(seats)
    limit = max(max(counts.partners), max(counts.opponents), 1)
    table = cost_table(limit)
    pairs = zip(counts.partners, counts.opponents, strict=True)
    return sum(table[p][o] for p, o in pairs if p or o)


def improve(
    seatings: Sequence[Sequence[int]],
    base: Counts,
    *,
    rng: random.Random,
    max_steps: int,
    temperature: float = 0.6,
    keep_partners: bool = False,
) -> tuple[list[list[int]], int]:
    """Anneal `seatings` towards lower cost; returns the best seating seen and its cost.

    Stops early at cost 0 (nobody meets anybody twice). Moves are drawn mostly
    from seats in a costly pair so large, nearly-right schedules converge fast.
    With `keep_partners` only whole partnerships move, so the partner pairs
    stay exactly as given and only opponents are rearranged.
    """
    n = base.n
    rounds = [list(seats) for seats in seatings]
    partners = list(base.partners)
    opponents = list(base.opponents)
    work = Counts(n, partners, opponents)
    for seats in rounds:
        work.add_round(seats)
    # A pair meets at most once a round, so no count can outgrow this table even
    # when the annealing runs hot (19 players over 19 rounds once overflowed +4).
    base_max = max(max(base.partners, default=0), max(base.opponents, default=0))
    limit = max(max(partners, default=0), max(opponents, default=0), base_max + len(rounds))
    cost_of = cost_table(limit)
    cost = sum(cost_of[p][o] for p, o in zip(partners, opponents, strict=True) if p or o)
    best, best_cost = [list(s) for s in rounds], cost
    movable = [r for r, seats in enumerate(rounds) if seats]
    if cost == 0 or not movable:
        return best, best_cost

    def shift(seats: list[int], i: int, j: int, step: int) -> int:
        delta = 0
        for s in (i, j):
            x = seats[s]
            table = s & ~3
            for offset, is_partner in _MATES[s & 3]:
                t = table + offset
                if s == j and t == i:
                    continue
                y = seats[t]
                k = x * n + y if x < y else y * n + x
                p = partners[k]
                o = opponents[k]
                if is_partner:
                    partners[k] = p + step
                    delta += cost_of[p + step][o] - cost_of[p][o]
                else:
                    opponents[k] = o + step
                    delta += cost_of[p][o + step] - cost_of[p][o]
        return delta

    hot: list[tuple[int, int]] = []
    copied = 0
    # Rescanning costs a pass over every seat, so big schedules rescan less often.
    rescan = max(256, sum(len(seats) for seats in rounds) // 8)
    for step_no in range(max_steps):
        if step_no % rescan == 0:
            hot = _hot_seats(rounds, partners, opponents, n)
            if not hot:
                break
            heat = temperature * (1 - step_no / max_steps) + 0.02
        if rng.random() < 0.7:
            r, i = hot[rng.randrange(len(hot))]
        else:
            r = movable[rng.randrange(len(movable))]
            i = rng.randrange(len(rounds[r]))
        seats = rounds[r]
        j = rng.randrange(len(seats))
        if i == j or i ^ 1 == j:
            continue
        delta = shift(seats, i, j, -1)
        seats[i], seats[j] = seats[j], seats[i]
        delta += shift(seats, i, j, 1)
        if keep_partners:
            delta += shift(seats, i ^ 1, j ^ 1, -1)
            seats[i ^ 1], seats[j ^ 1] = seats[j ^ 1], seats[i ^ 1]
            delta += shift(seats, i ^ 1, j ^ 1, 1)
        if delta <= 0 or rng.random() < math.exp(-delta / heat):
            cost += delta
            # Copying a big schedule on every small gain would dominate the run time.
            if cost < best_cost and (cost == 0 or step_no - copied >= rescan // 4):
                best, best_cost, copied = [list(s) for s in rounds], cost, step_no
                if cost == 0:
                    break
        else:
            if keep_partners:
                shift(seats, i ^ 1, j ^ 1, -1)
                seats[i ^ 1], seats[j ^ 1] = seats[j ^ 1], seats[i ^ 1]
                shift(seats, i ^ 1, j ^ 1, 1)
            shift(seats, i, j, -1)
            seats[i], seats[j] = seats[j], seats[i]
            shift(seats, i, j, 1)
    if cost <= best_cost:
        return rounds, cost
    return best, best_cost


def _hot_seats(
    rounds: Sequence[Sequence[int]], partners: list[int], opponents: list[int], n: int
) -> list[tuple[int, int]]:
    """(round, seat) of every player sitting with someone met more than once."""
    hot = []
    for r, seats in enumerate(rounds):
        for s, x in enumerate(seats):
            table = s & ~3
            for offset in range(4):
                y = seats[table + offset]
                if y == x:
                    continue
                k = x * n + y if x < y else y * n + x
                if partners[k] + opponents[k] > 1:
                    hot.append((r, s))
                    break
    return hot
