"""The night's one-step fixes by API, like every other change: a player marked late
or here now, two players who swapped seats, and the scorecards to reprint."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.integration.test_api import client_for, new_tournament, url, with_rotation
from tournaments import services
from tournaments.models import Bye, PrintJob, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return UserFactory()


def test_a_player_is_marked_late_then_here_now(owner):
    tournament = with_rotation(owner, players=9)
    player = tournament.players.get(name="Player E")
    answer = client_for(owner).post(
        url(tournament, f"players/{player.pk}/late/"), {"late": True}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["late"] is True and answer.json()["joins_in"] == 2
    assert Bye.objects.get(round__tournament=tournament, round__number=1).player == player

    answer = client_for(owner).post(
        url(tournament, f"players/{player.pk}/late/"), {"late": False}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["late"] is False


def test_late_is_refused_in_words_once_play_began_and_for_a_stranger(owner):
    tournament = with_rotation(owner, players=9)
    player = tournament.players.first()
    assert (
        client_for(UserFactory())
        .post(url(tournament, f"players/{player.pk}/late/"), {"late": True}, format="json")
        .status_code
        == 403
    )
    services.start_round(round=tournament.rounds.get(number=1))
    answer = client_for(owner).post(
        url(tournament, f"players/{player.pk}/late/"), {"late": True}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == "round_started"
    assert "The first round has started" in answer.json()["message"]
    answer = client_for(owner).post(
        url(tournament, f"players/{player.pk}/late/"), {"late": "maybe"}, format="json"
    )
    assert answer.status_code == 400


def test_two_players_swap_seats_in_the_round_in_play(owner):
    tournament = with_rotation(owner, players=8)
    services.start_round(round=tournament.rounds.get(number=1))
    first, second = Seat.objects.filter(
        table__round__number=1, table__round__tournament=tournament
    )[:2]
    a, b = first.player, second.player
    answer = client_for(owner).post(
        url(tournament, "rounds/1/swap/"), {"first": a.pk, "second": b.pk}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    first.refresh_from_db()
    assert first.player == b
    answer = client_for(owner).post(
        url(tournament, "rounds/1/swap/"), {"first": a.pk, "second": 999999}, format="json"
    )
    assert answer.status_code == 400
    assert "No player with id 999999 in this tournament." in str(answer.json())
    answer = client_for(owner).post(
        url(tournament, "rounds/2/swap/"), {"first": a.pk, "second": b.pk}, format="json"
    )
    assert answer.status_code == 400 and answer.json()["error"] == "swap_not_in_play"


def test_the_reprint_list_is_read_and_printed(owner, django_capture_on_commit_callbacks):
    tournament = with_rotation(owner, players=9)
    services.start_round(round=tournament.rounds.get(number=1))
    assert client_for(UserFactory()).get(url(tournament, "reprints/")).status_code == 403
    empty = client_for(owner).post(url(tournament, "reprints/"))
    assert empty.status_code == 409 and empty.json()["error"] == "nothing_to_reprint"

    change = services.apply_change(tournament=tournament, arrive=["Late Larry"])
    listed = client_for(owner).get(url(tournament, "reprints/")).json()["players"]
    assert {p["name"] for p in listed} == change.moved_players
    with django_capture_on_commit_callbacks(execute=False):
        answer = client_for(owner).post(url(tournament, "reprints/"))
    assert answer.status_code == 202, answer.json()
    job = PrintJob.objects.get()
    assert job.kind == "scorecards" and sorted(job.options["players"]) == sorted(
        p["id"] for p in listed
    )


def test_unknown_player_for_late_is_a_404(owner):
    tournament = new_tournament(owner)
    answer = client_for(owner).post(url(tournament, "players/999999/late/"), {"late": True})
    assert answer.status_code == 404
