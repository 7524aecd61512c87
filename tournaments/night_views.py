"""The organiser's one-step fixes of the night: reprinting the scorecards a change
made out of date, a player marked late, two players who sat in each other's seats."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError
from core.permissions import organised_tournament

from .models import Player, Round
from .night_forms import SwapSeatsForm
from .printing import reprints
from .printing.services import (
    PrintingUnavailable,
    PrintRequestError,
    base_url_for,
    print_reprints,
)
from .services import late, swaps
from .views import round_page


@login_required
@require_POST
def reprint_print(request, pk: int):
    """One tap: a printout of what the reprint list holds of one kind (`kind`, by
    default the scorecards of everyone on it)."""
    tournament = organised_tournament(pk=pk, user=request.user)
    kind = request.POST.get("kind") or reprints.Kind.SCORECARDS
    if kind not in reprints.PRINTOUTS:
        messages.error(request, _("Choose a printout on the list to print."))
        return redirect(tournament)
    try:
        job = print_reprints(
            tournament=tournament,
            kind=kind,
            requested_by=request.user,
            base_url=base_url_for(request),
        )
    except (DomainError, PrintRequestError, PrintingUnavailable) as exc:
        messages.error(request, exc.message)
        return redirect(tournament)
    return redirect("print-job", job_id=job.pk)


@login_required
@require_POST
def player_late(request, pk: int, player_pk: int):
    """ "Mark as late" (late=yes, before round 1) or "Here now" (late=no)."""
    tournament = organised_tournament(pk=pk, user=request.user)
    player = get_object_or_404(Player, pk=player_pk, tournament=tournament)
    wanted = request.POST.get("late")
    if wanted not in ("yes", "no"):
        messages.error(request, _("Choose “Mark as late” or “Here now”."))
        return redirect(tournament)
    try:
        change = late.mark_late if wanted == "yes" else late.here_now
        player = change(player=player)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, late_message(player))
    return redirect(tournament)


def late_message(player: Player) -> str:
    if player.late:
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
        # with the name's gender.
        return _("%(name)s is on the late list and sits out the first round.") % {
            "name": player.name
        }
    number = late.joins_in(player)
    if number is None:
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
        # with the name's gender.
        return _("%(name)s is present.") % {"name": player.name}
    # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
    # with the name's gender.
    return _("%(name)s is present and plays from round %(number)s.") % {
        "name": player.name,
        "number": number,
    }


@login_required
@require_POST
def seats_swap(request, pk: int, number: int):
    """Two players sat in each other's seats in this round (in play)."""
    tournament = organised_tournament(pk=pk, user=request.user)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    form = SwapSeatsForm(request.POST, round=rnd)
    if form.is_valid():
        try:
            swaps.swap_seats(
                round=rnd,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                user=request.user,
            )
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(
                request,
                # Translators: %(first)s and %(second)s are any players, women or men: word it so
                # that nothing agrees with the names' gender.
                _("%(first)s and %(second)s now sit in each other's seats; results follow them.")
                % {"first": form.cleaned_data["first"], "second": form.cleaned_data["second"]},
            )
            return redirect("round-detail", pk=tournament.pk, number=number)
    return round_page(request, tournament, number, status=400, swap_form=form)
