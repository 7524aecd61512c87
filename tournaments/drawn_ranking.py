"""The standings a format drawn round by round is seated from, worked out from the
night's results (`rotations.Results`) by the scoring side's standings maths.

The two pure cores stay apart: the rotations core seats from a ranking and knows
no standings rule, the standings maths ranks games and knows no seating. This
module, above both, turns played tables into games and ranks them, for the
`next_round` command and for the site's draw alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.standings import (
    NOTHING_FOR_A_BYE,
    Bye,
    ByeRule,
    Entry,
    Game,
    Row,
    Side,
    parse_metrics,
    standings,
)
from tournaments.rotations import PlayedTable, Results, spec


def games_and_byes(results: Results) -> tuple[list[Game], list[Bye]]:
    """Every table with its points as a game, and every bye, for the standings maths.

    A table still without points is left out: the standings count what is confirmed.
    Where the points tie, `decided_by` names the side that won the tie.
    """
    games = [
        Game(played.number, table.number, _sides(table))
        for played in results.rounds
        for table in played.tables
        if table.points is not None
    ]
    byes = [Bye(played.number, player) for played in results.rounds for player in played.byes]
    return games, byes


def _sides(table: PlayedTable) -> tuple[Side, ...]:
    assert table.points is not None
    return tuple(
        Side(
            tuple(Entry(player) for player in side),
            points,
            None if table.decided_by is None else index == table.decided_by,
        )
        for index, (side, points) in enumerate(zip(table.sides, table.points, strict=True))
    )


def drawn_standings(
    results: Results, metrics: Sequence[str], *, bye_rule: ByeRule = NOTHING_FOR_A_BYE
) -> list[Row]:
    """The standings rows of the night so far, every player in `results.players`
    listed (one who has not played yet has an empty row); players level on every
    metric keep their seed order."""
    games, byes = games_and_byes(results)
    return standings(
        games,
        metrics=parse_metrics(metrics),
        competitors=results.players,
        byes=byes,
        bye_rule=bye_rule,
    )


def ranking(
    results: Results,
    metrics: Sequence[str] | None = None,
    *,
    format: str | None = None,
    bye_rule: ByeRule = NOTHING_FOR_A_BYE,
) -> tuple[str, ...]:
    """The players in standings order, as a per-round format's `ranking`: by
    `metrics` (metric names, best first), or by `format`'s default order.

    Only players the rounds drawn so far seated or gave a bye are ranked: a late
    arrival, in no round yet, is left for the format to place after them (before
    round 1 nobody is ranked, and the seed order stands).
    """
    if metrics is None:
        if format is None:
            raise TypeError("ranking() needs metrics or a format")
        metrics = spec(format).standings_metrics
    drawn = {p for played in results.rounds for p in (*played.seated, *played.byes)}
    rows = drawn_standings(results, metrics, bye_rule=bye_rule)
    return tuple(str(row.competitor) for row in rows if row.competitor in drawn)
