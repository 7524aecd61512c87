"""The standings as they are at one moment, for a printout made later by a worker."""

from __future__ import annotations

from tournaments.models import Tournament
from tournaments.printing.cards import StandingsTable

from .exports import standings_print_table
from .standings import tournament_standings


def standings_snapshot(tournament: Tournament) -> StandingsTable:
    """The tournament's standings now, as the printed sheet shows them."""
    return standings_print_table(tournament_standings(tournament))
