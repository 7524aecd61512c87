"""Settings and names have one set of limits (core.limits) that the forms, the
API, the services and the database agree on: a value past them gets a plain message
and a 4xx, never a 500 or a value stored and ignored."""

from __future__ import annotations

import html

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from rest_framework.test import APIClient

from core import limits
from core.errors import DomainError
from scoring.models import TableResult
from tests.factories import UserFactory
from tests.integration.test_api import new_tournament
from tests.integration.test_scoring_services import seated_table
from tests.integration.test_scoring_views import as_scorer, form_values, page
from tests.integration.test_tournament_views import _create_data
from tournaments.models import Player, Team, Tournament

TARGET_REFUSED = "“Game to” does not apply"


@pytest.fixture
def owner(db):
    return UserFactory()


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def tournament_body(**overrides) -> dict:
    return {
        "name": "Club night",
        "date": "2026-04-01",
        "variant": "north-american",
        "format": "progressive",
        "round_play": "hands",
        "hands_per_round": 8,
        **overrides,
    }


form_body = _create_data


# ---------------------------------------------------------------- hands per round


@pytest.mark.parametrize(
    ("round_play", "hands"),
    [("game", 40000), ("game", 100), ("hands", 100), ("hands", 0), ("hands", 40000)],
)
def test_the_api_refuses_a_hand_count_past_the_limit_in_either_kind_of_round(
    owner, round_play, hands
):
    response = api_for(owner).post(
        "/api/tournaments/",
        tournament_body(round_play=round_play, hands_per_round=hands),
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert "hands_per_round" in body["message"] or "between 1 and 99 hands" in body["message"]
    assert not Tournament.objects.exists()


def test_a_one_game_round_may_leave_the_hand_count_unused(owner):
    response = api_for(owner).post(
        "/api/tournaments/", tournament_body(round_play="game", hands_per_round=0), format="json"
    )
    assert response.status_code == 201


@pytest.mark.parametrize("hands", [40000, 100])
def test_the_service_refuses_a_hand_count_past_the_limit_even_for_one_game_rounds(owner, hands):
    with pytest.raises(DomainError) as refused:
        new_tournament(owner, round_play="game", hands_per_round=hands)
    assert refused.value.code == "bad_hands_per_round"
    assert refused.value.message == "A round is between 1 and 99 hands."


def test_the_api_refuses_a_hand_count_past_the_limit_on_patch(owner):
    tournament = new_tournament(owner, round_play="game")
    response = api_for(owner).patch(
        f"/api/tournaments/{tournament.pk}/", {"hands_per_round": 40000}, format="json"
    )
    assert response.status_code == 400
    tournament.refresh_from_db()
    assert tournament.hands_per_round == 8


def test_the_form_says_how_many_hands_a_round_can_have(client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("tournament-create"), form_body(round_play="game", hands_per_round="40000")
    )
    assert response.status_code == 200
    assert "A round is between 1 and 99 hands." in html.unescape(response.content.decode())
    response = client.post(reverse("tournament-create"), form_body(hands_per_round="0"))
    assert "A round is between 1 and 99 hands." in html.unescape(response.content.decode())
    assert not Tournament.objects.exists()


def test_the_database_refuses_a_hand_count_past_the_limit(owner):
    tournament = new_tournament(owner, round_play="game")
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(hands_per_round=40000 % 32768)
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(round_play="hands", hands_per_round=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=201)


# ---------------------------------------------------------------- rounds and seed


@pytest.mark.parametrize(
    ("field", "value"), [("rounds_planned", 31), ("rounds_planned", 0), ("seed", 2**31)]
)
def test_the_api_refuses_rounds_and_seeds_past_the_limits(owner, field, value):
    response = api_for(owner).post(
        "/api/tournaments/", tournament_body(**{field: value}), format="json"
    )
    assert response.status_code == 400
    assert response.json()["message"].startswith(f"{field}: ")
    assert not Tournament.objects.exists()


def test_the_form_refuses_rounds_and_seeds_past_the_limits(client, owner):
    client.force_login(owner)
    response = client.post(reverse("tournament-create"), form_body(rounds_planned="31"))
    assert "Plan between 1 and 30 rounds" in html.unescape(response.content.decode())
    tournament = new_tournament(owner)
    response = client.post(
        reverse("tournament-edit", args=[tournament.pk]), form_body(seed=str(2**31))
    )
    assert response.status_code == 200
    assert "less than or equal to 2147483647" in html.unescape(response.content.decode())


# ---------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("field", "most"), [("name", limits.TOURNAMENT_NAME_MAX), ("venue", limits.VENUE_MAX)]
)
def test_tournament_names_past_the_limit_are_refused_everywhere(client, owner, field, most):
    long = "x" * (most + 1)
    response = api_for(owner).post(
        "/api/tournaments/", tournament_body(**{field: long}), format="json"
    )
    assert response.status_code == 400
    assert f"no more than {most} characters" in response.json()["message"]
    client.force_login(owner)
    page_response = client.post(reverse("tournament-create"), form_body(**{field: long}))
    assert f"at most {most} characters" in page_response.content.decode()
    with pytest.raises(DomainError) as refused:
        new_tournament(owner, **{field: long})
    assert f"longer than {most} characters" in refused.value.message
    assert not Tournament.objects.exists()


def test_player_and_team_names_past_the_limit_are_refused_by_the_api(owner):
    tournament = new_tournament(owner, format="teams", rounds_planned=None)
    client = api_for(owner)
    players = f"/api/tournaments/{tournament.pk}/players/"
    long_name = client.post(players, {"name": "x" * (limits.PLAYER_NAME_MAX + 1)}, format="json")
    assert long_name.status_code == 400
    assert f"no more than {limits.PLAYER_NAME_MAX} characters" in long_name.json()["message"]
    long_team = client.post(
        players, {"name": "Ann", "team_name": "t" * (limits.TEAM_NAME_MAX + 1)}, format="json"
    )
    assert long_team.status_code == 400
    assert f"no more than {limits.TEAM_NAME_MAX} characters" in long_team.json()["message"]
    assert not Player.objects.exists() and not Team.objects.exists()
    fits = client.post(
        players,
        {"name": "x" * limits.PLAYER_NAME_MAX, "team_name": "t" * limits.TEAM_NAME_MAX},
        format="json",
    )
    assert fits.status_code == 201


def test_a_long_player_name_on_the_page_is_a_form_error(client, owner):
    tournament = new_tournament(owner)
    client.force_login(owner)
    response = client.post(
        reverse("player-add", args=[tournament.pk]), {"name": "x" * (limits.PLAYER_NAME_MAX + 1)}
    )
    assert response.status_code == 400
    assert f"at most {limits.PLAYER_NAME_MAX} characters" in response.content.decode()
    assert not Player.objects.exists()


def test_models_forms_and_serializers_share_the_name_limits():
    from tournaments.api import serializers
    from tournaments.forms import PlayerForm, TournamentForm

    assert Tournament._meta.get_field("name").max_length == limits.TOURNAMENT_NAME_MAX
    assert Player._meta.get_field("name").max_length == limits.PLAYER_NAME_MAX
    assert Team._meta.get_field("name").max_length == limits.TEAM_NAME_MAX
    assert TournamentForm.base_fields["name"].max_length == limits.TOURNAMENT_NAME_MAX
    assert PlayerForm.base_fields["name"].max_length == limits.PLAYER_NAME_MAX
    assert PlayerForm.base_fields["team_name"].max_length == limits.TEAM_NAME_MAX
    added = serializers.PlayerAddSerializer().fields
    assert added["name"].max_length == limits.PLAYER_NAME_MAX
    assert added["team_name"].max_length == limits.TEAM_NAME_MAX


# ---------------------------------------------------------------- "Game to" and fixed hands


def test_a_target_for_rounds_of_fixed_hands_is_refused_by_the_api(owner):
    response = api_for(owner).post(
        "/api/tournaments/", tournament_body(options={"target": 15}), format="json"
    )
    assert response.status_code == 400
    assert TARGET_REFUSED in response.json()["message"]
    assert not Tournament.objects.exists()
    game = api_for(owner).post(
        "/api/tournaments/",
        tournament_body(round_play="game", options={"target": 15}),
        format="json",
    )
    assert game.status_code == 201
    assert game.json()["options"] == {"target": 15}


def test_switching_a_round_to_fixed_hands_while_a_target_is_set_says_why(owner):
    tournament = new_tournament(owner, round_play="game", options={"target": 15})
    response = api_for(owner).patch(
        f"/api/tournaments/{tournament.pk}/", {"round_play": "hands"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"] == "target_needs_game_rounds"
    assert TARGET_REFUSED in response.json()["message"]
    tournament.refresh_from_db()
    assert tournament.round_play == "game"


def test_the_form_refuses_a_target_for_rounds_of_fixed_hands_on_that_field(client, owner):
    client.force_login(owner)
    response = client.post(reverse("tournament-create"), form_body(target="15"))
    assert response.status_code == 200
    assert TARGET_REFUSED in html.unescape(response.content.decode())
    assert not Tournament.objects.exists()
    client.post(reverse("tournament-create"), form_body(round_play="game", target="15"))
    assert Tournament.objects.get().options == {"target": 15}


def test_the_form_shows_game_to_with_one_game_rounds_and_the_hand_count_with_fixed_hands(
    client, owner
):
    client.force_login(owner)
    content = client.get(reverse("tournament-create")).content.decode()
    game_part = content.split('data-round-play="game"', 1)[1].split("</div>", 1)[0]
    hands_part = content.split('data-round-play="hands"', 1)[1].split("</div>", 1)[0]
    assert 'name="target"' in game_part
    assert 'name="hands_per_round"' in hands_part
    assert "js/tournament_form.js" in content


# ---------------------------------------------------------------- totals past the hands


def test_totals_past_what_the_hands_could_give_are_refused_on_the_api(db):
    table, seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
    body = {
        "side_points": [33, 0],
        "expected_version": 0,
        "idempotency_key": "t1",
        "seat": seats[0].pk,
    }
    response = client.post(f"/api/tables/{table.token}/totals/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "round_totals_too_high"
    assert "at most 32 points" in response.json()["message"]
    assert not TableResult.objects.exists()


def test_totals_past_what_the_hands_could_give_are_refused_on_the_page(client, db):
    table, seats = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    as_scorer(client, table, seats[0])
    values = form_values(client.get(page(table)).content.decode())
    response = client.post(page(table), {"action": "totals", "side_0": 900, "side_1": 0, **values})
    assert response.status_code == 400
    assert "at most 32 points" in html.unescape(response.content.decode())
    assert not TableResult.objects.exists()


@pytest.mark.parametrize(
    ("variant", "players", "points", "stored"),
    [
        # Inputs that held the table lock for 50 s and more than 10 minutes before.
        ("north-american", 4, [198, 198], False),
        ("north-american", 4, [100, 100], True),
        ("three-handed", 3, [250, 250, 250], True),
    ],
)
def test_long_rounds_of_totals_are_answered(db, variant, players, points, stored):
    table, seats = seated_table(
        variant=variant,
        players=players,
        partners=players == 4,
        entry_mode=Tournament.EntryMode.TOTALS,
        hands_per_round=99,
    )
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
    body = {
        "side_points": points,
        "expected_version": 0,
        "idempotency_key": "t1",
        "seat": seats[0].pk,
    }
    response = client.post(f"/api/tables/{table.token}/totals/", body, format="json")
    assert response.status_code == (200 if stored else 400), response.json()
    assert TableResult.objects.exists() == stored


def test_rows_from_before_the_limits_are_brought_into_range(owner):
    from importlib import import_module

    from django.apps import apps

    migration = import_module("tournaments.migrations.0004_settings_into_range")
    kept = new_tournament(owner, round_play="game", options={"target": 15})
    ignored = new_tournament(owner, options={"stick_the_dealer": True})
    # What an older version stored: a target that rounds of fixed hands never used.
    with transaction.atomic():
        Tournament.objects.filter(pk=ignored.pk).update(
            options={"stick_the_dealer": True, "target": 15}
        )
    migration.bring_settings_into_range(apps, None)
    kept.refresh_from_db()
    ignored.refresh_from_db()
    assert kept.options == {"target": 15}
    assert ignored.options == {"stick_the_dealer": True}
