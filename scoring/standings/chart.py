"""Geometry for a small running-total line chart; the page draws it as inline SVG.

The chart has a y axis of points with round-number ticks, an x axis of rounds and
each round's running total written above its dot, so a player reads values off it
rather than guessing from a bare line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str  # "x,y x,y ..." for an SVG polyline
    dots: tuple[tuple[float, float, int, int], ...]  # x, y, round label, running total
    top: int  # the highest running total
    baseline: float  # y of zero
    left: float  # the plot area, inside the axes' labels
    right: float
    plot_top: float
    plot_bottom: float
    y_ticks: tuple[tuple[float, int], ...]  # y, points
    x_ticks: tuple[tuple[float, int], ...]  # x, round label

    @property
    def middle(self) -> float:
        return round((self.left + self.right) / 2, 1)


def tick_step(highest: int, lowest: int = 0, *, most: int = 5) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... whose multiples cover lowest..highest
    in at most `most` steps."""
    span = max(highest - lowest, 1)
    magnitude = 10 ** max(int(math.log10(span)) - 1, 0)
    while True:
        for factor in (1, 2, 5):
            step = factor * magnitude
            if math.ceil(highest / step) - math.floor(lowest / step) <= most:
                return step
        magnitude *= 10


def running_chart(
    totals: Sequence[tuple[int, int]],
    *,
    width: int = 360,
    height: int = 190,
    left: int = 38,
    right: int = 14,
    top: int = 24,
    bottom: int = 36,
) -> Chart:
    """A polyline through (round, running total) pairs, starting from zero before round 1.

    Rounds are spaced evenly rather than by number, so a round missing from the
    list leaves no gap that would read as a loss of points. The margins leave room
    for the tick labels (left, bottom), the axis title (bottom) and the values
    written above the dots (top).
    """
    values = [0] + [total for _, total in totals]
    highest, lowest = max(max(values), 1), min(min(values), 0)
    step = tick_step(highest, lowest)
    axis_top = math.ceil(highest / step) * step
    axis_bottom = math.floor(lowest / step) * step
    span = axis_top - axis_bottom
    steps = max(len(values) - 1, 1)
    x0, x1 = left, width - right
    y0, y1 = top, height - bottom

    def x_of(i: int) -> float:
        return round(x0 + (x1 - x0) * i / steps, 1)

    def y_of(v: int) -> float:
        return round(y0 + (y1 - y0) * (axis_top - v) / span, 1)

    coords = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
    dots = tuple(
        (x, y, round_number, total)
        for (x, y), (round_number, total) in zip(coords[1:], totals, strict=True)
    )
    return Chart(
        width=width,
        height=height,
        points=" ".join(f"{x},{y}" for x, y in coords),
        dots=dots,
        top=max(values),
        baseline=y_of(0),
        left=x0,
        right=x1,
        plot_top=y0,
        plot_bottom=y1,
        y_ticks=tuple((y_of(v), v) for v in range(axis_bottom, axis_top + 1, step)),
        x_ticks=tuple((x, round_number) for x, _y, round_number, _total in dots),
    )
