"""A tournament is what a club night can be: at most 400 players and 30 rounds. The
site refuses more in plain words (form, API, list import; a 4xx, never a 500); an
event stored beyond the limits before they came plays on but does not grow and is
not drawn again."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from core import limits
from core.errors import DomainError
from tests.factories import UserFactory
from tests.integration.test_api import new_tournament
from tests.integration.test_tournament_views import _create_data
from tournaments import rotations, services
from tournaments.models import Player, Round, Tournament
from tournaments.services.rows import write_rounds

TOO_MANY = "A tournament has at most 400 players; this would make 401."


@pytest.fixture
def owner(db):
    return UserFactory()


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def names(count: int, prefix: str = "Player") -> str:
    return "\n".join(f"{prefix} {n:03d}" for n in range(count))


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def test_the_limits_are_a_club_night():
    assert (limits.MAX_PLAYERS, limits.MAX_ROUNDS) == (400, 30)


def test_more_than_30_rounds_is_refused_by_form_and_api(client, owner):
    client.force_login(owner)
    response = client.post(reverse("tournament-create"), _create_data(rounds_planned="31"))
    assert response.status_code == 200
    assert "Plan between 1 and 30 rounds" in text_of(response)
    response = api_for(owner).post(
        "/api/tournaments/",
        {
            "name": "Club night",
            "date": "2026-04-01",
            "variant": "north-american",
            "format": "progressive",
            "rounds_planned": 31,
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["message"].startswith("rounds_planned: ")
    assert not Tournament.objects.exists()
    with pytest.raises(DomainError, match="Plan between 1 and 30 rounds"):
        new_tournament(owner, rounds_planned=31)


def test_a_list_past_400_players_is_refused_on_the_page_the_api_and_one_by_one(client, owner):
    tournament = new_tournament(owner)
    client.force_login(owner)
    response = client.post(
        reverse("player-import", args=[tournament.pk]), {"text": names(limits.MAX_PLAYERS + 1)}
    )
    assert response.status_code == 400
    assert TOO_MANY in text_of(response)
    assert not tournament.players.exists()

    api = api_for(owner)
    response = api.post(
        f"/api/tournaments/{tournament.pk}/players/import/",
        {"text": names(limits.MAX_PLAYERS + 1)},
        format="json",
    )
    assert response.status_code == 400
    assert TOO_MANY in response.json()["details"]
    assert not tournament.players.exists()

    # 400 fit; the 401st, typed alone, is refused with the same words.
    services.import_players(tournament=tournament, text=names(limits.MAX_PLAYERS))
    response = api.post(
        f"/api/tournaments/{tournament.pk}/players/", {"name": "One more"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["message"] == TOO_MANY
    response = client.post(reverse("player-add", args=[tournament.pk]), {"name": "One more"})
    assert response.status_code == 400
    assert TOO_MANY in text_of(response)
    assert tournament.players.count() == limits.MAX_PLAYERS


def test_an_empty_number_of_rounds_is_the_usual_length_decided_at_the_first_draw(
    client, owner, settings
):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 10_000  # drawn in the request, as a small night
    # 40 players: the complete rotation (39 rounds) is no night's length, so 8 rounds,
    # shown before the draw and kept as the event's number after it.
    tournament = new_tournament(owner, rounds_planned=None)
    services.import_players(tournament=tournament, text=names(40))
    client.force_login(owner)
    assert "8 rounds" in text_of(client.get(reverse("tournament-detail", args=[tournament.pk])))
    client.post(reverse("rotation-generate", args=[tournament.pk]))
    assert tournament.rounds.count() == 8
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 8

    # The API alike: the field left out, 13 players play 8 rounds; 12 play their
    # complete rotation of 11, and 12 pairs theirs of 11.
    api = api_for(owner)
    for fmt, players, rounds, stored in [
        ("progressive", 13, 8, 8),
        ("progressive", 12, 11, None),
        ("teams", 24, 11, None),
        ("teams", 26, 8, 8),
    ]:
        created = api.post(
            "/api/tournaments/",
            {
                "name": "Club night",
                "date": "2026-12-06",
                "variant": "north-american",
                "format": fmt,
            },
            format="json",
        )
        assert created.status_code == 201, created.json()
        assert created.json()["rounds_planned"] is None
        pk = created.json()["id"]
        lines = "\n".join(
            f"Player {n},Team {n // 2}" if fmt == "teams" else f"Player {n}" for n in range(players)
        )
        api.post(f"/api/tournaments/{pk}/players/import/", {"text": lines}, format="json")
        drawn = api.post(f"/api/tournaments/{pk}/generate-rotation/")
        assert drawn.status_code == 200, drawn.json()
        assert Round.objects.filter(tournament_id=pk).count() == rounds, (fmt, players)
        assert Tournament.objects.get(pk=pk).rounds_planned == stored


def test_an_empty_number_drawn_before_the_usual_length_stays_the_complete_rotation(owner):
    # Drawn with the number left empty when that meant the complete rotation: drawn
    # again, it still does, up to 17 rounds.
    sixteen = _stored_before_the_limits(owner, players=16, rounds=None)
    services.generate_rotation(tournament=sixteen)
    assert sixteen.rounds.count() == 15
    assert sixteen.rounds_planned is None

    twenty = _stored_before_the_limits(owner, players=20, rounds=None)
    with pytest.raises(DomainError) as refused:
        services.generate_rotation(tournament=twenty)
    assert refused.value.message == (
        "The complete rotation for 20 players is 19 rounds; an empty number of rounds "
        "draws it only up to 17: enter a number of rounds, at most 30."
    )
    assert twenty.rounds.count() == 19


def _stored_before_the_limits(owner, *, players: int, rounds: int | None) -> Tournament:
    """An event as the site stored it before the limits: rows written directly, the
    rotation drawn by the core (which takes any size)."""
    tournament = new_tournament(owner)
    Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=rounds)
    tournament.refresh_from_db()
    rows = Player.objects.bulk_create(
        Player(tournament=tournament, name=f"Player {n:03d}") for n in range(players)
    )
    schedule = rotations.generate("progressive", [p.name for p in rows], rounds)
    write_rounds(tournament, schedule.rounds, {p.name: p for p in rows}, after=0)
    return tournament


def test_an_event_stored_past_the_player_limit_plays_on_but_does_not_grow(client, owner):
    tournament = _stored_before_the_limits(owner, players=limits.MAX_PLAYERS + 1, rounds=2)
    client.force_login(owner)
    # Readable and playable.
    assert client.get(reverse("tournament-public", args=[tournament.pk])).status_code == 200
    someone = tournament.players.order_by("pk").first()
    assert client.get(reverse("player-seat", args=[tournament.pk, someone.pk])).status_code == 200
    # Not drawn again.
    api = api_for(owner)
    response = api.post(f"/api/tournaments/{tournament.pk}/generate-rotation/")
    assert response.status_code == 400
    assert "has 401 players, more than the 400" in response.json()["message"]
    assert tournament.rounds.count() == 2

    response = client.post(reverse("round-start", args=[tournament.pk, 1]))
    assert response.status_code == 302
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.IN_PLAY

    # Not grown by a late arrival.
    response = api.post(
        f"/api/tournaments/{tournament.pk}/changes/preview/",
        {"arrive": ["Late Comer"]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["message"] == (
        "A tournament has at most 400 players; this would make 402."
    )
    response = client.post(
        reverse("change-preview", args=[tournament.pk]), {"arrive": "Late Comer"}
    )
    assert response.status_code == 400
    assert "this would make 402" in text_of(response)

    # A substitute keeps the count: still allowed.
    services.apply_change(tournament=tournament, substitute={someone: "Stand In"})
    assert tournament.players.filter(active=True).count() == limits.MAX_PLAYERS + 1
    assert tournament.players.filter(name="Stand In", active=True).exists()


def test_an_event_stored_with_more_than_30_rounds_plays_on_but_is_not_drawn_again(client, owner):
    tournament = _stored_before_the_limits(owner, players=9, rounds=40)
    client.force_login(owner)
    # Its other settings stay editable with the stored number of rounds.
    response = client.post(
        reverse("tournament-edit", args=[tournament.pk]),
        _create_data(name=tournament.name, rounds_planned="40", venue="Back room"),
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.venue, tournament.rounds_planned) == ("Back room", 40)

    response = api_for(owner).post(f"/api/tournaments/{tournament.pk}/generate-rotation/")
    assert response.status_code == 400
    assert response.json()["message"] == (
        "This tournament is planned for 40 rounds, more than the 30 a rotation can be "
        "generated for: its rounds stay as they are and can be played; to generate it "
        "again, set the number of rounds to at most 30."
    )
    assert tournament.rounds.count() == 40
    services.start_round(round=Round.objects.get(tournament=tournament, number=1))
    assert client.get(reverse("round-detail", args=[tournament.pk, 1])).status_code == 200
