"""The REST API: thin like the pages. Parse with a serializer, call a service or a
selector, answer with a serializer; services' errors become JSON in api.errors."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.db.models import Prefetch
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import action
from rest_framework.exceptions import ErrorDetail, Throttled, ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response

from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.models import ResultChange
from scoring.throttle import TooManyTries, guessing_limited
from tournaments import selectors, services
from tournaments.errors import TournamentError
from tournaments.models import Player, PrintJob, Round, Seat, Table, Team, Tournament
from tournaments.printing.services import (
    PrintingUnavailable,
    PrintRequestError,
    base_url_for,
    fail_stalled,
    request_print,
)

from . import serializers as s
from .authentication import TableTokenAuthentication
from .errors import ErrorSerializer, Unavailable, api_exception_handler
from .permissions import ActsForTable, HoldsTableToken, IsOrganiserAlways, IsTournamentOrganiser


def refusals(*codes: int) -> dict[int, OpenApiResponse]:
    """Schema entries for the error answers an endpoint can give."""
    words = {
        400: "Refused: a rule, a setting or the request's shape (see `error`).",
        401: "No token, or one that opens no table.",
        403: "Not allowed for this user or token.",
        404: "No such object.",
        409: "Changed meanwhile (`conflict`, `result_changed`) or already sent "
        "(`duplicate_submission`).",
        429: "Too many wrong card codes from this table or address (`throttled`); "
        "try again after Retry-After seconds.",
        503: "A service it needs is down (`printing_unavailable`: the print queue); "
        "nothing was done, try again later.",
    }
    return {code: OpenApiResponse(ErrorSerializer, description=words[code]) for code in codes}


NUMBER = OpenApiParameter(
    "number", OpenApiTypes.INT, OpenApiParameter.PATH, description="The round's number."
)
PLAYER_ID = OpenApiParameter("player_id", OpenApiTypes.INT, OpenApiParameter.PATH)
USER_ID = OpenApiParameter(
    "user_id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The co-organiser's user id."
)
TOKEN = OpenApiParameter(
    "token",
    OpenApiTypes.STR,
    OpenApiParameter.PATH,
    description="The table's token (from its card's link).",
)
TOURNAMENT_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)


def _players_by_id(tournament: Tournament, wanted: dict[str, list[int]]) -> dict[int, Player]:
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


# What any endpoint that takes a body may answer before it reads it (api.parsers).
BODY_REFUSALS = {
    "400": "The body is not valid JSON or nests too deep (`parse_error`), or is refused.",
    "413": "The body is larger than the site accepts (`too_large`).",
    "415": "The body is in a format the API does not read (`unsupported_media_type`).",
}


class ApiSchema(AutoSchema):
    """Marks reads anyone may make as needing no credentials in the schema, and lists
    the answers every endpoint with a body can give (so the schema has every status).

    drf-spectacular only recognises DRF's own permission classes for that; ours say so
    through `public_reads`.
    """

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if self.method in ("POST", "PUT", "PATCH"):
            for code, words in BODY_REFUSALS.items():
                if code not in responses:
                    responses[code] = self._get_response_for_code(
                        OpenApiResponse(ErrorSerializer, description=words),
                        code,
                        direction=direction,
                    )
        return responses

    def get_auth(self):
        auths = super().get_auth()
        public = any(getattr(p, "public_reads", False) for p in self.view.get_permissions())
        if public and self.method in SAFE_METHODS and {} not in auths:
            auths.append({})
        return auths


class ApiErrorsMixin:
    """Our error shape even before the project setting names the handler."""

    schema = ApiSchema()

    def get_exception_handler(self):
        return api_exception_handler


class TournamentPagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 200


@extend_schema(parameters=[TOURNAMENT_ID])
class TournamentViewSet(
    ApiErrorsMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Tournaments: every tournament's public side is readable by anyone; only its
    organisers (owner and co-organisers) change it."""

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsTournamentOrganiser]
    serializer_class = s.TournamentSerializer
    pagination_class = TournamentPagination
    lookup_value_regex = "[0-9]+"
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        if self.action == "list" and self.request.query_params.get("mine") in ("1", "true"):
            return selectors.tournaments_for(self.request.user)
        return Tournament.objects.select_related("owner").order_by("-date", "name", "pk")

    def _context(self, tournament: Tournament) -> dict:
        return {
            **self.get_serializer_context(),
            "organiser": tournament.is_organiser(self.request.user),
        }

    def _tournament(self) -> Tournament:
        return self.get_object()

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
        responses={200: s.PlayerRemovalSerializer, **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["get"], url_path=r"players/(?P<player_id>[0-9]+)/removal")
    def player_removal(self, request: Request, pk: str, player_id: str) -> Response:
        """What removing the player would do to the list and the rotation (writes nothing)."""
        tournament = self._tournament()
        player = get_object_or_404(Player, tournament=tournament, pk=player_id)
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
        responses={200: s.PlayerRemovalSerializer, 204: None, **refusals(400, 403, 404, 409)},
    )
    @action(detail=True, methods=["delete"], url_path=r"players/(?P<player_id>[0-9]+)")
    def remove_player(self, request: Request, pk: str, player_id: str) -> Response:
        """Remove a player. Not in any round: deleted (204). In the rotation: only with
        the fingerprint of GET .../removal, and then as that preview says (200)."""
        tournament = self._tournament()
        player = get_object_or_404(Player, tournament=tournament, pk=player_id)
        fingerprint = request.query_params.get("fingerprint") or None
        if fingerprint is None:
            removal = services.preview_removal(player=player)
            if removal.outcome != services.RemovalOutcome.DELETE:
                raise TournamentError(
                    "removal_not_confirmed",
                    _(
                        "Removing %(name)s changes the rotation: look at GET "
                        "players/%(id)s/removal and send its fingerprint."
                    )
                    % {"name": player.name, "id": player.pk},
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

    @extend_schema(request=None, responses={200: s.RotationSerializer, **refusals(400, 403, 404)})
    @action(detail=True, methods=["post"], url_path="generate-rotation")
    def generate_rotation(self, request: Request, pk: str) -> Response:
        """Seat every active player for the whole event (replaces a planned rotation)."""
        tournament = self._tournament()
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
        """Every round with tables, seats and byes (tokens only for organisers)."""
        tournament = self._tournament()
        return Response(
            s.RoundSerializer(
                selectors.rounds_with_seating(tournament),
                many=True,
                context=self._context(tournament),
            ).data
        )

    @extend_schema(parameters=[NUMBER], responses={200: s.RoundSerializer, **refusals(404)})
    @action(detail=True, methods=["get"], url_path=r"rounds/(?P<number>[0-9]+)")
    def round_detail(self, request: Request, pk: str, number: str) -> Response:
        tournament = self._tournament()
        rnd = selectors.round_with_seating(tournament, int(number))
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

    @extend_schema(
        parameters=[NUMBER],
        request=s.CloseRoundSerializer,
        responses={200: s.RoundSerializer, **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]+)/close")
    def close_round(self, request: Request, pk: str, number: str) -> Response:
        """Close a round once every table is confirmed, or with `force` anyway."""
        tournament = self._tournament()
        rnd = get_object_or_404(
            Round.objects.select_related("tournament"), tournament=tournament, number=int(number)
        )
        form = s.CloseRoundSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        # The results-aware close (scoring's) is the one that keeps the audit trail.
        scoring_services.close_round(
            round=rnd,
            user=request.user,
            force=form.validated_data["force"],
            idempotency_key=form.validated_data["idempotency_key"] or None,
        )
        rnd = selectors.round_with_seating(tournament, int(number))
        return Response(s.RoundSerializer(rnd, context=self._context(tournament)).data)

    # ------------------------------------------------------------ printing

    @extend_schema(
        request=s.PrintRequestSerializer,
        responses={202: s.PrintJobSerializer, **refusals(400, 403, 404, 503)},
    )
    @action(detail=True, methods=["post"], url_path="print-jobs")
    def print_jobs(self, request: Request, pk: str) -> Response:
        """Ask for a PDF; a worker builds it. Poll the job for progress and its download."""
        tournament = self._tournament()
        form = s.PrintRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        players = data["players"]
        if players is not None:
            if data["kind"] != PrintJob.Kind.SCORECARDS:
                raise ValidationError(
                    {
                        "players": [
                            _(
                                "Choosing players only applies to scorecards; "
                                "untick them to print this."
                            )
                        ]
                    }
                )
            _players_by_id(tournament, {"players": players})
        standings = None
        if data["kind"] == PrintJob.Kind.STANDINGS:
            # Imported here: leagues builds on tournaments, not the other way round.
            from leagues import selectors as league_selectors

            standings = league_selectors.standings_print_table(
                league_selectors.tournament_standings(tournament)
            )
        try:
            job = request_print(
                tournament=tournament,
                kind=data["kind"],
                paper=data["paper"],
                per_page=int(data["per_page"]),
                requested_by=request.user,
                base_url=base_url_for(request),
                standings=standings,
                players=players,
            )
        except PrintRequestError as exc:
            raise ValidationError(str(exc)) from exc
        except PrintingUnavailable as exc:
            raise Unavailable(str(exc), code="printing_unavailable") from exc
        return Response(
            s.PrintJobSerializer(job, context={"request": request}).data,
            status=status.HTTP_202_ACCEPTED,
        )

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
            user = get_user_model().objects.filter(username=form.validated_data["username"]).first()
            if user is None:
                raise ValidationError({"username": [_("There is no user with that name.")]})
            services.add_co_organiser(tournament=tournament, user=user)
        return Response(s.OrganisersSerializer(tournament).data)

    @extend_schema(parameters=[USER_ID], request=None, responses={204: None, **refusals(403, 404)})
    @action(detail=True, methods=["delete"], url_path=r"organisers/(?P<user_id>[0-9]+)")
    def remove_organiser(self, request: Request, pk: str, user_id: str) -> Response:
        """The owner removes a co-organiser; a co-organiser may remove only themselves."""
        tournament = self._tournament()
        user = get_object_or_404(tournament.co_organisers, pk=user_id)
        services.remove_co_organiser(tournament=tournament, user=user, removed_by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    # ------------------------------------------------------------ changes on the night

    def _change_arguments(self, tournament: Tournament) -> tuple[dict, str]:
        form = s.ChangeRequestSerializer(data=self.request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        found = _players_by_id(
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
        return arguments, data["fingerprint"]

    @extend_schema(
        request=s.ChangeRequestSerializer,
        responses={200: s.RotationChangeSerializer, **refusals(400, 403, 404)},
    )
    @action(detail=True, methods=["post"], url_path="changes/preview")
    def preview_change(self, request: Request, pk: str) -> Response:
        """What the remaining rounds would become if players leave, arrive or are
        replaced. Writes nothing; apply with the fingerprint it answers."""
        tournament = self._tournament()
        arguments, _fingerprint = self._change_arguments(tournament)
        change = services.preview_change(tournament=tournament, **arguments)
        return Response(s.RotationChangeSerializer(change).data)

    @extend_schema(
        request=s.ChangeRequestSerializer,
        responses={200: s.AppliedChangeSerializer, **refusals(400, 403, 404, 409)},
    )
    @action(detail=True, methods=["post"], url_path="changes")
    def apply_change(self, request: Request, pk: str) -> Response:
        """Make the change and re-plan the rounds still to play; played rounds stay."""
        tournament = self._tournament()
        arguments, fingerprint = self._change_arguments(tournament)
        change = services.apply_change(
            tournament=tournament, expected_fingerprint=fingerprint or None, **arguments
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


# ---------------------------------------------------------------- a scorer's table


def table_state(
    table: Table, *, acting_seat: Seat | None = None, replayed: bool | None = None
) -> dict:
    """The table as its page shows it, plus each hand's points and the running score."""
    summary = scoring_selectors.table_summary(table)
    lines = []
    running = [0] * len(summary.seats)
    evaluation_lines = summary.evaluation.lines if summary.evaluation is not None else ()
    for line, view in zip(evaluation_lines, summary.lines, strict=True):
        running = [a + b for a, b in zip(running, line.points, strict=True)]
        lines.append(
            {
                "number": line.number,
                "text": view.text,
                "passed": line.passed,
                "points": list(line.points),
                "running": list(running),
            }
        )
    tournament, rnd = summary.tournament, summary.round
    data = {
        "tournament": {
            "id": tournament.pk,
            "name": tournament.name,
            "variant": tournament.variant,
            "entry_mode": tournament.entry_mode,
            "round_play": tournament.round_play,
            "hands_per_round": tournament.hands_per_round,
        },
        "round": {"number": rnd.number, "status": rnd.status},
        "table": table.number,
        "seats": [
            {
                "id": v.seat.pk,
                "engine_seat": v.index,
                "position": v.seat.position,
                "label": v.label,
                "player": v.name,
                "side": v.side,
            }
            for v in summary.seats
        ],
        "sides": [
            {
                "index": side.index,
                "names": side.names,
                "seats": list(side.seats),
                "score": side.score,
            }
            for side in summary.sides
        ],
        "acting_seat": acting_seat.pk if acting_seat is not None else None,
        "state": summary.state,
        "state_label": summary.state_label,
        "version": summary.version,
        "next_dealer": summary.next_dealer,
        "counted": summary.counted,
        "lines": lines,
        "result": summary.result,
        "problem": summary.problem,
    }
    if replayed is not None:
        data["replayed"] = replayed
    return s.TableStateSerializer(data).data


@contextmanager
def _limited(request: Request, table: Table, *, typed: bool) -> Iterator[None]:
    """The page's limits on wrong card codes; over them, 429 with Retry-After."""
    try:
        with guessing_limited(request, table, typed=typed):
            yield
    except TooManyTries as error:
        throttled = Throttled(wait=error.wait)
        # Our sentence alone, as the page says it; the wait goes in Retry-After.
        throttled.detail = ErrorDetail(error.message, code=throttled.default_code)
        raise throttled from None


def history_of(table: Table) -> list[dict]:
    summary = scoring_selectors.table_summary(table)
    sides = [side.seats for side in summary.sides]
    return s.ChangeSerializer(
        [
            {
                "at": change.at,
                "action": change.action,
                "action_label": change.get_action_display(),
                "via": change.via,
                "who": scoring_selectors.who_did(change),
                "version": change.version,
                "note": change.note,
                "lines": scoring_selectors.describe_change(change, summary.names, sides),
                "old": change.old,
                "new": change.new,
            }
            for change in scoring_selectors.table_history(table)
        ],
        many=True,
    ).data


@extend_schema(parameters=[TOKEN])
class TableViewSet(ApiErrorsMixin, viewsets.GenericViewSet):
    """A table, for its scorers (`Authorization: Table <token>` or `Seat <token>`) and
    its tournament's organisers."""

    # Token first: its 401 challenge is the one a scorer's app can act on.
    authentication_classes = [TableTokenAuthentication, SessionAuthentication]
    permission_classes = [ActsForTable]
    lookup_field = "token"
    lookup_value_regex = "[-_A-Za-z0-9]{20,64}"
    serializer_class = s.TableStateSerializer

    def get_queryset(self):
        return Table.objects.select_related("round__tournament").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )

    def get_permissions(self):
        if self.action in ("hands", "totals"):
            return [HoldsTableToken()]
        return super().get_permissions()

    def _acting_seat(self) -> Seat | None:
        return self.request.auth if isinstance(self.request.auth, Seat) else None

    def _scorer(self, table: Table, seat_id: int | None) -> tuple[Seat | None, str]:
        """The seat entering a result and how it reached us: a seat link is that seat;
        with the table's link the scorer names their seat, as on the page."""
        seat = self._acting_seat()
        if seat is not None:
            return seat, ResultChange.Via.SEAT_LINK
        chosen = Seat.objects.filter(pk=seat_id).first() if seat_id is not None else None
        return chosen, ResultChange.Via.TABLE_LINK

    def _fresh(self, table: Table) -> Table:
        return scoring_selectors.table_for_token(table.token)

    def _submit(self, request: Request, serializer_class, submit, field: str) -> Response:
        """Hands and totals are one write with a different payload: parse, find the
        scorer's seat, call the scoring service, answer with the table's new state."""
        table = self.get_object()
        form = serializer_class(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        seat, via = self._scorer(table, data["seat"])
        typed = bool(data["code"].strip()) and via != ResultChange.Via.SEAT_LINK
        with _limited(request, table, typed=typed):
            result = submit(
                table=table,
                seat=seat,
                via=via,
                code=data["code"],
                expected_version=data["expected_version"],
                idempotency_key=data["idempotency_key"],
                **{field: data[field]},
            )
        return Response(
            table_state(
                self._fresh(table),
                acting_seat=self._acting_seat(),
                replayed=getattr(result, "replayed", False),
            )
        )
        return Response(
            table_state(
                self._fresh(table),
                acting_seat=self._acting_seat(),
                replayed=getattr(result, "replayed", False),
            )
        )

    @extend_schema(responses={200: s.TableStateSerializer, **refusals(401, 403, 404)})
    def retrieve(self, request: Request, token: str) -> Response:
        """The table's round, seats (in the engine's seat order) and current result."""
        return Response(table_state(self.get_object(), acting_seat=self._acting_seat()))

    @extend_schema(
        request=s.SubmitHandsSerializer,
        responses={200: s.TableStateSerializer, **refusals(400, 401, 403, 404, 409, 429)},
    )
    @action(detail=True, methods=["post"])
    def hands(self, request: Request, token: str) -> Response:
        """Store every hand so far; the engine checks and scores them."""
        return self._submit(
            request, s.SubmitHandsSerializer, scoring_services.submit_hands, "hands"
        )

    @extend_schema(
        request=s.SubmitTotalsSerializer,
        responses={200: s.TableStateSerializer, **refusals(400, 401, 403, 404, 409, 429)},
    )
    @action(detail=True, methods=["post"])
    def totals(self, request: Request, token: str) -> Response:
        """Store each side's points (round totals, or a finished game's score)."""
        return self._submit(
            request, s.SubmitTotalsSerializer, scoring_services.submit_totals, "side_points"
        )

    @extend_schema(
        request=s.ConfirmSerializer,
        responses={200: s.TableStateSerializer, **refusals(400, 401, 403, 404, 409, 429)},
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, token: str) -> Response:
        """Confirm the `expected_version` of the result. Players of two different sides
        must vouch for it: the side that entered it, when proven, and seat tokens or card
        `codes` (see the body). The table's token alone proves nothing. An organiser
        (signed in) confirms for the table."""
        table = self.get_object()
        form = s.ConfirmSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        key = data["idempotency_key"] or None
        seat = self._acting_seat()
        if isinstance(request.auth, Table | Seat):
            # The table's token proves nothing; a seat token proves its seat.
            proofs = (
                [scoring_services.Proof(seat=seat, via=ResultChange.Via.SEAT_LINK)]
                if seat is not None
                else []
            )
            with _limited(request, table, typed=any(c.strip() for c in data["codes"])):
                scoring_services.confirm_result(
                    table=table,
                    proofs=proofs,
                    codes=data["codes"],
                    expected_version=data["expected_version"],
                    idempotency_key=key,
                )
        else:
            scoring_services.confirm_result(
                table=table,
                user=request.user,
                expected_version=data["expected_version"],
                idempotency_key=key,
            )
        return Response(table_state(self._fresh(table), acting_seat=seat))

    @extend_schema(responses={200: s.ChangeSerializer(many=True), **refusals(401, 403, 404)})
    @action(detail=True, methods=["get"])
    def history(self, request: Request, token: str) -> Response:
        """Every change to the table's result: who, when, through what, old → new."""
        return Response(history_of(self.get_object()))


# ---------------------------------------------------------------- organisers' results


@extend_schema(
    parameters=[
        OpenApiParameter(
            "id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The print job's id."
        )
    ]
)
class PrintJobViewSet(ApiErrorsMixin, viewsets.GenericViewSet):
    """A printout being built, and its PDF once done; for the tournament's organisers."""

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsOrganiserAlways]
    serializer_class = s.PrintJobSerializer
    lookup_value_regex = "[0-9]+"
    http_method_names = ["get", "head", "options"]

    def get_queryset(self):
        return PrintJob.objects.select_related("tournament")

    def get_object(self) -> PrintJob:
        job = get_object_or_404(self.get_queryset(), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, job.tournament)
        if fail_stalled(PrintJob.objects.filter(pk=job.pk)):
            job.refresh_from_db()
        return job

    @extend_schema(responses={200: s.PrintJobSerializer, **refusals(403, 404)})
    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(s.PrintJobSerializer(self.get_object(), context={"request": request}).data)

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY, **refusals(403, 404)})
    @action(detail=True, methods=["get"])
    def download(self, request: Request, pk: str) -> FileResponse:
        job = self.get_object()
        if job.status != PrintJob.Status.DONE or not job.pdf:
            raise Http404(_("This printout is not ready."))
        filename = f"{slugify(job.tournament.name) or 'tournament'}-{job.kind}.pdf"
        return FileResponse(
            job.pdf.open("rb"),
            as_attachment=True,
            filename=filename,
            content_type="application/pdf",
        )


@extend_schema(
    parameters=[
        OpenApiParameter(
            "id",
            OpenApiTypes.INT,
            OpenApiParameter.PATH,
            description="The table's id: a table that sent nothing can be given a result too.",
        )
    ]
)
class ResultViewSet(ApiErrorsMixin, viewsets.GenericViewSet):
    """Results for organisers: a round's board, and corrections kept in the audit trail."""

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsOrganiserAlways]
    serializer_class = s.TableStateSerializer
    lookup_value_regex = "[0-9]+"
    http_method_names = ["get", "patch", "head", "options"]

    def get_queryset(self):
        return Table.objects.select_related("round__tournament")

    def get_object(self) -> Table:
        table = get_object_or_404(self.get_queryset(), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, table.round.tournament)
        return scoring_selectors.table_for_token(table.token)

    @extend_schema(
        parameters=[
            OpenApiParameter("tournament", OpenApiTypes.INT, required=True),
            OpenApiParameter(
                "round", OpenApiTypes.INT, required=True, description="The round's number."
            ),
        ],
        responses={200: s.BoardEntrySerializer(many=True), **refusals(400, 403, 404)},
    )
    def list(self, request: Request) -> Response:
        """Every table of a round with its state (missing, in progress, provisional,
        confirmed) and result."""
        wanted = {}
        for name in ("tournament", "round"):
            value = request.query_params.get(name, "")
            if not value.isdigit():
                raise ValidationError(
                    {name: [_("Give the %(name)s as a number.") % {"name": name}]}
                )
            wanted[name] = int(value)
        tournament = get_object_or_404(Tournament, pk=wanted["tournament"])
        self.check_object_permissions(request, tournament)
        rnd = get_object_or_404(
            Round.objects.select_related("tournament"),
            tournament=tournament,
            number=wanted["round"],
        )
        board = [
            {
                "table_id": entry.table.pk,
                "table": entry.table.number,
                "state": entry.state,
                "state_label": entry.label,
                "names": entry.names,
                "sides": [{"names": names, "score": score} for names, score in entry.sides],
                "result": entry.result,
            }
            for entry in scoring_selectors.round_board(rnd)
        ]
        return Response(s.BoardEntrySerializer(board, many=True).data)

    @extend_schema(responses={200: s.TableStateSerializer, **refusals(403, 404)})
    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(table_state(self.get_object()))

    @extend_schema(
        request=s.CorrectionSerializer,
        responses={200: s.TableStateSerializer, **refusals(400, 403, 404, 409)},
    )
    def partial_update(self, request: Request, pk: str) -> Response:
        """Correct a result (hands or side points); the organiser's word confirms a
        complete one, and the change goes into the table's history with `note`."""
        table = self.get_object()
        form = s.CorrectionSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        changed = (
            {"hands": data["hands"]}
            if data["hands"] is not None
            else {"side_points": data["side_points"]}
        )
        scoring_services.correct_result(
            table=table,
            user=request.user,
            expected_version=data["expected_version"],
            idempotency_key=data["idempotency_key"],
            note=data["note"],
            **changed,
        )
        return Response(table_state(self._fresh(table)))

    def _fresh(self, table: Table) -> Table:
        return scoring_selectors.table_for_token(table.token)
