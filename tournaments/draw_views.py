"""The organiser's buttons of a night drawn round by round: draw the next round (a
draft only organisers see), draw it again once, publish it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError
from core.permissions import organised_tournament

from . import services
from .models import Round


@login_required
@require_POST
def round_draw(request, pk: int):
    tournament = organised_tournament(pk=pk, user=request.user)
    try:
        rnd = services.draw_next_round(tournament=tournament)
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect(tournament)
    messages.success(
        request,
        _("Round %(number)s is drawn. Only organisers see it until it is published.")
        % {"number": rnd.number},
    )
    return redirect("round-detail", pk=pk, number=rnd.number)


@login_required
@require_POST
def round_redraw(request, pk: int, number: int):
    return _on_draft(
        request, pk, number, services.redraw_round, _("Round %(number)s is drawn again.")
    )


@login_required
@require_POST
def round_publish(request, pk: int, number: int):
    return _on_draft(
        request,
        pk,
        number,
        services.publish_round,
        _("Round %(number)s is published: the players and the room see it now."),
    )


def _on_draft(request, pk: int, number: int, service, done: str):
    """Do `service` to round `number` and come back to its page, saying how it went."""
    tournament = organised_tournament(pk=pk, user=request.user)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    try:
        service(round=rnd)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done % {"number": number})
    return redirect("round-detail", pk=pk, number=number)
