"""One competitor's night, round by round, and the running total behind the chart."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .records import NOTHING_FOR_A_BYE, Bye, ByeRule, Competitor, Game, Outcome, tally


@dataclass(frozen=True)
class RoundLine:
    round: int
    table: int | None  # None for a bye
    partners: tuple[Competitor, ...]
    opponents: tuple[tuple[Competitor, ...], ...]  # one tuple per opposing side
    points_for: int
    points_against: int
    outcome: Outcome
    running_total: int


def history(
    competitor: Competitor,
    games: Iterable[Game],
    *,
    byes: Iterable[Bye] = (),
    bye_rule: ByeRule = NOTHING_FOR_A_BYE,
) -> list[RoundLine]:
    """Every round `competitor` played or sat out, in round order."""
    game_list = list(games)
    bye_list = [bye for bye in byes if bye.competitor == competitor]
    own_games = [
        (game, index)
        for game in game_list
        for index, side in enumerate(game.sides)
        if competitor in side.competitors
    ]
    # The bye's worth can depend on the whole night (an average), exactly as in the
    # standings, so it comes from the same tally.
    record = tally([g for g, _ in own_games], competitors=[competitor], bye_rule=bye_rule)[
        competitor
    ]
    bye_worth = bye_rule.worth(record)
    lines: list[tuple[int, int, RoundLine]] = []
    for game, index in own_games:
        side = game.sides[index]
        lines.append(
            (
                game.round,
                game.table,
                RoundLine(
                    round=game.round,
                    table=game.table,
                    partners=tuple(c for c in side.competitors if c != competitor),
                    opponents=tuple(
                        other.competitors
                        for other_index, other in enumerate(game.sides)
                        if other_index != index
                    ),
                    points_for=side.points,
                    points_against=sum(s.points for s in game.sides) - side.points,
                    outcome=game.outcomes()[index],
                    running_total=0,
                ),
            )
        )
    for bye in bye_list:
        lines.append(
            (
                bye.round,
                0,
                RoundLine(bye.round, None, (), (), bye_worth, 0, Outcome.BYE, 0),
            )
        )
    lines.sort(key=lambda line: (line[0], line[1]))
    running = 0
    result = []
    for _, _, line in lines:
        running += line.points_for
        result.append(
            RoundLine(
                line.round,
                line.table,
                line.partners,
                line.opponents,
                line.points_for,
                line.points_against,
                line.outcome,
                running,
            )
        )
    return result
