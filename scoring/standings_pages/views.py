"""One night's standings: the live page, the projector, a player's night, the exports,
the organiser's ranking settings and the printed sheet.

Thin: read through scoring.night_standings, write through scoring.standings_settings.
The public pages need no sign-in; settings and printing are the organiser's.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import DomainError
from core.permissions import can_organise, organised_tournament
from scoring import night_standings
from scoring.downloads import csv_download, file_stem, json_download
from scoring.night_standings.drawn import night_results
from scoring.standings_settings import update_standings_settings
from tournaments.drawn_history import history_document
from tournaments.models import Player, PrintJob
from tournaments.printing.services import (
    PrintingUnavailable,
    PrintRequestError,
    base_url_for,
    request_print,
)

from .forms import StandingsSettingsForm

# How often the live pages ask for fresh standings, in seconds.
POLL_SECONDS = 5


@require_GET
def standings_page(request, pk: int):
    tournament = night_standings.public_tournament(pk)
    standings = night_standings.tournament_standings(tournament)
    context = {
        "tournament": tournament,
        "standings": standings,
        "poll_seconds": POLL_SECONDS,
        "can_organise": can_organise(request.user, tournament),
    }
    # The page polls itself: htmx asks for the fragment only.
    if request.htmx:
        return render(request, "scoring/standings/_standings.html", context)
    return render(request, "scoring/standings/standings.html", context)


@require_GET
def standings_projector(request, pk: int):
    tournament = night_standings.public_tournament(pk)
    context = {
        "tournament": tournament,
        "standings": night_standings.tournament_standings(tournament),
        "poll_seconds": POLL_SECONDS,
        "projector": True,
    }
    if request.htmx:
        return render(request, "scoring/standings/_projector_rows.html", context)
    return render(request, "scoring/standings/projector.html", context)


@require_GET
def standings_player(request, pk: int, player_pk: int):
    tournament = night_standings.public_tournament(pk)
    try:
        night = night_standings.player_night(tournament, player_pk)
    except Player.DoesNotExist as exc:
        raise Http404(_("No such player in this tournament.")) from exc
    return render(
        request, "scoring/standings/player.html", {"tournament": tournament, "night": night}
    )


@require_GET
def standings_export(request, pk: int, fmt: str):
    tournament = night_standings.public_tournament(pk)
    standings = night_standings.tournament_standings(tournament)
    name = f"{file_stem(tournament.name, 'tournament')}-standings"
    if fmt == "csv":
        return csv_download(name, *night_standings.standings_table(standings))
    return json_download(name, night_standings.standings_document(standings))


@require_GET
def standings_results_export(request, pk: int, fmt: str):
    tournament = night_standings.public_tournament(pk)
    night = night_standings.load_night(tournament)
    name = f"{file_stem(tournament.name, 'tournament')}-results"
    if fmt == "csv":
        return csv_download(name, *night_standings.results_table(night))
    return json_download(name, night_standings.results_document(night))


@require_GET
def draw_history_export(request, pk: int):
    """The rounds published so far with each confirmed table's points, as `next_round`
    reads them: a round drawn from the results can be drawn again off the site with
    the seed it keeps; a planned night's is the record of its rounds and points."""
    tournament = night_standings.public_tournament(pk)
    results = night_results(tournament, published_only=True)
    name = f"{file_stem(tournament.name, 'tournament')}-history"
    return json_download(name, history_document(tournament.format, results))


@login_required
@require_http_methods(["GET", "POST"])
def standings_settings(request, pk: int):
    tournament = organised_tournament(pk=pk, user=request.user)
    current = night_standings.standings_settings(tournament)
    metrics = night_standings.ranking_metrics(tournament, current)
    form = StandingsSettingsForm(
        request.POST or None,
        initial={"bye_value": current.bye_value, "bye_points": current.bye_points},
        initial_metrics=metrics,
        offered=night_standings.offered_metrics(tournament),
    )
    if request.method == "POST" and form.is_valid():
        try:
            update_standings_settings(
                tournament=tournament,
                user=request.user,
                metrics=form.cleaned_data["metrics"],
                bye_value=form.cleaned_data["bye_value"],
                bye_points=form.cleaned_data["bye_points"],
            )
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Standings settings saved."))
            return redirect("standings-page", pk=tournament.pk)
    return render(
        request, "scoring/standings/settings.html", {"tournament": tournament, "form": form}
    )


@login_required
@require_POST
def standings_print(request, pk: int):
    tournament = organised_tournament(pk=pk, user=request.user)
    paper = request.POST.get("paper", "a4")
    try:
        job = request_print(
            tournament=tournament,
            kind=PrintJob.Kind.STANDINGS,
            paper=paper,
            per_page=4,
            requested_by=request.user,
            base_url=base_url_for(request),
        )
    except (PrintRequestError, PrintingUnavailable) as error:
        messages.error(request, str(error))
        return redirect("standings-page", pk=tournament.pk)
    return redirect("print-job", job_id=job.pk)
