"""The print jobs API: ask for a printout under the tournament's address, then follow
the job and download its PDF. For the tournament's organisers only."""

from __future__ import annotations

from django.http import FileResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from core.api_permissions import IsOrganiserAlways
from tournaments.api.errors import Unavailable
from tournaments.api.schema import TOURNAMENT_ID, ApiErrorsMixin, refusals
from tournaments.api.serializers import ReprintListSerializer
from tournaments.api.views import TournamentActions
from tournaments.models import PrintJob

from ..download import pdf_response
from ..reprints import players_to_reprint
from ..services import (
    PlayersRefused,
    PrintingUnavailable,
    PrintRequestError,
    base_url_for,
    print_reprints,
    request_print,
)
from . import serializers as s


@extend_schema(parameters=[TOURNAMENT_ID])
class TournamentPrintJobsViewSet(TournamentActions):
    """Asking for a printout, under the tournament's address. Standings are printed as
    they are at that moment."""

    @extend_schema(
        request=s.PrintRequestSerializer,
        responses={202: s.PrintJobSerializer, **refusals(400, 403, 404, 429, 503)},
    )
    @action(detail=True, methods=["post"], url_path="print-jobs")
    def print_jobs(self, request: Request, pk: str) -> Response:
        """Ask for a PDF; a worker builds it. Poll the job for progress and its download.

        Each organiser has one job at the workers and at most two waiting behind it;
        one more is refused with 429 (`print_queue_full`)."""
        tournament = self._tournament()
        form = s.PrintRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        return _queued(
            request,
            lambda: request_print(
                tournament=tournament,
                kind=data["kind"],
                paper=data["paper"],
                per_page=int(data["per_page"]),
                requested_by=request.user,
                base_url=base_url_for(request),
                players=data["players"],
            ),
        )

    @extend_schema(methods=["GET"], responses={200: ReprintListSerializer, **refusals(403, 404)})
    @extend_schema(
        methods=["POST"],
        request=None,
        responses={202: s.PrintJobSerializer, **refusals(403, 404, 409, 429, 503)},
    )
    # Who moved is the organisers' business: the list too is theirs only.
    @action(
        detail=True,
        methods=["get", "post"],
        url_path="reprints",
        permission_classes=[IsOrganiserAlways],
    )
    def reprints(self, request: Request, pk: str) -> Response:
        """The players whose printed scorecards a change made out of date (GET), kept
        until a scorecards printout with them is done; POST prints them all."""
        tournament = self._tournament()
        if request.method == "GET":
            players = players_to_reprint(tournament)
            return Response(
                ReprintListSerializer({"players": players}, context=self._context(tournament)).data
            )
        return _queued(
            request,
            lambda: print_reprints(
                tournament=tournament, requested_by=request.user, base_url=base_url_for(request)
            ),
        )


def _queued(request: Request, ask) -> Response:
    """The job `ask()` queues, as a 202; its refusals in the API's words."""
    try:
        job = ask()
    except PlayersRefused as exc:
        raise ValidationError({"players": [str(exc)]}) from exc
    except PrintRequestError as exc:
        raise ValidationError(str(exc)) from exc
    except PrintingUnavailable as exc:
        raise Unavailable(str(exc), code="printing_unavailable") from exc
    return Response(
        s.PrintJobSerializer(job, context={"request": request}).data,
        status=status.HTTP_202_ACCEPTED,
    )


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
        # Only read: Celery beat marks a stalled job failed (printing/periodic.py).
        return job

    @extend_schema(responses={200: s.PrintJobSerializer, **refusals(403, 404)})
    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(s.PrintJobSerializer(self.get_object(), context={"request": request}).data)

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY, **refusals(403, 404)})
    @action(detail=True, methods=["get"])
    def download(self, request: Request, pk: str) -> FileResponse:
        return pdf_response(self.get_object())
