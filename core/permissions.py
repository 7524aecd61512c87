"""Who may do what, said once for every app: pages, the API and the services ask here.

Three kinds of caller change things: a tournament's organisers (its owner and its
co-organisers, signed in), a table's scorers (the table's printed link or one of its
seats' links, no account) and a season's owner. Pages turn a refusal into a 404 or
403 page (`organised_tournament`, `organised_print_job`); the API's permission
classes (core.api_permissions) ask the same questions; services keep their
own refusals in their error codes, asking `can_organise` too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import apps
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from tournaments.models import PrintJob, Table, Tournament


def _model(label: str):
    # Looked up by name, not imported: every app asks here, so this depends on none.
    return apps.get_model(label)


def can_organise(user, tournament: Tournament) -> bool:
    """Whether `user` may change `tournament`: its owner or one of its co-organisers."""
    return user is not None and tournament.is_organiser(user)


def owns(user, thing) -> bool:
    """Whether `user` is the owner of something kept by one person (a season)."""
    return bool(user is not None and user.is_authenticated and thing.owner_id == user.pk)


def table_of(credential: object) -> Table | None:
    """The table a scorer's token speaks for, whether the table's own or a seat's."""
    if isinstance(credential, _model("tournaments.Table")):
        return credential
    if isinstance(credential, _model("tournaments.Seat")):
        return credential.table
    return None


def speaks_for(credential: object, table: Table) -> bool:
    """Whether a scorer's token (the table's or one of its seats') is for `table`."""
    token_table = table_of(credential)
    return token_table is not None and token_table.pk == table.pk


def require_organiser(user, tournament: Tournament, message: str | None = None) -> None:
    """PermissionDenied (a 403) unless `user` organises `tournament`."""
    if not can_organise(user, tournament):
        raise PermissionDenied(
            message or _("Only the organisers of this tournament can change it.")
        )


def organised_tournament(*, pk: int, user, message: str | None = None) -> Tournament:
    """The tournament `pk` for someone who may change it: Http404 when there is no such
    tournament, PermissionDenied (a 403 page) when `user` is not one of its organisers."""
    tournament = get_object_or_404(
        _model("tournaments.Tournament").objects.select_related("owner"), pk=pk
    )
    require_organiser(user, tournament, message)
    return tournament


def organised_print_job(*, pk: int, user) -> PrintJob:
    """A print job, for the organisers of its tournament (404 if none, else 403)."""
    job = get_object_or_404(
        _model("tournaments.PrintJob").objects.select_related("tournament"), pk=pk
    )
    require_organiser(
        user, job.tournament, _("Only the organisers of this tournament can see its printouts.")
    )
    return job
