"""Reads for one night's standings: its tally, settings, ranked rows, a player's night,
exports and the snapshot printing takes.

Everything for a set of tournaments comes in a fixed number of flat queries
(values_list, no model instances for seats and results), so a season of many
nights costs the same number of queries as one night; scoring.standings does the maths.
Seasons (leagues) build on these; nothing here knows of seasons.
"""

from .exports import (
    results_document,
    results_table,
    standings_document,
    standings_print_table,
    standings_table,
)
from .player import (
    OUTCOME_LABELS,
    HistoryLine,
    PlayerNight,
    player_night,
)
from .settings import (
    bye_rule,
    bye_text,
    loners_possible,
    offered_metrics,
    ranking_metrics,
    standings_settings,
)
from .snapshots import standings_snapshot
from .standings import (
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
from .tally import (
    Night,
    PlayerInfo,
    SideResult,
    TableLine,
    load_games,
    load_night,
    load_nights,
    tally_records,
)

__all__ = [
    "DECIDED_BY_LABELS",
    "HistoryLine",
    "Night",
    "OUTCOME_LABELS",
    "PlayerInfo",
    "PlayerNight",
    "RankedNight",
    "ShownLine",
    "SideResult",
    "StandingRow",
    "Standings",
    "TableLine",
    "bye_rule",
    "bye_text",
    "load_games",
    "load_night",
    "load_nights",
    "loners_possible",
    "night_standings",
    "offered_metrics",
    "player_night",
    "public_tournament",
    "rank_night",
    "ranking_metrics",
    "results_document",
    "results_table",
    "standings_document",
    "standings_print_table",
    "standings_settings",
    "standings_snapshot",
    "standings_table",
    "tally_records",
    "tournament_standings",
]
