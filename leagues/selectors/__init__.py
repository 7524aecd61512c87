"""Reads for standings, player histories, exports and seasons.

Everything for a set of tournaments comes in a fixed number of flat queries
(values_list, no model instances for seats and results), so a season of many
nights costs the same number of queries as one night; scoring.standings does the maths.
"""

from .exports import (
    results_document,
    results_table,
    standings_document,
    standings_print_table,
    standings_table,
)
from .night_standings import (
    DECIDED_BY_LABELS,
    RankedNight,
    ShownLine,
    StandingRow,
    Standings,
    night_standings,
    public_tournament,
    rank_night,
    tournament_standings,
)
from .nights import (
    Night,
    PlayerInfo,
    SideResult,
    TableLine,
    load_night,
    load_nights,
    tally_records,
)
from .player_night import (
    OUTCOME_LABELS,
    HistoryLine,
    PlayerNight,
    player_night,
)
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
from .settings import (
    bye_rule,
    bye_text,
    is_team_event,
    loners_possible,
    offered_metrics,
    ranking_metrics,
    standings_settings,
)

__all__ = [
    "DECIDED_BY_LABELS",
    "HistoryLine",
    "Night",
    "OUTCOME_LABELS",
    "PlayerInfo",
    "PlayerNight",
    "RankedNight",
    "SEASON_DECIDED_BY_LABELS",
    "SeasonStandingRow",
    "SeasonStandings",
    "ShownLine",
    "SideResult",
    "StandingRow",
    "Standings",
    "TableLine",
    "bye_rule",
    "bye_text",
    "is_team_event",
    "load_night",
    "load_nights",
    "loners_possible",
    "night_standings",
    "nights_to_add",
    "offered_metrics",
    "player_night",
    "public_tournament",
    "rank_night",
    "ranking_metrics",
    "results_document",
    "results_table",
    "season_document",
    "season_for_view",
    "season_game_text",
    "season_members",
    "season_rule",
    "season_rule_text",
    "season_standings",
    "season_table",
    "seasons_for",
    "standings_document",
    "standings_print_table",
    "standings_settings",
    "standings_table",
    "tally_records",
    "tournament_standings",
    "unlinked_players",
]
