"""Formats drawn round by round from the results: what such a format is given and
what it gives back.

A planned format seats the whole night before the first card is dealt. A format
drawn per round (winners move up, Swiss, knock-outs) is shown the night so far,
each played table with its points, and the players in standings order, and seats
the tables that are ready. The standings come from the scoring side, computed from
the same results, so this core never restates a standings rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from .schedule import Round, Side, Table

Settings = Mapping[str, object]


@dataclass(frozen=True)
class PlayedTable:
    """One table of a round played (or being played): its sides in seating order,
    the points each side scored (None while the result is not confirmed), and,
    where the points tie, the side that won the tie (`decided_by`, an index of
    `sides`)."""

    number: int
    sides: tuple[Side, ...]
    points: tuple[int, ...] | None = None
    decided_by: int | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for side in self.sides for p in side)

    @property
    def confirmed(self) -> bool:
        return self.points is not None


@dataclass(frozen=True)
class PlayedRound:
    number: int
    tables: tuple[PlayedTable, ...]
    byes: tuple[str, ...] = ()

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(p for table in self.tables for p in table.players)

    def as_round(self) -> Round:
        """The seating alone, for the planned formats' history of meetings."""
        return Round(
            self.number,
            tuple(Table(t.number, t.sides) for t in self.tables),
            self.byes,
        )


@dataclass(frozen=True)
class Results:
    """A night drawn round by round, so far: `players` in seed order, the rounds
    drawn (the last one possibly still in play), and the fixed teams if the format
    has them (taken from the sides played)."""

    players: tuple[str, ...]
    rounds: tuple[PlayedRound, ...] = ()
    # Players the rounds seated who play no more (they left): in the standings, never
    # drawn again.
    left: tuple[str, ...] = ()

    @property
    def rounds_played(self) -> int:
        return len(self.rounds)

    @property
    def all_confirmed(self) -> bool:
        return all(t.confirmed for r in self.rounds for t in r.tables)


class NextRound(Protocol):
    """The next round for `players` (those playing now, in seed order; a player who
    left is not among them, a late one is), given the night so far and `ranking`,
    the players in standings order. Same arguments and seed, same round."""

    def __call__(
        self,
        players: Sequence[str],
        history: Results,
        *,
        seed: int,
        settings: Settings,
        ranking: Sequence[str],
    ) -> Round: ...


class NightOver(Protocol):
    """Whether the format has nothing left to draw: the rounds set have been played,
    or a bracket has its champion."""

    def __call__(self, history: Results, *, settings: Settings) -> bool: ...
