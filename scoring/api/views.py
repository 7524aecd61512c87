"""The scoring API: a table for its scorers (hands, totals, confirming, its history),
and results for organisers (a round's board, corrections, closing a round). Thin like
the pages: parse with a serializer, call a scoring service or selector, answer with a
serializer; the services' errors become JSON in tournaments.api.errors."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import action
from rest_framework.exceptions import ErrorDetail, Throttled, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from core.api_permissions import ActsForTable, HoldsTableToken, IsOrganiserAlways
from core.permissions import table_of
from scoring import selectors, services
from scoring.models import ResultChange, TableResult
from scoring.throttle import TooManyTries, all_sides, confirming_sides, guessing_limited
from tournaments import selectors as tournament_selectors
from tournaments.api import serializers as ts
from tournaments.api.schema import NUMBER, TOURNAMENT_ID, ApiErrorsMixin, refusals
from tournaments.api.views import TournamentActions
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.partner_names import DATA_JOINER

from . import serializers as s
from .authentication import TableTokenAuthentication
from .throttles import TableAddressThrottle, TableConfirmThrottle, TableLinkThrottle

TOKEN = OpenApiParameter(
    "token",
    OpenApiTypes.STR,
    OpenApiParameter.PATH,
    description="The table's token (from its card's link).",
)


def table_state(
    table: Table,
    *,
    acting_seat: Seat | None = None,
    replayed: bool | None = None,
    result=None,
) -> dict:
    """The table as its page shows it, plus each hand's points and the running score.
    After a write, `result` is what the write stored, `table` the table as it locked."""
    summary = (
        selectors.table_summary(table, result=result)
        if result is not None
        else selectors.table_summary(table)
    )
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
                # Data, the same in every language: the pages join partners in the
                # reader's language instead (tournaments.partner_names).
                "names": DATA_JOINER.join(side.players),
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
    return s.TableStateSerializer(data, context={"rules": summary.rules}).data


@contextmanager
def _limited(request: Request, table: Table, *, sides: set[int], typed: bool) -> Iterator[None]:
    """The page's limits on wrong card codes; over them, 429 with Retry-After."""
    try:
        with guessing_limited(request, table, sides=sides, typed=typed):
            yield
    except TooManyTries as error:
        throttled = Throttled(wait=error.wait)
        # Our sentence alone, as the page says it; the wait goes in Retry-After.
        throttled.detail = ErrorDetail(error.message, code=throttled.default_code)
        raise throttled from None


def _entering_side(table: Table) -> int | None:
    result = TableResult.objects.filter(table=table).select_related("submitted_by_seat").first()
    return services.entering_side(result) if result is not None else None


def history_of(table: Table) -> list[dict]:
    return s.ChangeSerializer(
        [
            {
                "at": entry.change.at,
                "action": entry.change.action,
                "action_label": entry.change.get_action_display(),
                "via": entry.change.via,
                "who": entry.who,
                "version": entry.change.version,
                "note": entry.change.note,
                "lines": list(entry.lines),
                "old": entry.change.old,
                "new": entry.change.new,
            }
            for entry in selectors.history_entries(selectors.table_summary(table))
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
    throttle_classes = [TableAddressThrottle, TableLinkThrottle, TableConfirmThrottle]

    def throttled(self, request: Request, wait: float | None) -> None:
        error = Throttled(wait=wait)
        # Plain words, as the wrong-code limit says it; the wait goes in Retry-After.
        error.detail = ErrorDetail(
            _("Too many requests for this table: wait a moment, then try again."),
            code=error.default_code,
        )
        raise error

    def get_queryset(self):
        return Table.objects.select_related("round__tournament").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )

    def get_permissions(self):
        if self.action in ("hands", "totals", "dispute"):
            return [HoldsTableToken()]
        return super().get_permissions()

    def _acting_seat(self) -> Seat | None:
        return self.request.auth if isinstance(self.request.auth, Seat) else None

    def get_object(self) -> Table:
        # The table link's authentication loaded this very table: no second read.
        table = self.request.auth
        if isinstance(table, Table) and table.token == self.kwargs.get(self.lookup_field):
            self.check_object_permissions(self.request, table)
            return table
        return super().get_object()

    def _scorer(self, table: Table, seat_id: int | None) -> tuple[Seat | None, str]:
        """The seat entering a result and how it reached us: a seat link is that seat;
        with the table's link the scorer names their seat, as on the page."""
        seat = self._acting_seat()
        if seat is not None:
            return seat, ResultChange.Via.SEAT_LINK
        if seat_id is None:
            return None, ResultChange.Via.TABLE_LINK
        # A seat of this table is loaded with it; another table's is still looked up,
        # so that the service refuses it in its own words.
        here = next((seat for seat in table.seats.all() if seat.pk == seat_id), None)
        chosen = here or Seat.objects.filter(pk=seat_id).first()
        return chosen, ResultChange.Via.TABLE_LINK

    def _fresh(self, table: Table) -> Table:
        return selectors.table_for_token(table.token)

    def _as_players(
        self,
        request: Request,
        table: Table,
        codes: list[str],
        *,
        entered_side: Callable[[], int | None],
        write: Callable[..., object],
    ) -> None:
        """A write players vouch for (confirming, disputing): a seat token proves its
        seat, the table's token proves nothing, and typed codes count against the
        guessing limits of the sides facing the one that entered the result."""
        seat = self._acting_seat()
        proofs = (
            [services.Proof(seat=seat, via=ResultChange.Via.SEAT_LINK)] if seat is not None else []
        )
        typed = any(c.strip() for c in codes)
        sides = confirming_sides(table, entered_side()) if typed else set()
        with _limited(request, table, sides=sides, typed=typed):
            write(table=table, proofs=proofs, codes=codes)

    def _submit(self, request: Request, serializer_class, submit, field: str) -> Response:
        """Hands and totals are one write with a different payload: parse, find the
        scorer's seat, call the scoring service, answer with the table's new state."""
        table = self.get_object()
        form = serializer_class(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        seat, via = self._scorer(table, data["seat"])
        typed = bool(data["code"].strip()) and via != ResultChange.Via.SEAT_LINK
        # A code typed with a seat named is that seat's side's; without one, any side's.
        if not typed:
            sides = set()
        elif seat is not None and seat.table_id == table.pk:
            sides = {seat.side}
        else:
            sides = all_sides(table)
        with _limited(request, table, sides=sides, typed=typed):
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
                result.table,
                acting_seat=self._acting_seat(),
                replayed=getattr(result, "replayed", False),
                result=result,
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
        return self._submit(request, s.SubmitHandsSerializer, services.submit_hands, "hands")

    @extend_schema(
        request=s.SubmitTotalsSerializer,
        responses={200: s.TableStateSerializer, **refusals(400, 401, 403, 404, 409, 429)},
    )
    @action(detail=True, methods=["post"])
    def totals(self, request: Request, token: str) -> Response:
        """Store each side's points (round totals, or a finished game's score)."""
        return self._submit(
            request, s.SubmitTotalsSerializer, services.submit_totals, "side_points"
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
        if table_of(request.auth) is not None:
            self._as_players(
                request,
                table,
                data["codes"],
                entered_side=lambda: (
                    TableResult.objects.filter(table=table)
                    .values_list("submitted_side", flat=True)
                    .first()
                ),
                write=partial(
                    services.confirm_result,
                    expected_version=data["expected_version"],
                    idempotency_key=key,
                ),
            )
        else:
            services.confirm_result(
                table=table,
                user=request.user,
                expected_version=data["expected_version"],
                idempotency_key=key,
            )
        return Response(table_state(self._fresh(table), acting_seat=seat))

    @extend_schema(
        request=s.DisputeSerializer,
        responses={200: s.TableStateSerializer, **refusals(400, 401, 403, 404, 409, 429)},
    )
    @action(detail=True, methods=["post"])
    def dispute(self, request: Request, token: str) -> Response:
        """ "That is not what we played": a player of a side that did not enter the result
        disputes the `expected_version` of it with a short `reason`, proven by their seat
        token or their card code. The table is then disputed until an organiser resolves it
        (`POST /api/results/{id}/resolve/`) or that side enters its own version; the round
        cannot close meanwhile."""
        table = self.get_object()
        form = s.DisputeSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        self._as_players(
            request,
            table,
            data["codes"],
            entered_side=lambda: _entering_side(table),
            write=partial(
                services.dispute_result,
                reason=data["reason"],
                expected_version=data["expected_version"],
                idempotency_key=data["idempotency_key"] or None,
            ),
        )
        seat = self._acting_seat()
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
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self):
        return Table.objects.select_related("round__tournament")

    def get_object(self) -> Table:
        table = get_object_or_404(self.get_queryset(), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, table.round.tournament)
        return selectors.table_for_token(table.token)

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
                # Translators: %(name)s is the name of the query parameter as sent, in
                # English ("tournament", "round"): keep it in its quotes, untranslated.
                words = _("Give “%(name)s” as a number.") % {"name": name}
                raise ValidationError({name: [words]})
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
                # " & " whatever the language: data, as in the table's own "sides".
                "sides": [
                    {"names": DATA_JOINER.join(players), "score": score}
                    for players, score in entry.sides
                ],
                "result": entry.result,
            }
            for entry in selectors.round_board(rnd)
        ]
        rules = selectors.tournament_rules(tournament)
        return Response(s.BoardEntrySerializer(board, many=True, context={"rules": rules}).data)

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
        services.correct_result(
            table=table,
            user=request.user,
            expected_version=data["expected_version"],
            idempotency_key=data["idempotency_key"],
            note=data["note"],
            **changed,
        )
        return Response(table_state(self._fresh(table)))

    @extend_schema(
        request=s.ResolveSerializer,
        responses={200: s.TableStateSerializer, **refusals(400, 403, 404, 409)},
    )
    @action(detail=True, methods=["post"])
    def resolve(self, request: Request, pk: str) -> Response:
        """Resolve a disputed result: `confirm` it as entered, or `correct` it to `hands` or
        `side_points`. Either ends the dispute and goes into the table's history with
        `note`; a result that is not disputed is refused (`not_disputed`)."""
        table = self.get_object()
        form = s.ResolveSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        services.resolve_dispute(
            table=table,
            user=request.user,
            expected_version=data["expected_version"],
            idempotency_key=data["idempotency_key"] or None,
            hands=data["hands"],
            side_points=data["side_points"],
            note=data["note"],
        )
        return Response(table_state(self._fresh(table)))

    def _fresh(self, table: Table) -> Table:
        return selectors.table_for_token(table.token)


@extend_schema(parameters=[TOURNAMENT_ID])
class RoundResultsViewSet(TournamentActions):
    """Closing a round, under the tournament's address: scoring's close is the one that
    knows the results and keeps the audit trail."""

    @extend_schema(
        parameters=[NUMBER],
        request=s.CloseRoundSerializer,
        responses={200: ts.RoundSerializer, **refusals(400, 403, 404)},
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
        services.close_round(
            round=rnd,
            user=request.user,
            force=form.validated_data["force"],
            idempotency_key=form.validated_data["idempotency_key"] or None,
        )
        rnd = tournament_selectors.round_with_seating(tournament, int(number))
        return Response(ts.RoundSerializer(rnd, context=self._context(tournament)).data)
