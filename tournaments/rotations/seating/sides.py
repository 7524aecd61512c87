"""Who sits where at each table: side orders that keep every player's seats even."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from itertools import permutations

from ..schedule import Round, Table

_BALANCE_PASSES = 8
_FLIP_STEPS_MIN = 50_000
# Work of the tabu finish of the table flips, in tables looked at: a step looks
# at every table of every player still off, a few dozen on a club night but
# hundreds each on a long complete schedule, so steps would not bound the time.
_TABU_WORK = 200_000


def balance_seats(rounds: Sequence[Round], *, played: Sequence[Round] = ()) -> tuple[Round, ...]:
    """Reorder the sides at each table so every player uses each seat about equally.

    A greedy pass picks, table by table, the side order that leaves the players'
    seat counts most even; then passes of single-table changes run until none
    helps, then changes of two tables at once (_reseat_pairs) and, for fixed
    teams, chains of flipped tables (_flip_paths). The measure is the sum over
    players of squared seat counts (for a fixed number of rounds, the squared
    distance from an even split), so one lopsided player counts more than two
    slightly off ones; adding a round in a seat raises it by twice that seat's
    count plus one, hence the cost below.
    """
    seats = max((len(t.sides) for r in (*played, *rounds) for t in r.tables), default=2)
    counts: dict[str, list[int]] = {}

    def add(table_sides: Sequence[Sequence[str]], sign: int) -> None:
        for seat, side in enumerate(table_sides):
            for p in side:
                counts.setdefault(p, [0] * seats)[seat] += sign

    def cost(table_sides: Sequence[Sequence[str]]) -> int:
        return sum(
            counts.setdefault(p, [0] * seats)[seat]
            for seat, side in enumerate(table_sides)
            for p in side
        )

    for r in played:
        for t in r.tables:
            add(t.sides, 1)
    orders: list[list[tuple]] = []
    for r in rounds:
        chosen = []
        for t in r.tables:
            best = min(permutations(t.sides), key=cost)
            add(best, 1)
            chosen.append(best)
        orders.append(chosen)
    for _ in range(_BALANCE_PASSES):
        improved = False
        for chosen in orders:
            for i, current in enumerate(chosen):
                add(current, -1)
                best = min(permutations(current), key=cost)
                if cost(best) < cost(current):
                    chosen[i] = best
                    improved = True
                add(chosen[i], 1)
        if not improved:
            break
    # A design developed by a group (a cyclic whist tournament, say) arrives with
    # every player already on each side equally often; greedy choices table by
    # table lose that, and the local search below does not always win it back.
    given = [[tuple(t.sides) for t in r.tables] for r in rounds]
    chosen_sum = sum(c * c for seat_counts in counts.values() for c in seat_counts)
    if _square_sum(given, played, seats) <= chosen_sum:
        orders = given
    if all(len(sides) == 2 for chosen in orders for sides in chosen):
        _flip_tables(orders, played)
    else:
        _reseat_pairs(orders, played)
    _flip_paths(orders, played)
    return tuple(
        Round(
            number=r.number,
            tables=tuple(Table(t.number, tuple(s)) for t, s in zip(r.tables, chosen, strict=True)),
            byes=r.byes,
        )
        for r, chosen in zip(rounds, orders, strict=True)
    )


def _square_sum(orders: list[list[tuple]], played: Sequence[Round], seats: int) -> int:
    """The balance measure of balance_seats for whole orders: sum of squared seat counts."""
    counts: dict[str, list[int]] = {}
    tables = [t.sides for r in played for t in r.tables]
    for sides in (*tables, *(sides for chosen in orders for sides in chosen)):
        for seat, side in enumerate(sides):
            for p in side:
                counts.setdefault(p, [0] * seats)[seat] += 1
    return sum(c * c for seat_counts in counts.values() for c in seat_counts)


def _flip_tables(orders: list[list[tuple]], played: Sequence[Round]) -> None:
    """Two sides a table: flip tables (swap North/South with East/West) by local search.

    A player's lead is rounds North/South minus rounds East/West; flipping a
    table moves each of its players' leads by 2, so the change in the sum of
    squared leads costs O(1). Flips are tried at tables of a player two or more
    off even, on their crowded side; a flip that makes things worse is kept now
    and then (less often as the search cools) to leave plateaus. The best
    orders seen are kept. Seeded by the schedule's size, so it is deterministic.
    """
    lead: dict[str, int] = {}
    tables_of: dict[str, list[tuple[int, int]]] = {}
    for done in played:
        for t in done.tables:
            if len(t.sides) == 2:
                for sign, side in ((1, t.sides[0]), (-1, t.sides[1])):
                    for p in side:
                        lead[p] = lead.get(p, 0) + sign
    for r, chosen in enumerate(orders):
        for i, (north, east) in enumerate(chosen):
            for sign, side in ((1, north), (-1, east)):
                for p in side:
                    lead[p] = lead.get(p, 0) + sign
                    tables_of.setdefault(p, []).append((r, i))

    def delta(r: int, i: int) -> int:
        north, east = orders[r][i]
        return sum(4 - 4 * lead[p] for p in north) + sum(4 + 4 * lead[p] for p in east)

    def flip(r: int, i: int) -> None:
        north, east = orders[r][i]
        for p in north:
            lead[p] -= 2
        for p in east:
            lead[p] += 2
        orders[r][i] = (east, north)

    rng = random.Random(len(orders) * 1009 + len(lead))
    flipped: set[tuple[int, int]] = set()
    best_flipped: set[tuple[int, int]] = set()
    off: list[str] = []  # players two or more off even, refreshed every 64 steps
    cost = best = sum(v * v for v in lead.values())
    steps = max(10 * sum(len(chosen) for chosen in orders), _FLIP_STEPS_MIN)
    # Stop once a long stretch brings nothing better: what is left is then
    # usually a parity the flips cannot change.
    patience, last_better = min(300 * len(lead), 45_000), 0
    for step in range(steps):
        if step - last_better > patience:
            break
        if step % 64 == 0:
            off = [p for p in tables_of if abs(lead[p]) >= 2]
            if not off:
                break
        p = rng.choice(off)
        crowded = 0 if lead[p] > 0 else 1
        r, i = rng.choice(tables_of[p])
        if p not in orders[r][i][crowded]:
            continue
        change = delta(r, i)
        heat = 4.0 * (1 - step / steps) + 0.5
        if change <= 0 or rng.random() < math.exp(-change / heat):
            flip(r, i)
            flipped ^= {(r, i)}
            cost += change
            if cost < best:
                best, best_flipped, last_better = cost, set(flipped), step
    for r, i in flipped ^ best_flipped:
        flip(r, i)
    _tabu_finish(lead, tables_of, delta, flip, rng)


def _tabu_finish(
    lead: dict, tables_of: dict, delta: Callable, flip: Callable, rng: random.Random
) -> None:
    """After the annealing: a tabu search that flips, each step, the best table among
    those of the players still two or more off even (a recently flipped table
    only when it beats the best so far), keeping the best orders seen.

    On club nights the annealing often stops two to four players short of an
    exact split that exists (a SAT solver finds one for 12, 20, 24, 28, 40 and
    48 players over 8 rounds); this closes about half of those gaps for about
    30 ms a schedule. Complete schedules built as a product less a player, or a
    design plus one, come down from 4 to 16 players off to about 2.
    """
    cost = best = sum(v * v for v in lead.values())
    floor = sum(1 for v in lead.values() if v % 2)  # an odd lead cannot get below 1
    flipped: set[tuple[int, int]] = set()
    best_flipped: set[tuple[int, int]] = set()
    free_from: dict[tuple[int, int], int] = {}
    work, step = _TABU_WORK, 0
    while best > floor and work > 0:
        step += 1
        off = [p for p in tables_of if abs(lead[p]) >= 2]
        moves = []
        tables = {t for p in off for t in tables_of[p]}
        work -= len(tables)
        for table in tables:
            change = delta(*table)
            if free_from.get(table, 0) <= step or cost + change < best:
                moves.append((change, rng.random(), table))
        if not moves:
            break
        change, _, table = min(moves)
        flip(*table)
        flipped ^= {table}
        cost += change
        free_from[table] = step + 3 + rng.randrange(8)
        if cost < best:
            best, best_flipped = cost, set(flipped)
    for table in flipped ^ best_flipped:
        flip(*table)


def _reseat_pairs(orders: list[list[tuple]], played: Sequence[Round]) -> None:
    """Reseat two tables at once where reseating one alone would not help: the first
    moves a lopsided player out of their most used seat, the second repairs a
    player the first one pushed off balance (partners change in progressive, and
    cutthroat has three seats, so single changes get stuck).

    The second table is looked for only among the tables where a player the first
    change left lopsided sits in their most used seat: trying every table of the
    first table's players took seconds on large cutthroat fields (8 s for 182
    players) for the same balance.
    """
    seats = max((len(sides) for chosen in orders for sides in chosen), default=2)
    counts: dict[str, list[int]] = {}
    where: dict[str, list[tuple[int, int]]] = {}
    for done in played:
        for t in done.tables:
            for seat, side in enumerate(t.sides):
                for p in side:
                    counts.setdefault(p, [0] * seats)[seat] += 1
    for r, chosen in enumerate(orders):
        for i, sides in enumerate(chosen):
            for seat, side in enumerate(sides):
                for p in side:
                    counts.setdefault(p, [0] * seats)[seat] += 1
                    where.setdefault(p, []).append((r, i))

    def gain(now: Sequence[Sequence[str]], new: Sequence[Sequence[str]]) -> int:
        """How much the sum of squared seat counts drops if a table goes from `now`
        to `new`: leaving a seat counted c saves 2c - 1, taking one costs 2c + 1."""
        total = 0
        for seat, (before, after) in enumerate(zip(now, new, strict=True)):
            if before != after:
                total += sum(2 * counts[q][seat] - 1 for q in before)
                total -= sum(2 * counts[q][seat] + 1 for q in after)
        return total

    def reseat(table: tuple[int, int], new: tuple) -> None:
        r, i = table
        for sign, sides in ((-1, orders[r][i]), (1, new)):
            for seat, side in enumerate(sides):
                for q in side:
                    counts[q][seat] += sign
        orders[r][i] = tuple(new)

    def spread(p: str) -> int:
        return max(counts[p]) - min(counts[p])

    for _ in range(_BALANCE_PASSES):
        improved = False
        for p in sorted(counts, key=spread, reverse=True):
            if spread(p) < 2:
                break
            most, least = counts[p].index(max(counts[p])), counts[p].index(min(counts[p]))
            best, best_gain = None, 0
            for first in where.get(p, ()):
                current = orders[first[0]][first[1]]
                if p not in current[most]:
                    continue
                for moved in permutations(current):
                    if p not in moved[least]:
                        continue
                    first_gain = gain(current, moved)
                    reseat(first, moved)
                    # In seat order: a set of names would follow the string hash, and
                    # the first of equal gains wins, so the schedule changed between runs.
                    for q in dict.fromkeys(q for side in moved for q in side):
                        if spread(q) < 2:
                            continue
                        crowded = counts[q].index(max(counts[q]))
                        for second in where[q]:
                            sides = orders[second[0]][second[1]]
                            if second == first or q not in sides[crowded]:
                                continue
                            for repair in permutations(sides):
                                total = first_gain + gain(sides, repair)
                                if total > best_gain:
                                    best, best_gain = ((first, moved), (second, repair)), total
                    reseat(first, current)
            if best is not None:
                for table, new in best:
                    reseat(table, new)
                improved = True
        if not improved:
            break


def _flip_paths(orders: list[list[tuple]], played: Sequence[Round]) -> None:
    """For fixed sides facing each other (teams, six-handed, heads-up), bring every
    side to within one round of an even North/South split.

    Single-table flips can get stuck; flipping every table along a chain
    A beats-seat B, B beats-seat C, ... moves one round from A's seat 0 to Z's
    without touching anyone between. Such a chain from a side two or more up
    always reaches a side below even, so repeating this ends at imbalance <= 1.
    """
    if any(len(sides) != 2 for chosen in orders for sides in chosen):
        return
    side_of: dict[str, tuple] = {}
    for chosen in orders:
        for sides in chosen:
            for side in sides:
                own = tuple(sorted(side))
                for p in side:
                    if side_of.setdefault(p, own) != own:
                        return  # partners change: sides are not fixed entities
    lead: dict[tuple, int] = {}

    def key(side: Sequence[str]) -> tuple:
        return tuple(sorted(side))

    for done in played:
        for t in done.tables:
            if len(t.sides) == 2:
                lead[key(t.sides[0])] = lead.get(key(t.sides[0]), 0) + 1
                lead[key(t.sides[1])] = lead.get(key(t.sides[1]), 0) - 1
    for chosen in orders:
        for a, b in chosen:
            lead[key(a)] = lead.get(key(a), 0) + 1
            lead[key(b)] = lead.get(key(b), 0) - 1

    # ahead[x][(r, i)] = y: at table i of round r, side x sits North/South facing y.
    ahead: dict[tuple, dict[tuple[int, int], tuple]] = {}
    behind: dict[tuple, dict[tuple[int, int], tuple]] = {}
    for r, chosen in enumerate(orders):
        for i, (a, b) in enumerate(chosen):
            ahead.setdefault(key(a), {})[(r, i)] = key(b)
            behind.setdefault(key(b), {})[(r, i)] = key(a)

    def chain(start: tuple, links: dict, gap: int) -> list[tuple[int, int]] | None:
        """Tables along a chain from `start` to a side whose lead differs by >= 3."""
        came_from: dict[tuple, tuple[tuple[int, int], tuple] | None] = {start: None}
        queue = [start]
        for side in queue:
            if gap * (lead[start] - lead[side]) >= 3:
                tables = []
                step = came_from[side]
                while step is not None:
                    tables.append(step[0])
                    step = came_from[step[1]]
                return tables
            for table, other in links.get(side, {}).items():
                if other not in came_from:
                    came_from[other] = (table, side)
                    queue.append(other)
        return None

    while True:
        high = max(lead, key=lambda x: lead[x])
        low = min(lead, key=lambda x: lead[x])
        tables = chain(high, ahead, 1) if lead[high] >= 2 else None
        if tables is None and lead[low] <= -2:
            tables = chain(low, behind, -1)
        if tables is None:
            break
        for r, i in tables:
            a, b = orders[r][i]
            ka, kb = key(a), key(b)
            del ahead[ka][(r, i)], behind[kb][(r, i)]
            ahead.setdefault(kb, {})[(r, i)] = ka
            behind.setdefault(ka, {})[(r, i)] = kb
            lead[ka] -= 2
            lead[kb] += 2
            orders[r][i] = (b, a)
