"""One meaning for each figure (issue 32): a drawn table is a draw in the API, the
results exports and the standings alike; points and points difference are made the
same way on the page, in CSV, JSON and the printed PDF, with bye points in a column of
their own whenever a bye is worth something; a season's missed night scores the exact
own average, shown with two decimals."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

import pdfplumber
import pytest
from django.urls import reverse

from leagues import selectors
from scoring import night_standings
from scoring.models import TableResult
from scoring.standings import games_won
from scoring.standings_settings import update_standings_settings
from tests.integration.test_api_tables import organiser_of, signed_in
from tests.integration.test_printed_fit import printed, save_pngs
from tests.integration.test_scoring_services import seated_table
from tests.integration.test_seasons import season_of
from tests.integration.test_standings import EIGHT, confirm_totals, make_night, start, tables
from tests.integration.test_standings_shown import NINE
from tournaments.models import Bye, PrintJob, Tournament

pytestmark = pytest.mark.django_db

POINTS_NOTE = (
    "Total points = game points + bye points; points difference = game points − points against."
)


def csv_rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def organiser_enters(table, side_points) -> dict:
    """The organiser enters a table's totals through the API; its answer's result."""
    response = signed_in(organiser_of(table)).patch(
        f"/api/results/{table.pk}/",
        {"side_points": side_points, "expected_version": 0, "idempotency_key": "k1"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    return response.json()["result"]


def board_result(table) -> dict:
    tournament = table.round.tournament
    response = signed_in(tournament.owner).get(
        "/api/results/", {"tournament": tournament.pk, "round": table.round.number}
    )
    return response.json()[0]["result"]


# --- a drawn table is a draw everywhere ------------------------------------------------


def test_the_api_gives_a_level_table_no_winners_and_calls_it_drawn():
    table, _seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    result = organiser_enters(table, [4, 4])
    assert (result["winners"], result["drawn"]) == ([], True)
    assert (board_result(table)["winners"], board_result(table)["drawn"]) == ([], True)


def test_a_level_table_stored_with_every_seat_as_winner_still_reads_as_a_draw():
    table, _seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    organiser_enters(table, [4, 4])
    # How level tables were stored before: every seat listed as a winner.
    TableResult.objects.filter(table=table).update(winners=[0, 1, 2, 3])
    response = signed_in(organiser_of(table)).get(f"/api/results/{table.pk}/")
    assert (response.json()["result"]["winners"], response.json()["result"]["drawn"]) == (
        [],
        True,
    )


def test_the_api_names_the_winning_side_of_a_won_table():
    table, _seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    result = organiser_enters(table, [7, 1])
    assert (result["winners"], result["drawn"]) == ([0, 2], False)


def test_cutthroat_players_topping_the_table_together_win_a_draw_and_half_a_win_each():
    table, seats = seated_table(
        variant=Tournament.Variant.THREE_HANDED,
        entry_mode=Tournament.EntryMode.TOTALS,
        players=3,
        partners=False,
    )
    result = organiser_enters(table, [5, 2, 5])
    assert (result["winners"], result["drawn"]) == ([0, 2], True)
    standings = night_standings.tournament_standings(table.round.tournament)
    by_name = {row.name: row.record for row in standings.rows}
    ann, bob, cat = (by_name[seat.player.name] for seat in seats)
    assert [games_won(r) for r in (ann, bob, cat)] == [Decimal("0.5"), 0, Decimal("0.5")]
    assert (ann.drawn, cat.drawn, bob.lost) == (1, 1, 1)


def test_the_results_exports_say_won_drawn_or_lost(client, organiser):
    night = make_night(organiser, names=EIGHT, rounds=1)
    start(night, 1)
    level, won = tables(night, 1)
    confirm_totals(level, organiser, (4, 4))
    confirm_totals(won, organiser, (7, 1))

    rows = csv_rows(client.get(reverse("standings-results-export", args=[night.pk, "csv"])))
    assert "Won" not in rows[0]
    assert [(row["Table"], row["Points"], row["Result"]) for row in rows] == [
        ("1", "4", "drawn"),
        ("1", "4", "drawn"),
        ("2", "7", "won"),
        ("2", "1", "lost"),
    ]
    document = client.get(reverse("standings-results-export", args=[night.pk, "json"])).json()
    sides = [side for result in document["results"] for side in result["sides"]]
    assert [(side["points"], side["result"]) for side in sides] == [
        (4, "drawn"),
        (4, "drawn"),
        (7, "won"),
        (1, "lost"),
    ]
    assert all("won" not in side for side in sides)


# --- points and points difference, one meaning everywhere ------------------------------


@pytest.fixture
def bye_night(organiser) -> Tournament:
    """Nine players, two rounds: two tables of four and one player on a bye each round,
    a bye worth 7 points; ranked by total points, then points difference."""
    night = make_night(organiser, names=NINE, rounds=2)
    update_standings_settings(
        tournament=night,
        user=organiser,
        metrics=["total_points", "points_difference", "wins"],
        bye_value="fixed",
        bye_points=7,
    )
    for number, results in ((1, ((9, 3), (4, 4))), (2, ((2, 6), (7, 1)))):
        start(night, number)
        for table, points in zip(tables(night, number), results, strict=True):
            confirm_totals(table, organiser, points)
    return night


def sat_out(night: Tournament) -> set[str]:
    return set(Bye.objects.filter(round__tournament=night).values_list("player__name", flat=True))


def test_the_csv_and_json_make_points_and_the_difference_one_way(client, bye_night):
    rows = csv_rows(client.get(reverse("standings-export", args=[bye_night.pk, "csv"])))
    document = client.get(reverse("standings-export", args=[bye_night.pk, "json"])).json()
    in_json = {row["name"]: row for row in document["rows"]}
    assert document["points_note"] == POINTS_NOTE
    assert {row["Player"] for row in rows if int(row["Bye points"])} == sat_out(bye_night)
    for row in rows:
        figures = in_json[row["Player"]]
        total, byes = int(row["Total points"]), int(row["Bye points"])
        against, difference = int(row["Points against"]), int(row["Points difference"])
        assert (figures["points"], figures["bye_points"]) == (total, byes)
        assert figures["game_points"] == total - byes
        assert difference == figures["points_difference"] == total - byes - against


def test_the_page_shows_bye_points_and_says_how_the_points_are_made(client, bye_night):
    html = client.get(reverse("standings-page", args=[bye_night.pk])).content.decode()
    headers = [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", html)]
    assert headers[-2:] == ["Byes", "Bye points"]
    assert POINTS_NOTE in html
    standings = night_standings.tournament_standings(bye_night)
    for row in standings.rows:
        assert re.search(
            rf'data-competitor="{row.pk}".*?class="num bye-points">{row.record.bye_points}<',
            html,
            re.S,
        )


def test_bye_points_get_no_column_where_a_bye_scores_nothing(client, organiser):
    night = make_night(organiser, names=NINE, rounds=1)
    start(night, 1)
    for table in tables(night, 1):
        confirm_totals(table, organiser, (6, 2))
    html = client.get(reverse("standings-page", args=[night.pk])).content.decode()
    assert "Bye points" not in html
    assert POINTS_NOTE in html


def test_the_printed_standings_show_bye_points_and_the_same_note(bye_night):
    data, _planned = printed(bye_night, PrintJob.Kind.STANDINGS)
    save_pngs("figures-standings-pdf", data)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        header, *rows = (
            [" ".join((cell or "").split()) for cell in cells] for cells in page.extract_tables()[0]
        )
        text = " ".join(page.extract_text().split())
    assert header[-2:] == ["Byes", "Bye points"]
    assert POINTS_NOTE in text
    total, difference = header.index("Total points"), header.index("Points difference")
    standings = night_standings.tournament_standings(bye_night)
    for cells, row in zip(rows, standings.rows, strict=True):
        bye_points = int(cells[-1])
        assert bye_points == row.record.bye_points
        assert int(cells[total]) - bye_points == row.record.game_points
        assert int(cells[difference]) == row.record.game_points - row.record.points_against


# --- a season's missed night: the exact own average ------------------------------------


def test_a_missed_night_scores_the_exact_own_average_shown_with_two_decimals(client, organiser):
    # Player 9 plays nights 1 and 2 (7 or 1 points, then 4: an average of 5.5 or 2.5)
    # and misses the third; rounded half up, the season counted 6 or 3 for it.
    with_val = [*EIGHT[:7], "Player 9"]
    nights = [make_night(organiser, names=with_val, rounds=1, day=day) for day in (1, 8)]
    nights.append(make_night(organiser, names=EIGHT, rounds=1, day=15))
    for night, points in zip(nights, ((7, 1), (4, 4), (6, 2)), strict=True):
        start(night, 1)
        for table in tables(night, 1):
            confirm_totals(table, organiser, points)
    season = season_of(organiser, nights, missed_night="average")
    standings = selectors.season_standings(season)
    val = next(row for row in standings.rows if row.member.name == "Player 9")
    played = [score.points for score in val.nights[:2]]
    average = Decimal(sum(played)) / 2
    assert average != int(average), played
    assert val.nights[2].points == average.quantize(Decimal("0.01"))
    assert val.season_points == (sum(played) + average).quantize(Decimal("0.01"))

    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    assert f">{average:.2f}<" in page
    assert f"<strong>{sum(played) + average:.2f}</strong>" in page
    assert "exactly (shown to two decimals)" in page and "rounded" not in page
    exported = csv_rows(client.get(reverse("season-export", args=[season.pk, "csv"])))
    in_csv = next(row for row in exported if row["Member"] == "Player 9")
    assert in_csv["Season points"] == f"{sum(played) + average:.2f}"
    document = client.get(reverse("season-export", args=[season.pk, "json"])).json()
    in_json = next(row for row in document["rows"] if row["member"]["name"] == "Player 9")
    assert in_json["season_points"] == float(sum(played) + average)
    assert in_json["nights"][2]["points"] == float(average)
