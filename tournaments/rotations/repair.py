"""Mending the rest of an event after the field changed, moving as few seats as it can.

`replan` draws every remaining round afresh, so after one withdrawal every
scorecard is reprinted. `repair` starts from the planned rounds instead: leavers'
seats fall empty, and arrivals, the players who had the bye, or the players of a
table no longer needed fill them; then a bounded local search restores fairness
while keeping planned seats. In a field of at most `repair_exact.MAX_UNITS`
players an exact search of the seatings a few swaps from that start then looks
for a plan that moves fewer players, and wins if it finds one. When the mended
plan falls short of what a full
re-plan gives (a partner repeat the re-plan avoids, opponents or byes more than
one worse), the full re-plan is returned instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from . import repair_exact
from .formats import SeatShape, check_request, spec
from .planners.round_robin import group_teams
from .repair_search import RoundState, Search
from .replan import missed_rounds_as_byes, replan
from .schedule import Round, Schedule, Table

Teams = Sequence[Sequence[str]]


def repair(
    planned: Schedule,
    players: Sequence[str],
    *,
    first_round: int,
    seed: int = 0,
    teams: Teams | None = None,
) -> Schedule:
    """`planned` with rounds from `first_round` on mended for `players` (the field
    from now on); earlier rounds are returned as they are. Same shape as `replan`."""
    format = planned.format
    check_request(format, players, None)
    played = tuple(r for r in planned.rounds if r.number < first_round)
    full = replan(
        Schedule(format=format, players=planned.players, rounds=played),
        players,
        len(planned.rounds),
        seed=seed,
        teams=teams,
    )
    remaining = [r for r in planned.rounds if r.number >= first_round]
    if not remaining:
        return full
    # What the full re-plan reaches is the target both searches are held to.
    target = measures(full, players)
    mended = _mend(planned, played, remaining, players, seed=seed, teams=teams, target=target)
    return mended if _good_enough(mended, target, players) else full


def _units(format: str, players: Sequence[str], teams: Teams | None) -> list[tuple[str, ...]]:
    size = spec(format).team_size
    if size is not None and size > 1:
        return list(group_teams(players, size, teams))
    return [(p,) for p in players]


def _mend(
    planned: Schedule,
    played: Sequence[Round],
    remaining: Sequence[Round],
    players: Sequence[str],
    *,
    seed: int,
    teams: Teams | None,
    target: Measures,
) -> Schedule:
    """The planned rounds mended by the local search; in a small field, by the exact
    search instead when it moves fewer players and keeps the targets."""
    shape = spec(planned.format).seat_shape
    units = _units(planned.format, players, teams)
    unit_of = {p: i for i, unit in enumerate(units) for p in unit}
    history = missed_rounds_as_byes(played, players)
    byes: Counter[int] = Counter(dict.fromkeys(range(len(units)), 0))
    for rnd in history:
        byes.update({unit_of[p] for p in rnd.byes if p in unit_of})
    wanted = len(units) // shape.slots
    states = []
    so_far = Counter(byes)
    for rnd in remaining:
        state = _start(rnd, shape, unit_of, len(units), wanted, so_far)
        so_far.update(state.byes)
        states.append(state)
    starts = [replace(s, seats=list(s.seats), byes=list(s.byes)) for s in states]
    weight = [len(u) for u in units]
    met = Search(slots=shape.slots, side_of=shape.side_of, weight=weight, rounds=[])
    for rnd in history:
        for table in rnd.tables:
            sides = [[unit_of[p] for p in side if p in unit_of] for side in table.sides]
            met.add_history([sorted(set(s)) for s in sides])
    search = Search(
        slots=shape.slots,
        side_of=shape.side_of,
        weight=weight,
        rounds=states,
        byes=Counter(byes),
        opponent_cap=target.max_opponent_meetings + 1,
        partners=Counter(met.partners),
        opponents=Counter(met.opponents),
    )
    search.run(seed)

    def schedule(rounds: Sequence[RoundState]) -> Schedule:
        mended = tuple(
            _rebuilt(rnd, state, shape, units) for rnd, state in zip(remaining, rounds, strict=True)
        )
        return Schedule(
            format=planned.format,
            players=tuple(dict.fromkeys((*planned.players, *players))),
            rounds=(*played, *mended),
        )

    local = schedule(states)
    if len(units) > repair_exact.MAX_UNITS or any(w != 1 for w in weight):
        return local
    local_ok = _good_enough(local, target, players)
    exact = _fewer_moved(starts, states, shape, met, byes, target, local_ok=local_ok)
    if exact is None:
        return local
    better = schedule(exact)
    return better if _good_enough(better, target, players) else local


def _fewer_moved(
    starts: Sequence[RoundState],
    mended: Sequence[RoundState],
    shape: SeatShape,
    met: Search,
    byes: Counter[int],
    target: Measures,
    *,
    local_ok: bool,
) -> list[RoundState] | None:
    """The exact search's rounds if they keep within one of `target` and move fewer
    players than `mended` (any number, if `mended` misses the targets); else None."""
    exact = repair_exact.Exact(
        slots=shape.slots,
        side_of=shape.side_of,
        rounds=starts,
        partners=met.partners,
        opponents=met.opponents,
        byes=byes,
        limits=repair_exact.Limits(
            partner_repeats=target.partner_repeats,
            opponent_meetings=target.max_opponent_meetings + 1,
            bye_spread=target.bye_spread + 1,
        ),
    )
    beat = len(byes) + 1
    if local_ok:
        beat = len(set().union(*(exact.moved(s, s.seats, s.byes) for s in mended)))
    found = exact.run(beat)
    if found is None:
        return None
    return [
        replace(s, seats=list(seating.seats), byes=list(seating.byes))
        for s, seating in zip(starts, found, strict=True)
    ]


def _table_shape(table: Table, unit_of: dict[str, int]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(unit_of[p] for p in side if p in unit_of) for side in table.sides)


def _start(
    rnd: Round,
    shape: SeatShape,
    unit_of: dict[str, int],
    count: int,
    wanted: int,
    byes: Counter[int],
) -> RoundState:
    """The planned round with leavers' seats emptied and filled: tables beyond those
    the field needs are broken up (the emptiest first), and the empty seats go to
    whoever of the unseated has sat out most, so the byes go to those who had fewest."""
    tables: list[tuple[int, list[int | None]]] = []
    for table in rnd.tables:
        slots: list[int | None] = []
        for slot_side in range(len(table.sides)):
            side = table.sides[slot_side]
            members = [unit_of.get(p) for p in side]
            if shape.slots == 2:  # a fixed team (or a heads-up player) is one unit
                slots.append(members[0] if all(m is not None for m in members) else None)
            else:
                slots.extend(members)
        tables.append((table.number, slots))
    while len(tables) > wanted:
        emptiest = max(range(len(tables)), key=lambda i: (tables[i][1].count(None), tables[i][0]))
        del tables[emptiest]
    seated = {u for _n, slots in tables for u in slots if u is not None}
    taken_numbers = {n for n, _s in tables}
    fresh = (n for n in range(1, wanted + len(rnd.tables) + 2) if n not in taken_numbers)
    while len(tables) < wanted:
        tables.append((next(fresh), [None] * shape.slots))
    planned_byes = {unit_of[p] for p in rnd.byes if p in unit_of}
    free = [u for u in range(count) if u not in seated]
    # Who sits: most byes so far first; among equals, keep a planned bye a bye.
    free.sort(key=lambda u: (-byes[u], u in planned_byes, u))
    holes = sum(slots.count(None) for _n, slots in tables)
    sitting, out = free[:holes], free[holes:]
    fill = iter(sitting)
    seats = [u if u is not None else next(fill) for _n, slots in tables for u in slots]
    # A table no longer needed leaves its number unused for the round: renumbering
    # the others would move everyone at them for nothing.
    numbers = [n for n, _s in tables]
    planned = {t.number: _table_shape(t, unit_of) for t in rnd.tables}
    planned_seats = {
        unit_of[p]: (t.number, side)
        for t in rnd.tables
        for side, members in enumerate(t.sides)
        for p in members
        if p in unit_of
    }
    return RoundState(
        numbers=numbers,
        seats=seats,
        byes=out,
        planned=planned,
        planned_byes=frozenset(planned_byes),
        planned_seats=planned_seats,
    )


def _rebuilt(
    rnd: Round, state: RoundState, shape: SeatShape, units: Sequence[tuple[str, ...]]
) -> Round:
    """The mended round; a table seating the planned sides keeps its planned seats."""
    old = {t.number: t for t in rnd.tables}
    tables = []
    for t, number in enumerate(state.numbers):
        group = state.seats[t * shape.slots : (t + 1) * shape.slots]
        sides: dict[int, list[str]] = {}
        for slot, unit in enumerate(group):
            sides.setdefault(shape.side_of[slot], []).extend(units[unit])
        new_sides = tuple(tuple(s) for _k, s in sorted(sides.items()))
        same = old.get(number)
        if same is None or _sets(same.sides) != _sets(new_sides):
            same = Table(number=number, sides=new_sides)
        tables.append(same)
    byes = tuple(p for u in state.byes for p in units[u])
    return Round(number=rnd.number, tables=tuple(sorted(tables, key=lambda t: t.number)), byes=byes)


def _sets(sides: Sequence[Sequence[str]]) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(s) for s in sides)


@dataclass(frozen=True)
class Measures:
    """The figures a mended plan must keep: as a full re-plan, or within one."""

    partner_repeats: int
    max_opponent_meetings: int
    bye_spread: int


def measures(schedule: Schedule, players: Sequence[str]) -> Measures:
    """Partner repeats, most opponent meetings and bye spread among `players`, a
    round missed counting as a bye."""
    field = set(players)
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    byes = Counter(dict.fromkeys(players, 0))
    for rnd in schedule.rounds:
        present = set(rnd.seated)
        byes.update(p for p in players if p not in present)
        for table in rnd.tables:
            for side in table.sides:
                partners.update(frozenset(c) for c in combinations(side, 2) if set(c) <= field)
            for a_side, b_side in combinations(table.sides, 2):
                opponents.update(
                    frozenset((a, b)) for a in a_side for b in b_side if a in field and b in field
                )
    return Measures(
        partner_repeats=sum(c - 1 for c in partners.values()),
        max_opponent_meetings=max(opponents.values(), default=0),
        bye_spread=max(byes.values()) - min(byes.values()),
    )


def _good_enough(mended: Schedule, target: Measures, players: Sequence[str]) -> bool:
    a, b = measures(mended, players), target
    return (
        a.partner_repeats <= b.partner_repeats
        and a.max_opponent_meetings <= b.max_opponent_meetings + 1
        and a.bye_spread <= b.bye_spread + 1
    )
