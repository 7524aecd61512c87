"""Standings maths: pure Python beside the rules engine (no Django, no database).

Plain dataclasses go in (games, byes, night results), plain rows come out; the
database side in `scoring.night_standings` does the reading.
"""

from .chart import Chart, running_chart
from .history import RoundLine, history
from .ranking import (
    Metric,
    Placed,
    Row,
    games_won,
    head_to_head,
    metric_value,
    order,
    order_by_values,
    parse_metrics,
    possible_metrics,
    rank,
)
from .records import (
    NOTHING_FOR_A_BYE,
    Bye,
    ByeRule,
    ByeValue,
    Competitor,
    Entry,
    Game,
    Outcome,
    Record,
    Side,
    credit_byes,
    regroup,
    tally,
)
from .season import (
    SEASON_METRICS,
    MissedNight,
    NightResult,
    NightScore,
    SeasonMetric,
    SeasonPoints,
    SeasonRow,
    SeasonRule,
    season_standings,
)


def standings(
    games,
    *,
    metrics,
    competitors=(),
    byes=(),
    bye_rule: ByeRule = NOTHING_FOR_A_BYE,
) -> list[Row]:
    """Tally then rank: the one call a page needs."""
    game_list = list(games)
    records = tally(game_list, competitors=competitors, byes=byes, bye_rule=bye_rule)
    return rank(records, metrics, game_list)


__all__ = [
    "SEASON_METRICS",
    "Bye",
    "ByeRule",
    "ByeValue",
    "Chart",
    "Competitor",
    "Entry",
    "FormatFacts",
    "Game",
    "Metric",
    "MissedNight",
    "NightResult",
    "NightScore",
    "Outcome",
    "Placed",
    "Record",
    "RoundLine",
    "Row",
    "SeasonMetric",
    "SeasonPoints",
    "SeasonRow",
    "SeasonRule",
    "Side",
    "credit_byes",
    "games_won",
    "head_to_head",
    "history",
    "metric_value",
    "order",
    "order_by_values",
    "parse_metrics",
    "possible_metrics",
    "rank",
    "regroup",
    "running_chart",
    "season_standings",
    "standings",
    "tally",
]
