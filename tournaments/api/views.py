"""The tournaments API: tournaments, players, teams, the rotation, rounds, organisers
and changes on the night. Thin like the pages: parse with a serializer, call a service
or a selector, answer with a serializer; services' errors become JSON in api.errors.

Other apps add their own actions under a tournament's address by subclassing
`TournamentActions` (scoring.api: closing a round; tournaments.printing.api: asking
for a printout); config/urls.py composes the routers.
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response

from core.api_permissions import IsOrganiserAlways, IsTournamentOrganiser, is_organiser
from core.errors import DomainError
from tournaments import selectors, services
from tournaments.models import PlanningJob, Player, Round, Team, Tournament
from tournaments.planning import services as planning
from tournaments.services.changes import STRATEGIES

from . import serializers as s
from .planning import queued, queued_if_big
from .schema import NUMBER, TOURNAMENT_ID, ApiErrorsMixin, refusals

PLAYER_ID = OpenApiParameter("player_id", OpenApiTypes.INT, OpenApiParameter.PATH)
USER_ID = OpenApiParameter(
    "user_id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The co-organiser's user id."
)


def players_by_id(tournament: Tournament, wanted: dict[str, list[int]]) -> dict[int, Player]:
    """The tournament's players with the ids wanted under each field, by id; a 400
    naming, under its field, every id that is no player of this tournament."""
    ids = {pid for field_ids in wanted.values() for pid in field_ids}
    found = Player.objects.filter(tournament=tournament).in_bulk(ids)
    problems = {
        field: [
            _("No player with id %(id)s in this tournament.") % {"id": pid}
            for pid in field_ids
            if pid not in found
        ]
        for field, field_ids in wanted.items()
    }
    if problems := {field: words for field, words in problems.items() if words}:
        raise ValidationError(problems)
    return found


def _asked(arguments: dict, **more) -> dict:
    """A change's service arguments as a planning job stores them: players by id."""
    return {
        "withdraw": [p.pk for p in arguments["withdraw"]],
        "arrive": list(arguments["arrive"]),
        "substitutes": [[p.pk, name] for p, name in (arguments["substitute"] or {}).items()],
        **more,
    }


class TournamentPagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 200


class TournamentActions(ApiErrorsMixin, viewsets.GenericViewSet):
    """Actions under /api/tournaments/{id}/: anyone reads a tournament's public side,
    only its organisers (owner and co-organisers) change it. Registered on the
    "tournaments" prefix with basename "api-tournament" by each app that adds some.

    Subclasses say @extend_schema(parameters=[TOURNAMENT_ID]) themselves: a class's
    schema settings reach only the actions it defines.
    """

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsTournamentOrganiser]
    serializer_class = s.TournamentSerializer
    lookup_value_regex = "[0-9]+"
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return Tournament.objects.select_related("owner").order_by("-date", "name", "pk")

    def _context(self, tournament: Tournament) -> dict:
        return {
            **self.get_serializer_context(),
            "organiser": is_organiser(self.request, tournament),
        }

    def _tournament(self) -> Tournament:
        return self.get_object()


@extend_schema(parameters=[TOURNAMENT_ID])
class TournamentViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, TournamentActions):
    """Tournaments: every tournament's public side is readable by anyone; only its
    organisers (owner and co-organisers) change it."""

    pagination_class = TournamentPagination

    def get_queryset(self):
        if self.action == "list" and self.request.query_params.get("mine") in ("1", "true"):
            return selectors.tournaments_for(self.request.user)
        return super().get_queryset()

    @extend_schema(
        parameters=[
            OpenApiParameter("mine", OpenApiTypes.BOOL, description="Only tournaments I organise.")
        ],
        responses={200: s.TournamentSerializer(many=True)},
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        return super().list(request, *args, **kwargs)

    def get_serializer_context(self) -> dict:
        context = super().get_serializer_context()
        if self.action == "list":
            context["organised_ids"] = set(
                selectors.tournaments_for(self.request.user).values_list("pk", flat=True)
            )
        return context

    @extend_schema(responses={200: s.TournamentSerializer, **refusals(404)})
    def retrieve(self, request: Request, *args, **kwargs) -> Response:
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(
        request=s.TournamentWriteSerializer,
        responses={201: s.TournamentSerializer, **refusals(400, 403)},
    )
    def create(self, request: Request) -> Response:
        form = s.TournamentWriteSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        tournament = services.create_tournament(owner=request.user, **form.validated_data)
        return Response(
            s.TournamentSerializer(tournament, context=self._context(tournament)).data,
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        request=s.TournamentWriteSerializer,
        responses={200: s.TournamentSerializer, **refusals(400, 403, 404)},
    )
    def partial_update(self, request: Request, *args, **kwargs) -> Response:
        tournament = self._tournament()
        form = s.TournamentWriteSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        tournament = services.update_tournament(tournament=tournament, **form.validated_data)
        return Response(s.TournamentSerializer(tournament, context=self._context(tournament)).data)

    # ------------------------------------------------------------ players

    @extend_schema(methods=["GET"], responses={200: s.PlayerSerializer(many=True), **refusals(404)})
    @extend_schema(
        methods=["POST"],
        request=s.PlayerAddSerializer,
        responses={201: s.PlayerSerializer, **refusals(400, 403, 404)},
    )
    # Lists under a tournament are whole (a night's players fit one answer), so they
    # are not paginated like the tournament list; the schema must say so too.
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def players(self, request: Request, pk: str) -> Response:
        """Players (their codes only for organisers); organisers add one."""
        tournament = self._tournament()
        context = self._context(tournament)
        if request.method == "GET":
            players = Player.objects.filter(tournament=tournament).select_related("team")
            return Response(
                s.PlayerSerializer(players.order_by("pk"), many=True, context=context).data
            )
        form = s.PlayerAddSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        player = services.add_player(
            tournament=tournament,
            name=form.validated_data["name"],
            team_name=form.validated_data["team_name"] or None,
        )
        return Response(
            s.PlayerSerializer(player, context=context).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(
        request=s.PlayerImportSerializer,
        responses={201: s.PlayerSerializer(many=True), **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["post"], url_path="players/import")
    def import_players(self, request: Request, pk: str) -> Response:
        """Add a pasted list or CSV; all or nothing, every bad line in `details`."""
        tournament = self._tournament()
        form = s.PlayerImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        players = services.import_players(tournament=tournament, text=form.validated_data["text"])
        return Response(
            s.PlayerSerializer(players, many=True, context=self._context(tournament)).data,
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        parameters=[PLAYER_ID],
        responses={
            200: s.PlayerRemovalSerializer,
            202: s.PlanningJobSerializer,
            **refusals(400, 403, 404, 503),
        },
    )
    # It re-plans the whole rotation, as the removal would: organisers only, reads too.
    @action(
        detail=True,
        methods=["get"],
        url_path=r"players/(?P<player_id>[0-9]+)/removal",
        permission_classes=[IsOrganiserAlways],
    )
    def player_removal(self, request: Request, pk: str, player_id: str) -> Response:
        """What removing the player would do to the list and the rotation (writes
        nothing); for the tournament's organisers. On a big night, when it re-plans the
        rotation, it answers 202 with a planning job to poll: its result's `removal` is
        this answer, fingerprint included."""
        tournament = self._tournament()
        player = get_object_or_404(Player, tournament=tournament, pk=player_id)
        if planning.removal_runs_in_worker(player, PlanningJob.Kind.REMOVAL_PREVIEW):
            return queued(
                request,
                tournament,
                PlanningJob.Kind.REMOVAL_PREVIEW,
                planning.removal_asked(player),
            )
        return Response(s.PlayerRemovalSerializer(services.preview_removal(player=player)).data)

    @extend_schema(
        parameters=[
            PLAYER_ID,
            OpenApiParameter(
                "fingerprint",
                OpenApiTypes.STR,
                OpenApiParameter.QUERY,
                description="From GET .../removal; needed once the player is in the rotation.",
            ),
        ],
        request=None,
        responses={
            200: s.PlayerRemovalSerializer,
            202: s.PlanningJobSerializer,
            204: None,
            **refusals(400, 403, 404, 409, 503),
        },
    )
    @action(detail=True, methods=["delete"], url_path=r"players/(?P<player_id>[0-9]+)")
    def remove_player(self, request: Request, pk: str, player_id: str) -> Response:
        """Remove a player. Not in any round: deleted (204). In the rotation: only with
        the fingerprint of GET .../removal, and then as that preview says (200). On a big
        night such a removal answers 202 with a planning job to poll: once done its
        result's `removal` is what was done (a stale fingerprint fails the job with the
        `stale_preview` words, changing nothing)."""
        tournament = self._tournament()
        player = get_object_or_404(Player, tournament=tournament, pk=player_id)
        fingerprint = request.query_params.get("fingerprint") or None
        if planning.removal_runs_in_worker(player, PlanningJob.Kind.REMOVE):
            if fingerprint is None:
                # It re-plans the rotation, so it is never done unseen (as remove_player
                # says), and saying so needs no re-plan.
                raise DomainError("removal_not_confirmed", name=player.name, id=player.pk)
            return queued(
                request,
                tournament,
                PlanningJob.Kind.REMOVE,
                planning.removal_asked(player, fingerprint),
            )
        removal = services.remove_player(player=player, expected_fingerprint=fingerprint)
        if removal.outcome == services.RemovalOutcome.DELETE:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(s.PlayerRemovalSerializer(removal).data)

    # ------------------------------------------------------------ teams

    def _teams(self, tournament: Tournament) -> list[Team]:
        return list(
            Team.objects.filter(tournament=tournament)
            .prefetch_related(Prefetch("members", queryset=Player.objects.order_by("pk")))
            .order_by("pk")
        )

    @extend_schema(methods=["GET"], responses={200: s.TeamSerializer(many=True), **refusals(404)})
    @extend_schema(
        methods=["POST"],
        request=s.PairTeamsSerializer,
        responses={200: s.TeamSerializer(many=True), **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def teams(self, request: Request, pk: str) -> Response:
        """Fixed teams; organisers pair players by hand (answers every team)."""
        tournament = self._tournament()
        if request.method == "POST":
            form = s.PairTeamsSerializer(data=request.data)
            form.is_valid(raise_exception=True)
            ids = {pid for group in form.validated_data["groups"] for pid in group}
            found = Player.objects.in_bulk(ids)
            # An id of no player at all is as wrong as another tournament's player: the
            # service's own refusal says so in the page's words.
            groups = [
                [found.get(pid) or Player(pk=pid, tournament=tournament) for pid in group]
                for group in form.validated_data["groups"]
            ]
            services.pair_teams(tournament=tournament, groups=groups)
        return Response(s.TeamSerializer(self._teams(tournament), many=True).data)

    @extend_schema(
        request=s.RandomTeamsSerializer,
        responses={200: s.TeamSerializer(many=True), **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["post"], url_path="teams/random")
    def random_teams(self, request: Request, pk: str) -> Response:
        """Draw teams for everyone not already in a complete team."""
        tournament = self._tournament()
        form = s.RandomTeamsSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.pair_teams_at_random(tournament=tournament, seed=form.validated_data["seed"])
        return Response(s.TeamSerializer(self._teams(tournament), many=True).data)

    # ------------------------------------------------------------ rotation and rounds

    @extend_schema(
        request=None,
        responses={
            200: s.RotationSerializer,
            202: s.PlanningJobSerializer,
            **refusals(400, 403, 404, 503),
        },
    )
    @action(detail=True, methods=["post"], url_path="generate-rotation")
    def generate_rotation(self, request: Request, pk: str) -> Response:
        """Seat every active player for the whole event (replaces a planned rotation).
        A big event answers 202 with a planning job to poll; its result holds the
        `quality`, and the rounds are read at `rounds/`."""
        tournament = self._tournament()
        if queued := queued_if_big(request, tournament, PlanningJob.Kind.GENERATE):
            return queued
        quality = services.generate_rotation(tournament=tournament)
        rounds = selectors.rounds_with_seating(tournament)
        return Response(
            {
                "quality": quality,
                "rounds": s.RoundSerializer(
                    rounds, many=True, context=self._context(tournament)
                ).data,
            }
        )

    @extend_schema(responses={200: s.RoundSerializer(many=True), **refusals(404)})
    @action(detail=True, methods=["get"], pagination_class=None)
    def rounds(self, request: Request, pk: str) -> Response:
        """Every round with tables, seats and byes (tokens only for organisers; a draft
        round only for them too)."""
        tournament = self._tournament()
        context = self._context(tournament)
        return Response(
            s.RoundSerializer(
                selectors.rounds_with_seating(tournament, published_only=not context["organiser"]),
                many=True,
                context=context,
            ).data
        )

    @extend_schema(parameters=[NUMBER], responses={200: s.RoundSerializer, **refusals(404)})
    @action(detail=True, methods=["get"], url_path=r"rounds/(?P<number>[0-9]+)")
    def round_detail(self, request: Request, pk: str, number: str) -> Response:
        """One round (a draft round only for its organisers)."""
        tournament = self._tournament()
        context = self._context(tournament)
        rnd = selectors.round_with_seating(
            tournament, int(number), published_only=not context["organiser"]
        )
        return Response(s.RoundSerializer(rnd, context=context).data)

    @extend_schema(request=None, responses={200: s.RoundSerializer, **refusals(400, 403, 404)})
    @action(detail=True, methods=["post"], url_path="draw-round")
    def draw_round(self, request: Request, pk: str) -> Response:
        """Draw the next round of a format drawn round by round, from the results so far,
        as a draft only organisers see (publish it, or start it, to show it)."""
        tournament = self._tournament()
        rnd = services.draw_next_round(tournament=tournament)
        return self._round_answer(tournament, rnd.number)

    @extend_schema(
        parameters=[NUMBER],
        request=None,
        responses={200: s.RoundSerializer, **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]+)/redraw")
    def redraw_round(self, request: Request, pk: str, number: str) -> Response:
        """Draw a draft round again, once, with the next seed."""
        tournament = self._tournament()
        rnd = get_object_or_404(Round, tournament=tournament, number=int(number))
        services.redraw_round(round=rnd)
        return self._round_answer(tournament, rnd.number)

    @extend_schema(
        parameters=[NUMBER],
        request=None,
        responses={200: s.RoundSerializer, **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]+)/publish")
    def publish_round(self, request: Request, pk: str, number: str) -> Response:
        """Show a draft round to the players, the table links and the public pages."""
        tournament = self._tournament()
        rnd = get_object_or_404(Round, tournament=tournament, number=int(number))
        services.publish_round(round=rnd)
        return self._round_answer(tournament, rnd.number)

    def _round_answer(self, tournament: Tournament, number: int) -> Response:
        rnd = selectors.round_with_seating(tournament, number)
        return Response(s.RoundSerializer(rnd, context=self._context(tournament)).data)

    @extend_schema(
        parameters=[NUMBER],
        request=s.StartRoundSerializer,
        responses={200: s.RoundSerializer, **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]+)/start")
    def start_round(self, request: Request, pk: str, number: str) -> Response:
        """Put a planned round in play once the round before it is closed (a teams
        event may start it earlier with `start_anyway_reason`)."""
        tournament = self._tournament()
        rnd = get_object_or_404(Round, tournament=tournament, number=int(number))
        form = s.StartRoundSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.start_round(
            round=rnd,
            user=request.user,
            start_anyway_reason=form.validated_data["start_anyway_reason"],
        )
        rnd = selectors.round_with_seating(tournament, int(number))
        return Response(s.RoundSerializer(rnd, context=self._context(tournament)).data)

    # ------------------------------------------------------------ organisers

    @extend_schema(methods=["GET"], responses={200: s.OrganisersSerializer, **refusals(404)})
    @extend_schema(
        methods=["POST"],
        request=s.CoOrganiserAddSerializer,
        responses={200: s.OrganisersSerializer, **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["get", "post"])
    def organisers(self, request: Request, pk: str) -> Response:
        """The owner and co-organisers; an organiser adds a co-organiser by user name."""
        tournament = self._tournament()
        if request.method == "POST":
            form = s.CoOrganiserAddSerializer(data=request.data)
            form.is_valid(raise_exception=True)
            user = selectors.user_named(form.validated_data["username"])
            if user is None:
                raise ValidationError({"username": [str(selectors.NO_SUCH_USER)]})
            services.add_co_organiser(tournament=tournament, user=user)
        context = {"organiser": is_organiser(request, tournament)}
        return Response(s.OrganisersSerializer(tournament, context=context).data)

    @extend_schema(parameters=[USER_ID], request=None, responses={204: None, **refusals(403, 404)})
    @action(detail=True, methods=["delete"], url_path=r"organisers/(?P<user_id>[0-9]+)")
    def remove_organiser(self, request: Request, pk: str, user_id: str) -> Response:
        """The owner removes a co-organiser; a co-organiser may remove only themselves."""
        tournament = self._tournament()
        user = selectors.co_organiser_of(tournament, user_id)
        services.remove_co_organiser(tournament=tournament, user=user, removed_by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    # ------------------------------------------------------------ changes on the night

    def _change_arguments(
        self, tournament: Tournament, form_class: type = s.ChangeRequestSerializer
    ) -> tuple[dict, dict]:
        """The service's arguments for the change in the request, and the request's
        other fields (strategy, fingerprint)."""
        form = form_class(data=self.request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        found = players_by_id(
            tournament,
            {
                "withdraw": data["withdraw"],
                "substitutes": [sub["player"] for sub in data["substitutes"]],
            },
        )
        arguments = {
            "withdraw": [found[pid] for pid in data["withdraw"]],
            "arrive": data["arrive"],
            "substitute": {found[sub["player"]]: sub["name"] for sub in data["substitutes"]},
        }
        if len(arguments["substitute"]) != len(data["substitutes"]):
            raise ValidationError({"substitutes": [_("Each player can be replaced only once.")]})
        return arguments, data

    @extend_schema(
        request=s.ChangeRequestSerializer,
        responses={
            200: s.RotationChangeSerializer,
            202: s.PlanningJobSerializer,
            **refusals(400, 403, 404, 503),
        },
    )
    @action(detail=True, methods=["post"], url_path="changes/preview")
    def preview_change(self, request: Request, pk: str) -> Response:
        """What the remaining rounds would become if players leave, arrive or are
        replaced, planned with the strategy asked for. Writes nothing; apply with the
        same strategy and the fingerprint it answers. A big night answers 202 with a
        planning job to poll: its result's `plans` holds this answer under the strategy."""
        tournament = self._tournament()
        arguments, data = self._change_arguments(tournament)
        asked = _asked(arguments, strategies=[data["strategy"]])
        if queued := queued_if_big(request, tournament, PlanningJob.Kind.PREVIEW, asked):
            return queued
        change = services.preview_change(
            tournament=tournament, strategy=data["strategy"], **arguments
        )
        return Response(s.RotationChangeSerializer(change).data)

    @extend_schema(
        request=s.ChangeCompareSerializer,
        responses={
            200: s.ChangeComparisonSerializer,
            202: s.PlanningJobSerializer,
            **refusals(400, 403, 404, 503),
        },
    )
    @action(detail=True, methods=["post"], url_path="changes/compare")
    def compare_changes(self, request: Request, pk: str) -> Response:
        """Both plans of the change side by side, to choose between: `fewest` mends the
        planned rounds, `balance` plans them afresh. Writes nothing; apply the chosen one
        with its strategy and fingerprint. A big night answers 202 with a planning job
        to poll: its result's `plans` is this answer."""
        tournament = self._tournament()
        arguments, _data = self._change_arguments(tournament, s.ChangeCompareSerializer)
        asked = _asked(arguments, strategies=list(STRATEGIES))
        if queued := queued_if_big(request, tournament, PlanningJob.Kind.PREVIEW, asked):
            return queued
        plans = services.preview_changes(tournament=tournament, **arguments)
        return Response(s.ChangeComparisonSerializer(plans).data)

    @extend_schema(
        request=s.ChangeRequestSerializer,
        responses={
            200: s.AppliedChangeSerializer,
            202: s.PlanningJobSerializer,
            **refusals(400, 403, 404, 409, 503),
        },
    )
    @action(detail=True, methods=["post"], url_path="changes")
    def apply_change(self, request: Request, pk: str) -> Response:
        """Make the change and re-plan the rounds still to play with the strategy asked
        for (as previewed); played rounds stay. A big night answers 202 with a planning
        job to poll: once done its result's `change` is the change made (a stale
        fingerprint fails the job with the `stale_preview` words, changing nothing)."""
        tournament = self._tournament()
        arguments, data = self._change_arguments(tournament)
        asked = {
            **_asked(arguments),
            "strategy": data["strategy"],
            "fingerprint": data["fingerprint"],
        }
        if queued := queued_if_big(request, tournament, PlanningJob.Kind.APPLY, asked):
            return queued
        change = services.apply_change(
            tournament=tournament,
            strategy=data["strategy"],
            expected_fingerprint=data["fingerprint"] or None,
            **arguments,
        )
        rounds = selectors.rounds_with_seating(tournament)
        return Response(
            {
                "change": s.RotationChangeSerializer(change).data,
                "rounds": s.RoundSerializer(
                    rounds, many=True, context=self._context(tournament)
                ).data,
            }
        )
