"""The ranking a format drawn round by round is seated from: the night's played
tables ranked by the standings maths, in the format's default metric order."""

from __future__ import annotations

from scoring.standings import ByeRule, ByeValue
from tournaments.drawn_ranking import drawn_standings, games_and_byes, ranking
from tournaments.rotations import PlayedRound, PlayedTable, Results

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve")


def _night(*tables: PlayedTable, byes=("Eve",)) -> Results:
    return Results(PLAYERS, (PlayedRound(1, tables, byes),))


def test_before_any_round_nobody_is_ranked_so_the_seed_order_stands():
    assert ranking(Results(PLAYERS), format="seated-by-standings") == ()


def test_a_late_arrival_in_no_round_yet_is_left_out_of_the_ranking():
    night = Results(
        (*PLAYERS, "Fay"),
        (PlayedRound(1, (PlayedTable(1, (("Ann", "Bob"), ("Cat", "Dan")), (4, 9)),), ("Eve",)),),
    )
    assert ranking(night, format="seated-by-standings") == ("Cat", "Dan", "Ann", "Bob", "Eve")


def test_points_rank_first_and_a_bye_is_worth_nothing_by_default():
    night = _night(PlayedTable(1, (("Ann", "Bob"), ("Cat", "Dan")), (4, 9)))
    assert ranking(night, format="seated-by-standings") == ("Cat", "Dan", "Ann", "Bob", "Eve")


def test_a_tie_goes_to_the_side_decided_by_on_wins():
    night = _night(PlayedTable(1, (("Ann", "Bob"), ("Cat", "Dan")), (7, 7), decided_by=1))
    assert ranking(night, ["total_points", "wins"]) == ("Cat", "Dan", "Ann", "Bob", "Eve")
    rows = drawn_standings(night, ["total_points", "wins"])
    assert [(row.competitor, row.record.won, row.record.lost) for row in rows[:4]] == [
        ("Cat", 1, 0),
        ("Dan", 1, 0),
        ("Ann", 0, 1),
        ("Bob", 0, 1),
    ]


def test_a_table_still_without_points_counts_for_nothing_yet():
    night = _night(PlayedTable(1, (("Ann", "Bob"), ("Cat", "Dan"))))
    games, byes = games_and_byes(night)
    assert games == [] and [b.competitor for b in byes] == ["Eve"]
    # Everyone level on nothing: the seed order.
    assert ranking(night, format="seated-by-standings") == PLAYERS


def test_the_site_can_rank_with_its_own_metrics_and_bye_rule():
    night = _night(PlayedTable(1, (("Ann", "Bob"), ("Cat", "Dan")), (4, 3)))
    worth_five = ByeRule(ByeValue.FIXED, 5)
    assert ranking(night, ["total_points"], bye_rule=worth_five)[0] == "Eve"
