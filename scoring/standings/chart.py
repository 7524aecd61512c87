"""Geometry for a small running-total line chart; the page draws it as inline SVG."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str  # "x,y x,y ..." for an SVG polyline
    dots: tuple[tuple[float, float, int, int], ...]  # x, y, round label, running total
    top: int  # the value the top edge stands for
    baseline: float  # y of zero


def running_chart(
    totals: Sequence[tuple[int, int]], *, width: int = 320, height: int = 120, margin: int = 14
) -> Chart:
    """A polyline through (round, running total) pairs, starting from zero before round 1.

    Rounds are spaced evenly rather than by number, so a round missing from the
    list leaves no gap that would read as a loss of points.
    """
    values = [0] + [total for _, total in totals]
    top = max(max(values), 1)
    bottom = min(min(values), 0)
    span = top - bottom
    steps = max(len(values) - 1, 1)
    usable_w = width - 2 * margin
    usable_h = height - 2 * margin

    def x_of(i: int) -> float:
        return round(margin + usable_w * i / steps, 1)

    def y_of(v: int) -> float:
        return round(margin + usable_h * (top - v) / span, 1)

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
        top=top,
        baseline=y_of(0),
    )
