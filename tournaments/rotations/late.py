"""Late players sit out the first round: a relabelling of a drawn schedule.

Swapping two names throughout a schedule changes nobody's partners or opponents
but those two, so every property the planner gave the schedule (each partnership
once, byes spread evenly) survives. A late player swaps names with someone who
sits out round 1, and so takes that bye; the rounds they then play are the ones
that other player would have played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .schedule import Round, Schedule, Table


def first_round_byes(schedule: Schedule) -> int:
    """How many players the schedule's first round leaves out."""
    return len(schedule.rounds[0].byes) if schedule.rounds else 0


def give_first_byes(schedule: Schedule, late: Sequence[str]) -> Schedule:
    """The schedule with each of `late` sitting out round 1. ValueError if round 1
    has fewer byes than there are late players (the caller leaves some out)."""
    if not late or not schedule.rounds:
        return schedule
    byes = schedule.rounds[0].byes
    if len(late) > len(byes):
        raise ValueError("more late players than byes in round 1")
    free = [name for name in byes if name not in late]
    swaps: dict[str, str] = {}
    for name in late:
        if name not in byes:
            other = free.pop(0)
            swaps[name], swaps[other] = other, name
    return _renamed(schedule, swaps)


def late_first(
    plan: Callable[[list[str]], Schedule], names: Sequence[str], late: Sequence[str]
) -> tuple[Schedule, list[str]]:
    """`plan` for `names` with the late ones sitting out round 1, and the names it
    covers. When round 1 has fewer byes than late players, the last marked late are
    left out of the plan (to join once here) until the rest fit."""
    included = [name for name in late if name in names]
    while True:
        covered = [name for name in names if name not in late or name in included]
        schedule = plan(covered)
        if len(included) <= first_round_byes(schedule):
            return give_first_byes(schedule, included), covered
        included.pop()


def _renamed(schedule: Schedule, swaps: Mapping[str, str]) -> Schedule:
    def rename(names: Sequence[str]) -> tuple[str, ...]:
        return tuple(swaps.get(n, n) for n in names)

    return Schedule(
        format=schedule.format,
        players=schedule.players,
        rounds=tuple(
            Round(
                number=r.number,
                tables=tuple(
                    Table(number=t.number, sides=tuple(rename(side) for side in t.sides))
                    for t in r.tables
                ),
                byes=rename(r.byes),
            )
            for r in schedule.rounds
        ),
    )
