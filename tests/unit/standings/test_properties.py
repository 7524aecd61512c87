"""Properties of the ranking over random nights (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.standings import (
    Bye,
    ByeRule,
    ByeValue,
    Metric,
    metric_value,
    order,
    rank,
    standings,
    tally,
)

from .helpers import game, side

PLAYERS = list(range(8))
PLAIN_METRICS = [m for m in Metric if m is not Metric.HEAD_TO_HEAD]
LEADING = [Metric.TOTAL_POINTS, Metric.WINS, Metric.POINTS_DIFFERENCE]


@st.composite
def partnership_games(draw, max_games=12):
    games = []
    for number in range(draw(st.integers(0, max_games))):
        seated = draw(st.permutations(PLAYERS))[:4]
        a_points = draw(st.integers(0, 12))
        b_points = draw(st.integers(0, 12))
        loners = {seated[0]: draw(st.integers(0, 2))}
        euchres = {seated[2]: draw(st.integers(0, 2))}
        games.append(
            game(
                number // 2 + 1,
                side(seated[:2], a_points, loners=loners),
                side(seated[2:4], b_points, euchres=euchres),
                table=number % 2 + 1,
            )
        )
    return games


metric_orders = st.lists(st.sampled_from(list(Metric)), unique=True, min_size=1)
bye_rules = st.builds(ByeRule, st.sampled_from(list(ByeValue)), st.integers(0, 10))
byes = st.lists(st.builds(Bye, st.integers(1, 6), st.sampled_from(PLAYERS)), max_size=4)


@settings(max_examples=200, deadline=None)
@given(partnership_games(), metric_orders, byes, bye_rules)
def test_standings_are_a_permutation_of_the_field(games, metrics, bye_list, rule):
    rows = standings(games, competitors=PLAYERS, metrics=metrics, byes=bye_list, bye_rule=rule)
    assert sorted(row.competitor for row in rows) == PLAYERS


@settings(max_examples=200, deadline=None)
@given(partnership_games(), metric_orders)
def test_a_place_is_one_more_than_the_rows_above_it(games, metrics):
    rows = standings(games, competitors=PLAYERS, metrics=metrics)
    for index, row in enumerate(rows):
        level = [other for other in rows if other.place == row.place]
        assert row.place == 1 + sum(1 for other in rows if other.place < row.place)
        assert row.shared == (len(level) > 1)
        if index:
            assert rows[index - 1].place <= row.place


@settings(max_examples=100, deadline=None)
@given(partnership_games(), metric_orders, st.randoms(use_true_random=False))
def test_the_order_games_come_in_does_not_matter(games, metrics, random):
    shuffled = list(games)
    random.shuffle(shuffled)
    first = standings(games, competitors=PLAYERS, metrics=metrics)
    second = standings(shuffled, competitors=PLAYERS, metrics=metrics)
    assert [(r.competitor, r.place) for r in first] == [(r.competitor, r.place) for r in second]


@settings(max_examples=300, deadline=None)
@given(
    partnership_games(),
    st.sampled_from(LEADING),
    st.lists(st.sampled_from(PLAIN_METRICS), unique=True),
    st.permutations(PLAYERS),
    st.integers(1, 12),
    st.integers(0, 11),
)
def test_adding_a_win_never_lowers_a_player(games, lead, rest, seated, won_by, loser_points):
    metrics = [lead] + [m for m in rest if m is not lead]
    player = seated[0]
    before = {r.competitor: r.place for r in standings(games, competitors=PLAYERS, metrics=metrics)}
    win = game(99, side(seated[:2], loser_points + won_by), side(seated[2:4], loser_points))
    after = {
        r.competitor: r.place
        for r in standings([*games, win], competitors=PLAYERS, metrics=metrics)
    }
    assert after[player] <= before[player]


@settings(max_examples=150, deadline=None)
@given(partnership_games(), st.lists(st.sampled_from(PLAIN_METRICS), unique=True, min_size=1))
def test_the_one_sort_shortcut_splits_exactly_like_one_metric_at_a_time(games, metrics):
    records = tally(games, competitors=PLAYERS)
    step_by_step = order(
        list(records),
        [
            (metric, lambda group, m=metric: {c: metric_value(m, records[c]) for c in group})
            for metric in metrics
        ],
    )
    at_once = [(r.competitor, r.place, r.shared, r.decided_by) for r in rank(records, metrics)]
    assert at_once == [(p.item, p.place, p.shared, p.decided_by) for p in step_by_step]
