"""The organiser's page of a planning job: its progress while a worker plans, then the
plans to choose from (a preview), what removing a player does (with the button that
does it), or what was done (a rotation drawn, a change made, a player removed)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from core.permissions import require_organiser
from tournaments import services
from tournaments.models import PlanningJob

from .pages import done_message, preview_context, removal_context
from .services import fail_stalled


@login_required
@require_GET
def planning_job(request, job_id: int):
    job = get_object_or_404(PlanningJob.objects.select_related("tournament"), pk=job_id)
    tournament = job.tournament
    require_organiser(
        request.user, tournament, _("Only the organisers of this tournament can see its plans.")
    )
    if fail_stalled(PlanningJob.objects.filter(pk=job.pk)):
        job.refresh_from_db()
    context = {"job": job, "tournament": tournament}
    if request.GET.get("partial"):
        return render(request, "tournaments/_planning_job_status.html", context)
    if job.kind == PlanningJob.Kind.PREVIEW and job.status == PlanningJob.Status.DONE:
        return render(
            request,
            "tournaments/change_preview.html",
            {
                **preview_context(tournament, job.asked, job.result["plans"]),
                "team_size": tournament.spec.fixed_team_size,
                "partners_rotate": services.partners_rotate(tournament.format),
            },
        )
    if job.kind == PlanningJob.Kind.REMOVAL_PREVIEW and job.status == PlanningJob.Status.DONE:
        player = {"pk": job.asked["player"], "name": job.asked.get("name", "")}
        return render(
            request,
            "tournaments/player_remove.html",
            {
                **removal_context(tournament, player, job.result["removal"]),
                "partners_rotate": services.partners_rotate(tournament.format),
            },
        )
    if job.status == PlanningJob.Status.DONE:
        context["done"] = done_message(job)
    return render(request, "tournaments/planning_job.html", context)
