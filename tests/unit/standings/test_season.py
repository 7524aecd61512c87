from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.standings import MissedNight, NightResult, SeasonMetric, SeasonRule, season_standings


def results(table):
    return [
        NightResult(night, member, points, place)
        for member, nights in table.items()
        for night, (points, place) in nights.items()
    ]


NIGHTS = [1, 2, 3]
TABLE = {
    "ann": {1: (50, 1), 2: (30, 3), 3: (40, 2)},
    "bob": {1: (45, 2), 2: (48, 1)},
    "cat": {2: (40, 2), 3: (60, 1)},
}


def test_every_night_counts_and_a_missed_night_scores_nothing():
    rows = season_standings(NIGHTS, results(TABLE))
    assert [(r.member, r.season_points, r.place) for r in rows] == [
        ("ann", 120, 1),
        ("cat", 100, 2),
        ("bob", 93, 3),
    ]
    bob = rows[2]
    assert [(n.points, n.played) for n in bob.nights] == [(45, True), (48, True), (0, False)]


def test_best_two_nights_count():
    rows = season_standings(NIGHTS, results(TABLE), rule=SeasonRule(best_of=2))
    assert [(r.member, r.season_points) for r in rows] == [("cat", 100), ("bob", 93), ("ann", 90)]
    ann = rows[2]
    assert [n.counted for n in ann.nights] == [True, False, True]


def test_a_missed_night_can_score_the_members_average():
    rows = season_standings(NIGHTS, results(TABLE), rule=SeasonRule(missed=MissedNight.AVERAGE))
    points = {r.member: r.season_points for r in rows}
    # Bob: 45 and 48 played, so the missed night scores exactly 46.5.
    assert points == {"ann": 120, "bob": Fraction(279, 2), "cat": 150}
    bob = next(r for r in rows if r.member == "bob")
    assert bob.nights[2].points == Fraction(93, 2)


def test_a_missed_night_scores_the_exact_own_average_and_it_can_change_a_place():
    # Ann played four nights (10, 11, 11, 11: an average of 10.75) and missed the fifth;
    # Bob played all five for 54. Rounded, Ann's 10.75 became 11, drew level on 54 and
    # took first on nights won. Exactly, Ann has 53.75 and is second.
    table = {
        "ann": {1: (10, 1), 2: (11, 1), 3: (11, 1), 4: (11, 1)},
        "bob": {1: (10, 2), 2: (10, 2), 3: (10, 2), 4: (12, 2), 5: (12, 1)},
    }
    rule = SeasonRule(missed=MissedNight.AVERAGE)
    rows = season_standings([1, 2, 3, 4, 5], results(table), rule=rule)
    assert [(r.member, r.place, r.season_points) for r in rows] == [
        ("bob", 1, 54),
        ("ann", 2, Fraction(215, 4)),
    ]
    assert rows[1].nights[4] == (5, Fraction(43, 4), False, None, True)
    assert rows[1].decided_by is SeasonMetric.SEASON_POINTS


def test_a_fixed_missed_night_score_can_count_among_the_best():
    rule = SeasonRule(best_of=2, missed=MissedNight.FIXED, missed_points=55)
    rows = season_standings(NIGHTS, results(TABLE), rule=rule)
    cat = next(r for r in rows if r.member == "cat")
    assert cat.season_points == 115
    assert [(n.played, n.counted) for n in cat.nights] == [
        (False, True),
        (True, False),
        (True, True),
    ]


def test_nights_won_break_a_season_tie_then_places_are_shared():
    table = {
        "ann": {1: (40, 1), 2: (20, 2)},
        "bob": {1: (20, 2), 2: (40, 1)},
        "cat": {1: (30, 2), 2: (30, 3)},
    }
    rows = season_standings([1, 2], results(table), members=["cat", "ann", "bob"])
    assert [(r.member, r.place, r.shared) for r in rows] == [
        ("ann", 1, True),
        ("bob", 1, True),
        ("cat", 3, False),
    ]
    assert rows[2].decided_by is SeasonMetric.NIGHTS_WON


def test_members_with_no_night_are_listed_last_unranked_even_when_a_missed_night_scores():
    rule = SeasonRule(missed=MissedNight.FIXED, missed_points=5)
    rows = season_standings(NIGHTS, results(TABLE), members=["dan"], rule=rule)
    assert rows[-1].member == "dan"
    assert not rows[-1].qualified
    assert all(row.qualified for row in rows[:-1])


def test_a_qualification_minimum_lists_members_with_fewer_nights_apart():
    # Own average for a missed night: Dan's one great night is worth 3 x 90 = 270,
    # more than any regular's season. With a minimum of two nights he is not ranked.
    table = {**TABLE, "dan": {2: (90, 1)}}
    average = SeasonRule(missed=MissedNight.AVERAGE)
    assert season_standings(NIGHTS, results(table), rule=average)[0].member == "dan"

    rule = SeasonRule(missed=MissedNight.AVERAGE, min_nights=2)
    rows = season_standings(NIGHTS, results(table), rule=rule)
    assert [(r.member, r.place, r.qualified) for r in rows] == [
        ("cat", 1, True),
        ("bob", 2, True),
        ("ann", 3, True),
        ("dan", 1, False),
    ]


def test_a_member_with_two_results_on_one_night_is_refused_not_overwritten():
    doubled = [*results(TABLE), NightResult(1, "ann", 14, 4)]
    with pytest.raises(ValueError, match="two results"):
        season_standings(NIGHTS, doubled)
