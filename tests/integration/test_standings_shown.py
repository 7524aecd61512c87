"""Standings that say what they count: the wins column shows what is ranked, byes count
once their round has started on every page and export, a totals-only result says it
was entered as totals, and nothing is shown that the game or format cannot produce."""

from __future__ import annotations

import csv
import datetime
import io
import json

import pytest
from django.urls import reverse

from leagues import selectors, services
from scoring import night_standings
from scoring.standings_settings import update_standings_settings
from tests.factories import PlayerFactory, RoundFactory, SeatFactory, TableFactory
from tests.integration.test_standings import (
    EIGHT,
    confirm_totals,
    make_night,
    start,
    tables,
)
from tournaments import services as tournament_services
from tournaments.models import Bye, Round, Tournament

pytestmark = pytest.mark.django_db

NINE = [*EIGHT, "Player 9"]


def csv_rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


# --- games won: a draw is half a win, and the column says so ------------------------------


def drawn_night(owner) -> Tournament:
    """Two rounds ranked by games won: round 1 all drawn 6-6, round 2 table 1 won 9-3."""
    night = make_night(owner, names=EIGHT, rounds=2)
    update_standings_settings(
        tournament=night, user=owner, metrics=["wins", "total_points"], bye_value="nothing"
    )
    start(night, 1)
    for table in tables(night, 1):
        confirm_totals(table, owner, (6, 6))
    start(night, 2)
    first, second = tables(night, 2)
    confirm_totals(first, owner, (9, 3))
    confirm_totals(second, owner, (6, 6))
    return night


def test_the_games_won_column_counts_a_draw_as_half_a_win(organiser):
    standings = night_standings.tournament_standings(drawn_night(organiser))
    assert standings.metric_labels[0] == "Games won (draws ½)"
    shown = {
        (row.record.won, row.record.drawn, row.record.lost): row.values[0] for row in standings.rows
    }
    assert {record: str(value) for record, value in shown.items()} == {
        (1, 1, 0): "1.5",
        (0, 2, 0): "1",
        (0, 1, 1): "0.5",
    }
    # Whoever a tie-break set below on games won shows fewer games won than the row above.
    for above, row in zip(standings.rows, standings.rows[1:], strict=False):
        if "games won" in row.decided_by:
            assert above.values[0] != row.values[0]


def test_the_standings_page_shows_wins_as_ranked(client, organiser):
    night = drawn_night(organiser)
    html = client.get(reverse("standings-page", args=[night.pk])).content.decode()
    assert "Games won (draws ½)" in html
    assert ">1.5<" in html and ">0.5<" in html and "0–1–1" in html


def test_the_printed_sheet_carries_half_wins_as_numbers(organiser):
    standings = night_standings.tournament_standings(drawn_night(organiser))
    sheet = night_standings.standings_print_table(standings)
    # The sheet goes to the print worker as JSON; numbers stay numbers (right-aligned).
    rows = json.loads(json.dumps(sheet.to_json()))["rows"]
    assert sorted({row["metric_0"] for row in rows}) == [0.5, 1, 1.5]


def test_the_printed_sheet_says_what_counts_under_a_short_heading(organiser):
    standings = night_standings.tournament_standings(drawn_night(organiser))
    sheet = night_standings.standings_print_table(standings)
    assert sheet.title == "Standings"
    assert standings.bye_text in sheet.note and "confirmed" in sheet.note


def test_the_csv_has_every_column_a_decided_by_can_name(client, organiser):
    # Team nights rank on points difference; the CSV's "Decided by" may name it.
    night = drawn_night(organiser)
    rows = csv_rows(client.get(reverse("standings-export", args=[night.pk, "csv"])))
    for row in rows:
        game_points = int(row["Total points"]) - int(row["Bye points"])
        assert int(row["Points difference"]) == game_points - int(row["Points against"])


# --- byes count once their round has started, everywhere ---------------------------------


def test_a_planned_rounds_bye_counts_nowhere_until_the_round_starts(client, organiser):
    night = make_night(organiser, names=NINE, rounds=2)
    update_standings_settings(
        tournament=night, user=organiser, metrics=[], bye_value="fixed", bye_points=5
    )
    season = services.create_season(owner=organiser, name="Winter league")
    services.add_night(season=season, tournament=night, user=organiser)
    start(night, 1)
    for table in tables(night, 1):
        confirm_totals(table, organiser, (6, 2))
    # Whoever sits out round 2, still planned (they may have sat out round 1 as well).
    player = Bye.objects.get(round__tournament=night, round__number=2).player
    earlier = Bye.objects.filter(round__tournament=night, round__number=1, player=player).count()

    def everywhere() -> dict[str, object]:
        row = next(r for r in night_standings.tournament_standings(night).rows if r.pk == player.pk)
        page = client.get(reverse("standings-player", args=[night.pk, player.pk]))
        exported = client.get(reverse("standings-export", args=[night.pk, "csv"]))
        in_csv = next(r for r in csv_rows(exported) if r["Player"] == player.name)
        document = client.get(reverse("standings-export", args=[night.pk, "json"])).json()
        in_json = next(r for r in document["rows"] if r["id"] == player.pk)
        member = next(
            r for r in selectors.season_standings(season).rows if r.member.name == player.name
        )
        season_csv = client.get(reverse("season-export", args=[season.pk, "csv"]))
        in_season_csv = next(r for r in csv_rows(season_csv) if r["Member"] == player.name)
        return {
            "night": (row.record.byes, row.record.bye_points),
            "csv": (int(in_csv["Byes"]), int(in_csv["Bye points"])),
            "json": (in_json["byes"], in_json["bye_points"]),
            "player page": page.content.decode().count(">Bye<"),
            "season": member.season_points - row.record.points_for,
            "season csv": int(in_season_csv["Season points"]) - row.record.points_for,
        }

    before = (earlier, 5 * earlier)
    assert everywhere() == {
        "night": before,
        "csv": before,
        "json": before,
        "player page": earlier,
        "season": 5 * earlier,
        "season csv": 5 * earlier,
    }
    start(night, 2)
    after = (earlier + 1, 5 * (earlier + 1))
    assert everywhere() == {
        "night": after,
        "csv": after,
        "json": after,
        "player page": earlier + 1,
        "season": 5 * (earlier + 1),
        "season csv": 5 * (earlier + 1),
    }


# --- a totals-only result says what was entered -----------------------------------------


def test_a_totals_result_does_not_claim_no_hands_were_played(client, organiser):
    night = make_night(organiser, names=EIGHT, rounds=1)
    start(night, 1)
    table = tables(night, 1)[0]
    confirm_totals(table, organiser, (9, 5))
    for name in ("table-entry", "table-history"):
        html = client.get(reverse(name, args=[table.token])).content.decode()
        assert "hands played" not in html, name
        assert "Entered as totals for the round's 8 hands, not hand by hand." in html, name


# --- nothing the game or the format cannot produce ----------------------------------------


def heads_up_night(owner) -> Tournament:
    """Two-handed Euchre, heads-up: one table of two, a game to 10 confirmed 10-4."""
    night = tournament_services.create_tournament(
        owner=owner,
        name="Heads-up night",
        date=datetime.date(2026, 12, 4),
        variant="two-handed",
        options={},
        format="heads-up",
        round_play="game",
        entry_mode="totals",
        hands_per_round=0,
        rounds_planned=1,
    )
    rnd = RoundFactory(tournament=night, number=1, status=Round.Status.IN_PLAY)
    table = TableFactory(round=rnd, number=1)
    for position, name in enumerate(["Ann", "Bob"]):
        SeatFactory(
            table=table,
            position=position,
            side=position,
            player=PlayerFactory(tournament=night, name=name),
        )
    confirm_totals(table, owner, (10, 4))
    return night


def test_two_handed_standings_have_no_loners(client, organiser):
    night = heads_up_night(organiser)
    standings = night_standings.tournament_standings(night)
    assert "Loners made" not in standings.metric_labels + standings.order_labels
    html = client.get(reverse("standings-page", args=[night.pk])).content.decode()
    assert "Loners made" not in html and "loners" not in html
    exported = client.get(reverse("standings-export", args=[night.pk, "csv"])).content.decode()
    assert "Loners made" not in exported.splitlines()[0]
    client.force_login(organiser)
    form = client.get(reverse("standings-settings", args=[night.pk])).content.decode()
    assert 'value="loners_made"' not in form and 'value="euchres_made"' in form
    # A four-handed night still offers, shows and exports them.
    other = make_night(organiser, names=EIGHT, rounds=1)
    assert "Loners made" in night_standings.tournament_standings(other).metric_labels
    form = client.get(reverse("standings-settings", args=[other.pk])).content.decode()
    assert 'value="loners_made"' in form


def test_a_stored_loners_metric_is_left_out_in_two_handed(organiser):
    night = heads_up_night(organiser)
    update_standings_settings(
        tournament=night, user=organiser, metrics=["loners_made", "wins"], bye_value="nothing"
    )
    assert night_standings.tournament_standings(night).metrics == ("wins",)


def test_a_heads_up_players_page_has_no_partner_column(client, organiser):
    night = heads_up_night(organiser)
    player = night.players.get(name="Ann")
    html = client.get(reverse("standings-player", args=[night.pk, player.pk])).content.decode()
    assert ">Opponents<" in html and "Bob" in html
    assert ">Partner<" not in html
    four = make_night(organiser, names=EIGHT, rounds=1)
    start(four, 1)
    confirm_totals(tables(four, 1)[0], organiser, (6, 2))
    seated = tables(four, 1)[0].seats.first().player
    html = client.get(reverse("standings-player", args=[four.pk, seated.pk])).content.decode()
    assert ">Partner<" in html


def test_the_removal_preview_shows_repeated_partners_only_where_partners_change(
    client,
    organiser,
):
    client.force_login(organiser)
    for fmt, variant, shown in (
        ("progressive", "north-american", True),
        ("cutthroat", "three-handed", False),
        ("heads-up", "two-handed", False),
    ):
        night = tournament_services.create_tournament(
            owner=organiser,
            name=f"{fmt} night",
            date=datetime.date(2026, 12, 5),
            variant=variant,
            options={},
            format=fmt,
            round_play="hands",
            entry_mode="totals",
            hands_per_round=8,
            rounds_planned=3,
        )
        for n in range(1, 10):
            tournament_services.add_player(tournament=night, name=f"Player {n}")
        tournament_services.generate_rotation(tournament=night)
        player = night.players.order_by("pk").first()
        html = client.get(reverse("player-remove", args=[night.pk, player.pk])).content.decode()
        assert "How fair the seating is" in html, fmt
        assert ("Repeated partners" in html) == shown, fmt


@pytest.mark.parametrize(
    ("variant", "deck", "benny"),
    [("north-american", 24, False), ("north-american", 32, False), ("british", 25, True)],
)
def test_the_turn_up_hint_names_the_benny_only_where_the_pack_has_one(
    client,
    organiser,
    variant,
    deck,
    benny,
):
    night = tournament_services.create_tournament(
        owner=organiser,
        name="Hand by hand",
        date=datetime.date(2026, 12, 6),
        variant=variant,
        options={"deck": deck},
        format="progressive",
        round_play="hands",
        entry_mode="hands",
        hands_per_round=8,
        rounds_planned=1,
        hand_entry="detailed",
    )
    rnd = RoundFactory(tournament=night, number=1, status=Round.Status.IN_PLAY)
    table = TableFactory(round=rnd, number=1)
    seats = [
        SeatFactory(table=table, position=i, side=i % 2, player=PlayerFactory(tournament=night))
        for i in range(4)
    ]
    url = reverse("table-entry", args=[table.token])
    client.post(url, {"action": "seat", "seat": seats[0].pk, "code": ""})
    html = client.get(url).content.decode()
    assert "Turn-up" in html
    assert ("BENNY" in html) == benny
    # One tap per hand has no Benny box on every hand: it asks "Was the Benny turned
    # up?" on the one hand it decides (test_outcome_entry).
    night.hand_entry = "outcome"
    night.save(update_fields=["hand_entry"])
    html = client.get(url).content.decode()
    assert "Benny" not in html


# --- a tie-break note names only a column the reader can see ------------------------------


def test_every_season_tie_break_has_its_column(client, organiser):
    nights = [make_night(organiser, names=EIGHT, rounds=1, day=d) for d in (1, 8)]
    season = services.create_season(owner=organiser, name="Winter league")
    for night in nights:
        services.add_night(season=season, tournament=night, user=organiser)
        start(night, 1)
        for table in tables(night, 1):
            confirm_totals(table, organiser, (6, 2))
    html = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    head = html[html.index("<thead>") : html.index("</thead>")]
    for note in selectors.SEASON_DECIDED_BY_LABELS.values():
        column = str(note).removeprefix("behind on ")
        assert f">{column[0].upper()}{column[1:]}<" in head, column
