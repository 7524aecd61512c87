"""Tie-break orders on hand-built cases: each metric gets to decide once."""

from __future__ import annotations

import pytest

from scoring.standings import (
    Bye,
    ByeRule,
    ByeValue,
    Metric,
    Outcome,
    head_to_head,
    order,
    parse_metrics,
    rank,
    regroup,
    standings,
    tally,
)
from tournaments.rotations import FORMAT_SPECS

from .helpers import game, heads_up, side


def places(rows):
    return [(row.competitor, row.place) for row in rows]


def test_total_points_decide_first():
    games = [heads_up(1, "A", 10, "B", 8)]
    rows = standings(games, metrics=[Metric.TOTAL_POINTS])
    assert places(rows) == [("A", 1), ("B", 2)]
    assert rows[1].decided_by is Metric.TOTAL_POINTS
    assert rows[0].decided_by is None


def test_games_won_break_a_tie_on_points():
    games = [
        heads_up(1, "A", 10, "X", 5),
        heads_up(2, "A", 2, "Y", 8),
        heads_up(1, "B", 6, "Z", 5),
        heads_up(2, "B", 6, "W", 5),
    ]
    rows = standings(games, metrics=[Metric.TOTAL_POINTS, Metric.WINS])
    top = [row for row in rows if row.competitor in "AB"]
    assert [(r.competitor, r.place) for r in top] == [("B", 1), ("A", 2)]
    assert top[1].decided_by is Metric.WINS


def test_points_difference_breaks_a_tie_on_wins():
    games = [heads_up(1, "A", 10, "X", 2), heads_up(1, "B", 10, "Y", 8, table=2)]
    rows = standings(games, competitors=["B", "A"], metrics=[Metric.WINS, Metric.POINTS_DIFFERENCE])
    assert places(rows)[:2] == [("A", 1), ("B", 2)]
    assert rows[1].decided_by is Metric.POINTS_DIFFERENCE


def test_head_to_head_separates_two_level_players():
    games = [
        heads_up(1, "A", 10, "B", 8),
        heads_up(2, "A", 8, "C", 10),
        heads_up(2, "B", 10, "D", 8, table=2),
    ]
    metrics = [Metric.TOTAL_POINTS, Metric.WINS, Metric.HEAD_TO_HEAD]
    rows = standings(games, competitors=["B", "A", "C", "D"], metrics=metrics)
    assert places(rows) == [("A", 1), ("B", 2), ("C", 3), ("D", 4)]
    assert rows[1].decided_by is Metric.HEAD_TO_HEAD


def test_head_to_head_only_counts_meetings_inside_the_tied_group():
    games = [heads_up(1, "A", 10, "B", 8), heads_up(2, "C", 10, "A", 8)]
    assert head_to_head(["A", "B"], games) == {"A": 1, "B": -1}
    assert head_to_head(["B", "C"], games) == {"B": 0, "C": 0}


def test_partners_never_count_as_meeting_head_to_head():
    games = [game(1, side(["A", "B"], 10), side(["C", "D"], 4))]
    assert head_to_head(["A", "B"], games) == {"A": 0, "B": 0}


def test_loners_made_break_a_tie():
    games = [
        game(1, side(["A", "B"], 10, loners={"B": 1}), side(["C", "D"], 4)),
    ]
    metrics = [Metric.TOTAL_POINTS, Metric.WINS, Metric.LONERS_MADE]
    rows = standings(games, competitors=["A", "B", "C", "D"], metrics=metrics)
    assert places(rows)[:2] == [("B", 1), ("A", 2)]
    assert rows[1].decided_by is Metric.LONERS_MADE


def test_euchres_made_break_a_tie():
    games = [game(1, side(["A", "B"], 6), side(["C", "D"], 6, euchres={"D": 2, "C": 1}))]
    rows = standings(games, metrics=[Metric.TOTAL_POINTS, Metric.EUCHRES_MADE])
    assert [row.competitor for row in rows[:2]] == ["D", "C"]
    assert rows[1].decided_by is Metric.EUCHRES_MADE


def test_fewest_opponent_points_break_a_tie():
    games = [heads_up(1, "A", 10, "X", 6), heads_up(1, "B", 10, "Y", 4, table=2)]
    rows = standings(
        games, competitors=["A", "B"], metrics=[Metric.TOTAL_POINTS, Metric.FEWEST_OPPONENT_POINTS]
    )
    assert places(rows)[:2] == [("B", 1), ("A", 2)]
    assert rows[1].decided_by is Metric.FEWEST_OPPONENT_POINTS


def test_a_tie_that_survives_every_metric_shares_the_place():
    games = [heads_up(1, "A", 10, "X", 6), heads_up(1, "B", 10, "Y", 6, table=2)]
    rows = standings(games, competitors=["A", "B", "X", "Y"], metrics=list(Metric))
    assert places(rows) == [("A", 1), ("B", 1), ("X", 3), ("Y", 3)]
    assert [row.shared for row in rows] == [True, True, True, True]
    assert rows[2].decided_by is Metric.TOTAL_POINTS
    assert rows[1].decided_by is None


def test_the_first_row_after_a_later_split_keeps_the_earlier_reason():
    # B falls below A on points; among B and C (level on points) C wins on loners,
    # so C heads that group and it is C that was set below A by points.
    games = [
        game(1, side(["A"], 12), side(["Z"], 0)),
        game(1, side(["B"], 8), side(["C"], 8, loners={"C": 1}), table=2),
    ]
    rows = standings(
        games, competitors=["A", "B", "C", "Z"], metrics=[Metric.TOTAL_POINTS, Metric.LONERS_MADE]
    )
    assert [(r.competitor, r.decided_by) for r in rows] == [
        ("A", None),
        ("C", Metric.TOTAL_POINTS),
        ("B", Metric.LONERS_MADE),
        ("Z", Metric.TOTAL_POINTS),
    ]


def test_an_empty_field_ranks_to_nothing():
    assert rank({}, list(Metric)) == []
    assert order([], []) == []


def test_named_competitors_who_have_not_played_are_listed_level():
    rows = standings([], competitors=["A", "B"], metrics=[Metric.TOTAL_POINTS])
    assert places(rows) == [("A", 1), ("B", 1)]


def test_draws_count_half_a_win():
    games = [
        heads_up(1, "A", 5, "B", 5),
        heads_up(2, "A", 4, "C", 6),
        heads_up(2, "B", 4, "D", 6, table=2),
    ]
    records = tally(games)
    assert (records["A"].won, records["A"].drawn, records["A"].lost) == (0, 1, 1)
    games.append(heads_up(3, "B", 4, "E", 3))
    rows = standings(games, competitors=["A", "B"], metrics=[Metric.WINS])
    assert rows[0].competitor == "B"


def test_recorded_winners_override_points():
    # A cutthroat game where two players reach the target on one hand: both won.
    g = game(1, side(["A"], 11, won=True), side(["B"], 10, won=True), side(["C"], 4, won=False))
    assert g.outcomes() == (Outcome.DRAWN, Outcome.DRAWN, Outcome.LOST)
    g = game(1, side(["A"], 10, won=True), side(["B"], 12, won=False))
    assert g.outcomes() == (Outcome.WON, Outcome.LOST)


def test_cutthroat_points_against_are_every_opponents_points():
    g = game(1, side(["A"], 10), side(["B"], 6), side(["C"], 2))
    records = tally([g])
    assert records["A"].points_against == 8
    assert (records["C"].won, records["C"].lost) == (0, 1)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        (ByeRule(ByeValue.NOTHING), 0),
        (ByeRule(ByeValue.FIXED, 7), 7),
        # 10 + 5 over two games is 7.5, rounded half up.
        (ByeRule(ByeValue.AVERAGE), 8),
    ],
)
def test_a_bye_is_worth_what_the_tournament_chose(rule, expected):
    games = [heads_up(1, "A", 10, "B", 2), heads_up(2, "A", 5, "C", 10)]
    records = tally(games, byes=[Bye(3, "A")], bye_rule=rule)
    assert records["A"].byes == 1
    assert records["A"].bye_points == expected
    assert records["A"].total_points == 15 + expected
    assert records["A"].points_difference == 15 - 12


def test_points_are_game_points_plus_bye_points_and_the_difference_leaves_byes_out():
    # The figures: 21 game points and a bye worth 7 make 28 points; 10 against
    # leave a difference of 11, from the game points alone.
    games = [heads_up(1, "A", 12, "B", 4), heads_up(2, "A", 9, "C", 6)]
    record = tally(games, byes=[Bye(3, "A")], bye_rule=ByeRule(ByeValue.FIXED, 7))["A"]
    assert (record.game_points, record.bye_points, record.total_points) == (21, 7, 28)
    assert (record.points_against, record.points_difference) == (10, 11)


@pytest.mark.parametrize(
    ("rule", "scores"),
    [
        (ByeRule(ByeValue.NOTHING), False),
        (ByeRule(ByeValue.FIXED, 0), False),
        (ByeRule(ByeValue.FIXED, 7), True),
        (ByeRule(ByeValue.AVERAGE), True),
    ],
)
def test_a_bye_scores_points_unless_it_is_worth_nothing(rule, scores):
    assert rule.scores_points is scores


def test_a_bye_before_any_game_is_worth_the_final_average():
    games = [heads_up(2, "A", 6, "B", 2)]
    records = tally(games, byes=[Bye(1, "A")], bye_rule=ByeRule(ByeValue.AVERAGE))
    assert records["A"].bye_points == 6


def test_players_regroup_into_teams_adding_loners_and_counting_each_euchre_once():
    # Both defenders are credited with each of their side's two euchres.
    games = [
        game(
            1,
            side(["a1", "a2"], 10, loners={"a1": 1}, euchres={"a1": 2, "a2": 2}),
            side(["b1", "b2"], 6, loners={"b1": 1, "b2": 1}),
        )
    ]
    team_of = {"a1": "A", "a2": "A", "b1": "B", "b2": "B"}
    team_games, team_byes = regroup(games, [Bye(2, "a1"), Bye(2, "a2")], team_of)
    records = tally(team_games, byes=team_byes)
    assert records["A"].played == 1
    assert (records["A"].loners_made, records["A"].euchres_made) == (1, 2)
    assert (records["B"].loners_made, records["B"].euchres_made) == (2, 0)
    assert records["A"].byes == 1


def test_every_format_ranks_by_default_with_metrics_the_standings_know():
    for spec in FORMAT_SPECS.values():
        assert parse_metrics(spec.standings_metrics)
        assert len(parse_metrics(spec.standings_metrics)) == len(spec.standings_metrics)


def test_metric_names_parse_in_order_without_repeats():
    assert parse_metrics(["wins", "total_points", "wins"]) == (Metric.WINS, Metric.TOTAL_POINTS)
    with pytest.raises(ValueError):
        parse_metrics(["style_points"])
