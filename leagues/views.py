"""League seasons: their standings, export and the owner's management pages.

Thin: read through selectors, write through services, turn a DomainError into a
message. A season's standings are public; managing it is its owner's. A night's own
standings pages are scoring's (scoring.standings_pages).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import DomainError
from core.permissions import owns
from scoring.downloads import csv_download, file_stem, json_download
from tournaments import selectors as tournament_selectors
from tournaments.models import Tournament

from . import selectors, services
from .forms import (
    AddNightForm,
    LinkPlayerForm,
    MergeMembersForm,
    SeasonForm,
)


@login_required
@require_http_methods(["GET", "POST"])
def season_list(request):
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.create_season(owner=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Season created: now add its nights."))
            return redirect("season-manage", pk=season.pk)
    return render(
        request,
        "leagues/season_list.html",
        {"seasons": selectors.seasons_for(request.user), "form": form},
    )


@require_GET
def season_detail(request, pk: int):
    season = selectors.season_for_view(pk)
    context = {
        "season": season,
        "standings": selectors.season_standings(season),
        "game_text": selectors.season_game_text(season),
        "can_organise": owns(request.user, season),
    }
    return render(request, "leagues/season_detail.html", context)


@require_GET
def season_export(request, pk: int, fmt: str):
    season = selectors.season_for_view(pk)
    standings = selectors.season_standings(season)
    name = f"{file_stem(season.name, 'season')}-standings"
    if fmt == "csv":
        return csv_download(name, *selectors.season_table(standings))
    return json_download(name, selectors.season_document(standings))


def _owned_season(request, pk: int):
    season = selectors.season_for_view(pk)
    if not owns(request.user, season):
        raise Http404(_("No such season among yours."))
    return season


@login_required
@require_http_methods(["GET", "POST"])
def season_manage(request, pk: int):
    season = _owned_season(request, pk)
    # The form gets its own copy: validating it writes the typed values onto it, and a
    # refused change must not show on the rest of the page.
    form = SeasonForm(request.POST or None, instance=selectors.season_for_view(pk))
    if request.method == "POST" and form.is_valid():
        try:
            saved = services.update_season(season=season, user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Season saved."))
            nights = saved.nights.count()
            if saved.best_of and nights <= saved.best_of:
                messages.warning(
                    request,
                    ngettext(
                        "The season has %(nights)s night, not more than the %(best)s best "
                        "that count: every night counts until it has more.",
                        "The season has %(nights)s nights, not more than the %(best)s best "
                        "that count: every night counts until it has more.",
                        nights,
                    )
                    % {"nights": nights, "best": saved.best_of},
                )
            return redirect("season-manage", pk=season.pk)
    candidates = selectors.nights_to_add(
        tournament_selectors.tournaments_for(request.user), season=season
    )
    return render(
        request,
        "leagues/season_manage.html",
        {
            "season": season,
            "form": form,
            "nights": season.nights.select_related("tournament"),
            "game_text": selectors.season_game_text(season),
            "night_form": AddNightForm(tournaments=candidates),
            "link_form": LinkPlayerForm(season=season),
            "merge_form": MergeMembersForm(season=season),
            "members": selectors.season_members(season),
            "unlinked": selectors.unlinked_players(season),
        },
    )


@login_required
@require_POST
def season_night_add(request, pk: int):
    season = _owned_season(request, pk)
    candidates = selectors.nights_to_add(tournament_selectors.tournaments_for(request.user))
    form = AddNightForm(request.POST, tournaments=candidates)
    if form.is_valid():
        try:
            services.add_night(
                season=season, tournament=form.cleaned_data["tournament"], user=request.user
            )
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Night added; its players are linked to members by name."))
    else:
        messages.error(request, _("Choose one of your tournaments that is in no season yet."))
    return redirect("season-manage", pk=season.pk)


@login_required
@require_POST
def season_night_remove(request, pk: int, tournament_pk: int):
    season = _owned_season(request, pk)
    tournament = get_object_or_404(Tournament, pk=tournament_pk, season_night__season=season)
    gone = services.remove_night(season=season, tournament=tournament, user=request.user)
    if gone:
        messages.success(
            request,
            ngettext(
                "Night removed from the season, with %(count)s member who played no other night.",
                "Night removed from the season, with %(count)s members who played no other night.",
                gone,
            )
            % {"count": gone},
        )
    else:
        messages.success(request, _("Night removed from the season."))
    return redirect("season-manage", pk=season.pk)


@login_required
@require_POST
def season_link_names(request, pk: int):
    season = _owned_season(request, pk)
    linked = services.link_players_by_name(season=season, user=request.user)
    messages.success(
        request,
        ngettext("%(count)s player linked by name.", "%(count)s players linked by name.", linked)
        % {"count": linked},
    )
    return redirect("season-manage", pk=season.pk)


@login_required
@require_POST
def season_member_link(request, pk: int):
    season = _owned_season(request, pk)
    form = LinkPlayerForm(request.POST, season=season)
    if form.is_valid():
        try:
            services.link_player(season=season, user=request.user, **form.cleaned_data)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Player linked."))
    else:
        messages.error(request, _("Choose a player and a member of this season."))
    return redirect("season-manage", pk=season.pk)


@login_required
@require_POST
def season_member_merge(request, pk: int):
    season = _owned_season(request, pk)
    form = MergeMembersForm(request.POST, season=season)
    if form.is_valid():
        try:
            services.merge_members(season=season, user=request.user, **form.cleaned_data)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Members merged."))
    else:
        messages.error(request, _("Choose two members of this season."))
    return redirect("season-manage", pk=season.pk)
