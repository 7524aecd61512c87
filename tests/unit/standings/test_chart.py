"""The running-total chart's axes: round-number ticks that cover every total."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.standings import running_chart
from scoring.standings.chart import tick_step


def test_ticks_are_round_numbers_from_zero_past_the_highest_total():
    chart = running_chart([(1, 6), (2, 14), (3, 23)])
    assert [points for _y, points in chart.y_ticks] == [0, 5, 10, 15, 20, 25]
    assert [label for _x, label in chart.x_ticks] == [1, 2, 3]
    assert [total for *_xy, _r, total in chart.dots] == [6, 14, 23]
    assert chart.y_ticks[0][0] == chart.baseline == chart.plot_bottom


@given(st.lists(st.integers(min_value=-20, max_value=400), min_size=1, max_size=12))
def test_every_dot_lies_inside_the_axes_and_on_their_scale(totals):
    chart = running_chart(list(enumerate(totals, start=1)))
    ticks = [points for _y, points in chart.y_ticks]
    assert 2 <= len(ticks) <= 6
    assert ticks[0] <= min(0, *totals) and ticks[-1] >= max(totals)
    step = ticks[1] - ticks[0]
    assert all(b - a == step for a, b in zip(ticks, ticks[1:], strict=False))
    assert str(step).strip("0") in ("1", "2", "5")
    y_of = {points: y for y, points in chart.y_ticks}
    scale = (y_of[ticks[0]] - y_of[ticks[-1]]) / (ticks[-1] - ticks[0])
    for x, y, _round, total in chart.dots:
        assert chart.left <= x <= chart.right
        assert chart.plot_top <= y <= chart.plot_bottom
        assert abs(y - (y_of[ticks[0]] - (total - ticks[0]) * scale)) < 0.2


def test_tick_steps():
    assert tick_step(201, -1) == 100  # 50 would take -50..250, six steps
    assert [tick_step(span) for span in (1, 4, 5, 6, 11, 16, 30, 99, 240)] == [
        1,
        1,
        1,
        2,
        5,
        5,
        10,
        20,
        50,
    ]
