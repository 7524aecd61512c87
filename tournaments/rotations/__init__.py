"""Seating rotations for Euchre events: pure Python, no Django.

`generate` draws a whole schedule for one format, `replan` plans the rest of an
event whose field changed, and `report` measures how fair a schedule is.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import cutthroat, heads_up, progressive, seating
from .quality import QualityReport, report
from .replan import TEAM_SIZE, check_request, replan
from .round_robin import entrant_rounds, group_teams
from .schedule import FORMATS, RotationError, Round, Schedule, Table

__all__ = [
    "FORMATS",
    "QualityReport",
    "Round",
    "RotationError",
    "Schedule",
    "Table",
    "generate",
    "replan",
    "report",
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
    if format == "progressive":
        drawn = progressive.generate(players, rounds, seed=seed)
    elif format == "cutthroat":
        drawn = cutthroat.generate(players, rounds, seed=seed)
    elif format == "heads-up":
        drawn = heads_up.generate(players, rounds, seed=seed)
    else:
        entrants = group_teams(players, TEAM_SIZE[format], teams)
        drawn = entrant_rounds(entrants, rounds, seed=seed)
    return Schedule(format=format, players=tuple(players), rounds=seating.arrange(drawn))
