"""Removing a player: asked first, then done in the way that keeps the night whole.

Before there is a rotation a player is simply taken off the list. Once there is one,
removing a player is a withdrawal through the changes of the night: the rounds not
started are re-planned for everyone else, and played rounds stay exactly as played.
A player who has played is never deleted, only marked as having left.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from django.db import transaction

from core.errors import DomainError

from ..models import Bye, Player, Round, Seat, Tournament
from .changes import ChangePlan, RotationChange, make_change, plan_change
from .common import delete_empty_teams, drop_planned_rotation, has_started, lock
from .draw import refresh_draft


class RemovalOutcome(StrEnum):
    # Not in any round: off the list, nothing else changes.
    DELETE = "delete"
    # Seated only in rounds not started: off the list, those rounds re-planned.
    REPLAN = "replan"
    # No round started, and the rotation cannot be made without them: off the list
    # and the planned rotation discarded (generate it again).
    DISCARD = "discard"
    # Has played: marked as left, played rounds kept, the rest re-planned.
    WITHDRAW = "withdraw"


@dataclass(frozen=True)
class PlayerRemoval:
    """What removing `player` does, worked out and not yet done.

    `change` is the re-plan (REPLAN and WITHDRAW); `reason` says why the rotation
    is discarded (DISCARD). Send `fingerprint` back to remove_player so it does
    exactly what was shown.
    """

    player: Player
    outcome: RemovalOutcome
    change: RotationChange | None = None
    reason: str = ""
    # The re-plan behind `change`, so doing the removal stores it without planning again.
    plan: ChangePlan | None = field(default=None, repr=False, compare=False)

    # Kept once worked out: the player's pk is gone once they are deleted, and the
    # answer of a removal done must carry the fingerprint of the preview it matched.
    @cached_property
    def fingerprint(self) -> str:
        text = f"{self.player.pk}:{self.outcome}:{self.change.fingerprint if self.change else ''}"
        return hashlib.sha256(text.encode()).hexdigest()[:32]


def _in_rounds(player: Player, *, played: bool) -> bool:
    rounds = Round.objects.filter(tournament_id=player.tournament_id)
    if played:
        rounds = rounds.exclude(status=Round.Status.PLANNED)
    return (
        Seat.objects.filter(player=player, table__round__in=rounds).exists()
        or Bye.objects.filter(player=player, round__in=rounds).exists()
    )


def _removal(tournament: Tournament, player: Player) -> PlayerRemoval:
    player = Player.objects.get(pk=player.pk, tournament=tournament)
    if not _in_rounds(player, played=False):
        return PlayerRemoval(player, RemovalOutcome.DELETE)
    if tournament.spec.per_round:
        return _drawn_removal(player)
    if _in_rounds(player, played=True):
        if not player.active:
            raise DomainError("not_playing:left", name=player.name)
        plan = plan_change(tournament, withdraw=[player], arrive=(), substitute=None)
        return PlayerRemoval(player, RemovalOutcome.WITHDRAW, plan.change, plan=plan)
    try:
        plan = plan_change(tournament, withdraw=[player], arrive=(), substitute=None)
    except DomainError as exc:
        if has_started(tournament):
            raise
        return PlayerRemoval(player, RemovalOutcome.DISCARD, reason=exc.message)
    return PlayerRemoval(player, RemovalOutcome.REPLAN, plan.change, plan=plan)


def _drawn_removal(player: Player) -> PlayerRemoval:
    """In a night drawn round by round nothing is planned ahead: a player who has
    played withdraws (their rounds stay), one only in the draft waiting is deleted,
    and either way only that draft is drawn again, without them."""
    if _in_rounds(player, played=True):
        if not player.active:
            raise DomainError("not_playing:left", name=player.name)
        return PlayerRemoval(player, RemovalOutcome.WITHDRAW)
    return PlayerRemoval(player, RemovalOutcome.REPLAN)


def removal_replans(*, player: Player) -> bool:
    """Whether working out `player`'s removal re-plans the rotation (the costly part):
    not for a player in no round (deleted) nor one who has already left (refused)."""
    if not _in_rounds(player, played=False) or player.tournament.spec.per_round:
        return False
    return player.active or not _in_rounds(player, played=True)


def preview_removal(*, player: Player) -> PlayerRemoval:
    """What removing `player` would do to the list and the rotation. Writes nothing.

    Raises DomainError when the player cannot be removed at all (they have
    already left, or the remaining rounds cannot be re-planned without them once
    play has started: then bring in a substitute through the changes of the night).
    """
    return _removal(player.tournament, player)


@transaction.atomic
def remove_player(*, player: Player, expected_fingerprint: str | None = None) -> PlayerRemoval:
    """Do what preview_removal describes.

    With `expected_fingerprint` (from the preview the organiser saw) the removal is
    refused if it would now do something else, e.g. because a round started meanwhile.
    Without one only a plain delete proceeds: a removal that changes the rotation is
    never done unseen, whether asked from the page or the API.
    """
    tournament = lock(player.tournament)
    removal = _removal(tournament, player)
    if expected_fingerprint is None:
        if removal.outcome is not RemovalOutcome.DELETE:
            raise DomainError("removal_not_confirmed", name=removal.player.name, id=player.pk)
    elif expected_fingerprint != removal.fingerprint:
        raise DomainError("stale_preview:removal")
    target = removal.player
    if tournament.spec.per_round and removal.outcome is not RemovalOutcome.DELETE:
        # Off the next draw; the draft waiting, if any, is drawn again without them.
        Player.objects.filter(pk=target.pk).update(active=False)
        refresh_draft(tournament)
    if removal.plan is not None:
        # Worked out above under the lock: stored as it is, not planned a second time.
        make_change(tournament, removal.plan, tournament=tournament)
    if removal.outcome is RemovalOutcome.DISCARD:
        drop_planned_rotation(tournament)
    if removal.outcome is not RemovalOutcome.WITHDRAW:
        # Never seated in a round that started, so nothing they played is lost.
        team_id = target.team_id
        target.delete()
        if team_id is not None:
            delete_empty_teams(tournament)
    player.tournament.rotation_quality = tournament.rotation_quality
    return removal
