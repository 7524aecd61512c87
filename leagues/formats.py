"""What a season asks of a night's format, read from the format facts in one place.

A season is for one game (the tournament's variant) and one family of formats:
players ranked each for themselves, or fixed teams. Which formats keep fixed teams and
which games they play are format facts, read from the rotations' registry
(tournaments/rotations/formats.py), not league rules.
"""

from __future__ import annotations

from tournaments.format_facts import fixed_teams
from tournaments.rotations import FORMAT_SPECS

from .models import Family


def format_family(fmt: str) -> Family:
    """The family of a tournament format: fixed teams, or each player for themselves."""
    return Family.TEAM if fixed_teams(fmt) else Family.INDIVIDUAL


def fits_season(season, tournament) -> bool:
    """Whether `tournament` is the season's game, played in the season's family."""
    return tournament.variant == season.variant and (
        format_family(tournament.format) == season.family
    )


def formats_for(variant: str, family: str) -> list[str]:
    """The tournament formats a season of `variant` and `family` takes (maybe none)."""
    return [
        fmt
        for fmt, spec in FORMAT_SPECS.items()
        if variant in spec.variants and format_family(fmt) == family
    ]
