"""The link on a player's scorecard: to the seat they hold now (or next)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from tournaments.card_links import card_of
from tournaments.models import Bye, Player, Round, Seat


@require_GET
def card_link(request, token: str):
    card = card_of(token)
    player = Player.objects.filter(pk=card.player_id).first() if card else None
    if player is None or card.version > player.card_version:
        raise Http404
    if card.version < player.card_version:
        # A card the organiser replaced (lost, or seen by someone else): it opens nothing,
        # and says so, since whoever holds it may be the player with an old card.
        return render(request, "scoring/card_replaced.html", status=410)
    return redirect(where_now(player, seat_link=True))


def where_now(player: Player, *, seat_link: bool) -> str:
    """The page of the seat `player` holds now (or next): their seat link where the
    phone already holds one of theirs (`seat_link`), else their public page, which
    also says where a bye or the end of their rounds leaves them."""
    # A draft round is not where anyone goes yet.
    open_rounds = {
        "table__round__tournament_id": player.tournament_id,
        "table__round__published": True,
    }
    seat = (
        Seat.objects.filter(player=player, **open_rounds)
        .exclude(table__round__status=Round.Status.CLOSED)
        .order_by("table__round__number")
        .values_list("token", "table__round__number")
        .first()
    )
    bye = (
        Bye.objects.filter(
            player=player, round__tournament_id=player.tournament_id, round__published=True
        )
        .exclude(round__status=Round.Status.CLOSED)
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )
    if seat_link and seat is not None and (bye is None or seat[1] < bye):
        return reverse("seat-entry", kwargs={"token": seat[0]})
    # A bye now, or no rounds left: the player's own page says so.
    return reverse("player-seat", kwargs={"pk": player.tournament_id, "player_pk": player.pk})
