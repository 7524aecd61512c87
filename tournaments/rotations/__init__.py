"""Seating rotations for Euchre events: pure Python, no Django.

`generate` draws a whole schedule for one format, `replan` plans the rest of an
event whose field changed, `repair` mends the planned rest moving as few seats as
it can, and `report` measures how fair a schedule is. Each
format is defined once, in `formats.FORMAT_SPECS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import seating
from .drawn import PlayedRound, PlayedTable, Results, Settings
from .formats import FORMAT_SPECS, FORMATS, FormatSpec, SeatShape, check_request, spec
from .moves import SeatMoves, seat_moves
from .quality import QualityReport, report
from .repair import Measures, measures, repair
from .replan import replan
from .schedule import RotationError, Round, Schedule, Table

__all__ = [
    "FORMATS",
    "FORMAT_SPECS",
    "FormatSpec",
    "SeatShape",
    "Measures",
    "QualityReport",
    "Round",
    "RotationError",
    "Schedule",
    "SeatMoves",
    "Table",
    "PlayedRound",
    "PlayedTable",
    "Results",
    "generate",
    "next_round",
    "night_over",
    "measures",
    "repair",
    "replan",
    "report",
    "seat_moves",
    "spec",
]


def generate(
    format: str,
    players: Sequence[str],
    rounds: int | None = None,
    *,
    seed: int = 0,
    teams: Sequence[Sequence[str]] | None = None,
) -> Schedule:
    """A seated schedule; rounds=None gives the complete one for the format.

    For `teams` and `six-handed`, `teams` lists the fixed pairs or triples; without
    it consecutive players form a team.
    """
    check_request(format, players, rounds)
    drawn = spec(format).generate(players, rounds, seed=seed, teams=teams)
    return Schedule(format=format, players=tuple(players), rounds=seating.arrange(drawn))


def next_round(
    format: str,
    players: Sequence[str],
    history: Results,
    *,
    seed: int,
    settings: Settings,
    ranking: Sequence[str],
) -> Round:
    """The next round of a format drawn round by round, for `players` (those playing
    now, in seed order). Each player's seats are evened out over the night; the table
    numbers stay the format's (table 1 is the head table)."""
    drawn_by = spec(format)
    if drawn_by.next_round is None:
        raise RotationError("planned_ahead", format=format)
    check_request(format, players, None)
    drawn = drawn_by.next_round(players, history, seed=seed, settings=settings, ranking=ranking)
    played = tuple(r.as_round() for r in history.rounds)
    return seating.balance_seats((drawn,), played=played)[0]


def night_over(format: str, history: Results, *, settings: Settings) -> bool:
    """Whether a format drawn round by round has nothing left to draw."""
    ends = spec(format).night_over
    return ends is not None and ends(history, settings=settings)
