"""What the standings show: games won as ranked, and only metrics the game can produce."""

from __future__ import annotations

import pytest

from scoring.standings import Metric, Record, games_won, possible_metrics


@pytest.mark.parametrize(
    ("won", "drawn", "shown"),
    [(0, 0, "0"), (0, 1, "0.5"), (1, 0, "1"), (1, 1, "1.5"), (0, 2, "1"), (3, 3, "4.5")],
)
def test_games_won_counts_a_draw_as_half_a_win(won, drawn, shown):
    assert str(games_won(Record("a", played=won + drawn, won=won, drawn=drawn))) == shown


def test_players_level_on_games_won_show_the_same_number():
    # 1 win and 2 draws ranks level with 2 wins: both read 2.
    assert str(games_won(Record("a", won=1, drawn=2))) == str(games_won(Record("b", won=2))) == "2"


def test_loners_made_is_left_out_only_where_nobody_may_go_alone():
    metrics = (Metric.WINS, Metric.LONERS_MADE, Metric.EUCHRES_MADE)
    assert possible_metrics(metrics, loners=True) == metrics
    assert possible_metrics(metrics, loners=False) == (Metric.WINS, Metric.EUCHRES_MADE)
