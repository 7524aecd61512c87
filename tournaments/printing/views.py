"""Organiser pages: ask for a printout, watch it being built, download it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.permissions import organised_print_job, organised_tournament
from tournaments.models import PrintJob, Tournament
from tournaments.site_address import unreachable, unreachable_for

from .download import pdf_response
from .forms import PrintForm
from .queue import PrintQueueFull
from .services import (
    PlayersRefused,
    PrintingUnavailable,
    PrintRequestError,
    base_url_for,
    request_print,
    retry_print,
    stall_reason,
)


def _organiser_tournament(request, pk: int) -> Tournament:
    return organised_tournament(
        pk=pk,
        user=request.user,
        message=_("Only the organisers of this tournament can print for it."),
    )


def _organiser_job(request, job_id: int) -> PrintJob:
    # Only read: Celery beat marks a stalled job failed (periodic.py).
    return organised_print_job(pk=job_id, user=request.user)


@login_required
@require_http_methods(["GET", "POST"])
def print_request(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    if request.method == "POST":
        form = PrintForm(request.POST, tournament=tournament)
    else:
        # Links such as "Print card" beside a player arrive with ?players=<id>.
        chosen = [v for v in request.GET.getlist("players") if v.isdigit()]
        form = PrintForm(tournament=tournament, initial={"players": chosen} if chosen else None)
    status = 200
    if request.method == "POST" and form.is_valid():
        chosen = form.cleaned_data["players"]
        try:
            job = request_print(
                tournament=tournament,
                kind=form.cleaned_data["kind"],
                paper=form.cleaned_data["paper"],
                per_page=form.cleaned_data["per_page"],
                requested_by=request.user,
                base_url=base_url_for(request),
                players=[p.pk for p in chosen] if chosen else None,
                rounds=[form.cleaned_data["round"]]
                if form.cleaned_data.get("round") is not None
                else None,
            )
        except PlayersRefused as exc:
            form.add_error("players", str(exc))
        except PrintRequestError as exc:
            messages.error(request, str(exc))
        except (PrintingUnavailable, PrintQueueFull) as exc:
            messages.error(request, str(exc))
            status = exc.status
        else:
            return redirect("print-job", job_id=job.pk)
    jobs = tournament.print_jobs.all()[:10]
    return render(
        request,
        "printing/request.html",
        {
            "tournament": tournament,
            "form": form,
            "jobs": jobs,
            "unreachable": unreachable_for(request),
        },
        status=status,
    )


def _job_context(job: PrintJob) -> dict:
    return {
        "job": job,
        "tournament": job.tournament,
        "finished": job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED),
        "stalled": stall_reason(job.status) if job.is_stalled else "",
        "use_htmx": bool(finders.find("js/htmx.min.js")),
        # The QR codes on these cards are already made: say so about their address.
        "unreachable": unreachable(job.options.get("base_url", ""))
        if job.kind == PrintJob.Kind.TABLE_CARDS
        else None,
    }


@login_required
@require_GET
def print_job(request, job_id: int):
    job = _organiser_job(request, job_id)
    context = _job_context(job)
    if request.headers.get("HX-Request") or request.GET.get("partial"):
        return render(request, "printing/_job_status.html", context)
    return render(request, "printing/job.html", context)


@login_required
@require_GET
def print_download(request, job_id: int):
    return pdf_response(_organiser_job(request, job_id))


@login_required
@require_POST
def print_retry(request, job_id: int):
    job = _organiser_job(request, job_id)
    try:
        again = retry_print(job=job, requested_by=request.user)
    except (PrintRequestError, PrintingUnavailable, PrintQueueFull) as exc:
        messages.error(request, str(exc))
        return redirect("print-job", job_id=job.pk)
    return redirect("print-job", job_id=again.pk)
