"""What a season asks of a night's format, read from the format facts in one place.

A season is for one game (the tournament's variant) and one family of formats:
players ranked each for themselves, or fixed teams. Which formats keep fixed teams is
a format fact, not a league rule; the lead points `_team_size` at the formats
registry (tournaments/rotations/formats.py) once it lands: `_team_size` and
`formats_for` are the only two readers of the format facts here.
"""

from __future__ import annotations

from tournaments.services import FORMAT_VARIANTS, TEAM_SIZES

from .models import Family


def _team_size(fmt: str) -> int | None:
    return TEAM_SIZES.get(fmt)


def format_family(fmt: str) -> Family:
    """The family of a tournament format: fixed teams, or each player for themselves."""
    return Family.TEAM if _team_size(fmt) else Family.INDIVIDUAL


def fits_season(season, tournament) -> bool:
    """Whether `tournament` is the season's game, played in the season's family."""
    return tournament.variant == season.variant and (
        format_family(tournament.format) == season.family
    )


def formats_for(variant: str, family: str) -> list[str]:
    """The tournament formats a season of `variant` and `family` takes (maybe none)."""
    return [
        fmt
        for fmt, variants in FORMAT_VARIANTS.items()
        if variant in variants and format_family(fmt) == family
    ]
