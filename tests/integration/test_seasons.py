"""A season keeps one record per person a night, only nights that belong, and rules that
say what they do to a member with few nights (issue 21, "One person, one record")."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from core.errors import DomainError
from leagues import selectors, services
from leagues.models import Member, PlayerLink, Season
from scoring import night_standings
from scoring import services as scoring_services
from tests.integration.test_standings import (
    EIGHT,
    confirm_totals,
    make_night,
    play_all,
    start,
    tables,
)
from tournaments import services as tournament_services
from tournaments.dates import day
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db


def season_of(owner, nights, **rule) -> Season:
    season = services.create_season(owner=owner, name="Winter league", **rule)
    for night in nights:
        services.add_night(season=season, tournament=night, user=owner)
    return Season.objects.get(pk=season.pk)


def two_played_nights(owner, second_names=EIGHT):
    first = make_night(owner, names=EIGHT, rounds=1, day=1)
    second = make_night(owner, names=second_names, rounds=1, day=8)
    for night in (first, second):
        play_all(night, owner, 1)
    return first, second


def row_of(standings, name):
    return next(row for row in standings.rows if row.member.name == name)


def winner_and_loser(night: Tournament) -> tuple[Player, Player]:
    """A player who scored 6 and one who scored 2 on the night (play_all's 6–2)."""
    standings = night_standings.tournament_standings(night)
    top = next(row for row in standings.rows if row.record.total_points == 6)
    bottom = next(row for row in standings.rows if row.record.total_points == 2)
    return Player.objects.get(pk=top.pk), Player.objects.get(pk=bottom.pk)


# --- one person, one record a night ----------------------------------------------------


def test_linking_a_player_to_a_member_who_played_that_night_is_refused(organiser):
    first, _second = two_played_nights(organiser)
    season = season_of(organiser, [first, _second])
    winner, loser = winner_and_loser(first)
    member = Member.objects.get(season=season, name=winner.name)
    before = row_of(selectors.season_standings(season), winner.name)

    with pytest.raises(DomainError) as refused:
        services.link_player(season=season, user=organiser, player=loser, member=member)

    assert refused.value.code == "played_that_night"
    message = refused.value.message
    assert first.name in message and winner.name in message and loser.name in message
    assert PlayerLink.objects.filter(member=member).count() == 2
    after = row_of(selectors.season_standings(season), winner.name)
    assert (after.nights_played, after.season_points) == (2, before.season_points)


def test_the_manage_page_shows_the_refusal_not_player_linked(client, organiser):
    first, second = two_played_nights(organiser)
    season = season_of(organiser, [first, second])
    winner, loser = winner_and_loser(first)
    client.force_login(organiser)
    response = client.post(
        reverse("season-member-link", args=[season.pk]),
        {"player": loser.pk, "member": Member.objects.get(season=season, name=winner.name).pk},
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert "Player linked." not in said
    assert any(first.name in m and loser.name in m for m in said)


def test_merging_members_who_both_played_a_night_is_refused(organiser):
    first, second = two_played_nights(organiser)
    season = season_of(organiser, [first, second])
    winner, loser = winner_and_loser(first)
    keep = Member.objects.get(season=season, name=loser.name)
    drop = Member.objects.get(season=season, name=winner.name)

    with pytest.raises(DomainError) as refused:
        services.merge_members(season=season, user=organiser, keep=keep, drop=drop)

    assert refused.value.code == "both_played"
    assert all(name in refused.value.message for name in (first.name, winner.name, loser.name))
    assert Member.objects.filter(pk=drop.pk).exists()
    standings = selectors.season_standings(season)
    assert row_of(standings, winner.name).nights[0].points == 6


def test_merging_members_who_never_shared_a_night_keeps_every_result(organiser):
    first, second = two_played_nights(organiser, second_names=[*EIGHT[:7], "Playr 8"])
    season = season_of(organiser, [first, second])
    before = selectors.season_standings(season)
    points = [
        row_of(before, "Player 8").nights[0].points,
        row_of(before, "Playr 8").nights[1].points,
    ]
    services.merge_members(
        season=season,
        user=organiser,
        keep=Member.objects.get(season=season, name="Player 8"),
        drop=Member.objects.get(season=season, name="Playr 8"),
    )
    merged = row_of(selectors.season_standings(season), "Player 8")
    assert [night.points for night in merged.nights] == points
    assert (merged.nights_played, merged.season_points) == (2, sum(points))


def test_a_relinked_players_old_member_goes_when_it_has_no_night_left(organiser):
    first, second = two_played_nights(organiser, second_names=[*EIGHT[:7], "Playr 8"])
    season = season_of(organiser, [first, second])
    misspelt = Player.objects.get(tournament=second, name="Playr 8")
    services.link_player(
        season=season,
        user=organiser,
        player=misspelt,
        member=Member.objects.get(season=season, name="Player 8"),
    )
    assert not Member.objects.filter(season=season, name="Playr 8").exists()
    assert row_of(selectors.season_standings(season), "Player 8").nights_played == 2


# --- a removed night takes its members with it -----------------------------------------


def test_removing_a_night_removes_members_who_played_no_other_night(organiser):
    guests = [f"Guest {n}" for n in range(1, 5)]
    first, second = two_played_nights(organiser, second_names=[*EIGHT[:4], *guests])
    season = season_of(organiser, [first, second], missed_night="fixed", missed_night_points=5)

    gone = services.remove_night(season=season, tournament=second, user=organiser)

    assert gone == 4
    assert not Member.objects.filter(season=season, name__in=guests).exists()
    standings = selectors.season_standings(season)
    assert {row.member.name for row in standings.rows} == set(EIGHT)
    assert all(row.nights_played == 1 for row in standings.rows)


def test_a_member_linked_but_who_played_no_night_is_not_ranked(organiser):
    first = make_night(organiser, names=EIGHT, rounds=1, day=1)
    # Lou was entered once the rounds were seated, and never sat down.
    Player.objects.create(tournament=first, name="Late Lou")
    play_all(first, organiser, 1)
    season = season_of(organiser, [first], missed_night="fixed", missed_night_points=5)
    standings = selectors.season_standings(season)
    assert [row.member.name for row in standings.unranked] == ["Late Lou"]
    assert len(standings.ranked) == 8


# --- only nights that belong -----------------------------------------------------------


def a_night(owner, *, variant, fmt, day=20) -> Tournament:
    return tournament_services.create_tournament(
        owner=owner,
        name=f"{fmt} night",
        date=datetime.date(2026, 12, 1) + datetime.timedelta(days=day),
        variant=variant,
        options={},
        format=fmt,
        round_play="hands",
        entry_mode="totals",
        hands_per_round=8,
        rounds_planned=1,
    )


def test_a_season_refuses_a_night_of_another_game_or_family(organiser):
    season = season_of(organiser, [])
    six = a_night(organiser, variant="six-handed", fmt="six-handed")
    with pytest.raises(DomainError) as refused:
        services.add_night(season=season, tournament=six, user=organiser)
    assert refused.value.code == "other_game"
    assert "Six-handed Euchre" in refused.value.message
    assert "North American Euchre" in refused.value.message
    teams = a_night(organiser, variant="north-american", fmt="teams", day=21)
    with pytest.raises(DomainError):
        services.add_night(season=season, tournament=teams, user=organiser)
    assert not season.nights.exists()

    team_season = services.create_season(
        owner=organiser, name="Six-handed league", variant="six-handed", family="team"
    )
    services.add_night(season=team_season, tournament=six, user=organiser)
    assert team_season.nights.count() == 1


def test_a_season_of_a_game_no_format_plays_that_way_is_refused(organiser):
    with pytest.raises(DomainError) as refused:
        services.create_season(
            owner=organiser, name="Solo six", variant="six-handed", family="individual"
        )
    assert "Six-handed Euchre" in refused.value.message


def test_the_game_cannot_change_under_nights_that_do_not_fit(organiser):
    night = make_night(organiser, names=EIGHT, rounds=1)
    season = season_of(organiser, [night])
    with pytest.raises(DomainError) as refused:
        services.update_season(
            season=season,
            user=organiser,
            name=season.name,
            best_of=None,
            missed_night="zero",
            missed_night_points=0,
            variant="british",
        )
    assert night.name in refused.value.message
    assert Season.objects.get(pk=season.pk).variant == "north-american"


def test_a_refused_change_of_game_shows_first_on_the_manage_page(client, organiser):
    night = make_night(organiser, names=EIGHT, rounds=1)
    season = season_of(organiser, [night])
    client.force_login(organiser)
    response = client.post(
        reverse("season-manage", args=[season.pk]),
        {
            "name": "Renamed",
            "variant": "british",
            "family": "individual",
            "best_of": "",
            "missed_night": "zero",
            "missed_night_points": "0",
            "min_nights": "1",
        },
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert night.name in page and "British Euchre" in page
    assert page.index('id="season-rule"') < page.index("<h2>Nights</h2>")
    assert "<h1>Winter league</h1>" in page
    assert Season.objects.get(pk=season.pk).name == "Winter league"


def test_the_add_list_offers_only_nights_of_the_seasons_game(client, organiser):
    make_night(organiser, names=EIGHT, rounds=1, name="Progressive night")
    a_night(organiser, variant="six-handed", fmt="six-handed")
    season = season_of(organiser, [])
    client.force_login(organiser)
    page = client.get(reverse("season-manage", args=[season.pk])).content.decode()
    assert "Progressive night" in page
    assert "six-handed night" not in page


def test_an_unfinished_night_counts_provisionally_and_the_page_says_so(client, organiser):
    finished = make_night(organiser, names=EIGHT, rounds=1, day=1)
    play_all(finished, organiser, 1)
    scoring_services.close_round(round=finished.rounds.get(), user=organiser, force=True)
    unfinished = make_night(organiser, names=EIGHT, rounds=2, day=8, name="Still playing")
    start(unfinished, 1)
    for table in tables(unfinished, 1):
        confirm_totals(table, organiser, (6, 2))
    season = season_of(organiser, [finished, unfinished])

    standings = selectors.season_standings(season)
    assert [t.pk for t in standings.provisional_nights] == [unfinished.pk]
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    assert "Still playing" in page and "not finished" in page
    document = client.get(reverse("season-export", args=[season.pk, "json"])).json()
    assert [n["provisional"] for n in document["nights"]] == [False, True]


# --- rules that say what they do to a member with few nights ----------------------------


def test_best_of_more_nights_than_the_season_has_says_every_night_counts(client, organiser):
    first, second = two_played_nights(organiser)
    season = season_of(organiser, [first, second], best_of=5)
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    assert "So far the season has 2 nights, so every night counts." in page


def test_saving_best_of_more_nights_than_there_are_says_so(client, organiser):
    first, second = two_played_nights(organiser)
    season = season_of(organiser, [first, second])
    client.force_login(organiser)
    response = client.post(
        reverse("season-manage", args=[season.pk]),
        {
            "name": season.name,
            "variant": "north-american",
            "family": "individual",
            "best_of": "5",
            "missed_night": "zero",
            "missed_night_points": "0",
            "min_nights": "1",
        },
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("2 nights, not more than the 5 best" in m for m in said)


def test_own_average_with_a_minimum_lists_a_one_night_player_apart(client, organiser):
    first, second = two_played_nights(organiser, second_names=[*EIGHT[:7], "Visiting Val"])
    # Val won on her one night; Player 8 lost on his.
    season = season_of(organiser, [first, second], missed_night="average", min_nights=2)
    standings = selectors.season_standings(season)
    assert {row.member.name for row in standings.unranked} == {"Player 8", "Visiting Val"}
    assert all(row.nights_played == 2 for row in standings.ranked)
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    assert "Not ranked" in page
    assert "fewer than 2 nights" in page
    assert "counted again for every night missed" in page
    rows = selectors.season_table(standings)[1]
    assert [row[0] for row in rows if row[1] == "Visiting Val"] == [""]


def test_the_season_form_offers_the_minimum_and_refuses_zero(client, organiser):
    client.force_login(organiser)
    page = client.get(reverse("season-list")).content.decode()
    assert "nights played to be ranked" in page.lower()
    with pytest.raises(DomainError):
        services.create_season(owner=organiser, name="None needed", min_nights=0)


# --- the migration sets existing seasons' game from their nights -------------------------


@pytest.mark.django_db(transaction=True)
def test_the_migration_sets_each_seasons_game_from_its_nights(organiser):
    executor = MigrationExecutor(connection)
    executor.migrate([("leagues", "0001_initial")])
    old = executor.loader.project_state([("leagues", "0001_initial")]).apps
    OldSeason = old.get_model("leagues", "Season")
    OldNight = old.get_model("leagues", "SeasonNight")
    OldMember = old.get_model("leagues", "Member")
    six = a_night(organiser, variant="six-handed", fmt="six-handed")
    six_again = a_night(organiser, variant="six-handed", fmt="six-handed", day=27)
    progressive = a_night(organiser, variant="north-american", fmt="progressive", day=22)
    mixed = OldSeason.objects.create(name="Mixed", owner_id=organiser.pk)
    for night in (six, progressive, six_again):
        OldNight.objects.create(season=mixed, tournament_id=night.pk)
    empty = OldSeason.objects.create(name="Empty", owner_id=organiser.pk)
    OldMember.objects.create(season=mixed, name="Left behind")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    mixed = Season.objects.get(pk=mixed.pk)
    assert (mixed.variant, mixed.family, mixed.min_nights) == ("six-handed", "team", 1)
    assert mixed.nights.count() == 3  # nothing removed; the odd night is flagged
    empty = Season.objects.get(pk=empty.pk)
    assert (empty.variant, empty.family) == ("north-american", "individual")
    assert not Member.objects.filter(name="Left behind").exists()
    standings = selectors.season_standings(mixed)
    assert [t.pk for t in standings.other_game_nights] == [progressive.pk]


def test_the_nights_to_add_are_dated_as_in_the_list_of_nights(client, organiser):
    night = make_night(organiser, names=EIGHT)
    season = season_of(organiser, [])
    client.force_login(organiser)
    html = client.get(reverse("season-manage", args=[season.pk])).content.decode()
    assert f"{night.name} ({day(night.date)})</option>" in html
    assert f"({night.date.isoformat()})" not in html


def test_the_season_form_does_not_offer_zero_nights(client, organiser):
    client.force_login(organiser)
    html = client.get(reverse("season-list")).content.decode()
    for name in ("best_of", "min_nights"):
        assert re.search(rf'<input type="number" name="{name}"[^>]* min="1"', html), name
