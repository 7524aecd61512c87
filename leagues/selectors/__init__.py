"""Reads for league seasons: their standings over many nights, members and exports.

A night's own standings are scoring's (scoring.night_standings); seasons build on them.
"""

from .seasons import (
    SEASON_DECIDED_BY_LABELS,
    SeasonStandingRow,
    SeasonStandings,
    nights_to_add,
    season_document,
    season_for_view,
    season_game_text,
    season_members,
    season_rule,
    season_rule_text,
    season_standings,
    season_table,
    seasons_for,
    unlinked_players,
)

__all__ = [
    "SEASON_DECIDED_BY_LABELS",
    "SeasonStandingRow",
    "SeasonStandings",
    "nights_to_add",
    "season_document",
    "season_for_view",
    "season_game_text",
    "season_members",
    "season_rule",
    "season_rule_text",
    "season_standings",
    "season_table",
    "seasons_for",
    "unlinked_players",
]
