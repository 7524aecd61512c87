"""The standings as they are at one moment, for a printout made later by a worker."""

from __future__ import annotations

from tournaments.models import Tournament
from tournaments.printing.cards import StandingsTable

from .exports import standings_print_table
from .night_standings import tournament_standings


def standings_snapshot(tournament: Tournament) -> StandingsTable:
    """The tournament's standings now, as the printed sheet shows them.

    Named by settings.PRINTING_STANDINGS_SNAPSHOT: printing asks for it without
    importing leagues, which builds on tournaments."""
    return standings_print_table(tournament_standings(tournament))
