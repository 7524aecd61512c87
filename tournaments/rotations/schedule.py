"""Plain data for a seating rotation: rounds of tables, each table a list of sides.

A side is a tuple of player names: partners in partnership formats, a single
player in cutthroat and heads-up. The order of sides at a table is the seating
order: in a table of 4, side 0 sits North/South and side 1 East/West.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from .errors import RotationError as RotationError

Side = tuple[str, ...]

Player = TypeVar("Player", str, int)


def pair(a: Player, b: Player) -> tuple[Player, Player]:
    """The one key for two players, whichever comes first: (smaller, larger)."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Table:
    number: int
    sides: tuple[Side, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for side in self.sides for p in side)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(p for table in self.tables for p in table.players)


@dataclass(frozen=True)
class Schedule:
    format: str
    players: tuple[str, ...]
    rounds: tuple[Round, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        """The shape `make_rotation` prints (see DESIGN.md)."""
        return {
            "format": self.format,
            "players": list(self.players),
            "rounds": [
                {
                    "round": r.number,
                    "tables": [
                        {"table": t.number, "teams": [list(side) for side in t.sides]}
                        for t in r.tables
                    ],
                    "byes": list(r.byes),
                }
                for r in self.rounds
            ],
        }

    @classmethod
    def from_json(cls, data: dict) -> Schedule:
        return cls(
            format=data["format"],
            players=tuple(data["players"]),
            rounds=tuple(
                Round(
                    number=r["round"],
                    tables=tuple(
                        Table(number=t["table"], sides=tuple(tuple(s) for s in t["teams"]))
                        for t in r["tables"]
                    ),
                    byes=tuple(r.get("byes", ())),
                )
                for r in data["rounds"]
            ),
        )
