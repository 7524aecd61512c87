"""Seating rotations for Euchre events: pure Python, no Django.

`generate` draws a whole schedule for one format, `replan` plans the rest of an
event whose field changed, `repair` mends the planned rest moving as few seats as
it can, and `report` measures how fair a schedule is. A format drawn round by
round from the results has `next_round` and `night_over` instead. Each format is
defined once, in `formats.FORMAT_SPECS` (and `formats.TRIAL_SPECS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import seating
from .drawn import PlayedRound, PlayedTable, Results
from .formats import (
    FORMAT_SPECS,
    FORMATS,
    FormatSpec,
    SeatShape,
    check_request,
    per_round_formats,
    planned_formats,
    spec,
)
from .moves import SeatMoves, seat_moves
from .per_round import next_round, night_over
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
    "PlayedRound",
    "PlayedTable",
    "QualityReport",
    "Round",
    "Results",
    "RotationError",
    "Schedule",
    "SeatMoves",
    "Table",
    "generate",
    "next_round",
    "night_over",
    "measures",
    "per_round_formats",
    "planned_formats",
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
    if spec(format).per_round:
        raise RotationError("drawn_round_by_round", format=format)
    check_request(format, players, rounds)
    drawn = spec(format).generate(players, rounds, seed=seed, teams=teams)
    return Schedule(format=format, players=tuple(players), rounds=seating.arrange(drawn))
