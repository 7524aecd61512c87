"""quality.report counts fairness figures from the schedule alone."""

import json

from tournaments.rotations.quality import report
from tournaments.rotations.schedule import Round, Schedule, Table


def _two_rounds_of_five() -> Schedule:
    return Schedule(
        format="progressive",
        players=("a", "b", "c", "d", "e"),
        rounds=(
            Round(1, (Table(1, (("a", "b"), ("c", "d"))),), ("e",)),
            Round(2, (Table(1, (("a", "c"), ("b", "e"))),), ("d",)),
            Round(3, (Table(2, (("a", "b"), ("d", "e"))),), ("c",)),
        ),
    )


def test_partner_repeats_count_meetings_beyond_the_first():
    figures = report(_two_rounds_of_five())
    assert figures.partner_repeats == 1  # a and b partner twice
    assert figures.max_partner_meetings == 2


def test_opponent_histogram_includes_pairs_that_never_met():
    figures = report(_two_rounds_of_five())
    # Opponent meetings: ac ad bc bd | ab ae bc ce | ad ae bd be.
    assert figures.opponent_histogram == {0: 2, 1: 4, 2: 4}
    assert sum(figures.opponent_histogram.values()) == 10
    assert figures.max_opponent_meetings == 2


def test_table_meetings_count_partners_and_opponents_alike():
    assert report(_two_rounds_of_five()).max_table_meetings == 3  # a and b


def test_byes_and_bye_runs():
    schedule = Schedule(
        format="cutthroat",
        players=("a", "b", "c", "d"),
        rounds=(
            Round(1, (Table(1, (("a",), ("b",), ("c",))),), ("d",)),
            Round(2, (Table(1, (("a",), ("b",), ("c",))),), ("d",)),
            Round(3, (Table(1, (("a",), ("b",), ("d",))),), ("c",)),
        ),
    )
    figures = report(schedule)
    assert figures.byes_per_player == {"a": 0, "b": 0, "c": 1, "d": 2}
    assert (figures.byes_min, figures.byes_max, figures.longest_bye_run) == (0, 2, 2)
    assert figures.partner_repeats == 0 and figures.max_partner_meetings == 0
    assert figures.seat_balance["a"] == (3, 0, 0)
    assert figures.max_seat_imbalance == 3


def test_seat_balance_counts_north_south_against_east_west():
    figures = report(_two_rounds_of_five())
    assert figures.seat_balance["a"] == (3, 0)
    assert figures.seat_balance["e"] == (0, 2)
    assert figures.max_seat_imbalance == 3


def test_table_moves_skip_byes_and_count_number_changes():
    schedule = Schedule(
        format="heads-up",
        players=("a", "b", "c", "d", "e"),
        rounds=(
            Round(1, (Table(1, (("a",), ("b",))), Table(2, (("c",), ("d",)))), ("e",)),
            Round(2, (Table(1, (("a",), ("c",))), Table(2, (("b",), ("e",)))), ("d",)),
            Round(3, (Table(1, (("d",), ("e",))), Table(2, (("a",), ("b",)))), ("c",)),
        ),
    )
    # r2: b 1->2, c 2->1; r3: d 2->1 (after a bye), e 2->1, a 1->2; b stays at 2.
    assert report(schedule).table_moves == 5


def test_as_dict_is_json_safe():
    data = report(_two_rounds_of_five()).as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["opponent_histogram"] == {"0": 2, "1": 4, "2": 4}


def test_empty_schedule_reports_zeroes():
    figures = report(Schedule(format="teams", players=("a", "b", "c", "d")))
    assert figures.rounds == 0
    assert figures.opponent_histogram == {0: 6}
    assert figures.table_moves == 0 and figures.byes_max == 0
