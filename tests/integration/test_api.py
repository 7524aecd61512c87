"""The REST API's tournament side: who may read and change tournaments, players, teams,
rounds and the rotation; errors as JSON with the services' codes and messages; and the
OpenAPI schema with its docs page. Tables and results are in test_api_tables.py."""

from __future__ import annotations

import datetime

import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TeamFactory, TournamentFactory, UserFactory
from tournaments import services
from tournaments.models import Player, Round, Seat, Team, Tournament

NAMES = [f"Player {letter}" for letter in "ABCDEFGHI"]


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def new_tournament(owner, **overrides) -> Tournament:
    values = {
        "owner": owner,
        "name": "Club night",
        "date": datetime.date(2026, 3, 14),
        "variant": Tournament.Variant.NORTH_AMERICAN,
        "options": {},
        "format": Tournament.Format.PROGRESSIVE,
        "round_play": Tournament.RoundPlay.HANDS,
        "rounds_planned": 2,
    }
    return services.create_tournament(**{**values, **overrides})


def with_rotation(owner, players: int = 8) -> Tournament:
    tournament = new_tournament(owner)
    services.import_players(tournament=tournament, text="\n".join(NAMES[:players]))
    services.generate_rotation(tournament=tournament)
    return tournament


@pytest.fixture
def owner(db):
    return UserFactory()


@pytest.fixture
def stranger(db):
    return UserFactory()


def url(tournament: Tournament, tail: str = "") -> str:
    return f"/api/tournaments/{tournament.pk}/{tail}"


# ---------------------------------------------------------------- tournaments


def test_anyone_lists_tournaments_and_organisers_are_told_which_are_theirs(owner, stranger):
    mine = new_tournament(owner, name="Mine")
    TournamentFactory(name="Theirs", owner=stranger)
    anonymous = client_for().get("/api/tournaments/")
    assert anonymous.status_code == 200
    assert {t["name"] for t in anonymous.json()["results"]} == {"Mine", "Theirs"}
    assert all(t["is_organiser"] is False for t in anonymous.json()["results"])
    own = client_for(owner).get("/api/tournaments/?mine=1").json()
    assert [(t["id"], t["is_organiser"]) for t in own["results"]] == [(mine.pk, True)]


def test_co_organisers_see_the_tournament_among_theirs(owner, stranger):
    tournament = new_tournament(owner)
    services.add_co_organiser(tournament=tournament, user=stranger)
    listed = client_for(stranger).get("/api/tournaments/?mine=true").json()["results"]
    assert [t["id"] for t in listed] == [tournament.pk]


def test_a_signed_in_user_creates_a_tournament_through_the_service(owner):
    response = client_for(owner).post(
        "/api/tournaments/",
        {
            "name": "  Spring   open ",
            "date": "2026-04-01",
            "variant": "north-american",
            "format": "teams",
            "round_play": "game",
            "hands_per_round": 0,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    tournament = Tournament.objects.get(pk=body["id"])
    assert tournament.owner == owner
    assert body["name"] == "Spring open"  # cleaned by create_tournament
    assert body["is_organiser"] is True and body["owner"] is None  # no name on the account


def test_an_anonymous_visitor_cannot_create_a_tournament(db):
    response = client_for().post("/api/tournaments/", {"name": "x"}, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == "not_authenticated"
    assert not Tournament.objects.exists()


def test_a_format_the_game_does_not_fit_is_refused_with_the_services_code(owner):
    response = client_for(owner).post(
        "/api/tournaments/",
        {
            "name": "Odd",
            "date": "2026-04-01",
            "variant": "north-american",
            "format": "cutthroat",
        },
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "format_does_not_fit_variant"
    assert body["message"] == (
        "Cutthroat (tables of three, each for themselves) is not played with North American "
        "Euchre; choose Three-handed (cutthroat) Euchre."
    )
    assert body["details"] == []


def test_a_malformed_request_is_invalid_with_every_field_named(owner):
    response = client_for(owner).post("/api/tournaments/", {"date": "soon"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid"
    assert set(body["field_errors"]) == {"name", "date", "variant", "format"}
    assert "name: This field is required." in body["details"]
    assert body["message"] == "The request has 4 problems; see details."


def test_a_single_problem_is_the_message_itself(owner):
    tournament = new_tournament(owner)
    response = client_for(owner).patch(url(tournament), {"seed": -1}, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == "seed: Ensure this value is greater than or equal to 0."


def test_anyone_reads_a_tournament_but_an_unknown_one_is_not_found(owner):
    tournament = new_tournament(owner)
    assert client_for().get(url(tournament)).json()["name"] == "Club night"
    missing = client_for().get("/api/tournaments/999999/")
    assert missing.status_code == 404
    assert missing.json()["error"] == "not_found"


def test_only_organisers_change_a_tournament(owner, stranger):
    tournament = new_tournament(owner)
    anonymous = client_for().patch(url(tournament), {"venue": "Pub"}, format="json")
    assert anonymous.status_code == 403 and anonymous.json()["error"] == "not_authenticated"
    other = client_for(stranger).patch(url(tournament), {"venue": "Pub"}, format="json")
    assert other.status_code == 403
    assert other.json() == {
        "error": "not_organiser",
        "message": "Only the organisers of this tournament can do that.",
        "details": [],
    }
    services.add_co_organiser(tournament=tournament, user=stranger)
    allowed = client_for(stranger).patch(url(tournament), {"venue": "Pub"}, format="json")
    assert allowed.status_code == 200
    assert Tournament.objects.get(pk=tournament.pk).venue == "Pub"


def test_rules_are_fixed_once_a_round_has_started(owner):
    tournament = with_rotation(owner)
    services.start_round(round=tournament.rounds.get(number=1))
    response = client_for(owner).patch(url(tournament), {"hands_per_round": 4}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "round_started"
    assert response.json()["message"] == (
        "The rules, format and rotation are fixed once the first round has started."
    )


def test_put_and_delete_of_a_tournament_are_not_offered(owner):
    tournament = new_tournament(owner)
    response = client_for(owner).put(url(tournament), {}, format="json")
    assert response.status_code == 405
    assert response.json()["error"] == "method_not_allowed"


# ---------------------------------------------------------------- players


def test_players_are_public_but_their_codes_are_for_organisers_only(owner, stranger):
    tournament = new_tournament(owner)
    PlayerFactory(tournament=tournament, name="Ann")
    for client in (client_for(), client_for(stranger)):
        players = client.get(url(tournament, "players/")).json()
        assert players == [
            {"id": players[0]["id"], "name": "Ann", "team": None, "active": True, "late": False}
        ]
    organiser_view = client_for(owner).get(url(tournament, "players/")).json()
    assert organiser_view[0]["code"] == Player.objects.get(name="Ann").code


def test_an_organiser_adds_a_player_and_others_cannot(owner, stranger):
    tournament = new_tournament(owner)
    refused = client_for(stranger).post(url(tournament, "players/"), {"name": "Ann"})
    assert refused.status_code == 403
    assert client_for().post(url(tournament, "players/"), {"name": "Ann"}).status_code == 403
    added = client_for(owner).post(url(tournament, "players/"), {"name": "Ann"}, format="json")
    assert added.status_code == 201
    assert added.json()["name"] == "Ann" and len(added.json()["code"]) == 6
    twice = client_for(owner).post(url(tournament, "players/"), {"name": "ann"}, format="json")
    assert twice.status_code == 400
    assert twice.json()["error"] == "bad_player"
    assert twice.json()["message"] == "There is already a player called ann in this tournament."


def test_an_import_adds_everyone_or_lists_every_bad_line(owner, stranger):
    tournament = new_tournament(owner)
    path = url(tournament, "players/import/")
    assert client_for(stranger).post(path, {"text": "Ann"}).status_code == 403
    bad = client_for(owner).post(path, {"text": "Ann\nBob\nann\n\nCat,Reds"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"] == "import_failed"
    assert bad.json()["message"] == "Nothing was imported: fix the list and try again."
    assert bad.json()["details"] == [
        "Line 3: ann is already on line 1.",
        "Line 5: Progressive (partners change every round) has no fixed teams; leave the team out.",
    ]
    assert not Player.objects.filter(tournament=tournament).exists()
    good = client_for(owner).post(path, {"text": "Ann\nBob\nCat"}, format="json")
    assert good.status_code == 201
    assert [p["name"] for p in good.json()] == ["Ann", "Bob", "Cat"]


def test_an_organiser_removes_a_player_before_the_first_round(owner, stranger):
    tournament = new_tournament(owner)
    player = PlayerFactory(tournament=tournament, name="Ann")
    path = url(tournament, f"players/{player.pk}/")
    assert client_for(stranger).delete(path).status_code == 403
    assert client_for().delete(path).status_code == 403
    assert client_for(owner).delete(path).status_code == 204
    assert not Player.objects.filter(pk=player.pk).exists()
    assert client_for(owner).delete(path).status_code == 404


# ---------------------------------------------------------------- teams


def test_teams_are_listed_with_members_and_paired_by_organisers(owner, stranger):
    tournament = new_tournament(owner, format=Tournament.Format.TEAMS)
    services.import_players(tournament=tournament, text="Ann\nBob\nCat\nDan")
    ann, bob, cat, dan = Player.objects.filter(tournament=tournament).order_by("pk")
    path = url(tournament, "teams/")
    body = {"groups": [[ann.pk, cat.pk], [bob.pk, dan.pk]]}
    assert client_for(stranger).post(path, body, format="json").status_code == 403
    paired = client_for(owner).post(path, body, format="json")
    assert paired.status_code == 200
    assert [[m["name"] for m in team["members"]] for team in paired.json()] == [
        ["Ann", "Cat"],
        ["Bob", "Dan"],
    ]
    assert client_for().get(path).json() == paired.json()


def test_pairing_refuses_a_wrong_team_size_and_unknown_players(owner):
    tournament = new_tournament(owner, format=Tournament.Format.TEAMS)
    services.import_players(tournament=tournament, text="Ann\nBob\nCat")
    ann, bob, cat = Player.objects.filter(tournament=tournament).order_by("pk")
    path = url(tournament, "teams/")
    response = client_for(owner).post(path, {"groups": [[ann.pk, bob.pk, cat.pk]]}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "bad_team_size"
    other = PlayerFactory(name="Elsewhere")
    response = client_for(owner).post(path, {"groups": [[ann.pk, other.pk]]}, format="json")
    assert response.json()["error"] == "not_a_player"
    response = client_for(owner).post(path, {"groups": [[ann.pk, 999999]]}, format="json")
    assert response.json()["error"] == "not_a_player"
    assert not Team.objects.filter(tournament=tournament).exists()


def test_random_teams_are_drawn_by_organisers_only(owner, stranger):
    tournament = new_tournament(owner, format=Tournament.Format.TEAMS)
    services.import_players(tournament=tournament, text="Ann\nBob\nCat\nDan")
    path = url(tournament, "teams/random/")
    assert client_for(stranger).post(path, {"seed": 3}, format="json").status_code == 403
    drawn = client_for(owner).post(path, {"seed": 3}, format="json")
    assert drawn.status_code == 200
    assert sorted(len(team["members"]) for team in drawn.json()) == [2, 2]


def test_progressive_events_have_no_teams_to_draw(owner):
    tournament = new_tournament(owner)
    TeamFactory(tournament=tournament)
    response = client_for(owner).post(url(tournament, "teams/random/"), {}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "no_teams_in_format"


# ---------------------------------------------------------------- rotation and rounds


def test_an_organiser_generates_the_rotation(owner, stranger):
    tournament = new_tournament(owner)
    services.import_players(tournament=tournament, text="\n".join(NAMES[:8]))
    path = url(tournament, "generate-rotation/")
    assert client_for().post(path).status_code == 403
    assert client_for(stranger).post(path).status_code == 403
    assert not Round.objects.filter(tournament=tournament).exists()
    response = client_for(owner).post(path)
    assert response.status_code == 200
    body = response.json()
    assert [r["number"] for r in body["rounds"]] == [1, 2]
    assert body["quality"] == Tournament.objects.get(pk=tournament.pk).rotation_quality
    table = body["rounds"][0]["tables"][0]
    assert len(table["seats"]) == 4 and table["token"] and table["seats"][0]["token"]


def test_a_rotation_that_cannot_be_made_says_why(owner):
    tournament = new_tournament(owner)
    services.import_players(tournament=tournament, text="Ann")
    response = client_for(owner).post(url(tournament, "generate-rotation/"))
    assert response.status_code == 400
    assert response.json()["error"].startswith("rotation_")
    assert response.json()["message"].startswith("The seating cannot be made: ")


def test_rounds_are_public_without_table_or_seat_tokens(owner, stranger):
    tournament = with_rotation(owner, players=9)
    for client in (client_for(), client_for(stranger)):
        rounds = client.get(url(tournament, "rounds/")).json()
        assert len(rounds) == 2
        text = str(rounds)
        assert "token" not in text and "code" not in text
        assert all(len(r["byes"]) == 1 for r in rounds)
    tokens = {seat.token for seat in Seat.objects.filter(table__round__tournament=tournament)}
    organiser = client_for(owner).get(url(tournament, "rounds/")).json()
    shown = {s["token"] for r in organiser for t in r["tables"] for s in t["seats"]}
    assert shown == tokens


def test_one_round_reads_with_its_tables_and_a_missing_one_is_not_found(owner):
    tournament = with_rotation(owner)
    rnd = client_for().get(url(tournament, "rounds/2/")).json()
    assert rnd["number"] == 2 and rnd["status"] == "planned"
    assert [t["number"] for t in rnd["tables"]] == [1, 2]
    assert "token" not in rnd["tables"][0]
    missing = client_for().get(url(tournament, "rounds/9/"))
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


def test_organisers_start_rounds_in_order(owner, stranger):
    tournament = with_rotation(owner)
    assert client_for(stranger).post(url(tournament, "rounds/1/start/")).status_code == 403
    assert client_for().post(url(tournament, "rounds/1/start/")).status_code == 403
    early = client_for(owner).post(url(tournament, "rounds/2/start/"))
    assert early.status_code == 400
    assert early.json() == {
        "error": "earlier_round_not_started",
        "message": "Start round 1 first.",
        "details": [],
    }
    started = client_for(owner).post(url(tournament, "rounds/1/start/"))
    assert started.status_code == 200 and started.json()["status"] == "in-play"
    again = client_for(owner).post(url(tournament, "rounds/1/start/"))
    assert again.json()["error"] == "round_already_started"
    assert client_for(owner).post(url(tournament, "rounds/7/start/")).status_code == 404


def test_closing_a_round_needs_every_table_confirmed_or_force(owner, stranger):
    tournament = with_rotation(owner)
    services.start_round(round=tournament.rounds.get(number=1))
    path = url(tournament, "rounds/1/close/")
    assert client_for(stranger).post(path, {}, format="json").status_code == 403
    refused = client_for(owner).post(path, {}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"] == "tables_not_confirmed"
    assert refused.json()["message"] == (
        "The round cannot close: Table 1, Table 2 not confirmed yet."
    )
    forced = client_for(owner).post(
        path, {"force": True, "idempotency_key": "close-1"}, format="json"
    )
    assert forced.status_code == 200 and forced.json()["status"] == "closed"
    replay = client_for(owner).post(
        path, {"force": True, "idempotency_key": "close-1"}, format="json"
    )
    assert replay.status_code == 200
    closed = client_for(owner).post(path, {"force": True}, format="json")
    assert closed.json()["error"] == "round_closed"


def test_a_planned_round_cannot_be_closed(owner):
    tournament = with_rotation(owner)
    response = client_for(owner).post(url(tournament, "rounds/1/close/"), {}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "round_not_started"
    assert response.json()["message"] == "This round has not started yet."


# ---------------------------------------------------------------- organisers


def test_organisers_add_a_co_organiser_by_user_name_and_the_owner_removes_them(owner, stranger):
    tournament = new_tournament(owner)
    helper = UserFactory(username="helper")
    listing = client_for(owner).get(url(tournament, "organisers/")).json()
    assert listing == {
        "owner": {"name": None, "id": owner.pk, "username": owner.username},
        "co_organisers": [],
    }
    assert (
        client_for(stranger)
        .post(url(tournament, "organisers/"), {"username": "helper"}, format="json")
        .status_code
        == 403
    )

    added = client_for(owner).post(
        url(tournament, "organisers/"), {"username": "helper"}, format="json"
    )
    assert added.status_code == 200
    assert added.json()["co_organisers"] == [{"name": None, "id": helper.pk, "username": "helper"}]
    # Now the helper may change the tournament.
    assert (
        client_for(helper).patch(url(tournament), {"name": "Renamed"}, format="json").status_code
        == 200
    )

    unknown = client_for(owner).post(
        url(tournament, "organisers/"), {"username": "nobody"}, format="json"
    )
    assert unknown.status_code == 400
    assert unknown.json()["message"] == "username: There is no user with that name."
    self_add = client_for(owner).post(
        url(tournament, "organisers/"), {"username": owner.username}, format="json"
    )
    assert self_add.status_code == 400 and self_add.json()["error"] == "already_organiser"

    removed = client_for(owner).delete(url(tournament, f"organisers/{helper.pk}/"))
    assert removed.status_code == 204 and not tournament.co_organisers.exists()
    assert client_for(owner).delete(url(tournament, f"organisers/{helper.pk}/")).status_code == 404


def test_organisers_user_names_are_not_public_only_the_names_they_gave(owner, stranger):
    """A user name is half of what signs in: the public reads the name on the account,
    or nothing, through the tournaments list, a tournament and its organisers."""
    owner.first_name, owner.last_name = "Olive", "Oyl"
    owner.save()
    tournament = new_tournament(owner)
    helper = UserFactory(username="helper-login")
    tournament.co_organisers.add(helper)

    for reader in (client_for(), client_for(stranger)):
        listing = reader.get("/api/tournaments/").json()
        rows = listing["results"] if isinstance(listing, dict) else listing
        assert [row["owner"] for row in rows] == ["Olive Oyl"]
        assert reader.get(url(tournament)).json()["owner"] == "Olive Oyl"
        organisers = reader.get(url(tournament, "organisers/"))
        assert organisers.json() == {
            "owner": {"name": "Olive Oyl"},
            "co_organisers": [{"name": None}],
        }
        for answer in (listing, organisers.json()):
            assert owner.username not in str(answer) and "helper-login" not in str(answer)

    # The organisers themselves still see the user names they add and remove by.
    mine = client_for(helper).get(url(tournament, "organisers/")).json()
    assert mine["co_organisers"] == [{"name": None, "id": helper.pk, "username": "helper-login"}]
    assert mine["owner"]["username"] == owner.username


def test_a_co_organiser_may_step_down_but_not_remove_another(owner, stranger):
    tournament = new_tournament(owner)
    other = UserFactory()
    services.add_co_organiser(tournament=tournament, user=stranger)
    services.add_co_organiser(tournament=tournament, user=other)
    refused = client_for(stranger).delete(url(tournament, f"organisers/{other.pk}/"))
    assert refused.status_code == 403
    assert refused.json()["message"] == "Only the tournament's owner can remove another organiser."
    assert (
        client_for(stranger).delete(url(tournament, f"organisers/{stranger.pk}/")).status_code
        == 204
    )
    assert list(tournament.co_organisers.all()) == [other]


# ---------------------------------------------------------------- changes on the night


def seats_of(tournament: Tournament, name: str) -> list[tuple[int, int]]:
    return list(
        Seat.objects.filter(table__round__tournament=tournament, player__name=name)
        .values_list("table__round__number", "table__number")
        .order_by("table__round__number")
    )


def test_a_change_is_previewed_without_writing_then_applied_with_its_fingerprint(owner, stranger):
    tournament = with_rotation(owner, players=9)
    services.start_round(round=tournament.rounds.get(number=1))
    leaving = tournament.players.get(name="Player C")
    replaced = tournament.players.get(name="Player D")
    body = {
        "withdraw": [leaving.pk],
        "arrive": ["Late Larry"],
        "substitutes": [{"player": replaced.pk, "name": "Sub Sam"}],
    }
    assert (
        client_for(stranger)
        .post(url(tournament, "changes/preview/"), body, format="json")
        .status_code
        == 403
    )
    played = seats_of(tournament, "Player C")[:1]

    preview = client_for(owner).post(url(tournament, "changes/preview/"), body, format="json")
    assert preview.status_code == 200, preview.json()
    change = preview.json()
    assert change["first_round"] == 2 and change["replanned"] is True
    assert change["withdrawn"] == ["Player C"] and change["arrived"] == ["Late Larry"]
    assert change["substitutes"] == [{"leaves": "Player D", "name": "Sub Sam"}]
    assert all(r["number"] >= 2 for r in change["rounds"])
    assert "Late Larry" in change["moved_players"]
    assert not Player.objects.filter(name__in=["Late Larry", "Sub Sam"]).exists()

    applied = client_for(owner).post(
        url(tournament, "changes/"), {**body, "fingerprint": change["fingerprint"]}, format="json"
    )
    assert applied.status_code == 200, applied.json()
    assert applied.json()["change"]["fingerprint"] == change["fingerprint"]
    assert [r["number"] for r in applied.json()["rounds"]] == [1, 2]
    assert seats_of(tournament, "Player C") == played  # round 1 stays as played
    assert seats_of(tournament, "Late Larry") and seats_of(tournament, "Sub Sam")
    assert not Player.objects.get(pk=replaced.pk).active


def test_a_change_applied_after_the_plan_moved_on_is_a_conflict(owner):
    tournament = with_rotation(owner, players=9)
    leaving = tournament.players.get(name="Player A")
    body = {"withdraw": [leaving.pk]}
    preview = client_for(owner).post(url(tournament, "changes/preview/"), body, format="json")
    services.start_round(round=tournament.rounds.get(number=1))
    response = client_for(owner).post(
        url(tournament, "changes/"),
        {**body, "fingerprint": preview.json()["fingerprint"]},
        format="json",
    )
    assert response.status_code == 409 and response.json()["error"] == "stale_preview"
    assert Player.objects.get(pk=leaving.pk).active


def test_a_change_naming_nobody_or_a_stranger_is_refused_in_plain_words(owner):
    tournament = with_rotation(owner, players=9)
    elsewhere = with_rotation(owner, players=8).players.first()
    client = client_for(owner)

    empty = client.post(url(tournament, "changes/"), {}, format="json")
    assert empty.status_code == 400 and empty.json()["error"] == "nothing_to_change"
    assert empty.json()["message"] == "Choose who leaves, arrives or is replaced."

    foreign = client.post(url(tournament, "changes/"), {"withdraw": [elsewhere.pk]}, format="json")
    assert foreign.status_code == 400 and foreign.json()["error"] == "invalid"
    assert foreign.json()["message"] == (
        f"withdraw: No player with id {elsewhere.pk} in this tournament."
    )
    twice = tournament.players.first()
    response = client.post(
        url(tournament, "changes/"),
        {"substitutes": [{"player": twice.pk, "name": "X"}, {"player": twice.pk, "name": "Y"}]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["message"] == "substitutes: Each player can be replaced only once."
    assert Player.objects.filter(tournament=tournament, active=True).count() == 9
    assert not Player.objects.filter(name__in=["X", "Y"]).exists()


# ---------------------------------------------------------------- schema and docs


def test_the_schema_is_openapi_and_documents_every_endpoint(client, db):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    paths = set(schema["paths"])
    assert {
        "/api/tournaments/",
        "/api/tournaments/{id}/",
        "/api/tournaments/{id}/players/",
        "/api/tournaments/{id}/players/import/",
        "/api/tournaments/{id}/teams/",
        "/api/tournaments/{id}/rounds/",
        "/api/tournaments/{id}/rounds/{number}/",
        "/api/tournaments/{id}/rounds/{number}/start/",
        "/api/tournaments/{id}/rounds/{number}/close/",
        "/api/tournaments/{id}/generate-rotation/",
        "/api/tournaments/{id}/changes/",
        "/api/tournaments/{id}/changes/preview/",
        "/api/tournaments/{id}/organisers/",
        "/api/tournaments/{id}/organisers/{user_id}/",
        "/api/tournaments/{id}/print-jobs/",
        "/api/print-jobs/{id}/",
        "/api/print-jobs/{id}/download/",
        "/api/tables/{token}/",
        "/api/tables/{token}/hands/",
        "/api/tables/{token}/totals/",
        "/api/tables/{token}/confirm/",
        "/api/tables/{token}/dispute/",
        "/api/tables/{token}/history/",
        "/api/results/",
        "/api/results/{id}/",
        "/api/results/{id}/resolve/",
    } <= paths
    assert schema["components"]["securitySchemes"]["tableToken"]["in"] == "header"


def test_the_schema_validates_without_a_single_warning(db, tmp_path):
    # --fail-on-warn turns any drf-spectacular guess (an untyped field or parameter)
    # into an error, so the schema says exactly what the API does.
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml")
    )
    schema = yaml.safe_load((tmp_path / "schema.yml").read_text())
    assert {} in schema["paths"]["/api/tournaments/"]["get"]["security"]
    assert {} not in schema["paths"]["/api/tournaments/"]["post"]["security"]
    assert {} not in schema["paths"]["/api/results/"]["get"]["security"]


def test_the_docs_page_renders(client, db):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert b"swagger-ui" in response.content.lower()


def test_the_tournament_list_costs_the_same_queries_for_more_tournaments(
    owner, stranger, django_assert_max_num_queries
):
    for index in range(3):
        tournament = new_tournament(owner, name=f"Night {index}")
        services.add_co_organiser(tournament=tournament, user=stranger)
    client = client_for(stranger)
    client.get("/api/tournaments/")  # session and user rows warmed up
    with django_assert_max_num_queries(6):
        body = client.get("/api/tournaments/").json()
    assert [t["is_organiser"] for t in body["results"]] == [True, True, True]


def test_an_unknown_api_path_answers_json_not_an_html_page(client):
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"
    assert "/api/no-such-thing/" in response.json()["message"]


def test_the_import_takes_text_not_a_file_so_no_encoding_is_guessed(owner):
    tournament = new_tournament(owner)
    upload = SimpleUploadedFile("players.csv", "Łukasz Nowak\nAnn Lee\n".encode("cp1250"))
    refused = client_for(owner).post(
        url(tournament, "players/import/"), {"text": upload}, format="multipart"
    )
    assert refused.status_code == 400
    assert refused.json()["field_errors"] == {"text": ["Not a valid string."]}
    assert not Player.objects.filter(tournament=tournament).exists()
