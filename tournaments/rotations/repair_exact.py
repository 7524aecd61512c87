"""The exact repair of a small field: the fewest players moved, found by search.

The local search of `repair_search` weighs moved players against fairness one step
at a time. In a field of a dozen it often stops a player or two above the fewest
any plan moves: the bye-holder who takes the leaver's seat would partner someone a
second time, and the way round it (someone else takes the seat while the bye-holder
takes theirs) costs more before it costs less. A dozen players is a third of the
room, so each of those players is several points of the share the organiser sees.

Here each remaining round gets every seating within two seat swaps of its mended
start (the first at a table where someone moved, the second from a seat the first
touched), and a depth-first search, exhaustive over those, picks one seating a
round so that the fewest players move in all, while the plan keeps the targets:
no more partner repeats than allowed, no two opponents meeting more than the cap,
byes within the allowed spread. Rounds are independent but for those pair counts,
which is what lets the search prune early. Both the seatings a round may take and
the search's nodes are bounded, so the work is too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from .repair_search import RoundState, UnitPair
from .schedule import pair

# A round's seatings are counted in the thousands at 20 units; past this the
# local search alone is used (and a moved player is a smaller share of the room).
MAX_UNITS = 20
MAX_NODES = 10_000
# A round that needs more movers than this is left to the local search's plan.
MOST_PER_ROUND = 4
SWAPS = 2


@dataclass(frozen=True)
class Limits:
    """What a mended plan may not exceed over the whole night (history included)."""

    partner_repeats: int
    opponent_meetings: int
    bye_spread: int


@dataclass(frozen=True)
class _Seating:
    seats: tuple[int, ...]
    byes: tuple[int, ...]
    moved: frozenset[int]
    partners: tuple[UnitPair, ...]
    opponents: tuple[UnitPair, ...]


@dataclass
class Exact:
    """The search over `rounds` (their mended starts), given the played pair counts."""

    slots: int
    side_of: tuple[int, ...]
    rounds: Sequence[RoundState]
    partners: Counter[UnitPair]  # played rounds only
    opponents: Counter[UnitPair]
    byes: Counter[int]  # per unit, played rounds (a missed round counts as a bye)
    limits: Limits

    def moved(self, rnd: RoundState, seats: Sequence[int], byes: Sequence[int]) -> frozenset[int]:
        """Units of the planned round whose table and side, or bye, is not the plan's."""
        positions = (*seats, *byes)
        return frozenset(u for i, u in enumerate(positions) if self._away(rnd, u, i))

    def _away(self, rnd: RoundState, unit: int, i: int) -> bool:
        """Whether `unit` at position `i` of `rnd` (a seat, or past the seats a bye)
        is not where the plan put it; an arrival is nowhere in the plan."""
        if i >= len(rnd.seats):
            return unit in rnd.planned_seats
        seat = (rnd.numbers[i // self.slots], self.side_of[i % self.slots])
        return unit in rnd.planned_byes or rnd.planned_seats.get(unit, seat) != seat

    def _seating(self, rnd: RoundState, positions: Sequence[int]) -> _Seating:
        seated = len(rnd.seats)
        seats, byes = tuple(positions[:seated]), tuple(positions[seated:])
        partners: list[UnitPair] = []
        opponents: list[UnitPair] = []
        for t in range(0, seated, self.slots):
            for i in range(t, t + self.slots):
                for j in range(i + 1, t + self.slots):
                    key = pair(seats[i], seats[j])
                    same = self.side_of[i - t] == self.side_of[j - t]
                    (partners if same else opponents).append(key)
        moved = self.moved(rnd, seats, byes)
        return _Seating(seats, byes, moved, tuple(partners), tuple(opponents))

    def _table_key(self, positions: Sequence[int], t: int) -> frozenset[frozenset[int]]:
        sides: dict[int, set[int]] = {}
        for slot in range(self.slots):
            sides.setdefault(self.side_of[slot], set()).add(positions[t * self.slots + slot])
        return frozenset(frozenset(s) for s in sides.values())

    def seatings(self, rnd: RoundState, most_moved: int) -> list[_Seating]:
        """The round's seatings within `SWAPS` swaps of its start that move at most
        `most_moved` units and break no limit against the played rounds alone,
        fewest moved first."""
        start = (*rnd.seats, *rnd.byes)
        seated = len(rnd.seats)
        tables = seated // self.slots

        off = partial(self._away, rnd)

        # The first swap starts at a table where someone moved (a partner of the
        # bye-holder who took the leaver's seat may move instead); a second swap
        # continues from a seat the first touched or one already moved.
        hot = {i for i, u in enumerate(start) if off(u, i)}
        at = {i // self.slots for i in hot if i < seated}
        first = sorted(hot | {i for i in range(seated) if i // self.slots in at})

        # A seating is known by its tables' sides and its byes; who moves follows
        # from that, so each is counted once, and a swap re-keys only its tables.
        start_key = (
            *(self._table_key(start, t) for t in range(tables)),
            frozenset(start[seated:]),
        )
        start_moved = sum(off(u, i) for i, u in enumerate(start))
        seen = {start_key: (start, start_moved)}
        frontier = [(start, start_key, start_moved, tuple(first))]
        for depth in range(1, SWAPS + 1):
            # A swap puts back at most two units, so a seating further than that
            # from `most_moved` per swap left is not worth going on from.
            slack = most_moved + 2 * (SWAPS - depth)
            reached = []
            for positions, key, moved, froms in frontier:
                for a in froms:
                    for b in range(len(start)):
                        if a == b or (a >= seated and b >= seated):
                            continue
                        ua, ub = positions[a], positions[b]
                        now = moved - off(ua, a) - off(ub, b) + off(ub, a) + off(ua, b)
                        if now > slack:
                            continue
                        swapped = list(positions)
                        swapped[a], swapped[b] = ub, ua
                        new_key = list(key)
                        for i in {a, b}:
                            if i < seated:
                                new_key[i // self.slots] = self._table_key(swapped, i // self.slots)
                            else:
                                new_key[tables] = frozenset(swapped[seated:])
                        shaped = tuple(new_key)
                        if shaped not in seen:
                            seen[shaped] = (tuple(swapped), now)
                            onward = tuple(sorted(hot | {a, b}))
                            reached.append((tuple(swapped), shaped, now, onward))
            frontier = reached
        out = []
        for positions, moved in seen.values():
            if moved <= most_moved:
                seating = self._seating(rnd, positions)
                if self._allowed_alone(seating):
                    out.append(seating)
        out.sort(key=lambda s: len(s.moved))
        return out

    def _allowed_alone(self, seating: _Seating) -> bool:
        if self.limits.partner_repeats == 0 and any(self.partners[k] for k in seating.partners):
            return False
        cap = self.limits.opponent_meetings
        return all(self.opponents[k] < cap for k in seating.opponents)

    def run(self, beat: int) -> list[_Seating] | None:
        """A seating for each round moving fewer than `beat` units in all, the fewest
        found within the node limit, or None."""
        # Seatings grouped by who they move: the search branches on the group that
        # adds fewest new movers, and bounds a branch by the round that must add most.
        groups: list[dict[frozenset[int], list[_Seating]]] = []
        for rnd in self.rounds:
            by_moved: dict[frozenset[int], list[_Seating]] = {}
            for seating in self.seatings(rnd, min(beat - 1, MOST_PER_ROUND)):
                by_moved.setdefault(seating.moved, []).append(seating)
            if not by_moved:
                return None
            groups.append(by_moved)
        forced = [frozenset.intersection(*by_moved) for by_moved in groups]
        partners, opponents = Counter(self.partners), Counter(self.opponents)
        best: list[_Seating | None] | None = None
        # Fewest moved first, then the narrowest spread of byes: a plan that moves
        # no more players but lets someone sit out twice is the worse one.
        best_key = (beat, 0)
        chosen: list[_Seating | None] = [None] * len(groups)
        nodes = 0

        def search(left: frozenset[int], moved: frozenset[int], repeats: int) -> None:
            nonlocal best, best_key, nodes
            if not left:
                spread = self._bye_spread(chosen)
                key = (len(moved), spread)
                if spread <= self.limits.bye_spread and key < best_key:
                    best, best_key = list(chosen), key
                return
            # Whoever every seating of a round moves will move whatever is chosen:
            # with them counted, each round still adds at least its `need`.
            sure = moved.union(*(forced[r] for r in left))
            need = {r: min(len(m - sure) for m in groups[r]) for r in left}
            r = max(left, key=lambda r: (need[r], -len(groups[r])))
            if (len(sure) + need[r], 0) >= best_key:
                return
            for group in sorted(groups[r], key=lambda m: len(m - moved)):
                union = moved | group
                if (len(union), 0) >= best_key:
                    break
                for seating in groups[r][group]:
                    nodes += 1
                    if nodes > MAX_NODES:
                        return
                    more = repeats + sum(1 for k in seating.partners if partners[k])
                    if more > self.limits.partner_repeats:
                        continue
                    cap = self.limits.opponent_meetings
                    if any(opponents[k] >= cap for k in seating.opponents):
                        continue
                    partners.update(seating.partners)
                    opponents.update(seating.opponents)
                    chosen[r] = seating
                    search(left - {r}, union, more)
                    chosen[r] = None
                    partners.subtract(seating.partners)
                    opponents.subtract(seating.opponents)
                    if (len(union), 0) >= best_key:
                        break

        repeats = sum(c - 1 for c in partners.values() if c > 1)
        search(frozenset(range(len(groups))), frozenset(), repeats)
        return None if best is None else [s for s in best if s is not None]

    def _bye_spread(self, chosen: Sequence[_Seating | None]) -> int:
        byes = Counter(self.byes)
        for seating in chosen:
            if seating is not None:
                byes.update(seating.byes)
        return max(byes.values()) - min(byes.values())
