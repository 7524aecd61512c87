"""The organiser's one-step fixes of the night: reprinting the scorecards a change
made out of date, a player marked late, two players who sat in each other's seats."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from .errors import TournamentError
from .permissions import organised_tournament
from .printing.services import PrintingUnavailable, PrintRequestError, base_url_for
from .services import reprints


@login_required
@require_POST
def reprint_print(request, pk: int):
    """One tap: a scorecards printout of everyone on the reprint list."""
    tournament = organised_tournament(pk=pk, user=request.user)
    try:
        job = reprints.print_reprints(
            tournament=tournament, requested_by=request.user, base_url=base_url_for(request)
        )
    except (TournamentError, PrintRequestError, PrintingUnavailable) as exc:
        messages.error(request, exc.message)
        return redirect(tournament)
    return redirect("print-job", job_id=job.pk)
