"""Ordering competitors by the organiser's list of metrics, one tie-break after another.

Each metric only splits the groups the metrics before it left tied; whoever is still
level after the last one shares the place, and the rows say so.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Generic, TypeVar

from .records import Competitor, Game, Outcome, Record

Item = TypeVar("Item", bound=Hashable)
# A tie-break gets the group still tied and gives each member a key; higher is better.
KeyFunction = Callable[[Sequence[Item]], Mapping[Item, object]]


class Metric(StrEnum):
    TOTAL_POINTS = "total_points"
    WINS = "wins"
    POINTS_DIFFERENCE = "points_difference"
    HEAD_TO_HEAD = "head_to_head"
    LONERS_MADE = "loners_made"
    EUCHRES_MADE = "euchres_made"
    FEWEST_OPPONENT_POINTS = "fewest_opponent_points"


def possible_metrics(metrics: Iterable[Metric], *, loners: bool) -> tuple[Metric, ...]:
    """`metrics` less those that cannot happen in the game: loners made where nobody may
    go alone (two-handed). Such a metric is zero for everyone, so it never decides a place;
    shown, it would only suggest the game has loners."""
    return tuple(m for m in metrics if loners or m is not Metric.LONERS_MADE)


def games_won(record: Record) -> Decimal:
    """The wins metric as ranked: a draw is half a win, so 2 wins and 1 draw are 2.5.

    A Decimal, so it prints "2" or "2.5" (in the reader's decimal sign) and stays a number.
    """
    return Decimal(2 * record.won + record.drawn) / 2


def parse_metrics(names: Iterable[str]) -> tuple[Metric, ...]:
    """Metrics from their names, in order, each once; ValueError names an unknown one."""
    metrics: list[Metric] = []
    for name in names:
        metric = Metric(name)
        if metric not in metrics:
            metrics.append(metric)
    return tuple(metrics)


@dataclass(frozen=True)
class Placed(Generic[Item]):
    place: int
    item: Item
    shared: bool  # level with someone else after every tie-break
    decided_by: object | None  # the tie-break that put this one below the one above


def order_by_values(
    items: Sequence[Item], labels: Sequence[object], values: Mapping[Item, tuple]
) -> list[Placed[Item]]:
    """`order` for tie-breaks that do not depend on the group: one sort on whole key tuples.

    Sorting on (first metric, second metric, ...) splits exactly as applying the
    metrics one after another does, and the first metric two neighbours differ on is
    the one that separated them.
    """
    ranked = sorted(items, key=lambda item: values[item], reverse=True)
    # reverse=True keeps the sort stable: equal items stay in their given order.
    placed: list[Placed[Item]] = []
    start = 0
    while start < len(ranked):
        end = start + 1
        key = values[ranked[start]]
        while end < len(ranked) and values[ranked[end]] == key:
            end += 1
        decided_by = None
        if start:
            before = values[ranked[start - 1]]
            decided_by = next(
                label for label, a, b in zip(labels, before, key, strict=True) if a != b
            )
        shared = end - start > 1
        for index in range(start, end):
            placed.append(
                Placed(start + 1, ranked[index], shared, decided_by if index == start else None)
            )
        start = end
    return placed


def order(
    items: Sequence[Item], tie_breaks: Sequence[tuple[object, KeyFunction]]
) -> list[Placed[Item]]:
    """`items` ranked by `tie_breaks` in turn; items left level keep their given order."""
    # Each group carries the tie-break that set it below the group before it.
    groups: list[tuple[list[Item], object | None]] = [(list(items), None)] if items else []
    for label, key_function in tie_breaks:
        split: list[tuple[list[Item], object | None]] = []
        for group, decided_by in groups:
            if len(group) == 1:
                split.append((group, decided_by))
                continue
            keys = key_function(group)
            buckets: dict[object, list[Item]] = defaultdict(list)
            for item in group:
                buckets[keys[item]].append(item)
            for index, key in enumerate(sorted(buckets, reverse=True)):
                split.append((buckets[key], label if index else decided_by))
        groups = split
    placed: list[Placed[Item]] = []
    for group, decided_by in groups:
        place = len(placed) + 1
        shared = len(group) > 1
        for index, item in enumerate(group):
            placed.append(Placed(place, item, shared, None if index else decided_by))
    return placed


@dataclass(frozen=True)
class Row:
    place: int
    competitor: Competitor
    record: Record
    shared: bool
    decided_by: Metric | None


def rank(
    records: Mapping[Competitor, Record],
    metrics: Sequence[Metric],
    games: Iterable[Game] = (),
) -> list[Row]:
    """The standings: one row per record, best first.

    `games` are only read for head-to-head, between the members of a tied group.
    """
    if Metric.HEAD_TO_HEAD in metrics:
        game_list = list(games)
        tie_breaks = [(metric, _key_function(metric, records, game_list)) for metric in metrics]
        placed = order(list(records), tie_breaks)
    else:
        readers = [_PLAIN[metric] for metric in metrics]
        values = {c: tuple(read(r) for read in readers) for c, r in records.items()}
        placed = order_by_values(list(records), list(metrics), values)
    return [Row(p.place, p.item, records[p.item], p.shared, p.decided_by) for p in placed]


def metric_value(metric: Metric, record: Record) -> int:
    """What a row shows for `metric` (head-to-head depends on the group, so it shows none)."""
    return _PLAIN[metric](record) if metric in _PLAIN else 0


_PLAIN: dict[Metric, Callable[[Record], int]] = {
    Metric.TOTAL_POINTS: lambda r: r.total_points,
    # A draw is half a win: twice the wins plus the draws orders the same way.
    Metric.WINS: lambda r: 2 * r.won + r.drawn,
    Metric.POINTS_DIFFERENCE: lambda r: r.points_difference,
    Metric.LONERS_MADE: lambda r: r.loners_made,
    Metric.EUCHRES_MADE: lambda r: r.euchres_made,
    Metric.FEWEST_OPPONENT_POINTS: lambda r: -r.points_against,
}


def _key_function(
    metric: Metric, records: Mapping[Competitor, Record], games: list[Game]
) -> KeyFunction:
    if metric is Metric.HEAD_TO_HEAD:
        return lambda group: head_to_head(group, games)
    read = _PLAIN[metric]
    return lambda group: {c: read(records[c]) for c in group}


_STANDING = {Outcome.WON: 2, Outcome.DRAWN: 1, Outcome.LOST: 0}


def head_to_head(group: Sequence[Competitor], games: Iterable[Game]) -> dict[Competitor, int]:
    """Net results between members of `group` when they sat on opposite sides.

    Each meeting of two members counts once for each of them: +1 to whoever's side
    finished ahead (by result, then points), -1 to the other.
    """
    members = set(group)
    net = dict.fromkeys(group, 0)
    for game in games:
        seated = [
            (side_index, c)
            for side_index, side in enumerate(game.sides)
            for c in side.competitors
            if c in members
        ]
        if len(seated) < 2:
            continue
        outcomes = game.outcomes()
        strength = [
            (_STANDING[outcome], side.points)
            for outcome, side in zip(outcomes, game.sides, strict=True)
        ]
        for i, (side_a, a) in enumerate(seated):
            for side_b, b in seated[i + 1 :]:
                if side_a == side_b or strength[side_a] == strength[side_b]:
                    continue
                if strength[side_a] > strength[side_b]:
                    net[a] += 1
                    net[b] -= 1
                else:
                    net[a] -= 1
                    net[b] += 1
    return net
