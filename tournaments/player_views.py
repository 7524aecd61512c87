"""The organiser's page for one player: their seats, their confirmation code and card
link on screen (a player whose card did not print, or was lost, scans it from there),
and reissuing their card."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from core.errors import DomainError
from core.permissions import organised_tournament

from . import selectors
from .models import Player, Tournament
from .qr import card_qr
from .services import late
from .services.reissue import reissue_card
from .site_address import unreachable_for


def _organised_player(request, pk: int, player_pk: int) -> tuple[Tournament, Player]:
    tournament = organised_tournament(pk=pk, user=request.user)
    player = get_object_or_404(
        Player.objects.select_related("team"), pk=player_pk, tournament=tournament
    )
    return tournament, player


@login_required
@never_cache  # it shows the player's code and card link: no copy kept by the browser
@require_GET
def player_detail(request, pk: int, player_pk: int):
    tournament, player = _organised_player(request, pk, player_pk)
    card_url, qr = card_qr(request=request, player=player)
    return render(
        request,
        "tournaments/player_detail.html",
        {
            "tournament": tournament,
            "player": player,
            "itinerary": selectors.player_itinerary(player),
            "joins_in": late.joins_in(player) if player.late else None,
            "card_url": card_url,
            "qr": qr,
            "unreachable": unreachable_for(request),
        },
    )


@login_required
@never_cache
@require_http_methods(["GET", "POST"])
def card_reissue(request, pk: int, player_pk: int):
    """Asks first (GET: what stops working), then reissues (POST)."""
    tournament, player = _organised_player(request, pk, player_pk)
    if request.method == "POST":
        try:
            reissue_card(player=player, by=request.user)
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(
                request,
                _(
                    # Translators: %(name)s is any player, woman or man: word it so that nothing
                    # agrees with the name's gender.
                    "%(name)s has a new card: the old code and QR code no longer work. "
                    "Show them the new ones below, or print the new card."
                )
                % {"name": player.name},
            )
        return redirect("player-detail", pk=tournament.pk, player_pk=player.pk)
    return render(
        request, "tournaments/card_reissue.html", {"tournament": tournament, "player": player}
    )
