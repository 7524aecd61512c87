"""The local search behind `repair`: swap two units, or rotate three, within a
remaining round.

A unit is what a format seats as a whole: a player, or a fixed team. A round is a
list of slots read `slots` at a time as a table, then its byes. The cost is the
fairness the full re-plan aims at (partner repeats dearest, then opponent repeats,
then byes out of balance) plus the seats that differ from the plan, so the search
keeps printed scorecards where fairness allows. Opponents meeting more often than
the organiser's target (the full re-plan's most, plus one) weigh as a fault; below
it they weigh less than one moved player. Each step re-counts only the
tables it touches, and the number of steps is fixed, so the work is bounded.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .planners.local_search import cost_table
from .schedule import pair

# Balance before changes, changes before plain table repeats: a bye taken from
# someone who had fewer must always be worth several moved scorecards. What the
# organiser counts is people: the first seat a player loses costs far more than
# their next, so the search moves the same few players again rather than new ones.
BYE_WEIGHT = 40
OVER_CAP_WEIGHT = 2_000  # per meeting of two opponents beyond `opponent_cap`
MOVED_WEIGHT = 30  # per player whose seat moves in some remaining round
SEAT_WEIGHT = 4  # per (player, round) seat that moves
REPRINT_WEIGHT = 3  # per player at a table whose line-up changed
# Steps per remaining (round, table); a step is a few dozen dictionary updates.
STEPS_PER_TABLE = 60
MAX_STEPS = 40_000
# A small field has few tables, yet each player it moves is a larger share of the
# room: it gets at least this many steps.
MIN_STEPS = 8_000
CYCLE_SHARE = 0.3  # of steps that rotate three units instead of swapping two
REUSE_SHARE = 0.5  # of those whose third unit is one already moving
_COUNT_LIMIT = 40

UnitPair = tuple[int, int]


@dataclass
class RoundState:
    """One remaining round: slots (units, `slots` a table), byes, and what was planned."""

    numbers: list[int]
    seats: list[int]
    byes: list[int]
    planned: dict[int, frozenset[frozenset[int]]]
    planned_byes: frozenset[int]
    planned_seats: dict[int, tuple[int, int]]  # unit -> (table number, side)


@dataclass
class Search:
    """Pair counts over all rounds (history included) and the cost of the current seating."""

    slots: int
    side_of: tuple[int, ...]
    weight: list[int]  # players per unit: a moved team moves all its scorecards
    rounds: list[RoundState]
    partners: Counter[UnitPair] = field(default_factory=Counter)
    opponents: Counter[UnitPair] = field(default_factory=Counter)
    byes: Counter[int] = field(default_factory=Counter)
    moves: Counter[int] = field(default_factory=Counter)  # rounds in which a unit moved
    # The most meetings of two opponents the plan may reach (the full re-plan's, plus
    # the one more the organiser accepts): beyond it a meeting is a fault, below it
    # only a light preference, so fairness the targets do not ask for moves nobody.
    opponent_cap: int | None = None

    def __post_init__(self) -> None:
        # Each two slots of a table and whether they are partners, worked out once: the
        # search counts a table's pairs tens of thousands of times.
        self._slot_pairs = tuple(
            (i, j, self.side_of[i] == self.side_of[j])
            for i in range(self.slots)
            for j in range(i + 1, self.slots)
        )
        # The slots of each side, for a table's shape (who sits with whom).
        self._side_slots = tuple(
            tuple(i for i in range(self.slots) if self.side_of[i] == side)
            for side in sorted(set(self.side_of[: self.slots]))
        )
        self._costs = cost_table(_COUNT_LIMIT)
        if self.opponent_cap is not None:
            for row in self._costs:
                for o in range(self.opponent_cap + 1, len(row)):
                    row[o] += OVER_CAP_WEIGHT * (o - self.opponent_cap)
        for rnd in self.rounds:
            for t in range(len(rnd.numbers)):
                self._count_table(rnd, t, 1)
            self.byes.update(rnd.byes)
            self.moves.update(self._moved(rnd, range(len(rnd.numbers)), rnd.byes))

    # -- counting --------------------------------------------------------------

    def table_units(self, rnd: RoundState, t: int) -> list[int]:
        return rnd.seats[t * self.slots : (t + 1) * self.slots]

    def _pairs(self, units: Sequence[int]) -> list[tuple[UnitPair, bool]]:
        out = []
        for i, j, partners in self._slot_pairs:
            a, b = units[i], units[j]
            out.append(((a, b) if a <= b else (b, a), partners))
        return out

    def _count_table(self, rnd: RoundState, t: int, step: int) -> None:
        start = t * self.slots
        seats = rnd.seats
        for i, j, partners in self._slot_pairs:
            a, b = seats[start + i], seats[start + j]
            (self.partners if partners else self.opponents)[(a, b) if a <= b else (b, a)] += step

    def add_history(self, sides: Sequence[Sequence[int]]) -> None:
        """A played table, as the units of each side."""
        for i, side in enumerate(sides):
            for x, a in enumerate(side):
                for b in side[x + 1 :]:
                    self.partners[pair(a, b)] += 1
                for other in sides[i + 1 :]:
                    for b in other:
                        self.opponents[pair(a, b)] += 1

    def pair_cost(self, key: UnitPair) -> int:
        p = min(self.partners.get(key, 0), _COUNT_LIMIT)
        o = min(self.opponents.get(key, 0), _COUNT_LIMIT)
        return self._costs[p][o]

    def changed(self, rnd: RoundState, t: int) -> bool:
        start = t * self.slots
        seats = rnd.seats
        shape = frozenset(frozenset([seats[start + i] for i in side]) for side in self._side_slots)
        return rnd.planned.get(rnd.numbers[t]) != shape

    def _moved(self, rnd: RoundState, tables: Iterable[int], units: Iterable[int]) -> set[int]:
        """Of the units at `tables` and `units`, those not where the plan put them."""
        out: set[int] = set()
        for t in tables:
            if self.changed(rnd, t):
                number = rnd.numbers[t]
                out.update(
                    u
                    for slot, u in enumerate(self.table_units(rnd, t))
                    if rnd.planned_seats.get(u) != (number, self.side_of[slot])
                )
        byes = set(rnd.byes)
        out.update(u for u in units if u in byes and u not in rnd.planned_byes)
        return out

    def _move_cost(self, unit: int, rounds: int) -> int:
        return self.weight[unit] * (MOVED_WEIGHT * (rounds > 0) + SEAT_WEIGHT * rounds)

    def _table_cost(self, rnd: RoundState, t: int) -> int:
        if not self.changed(rnd, t):
            return 0
        return REPRINT_WEIGHT * sum(self.weight[u] for u in self.table_units(rnd, t))

    def total(self) -> int:
        cost = sum(self.pair_cost(k) for k in self.partners.keys() | self.opponents.keys())
        cost += BYE_WEIGHT * sum(b * b for b in self.byes.values())
        cost += sum(self._move_cost(u, k) for u, k in self.moves.items())
        for rnd in self.rounds:
            cost += sum(self._table_cost(rnd, t) for t in range(len(rnd.numbers)))
        return cost

    # -- one step --------------------------------------------------------------

    def _local_cost(self, rnd: RoundState, tables: set[int], units: set[int]) -> int:
        keys = {k for t in tables for k, _p in self._pairs(self.table_units(rnd, t))}
        cost = sum(self.pair_cost(k) for k in keys)
        cost += sum(self._table_cost(rnd, t) for t in tables)
        return cost + sum(BYE_WEIGHT * self.byes[u] ** 2 for u in units)

    def _swap(self, rnd: RoundState, a: int, b: int) -> None:
        seated = len(rnd.seats)
        tables = {i // self.slots for i in (a, b) if i < seated}
        for t in tables:
            self._count_table(rnd, t, -1)
        ua, ub = self._at(rnd, a), self._at(rnd, b)
        self._put(rnd, a, ub)
        self._put(rnd, b, ua)
        if (a < seated) != (b < seated):
            # The unit moved into the bye position sits out now.
            bye, sits = (ua, ub) if a < seated else (ub, ua)
            self.byes[bye] += 1
            self.byes[sits] -= 1
        for t in tables:
            self._count_table(rnd, t, 1)

    def _at(self, rnd: RoundState, i: int) -> int:
        return rnd.seats[i] if i < len(rnd.seats) else rnd.byes[i - len(rnd.seats)]

    def _put(self, rnd: RoundState, i: int, unit: int) -> None:
        if i < len(rnd.seats):
            rnd.seats[i] = unit
        else:
            rnd.byes[i - len(rnd.seats)] = unit

    def try_swap(self, rnd: RoundState, a: int, b: int) -> bool:
        """Swap the units at positions a and b if the cost does not rise."""
        return self.try_swaps(rnd, ((a, b),))

    def try_swaps(self, rnd: RoundState, swaps: Sequence[tuple[int, int]]) -> bool:
        """Make `swaps` in turn, and keep them if the cost does not rise. Two swaps
        sharing a position rotate three units: a leaver's seat can then go to a player
        from another table while the one who had the bye takes that player's seat,
        which no single swap reaches without first making things worse."""
        seated = len(rnd.seats)
        positions = {i for pair in swaps for i in pair}
        tables = {i // self.slots for i in positions if i < seated}
        units = {self._at(rnd, i) for i in positions}
        around = {u for t in tables for u in self.table_units(rnd, t)} | units
        before = self._local_cost(rnd, tables, units)
        moved_before = self._moved(rnd, tables, around)
        for a, b in swaps:
            self._swap(rnd, a, b)
        moved_after = self._moved(rnd, tables, around)
        after = self._local_cost(rnd, tables, units)
        for u in moved_before ^ moved_after:
            k = self.moves[u]
            after += self._move_cost(u, k + (1 if u in moved_after else -1)) - self._move_cost(u, k)
        if after <= before:
            for u in moved_after - moved_before:
                self.moves[u] += 1
            for u in moved_before - moved_after:
                self.moves[u] -= 1
            return True
        for a, b in reversed(swaps):
            self._swap(rnd, a, b)
        return False

    def _hot(self, rnd: RoundState, t: int) -> bool:
        if self.changed(rnd, t):
            return True
        return any(
            self.partners[k] > 1 if partner else self.opponents[k] > 1
            for k, partner in self._pairs(self.table_units(rnd, t))
        )

    def _mover(self, rnd: RoundState, rng: random.Random) -> int | None:
        """The position in `rnd` of a unit that already moves in some round, if any:
        moving them again costs the organiser no new scorecard holder to find."""
        movers = [i for i, u in enumerate((*rnd.seats, *rnd.byes)) if self.moves[u]]
        return rng.choice(movers) if movers else None

    def run(self, seed: int) -> None:
        rng = random.Random(seed)
        work = [r for r in self.rounds if r.numbers]
        if not work:
            return
        tables = sum(len(r.numbers) for r in work)
        for _step in range(min(MAX_STEPS, max(MIN_STEPS, STEPS_PER_TABLE * tables))):
            rnd = rng.choice(work)
            positions = len(rnd.seats) + len(rnd.byes)
            # Mostly start from a table that moved or holds a repeat: elsewhere a swap
            # can only undo the plan.
            t = rng.randrange(len(rnd.numbers))
            for _try in range(4):
                if self._hot(rnd, t):
                    break
                t = rng.randrange(len(rnd.numbers))
            a = t * self.slots + rng.randrange(self.slots)
            b = rng.randrange(positions)
            # Two partners swapping seats at their own table changes nothing.
            same_side = (
                b // self.slots == t
                and self.side_of[a % self.slots] == self.side_of[b % self.slots]
            )
            if rng.random() < CYCLE_SHARE:
                c = self._mover(rnd, rng) if rng.random() < REUSE_SHARE else None
                if c is None:
                    c = rng.randrange(positions)
                if len({a, b, c}) == 3:
                    self.try_swaps(rnd, ((a, b), (a, c)))
            elif not same_side or b >= len(rnd.seats):
                self.try_swap(rnd, a, b)
