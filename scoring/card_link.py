"""The link on a player's scorecard: to the seat they hold now (or next)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect
from django.views.decorators.http import require_GET

from tournaments.card_links import player_id_of
from tournaments.models import Bye, Player, Round, Seat


@require_GET
def card_link(request, token: str):
    player_id = player_id_of(token)
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    if player is None:
        raise Http404
    open_rounds = {"table__round__tournament_id": player.tournament_id}
    seat = (
        Seat.objects.filter(player=player, **open_rounds)
        .exclude(table__round__status=Round.Status.CLOSED)
        .order_by("table__round__number")
        .values_list("token", "table__round__number")
        .first()
    )
    bye = (
        Bye.objects.filter(player=player, round__tournament_id=player.tournament_id)
        .exclude(round__status=Round.Status.CLOSED)
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )
    if seat is not None and (bye is None or seat[1] < bye):
        return redirect("seat-entry", token=seat[0])
    # A bye now, or no rounds left: the player's own page says so.
    return redirect("player-seat", pk=player.tournament_id, player_pk=player.pk)
