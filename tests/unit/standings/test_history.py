from __future__ import annotations

from scoring.standings import Bye, ByeRule, ByeValue, Outcome, history, running_chart

from .helpers import game, side


def test_history_names_partner_and_opponents_round_by_round():
    games = [
        game(2, side(["A", "C"], 4), side(["B", "D"], 9)),
        game(1, side(["A", "B"], 7), side(["C", "D"], 3)),
    ]
    lines = history("A", games, byes=[Bye(3, "A")], bye_rule=ByeRule(ByeValue.FIXED, 5))
    assert [(x.round, x.partners, x.opponents, x.outcome) for x in lines] == [
        (1, ("B",), (("C", "D"),), Outcome.WON),
        (2, ("C",), (("B", "D"),), Outcome.LOST),
        (3, (), (), Outcome.BYE),
    ]
    assert [line.running_total for line in lines] == [7, 11, 16]
    assert lines[2].table is None


def test_chart_starts_from_zero_and_rises_with_the_total():
    chart = running_chart(
        [(1, 5), (2, 12), (3, 12)], width=100, height=50, left=0, right=0, top=0, bottom=0
    )
    coords = [tuple(map(float, pair.split(","))) for pair in chart.points.split()]
    assert coords[0] == (0.0, 50.0) and chart.baseline == 50.0
    assert coords[-1][0] == 100.0
    assert coords[2][1] == coords[3][1] < coords[1][1] < coords[0][1]
    # The axis runs to the round number above the top total: 12 of 15 points.
    assert chart.y_ticks[-1] == (0.0, 15) and coords[2][1] == 10.0
    assert [dot[2:] for dot in chart.dots] == [(1, 5), (2, 12), (3, 12)]


def test_chart_with_no_rounds_is_a_flat_point():
    chart = running_chart([])
    assert chart.dots == ()
    assert chart.points.count(",") == 1
