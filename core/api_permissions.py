"""Who may do what, for every app's API: anyone reads a tournament's public side, only
its organisers change it, and a table's token reaches that table alone. The questions
are core.permissions'; these classes put them to DRF requests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import apps
from django.utils.translation import gettext_lazy as _
from rest_framework import permissions

from core.permissions import can_organise, speaks_for, table_of

if TYPE_CHECKING:
    from tournaments.models import Tournament


def _is_tournament(obj: object) -> bool:
    # The model is looked up by name: every app's API asks here, so this imports none.
    return isinstance(obj, apps.get_model("tournaments.Tournament"))


def is_organiser(request, tournament: Tournament) -> bool:
    return can_organise(request.user, tournament)


class IsTournamentOrganiser(permissions.BasePermission):
    """Reads are public; writes need the tournament's owner or a co-organiser.

    Objects are a Tournament or anything the view maps to one (get_tournament).
    """

    public_reads = True
    # The code and words the services use for the same refusal.
    code = "not_organiser"
    message = _("Only the organisers of this tournament can do that.")

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return _is_tournament(obj) and is_organiser(request, obj)


class IsOrganiserAlways(IsTournamentOrganiser):
    """Organisers only, reads included (results boards, audit trails)."""

    public_reads = False

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj) -> bool:
        return _is_tournament(obj) and is_organiser(request, obj)


class ActsForTable(permissions.BasePermission):
    """The request carries this table's token (or one of its seats'), or comes from one
    of the tournament's organisers. Objects are Tables."""

    code = "not_this_table"
    message = _("This link is for another table.")

    def has_permission(self, request, view) -> bool:
        return table_of(request.auth) is not None or bool(
            request.user and request.user.is_authenticated
        )

    def has_object_permission(self, request, view, obj) -> bool:
        if table_of(request.auth) is not None:
            return speaks_for(request.auth, obj)
        # A signed-in user without a token is refused as the services refuse them.
        self.code = IsTournamentOrganiser.code
        self.message = IsTournamentOrganiser.message
        return is_organiser(request, obj.round.tournament)


class HoldsTableToken(ActsForTable):
    """Entering results: only the table's own scorers; organisers correct through
    /api/results/, where the change is recorded as theirs."""

    message = _("Results are entered with the table's link; organisers correct them instead.")

    def has_permission(self, request, view) -> bool:
        return table_of(request.auth) is not None

    def has_object_permission(self, request, view, obj) -> bool:
        return speaks_for(request.auth, obj)
