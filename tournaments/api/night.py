"""The organiser's one-step fixes of the night, by API, under a tournament's address:
a player marked late or here now, two players who sat in each other's seats, and a
player's card reissued.
(The reprint list is printing's: tournaments.printing.api.)"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments.models import Round
from tournaments.services import late, reissue, swaps

from . import serializers as s
from .schema import NUMBER, TOURNAMENT_ID, refusals
from .views import PLAYER_ID, TournamentActions, players_by_id


@extend_schema(parameters=[TOURNAMENT_ID])
class NightFixesViewSet(TournamentActions):
    @extend_schema(
        parameters=[PLAYER_ID],
        request=s.LateSerializer,
        responses={200: s.LatePlayerSerializer, **refusals(400, 403, 404, 409)},
    )
    @action(detail=True, methods=["post"], url_path=r"players/(?P<player_id>[0-9]+)/late")
    def player_late(self, request: Request, pk: str, player_id: str) -> Response:
        """Mark a player late before round 1, or say they are here now."""
        tournament = self._tournament()
        player = get_object_or_404(tournament.players, pk=int(player_id))
        form = s.LateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        change = late.mark_late if form.validated_data["late"] else late.here_now
        player = change(player=player)
        return Response(s.LatePlayerSerializer(player, context=self._context(tournament)).data)

    @extend_schema(
        parameters=[NUMBER],
        request=s.SeatSwapSerializer,
        responses={200: s.RoundSerializer, **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]+)/swap")
    def swap_seats(self, request: Request, pk: str, number: str) -> Response:
        """Two players sat in each other's seats in this round (in play): each gets the
        seat they really had, and results already entered count for them."""
        tournament = self._tournament()
        rnd = get_object_or_404(Round, tournament=tournament, number=int(number))
        form = s.SeatSwapSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        found = players_by_id(tournament, {"first": [data["first"]], "second": [data["second"]]})
        swaps.swap_seats(
            round=rnd, first=found[data["first"]], second=found[data["second"]], user=request.user
        )
        rnd = selectors.round_with_seating(tournament, int(number))
        return Response(s.RoundSerializer(rnd, context=self._context(tournament)).data)

    @extend_schema(
        parameters=[PLAYER_ID],
        request=None,
        responses={200: s.ReissuedCardSerializer, **refusals(403, 404, 409)},
    )
    @action(detail=True, methods=["post"], url_path=r"players/(?P<player_id>[0-9]+)/reissue")
    def reissue_card(self, request: Request, pk: str, player_id: str) -> Response:
        """Reissue a player's card (lost, or seen by someone else): a new confirmation code
        and card link, answered here; the old code, card link and the player's seat links
        stop working at once, and the card goes on the reprint list."""
        tournament = self._tournament()
        player = get_object_or_404(tournament.players, pk=int(player_id))
        player = reissue.reissue_card(player=player, by=request.user)
        return Response(s.ReissuedCardSerializer(player, context=self._context(tournament)).data)
