"""What every seated schedule must satisfy, whatever format or plan produced it.

Shared by the property tests; it reads schedules only through the public
`tournaments.rotations` facade.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from tournaments.rotations import Round, Schedule

# Players at a table and on a side, by format.
SHAPES = {"progressive": (4, 2), "cutthroat": (3, 1)}


def names(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(n)]


def assert_round_seats(rnd: Round, field: Sequence[str], format: str) -> None:
    """Everyone in the field sits exactly once or sits out; tables are full; byes are
    only the players a table count cannot hold."""
    table_players, side_players = SHAPES[format]
    assert sorted(rnd.seated + rnd.byes) == sorted(field), rnd.number
    assert [t.number for t in rnd.tables] == list(range(1, len(rnd.tables) + 1))
    for table in rnd.tables:
        assert len(table.players) == table_players
        assert all(len(side) == side_players for side in table.sides)
    assert len(rnd.byes) == len(field) % table_players


def assert_rounds_valid(rounds: Sequence[Round], field: Sequence[str], format: str) -> None:
    for rnd in rounds:
        assert_round_seats(rnd, field, format)


def partner_counts(rounds: Sequence[Round]) -> Counter:
    return Counter(
        frozenset(pair)
        for r in rounds
        for t in r.tables
        for side in t.sides
        for pair in combinations(side, 2)
    )


def table_counts(rounds: Sequence[Round]) -> Counter:
    return Counter(
        frozenset(pair) for r in rounds for t in r.tables for pair in combinations(t.players, 2)
    )


def bye_counts(rounds: Sequence[Round], field: Sequence[str]) -> Counter:
    """Byes per player of `field`, a round missed altogether counting as one."""
    counts = Counter(dict.fromkeys(field, 0))
    for r in rounds:
        present = set(r.seated)
        counts.update(p for p in field if p not in present)
    return counts


def spread(counts: Counter) -> int:
    return max(counts.values()) - min(counts.values())


def played_part(schedule: Schedule, rounds: int) -> Schedule:
    return Schedule(schedule.format, schedule.players, schedule.rounds[:rounds])
