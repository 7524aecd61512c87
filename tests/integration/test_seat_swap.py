"""Two players sat in each other's seats: one step puts each in the seat they really
had, results already entered then count for them, and the table's history says so."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import DomainError
from scoring import night_standings
from scoring.models import ResultChange, TableResult
from tests.integration.test_standings import (
    EIGHT,
    confirm_totals,
    make_night,
    provisional_totals,
    start,
    tables,
)
from tournaments.models import Bye, Seat
from tournaments.services import swaps

pytestmark = pytest.mark.django_db


def _points(night) -> dict[str, int]:
    return {
        row.name: row.record.total_points
        for row in night_standings.tournament_standings(night).rows
    }


def _winner_and_loser(night):
    first, second = tables(night, 1)
    confirm_totals(first, night.owner, (6, 2))
    confirm_totals(second, night.owner, (3, 5))
    won = next(s.player for s in first.seats.all() if _points(night)[s.player.name] == 6)
    lost = next(s.player for s in second.seats.all() if _points(night)[s.player.name] == 3)
    return first, second, won, lost


def test_a_swap_across_tables_moves_the_points_already_entered_to_the_right_players(
    organiser,
):
    night = make_night(organiser, names=EIGHT)
    start(night, 1)
    first, second, won, lost = _winner_and_loser(night)
    won_seat = Seat.objects.get(player=won, table__round__number=1)
    lost_seat = Seat.objects.get(player=lost, table__round__number=1)

    swaps.swap_seats(round=first.round, first=won, second=lost, user=organiser)

    # What was scored at each seat now counts for whoever really sat there.
    assert _points(night)[won.name] == 3 and _points(night)[lost.name] == 6
    won_seat.refresh_from_db()
    assert won_seat.player == lost
    assert Seat.objects.get(player=won, table__round__number=1).pk == lost_seat.pk
    # Each table's history has the swap, by the organiser, and phones must reload.
    for table in (first, second):
        (entry,) = ResultChange.objects.filter(table=table, action="seats-swapped")
        assert entry.user == organiser
        assert entry.note == f"{won.name} and {lost.name} sat in each other's seats."
        assert entry.version == TableResult.objects.get(table=table).version
        assert set(entry.old["players"]) != set(entry.new["players"])
    page = Client().get(reverse("table-history", args=[first.token])).content.decode()
    assert "Seats swapped by an organiser" in page
    assert "sat in each other&#x27;s seats." in page


def test_swapped_opponents_at_one_table_keep_who_entered_the_result(organiser):
    night = make_night(organiser, names=EIGHT)
    start(night, 1)
    table = tables(night, 1)[0]
    result = provisional_totals(table, (6, 2))
    entered_by = result.submitted_by_seat.player
    other = next(s.player for s in table.seats.all() if s.side != result.submitted_side)

    swaps.swap_seats(round=table.round, first=entered_by, second=other, user=organiser)

    result.refresh_from_db()
    # The same person entered it; they now sit on the other side.
    assert result.submitted_by_seat.player == entered_by
    assert result.submitted_side == result.submitted_by_seat.side
    assert result.status == TableResult.Status.PROVISIONAL


def test_a_player_who_played_in_place_of_the_bye_swaps_with_them(organiser):
    night = make_night(organiser, names=[*EIGHT, "Ivy"])
    start(night, 1)
    bye = Bye.objects.get(round__tournament=night, round__number=1)
    sitting = Seat.objects.filter(table__round=bye.round).first()
    resting, player = bye.player, sitting.player
    swaps.swap_seats(round=bye.round, first=player, second=resting, user=organiser)
    sitting.refresh_from_db()
    bye.refresh_from_db()
    assert sitting.player == resting and bye.player == player


def test_swaps_are_refused_outside_a_round_in_play_and_for_one_player(organiser):
    night = make_night(organiser, names=EIGHT)
    planned = night.rounds.get(number=1)
    a, b = night.players.all()[:2]
    with pytest.raises(DomainError) as refused:
        swaps.swap_seats(round=planned, first=a, second=b, user=organiser)
    assert refused.value.message == (
        "Round 1 is not in play: players swap seats only in a round in play."
    )
    with pytest.raises(DomainError) as refused:
        swaps.swap_seats(round=planned, first=a, second=a, user=organiser)
    assert refused.value.message == "Choose two different players."


def test_the_round_page_form_swaps_and_a_bad_choice_is_a_400_in_words(client, organiser):
    night = make_night(organiser, names=EIGHT)
    start(night, 1)
    client.force_login(organiser)
    page = client.get(reverse("round-detail", args=[night.pk, 1])).content.decode()
    assert "Two players sat in each other's seats" in page
    first, second = tables(night, 1)
    a, b = first.seats.first().player, second.seats.first().player
    url = reverse("seats-swap", args=[night.pk, 1])
    response = client.post(url, {"first": a.pk, "second": b.pk}, follow=True)
    assert f"{a.name} and {b.name} now sit in each other&#x27;s seats" in response.content.decode()
    assert Seat.objects.get(pk=first.seats.first().pk).player == b

    response = client.post(url, {"first": a.pk, "second": a.pk})
    assert response.status_code == 400
    assert "Choose two different players." in response.content.decode()
    response = client.post(url, {"first": a.pk, "second": "nobody"})
    assert response.status_code == 400
    assert "Choose a player of this round." in response.content.decode()
