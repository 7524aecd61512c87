"""Planning jobs by API: a big night's preview, change, rotation or removal answers 202
with a job (tournaments.planning); the job is polled here until done."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response

from core.api_permissions import IsOrganiserAlways
from tournaments.models import PlanningJob, Tournament
from tournaments.planning import services as planning

from . import serializers as s
from .schema import ApiErrorsMixin, refusals


def queued_if_big(
    request: Request, tournament: Tournament, kind: str, asked: dict | None = None
) -> Response | None:
    """A 202 with the job when the work is too big for the request; None to do it here."""
    if not planning.runs_in_worker(tournament, kind):
        return None
    return queued(request, tournament, kind, asked)


def queued(
    request: Request, tournament: Tournament, kind: str, asked: dict | None = None
) -> Response:
    """A 202 with a job for `kind`, queued now."""
    job = planning.request_planning(
        tournament=tournament, kind=kind, asked=asked, requested_by=request.user
    )
    return Response(
        s.PlanningJobSerializer(job, context={"request": request}).data,
        status=status.HTTP_202_ACCEPTED,
    )


@extend_schema(
    parameters=[
        OpenApiParameter(
            "id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The planning job's id."
        )
    ]
)
class PlanningJobViewSet(ApiErrorsMixin, viewsets.GenericViewSet):
    """A big night's planning work, for the tournament's organisers."""

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsOrganiserAlways]
    serializer_class = s.PlanningJobSerializer
    lookup_value_regex = "[0-9]+"
    http_method_names = ["get", "head", "options"]

    def get_queryset(self):
        return PlanningJob.objects.select_related("tournament")

    @extend_schema(responses={200: s.PlanningJobSerializer, **refusals(403, 404)})
    def retrieve(self, request: Request, pk: str) -> Response:
        """The job's progress, then its result (or why it failed)."""
        job = get_object_or_404(self.get_queryset(), pk=pk)
        self.check_object_permissions(request, job.tournament)
        if planning.fail_stalled(PlanningJob.objects.filter(pk=job.pk)):
            job.refresh_from_db()
        return Response(s.PlanningJobSerializer(job, context={"request": request}).data)
