"""Players marked late before round 1, and their arrival.

A late player is in the event but sits out the first round: the rotation is drawn for
everyone and then relabelled so that they hold round 1's byes (rotations.late). When
round 1 has fewer byes than late players (12 players in fours have none), the late
players it cannot absorb are left out of the plan; once here they join at the first
round not yet started, through the same re-plan as any late arrival, and until then
nobody's seat waits for them.
"""

from __future__ import annotations

from django.db import transaction

from core.errors import DomainError
from tournaments import rotations
from tournaments.rotations import late as late_rotation

from .. import selectors
from ..models import Player, Round, Seat, Tournament
from .changes import apply_change
from .common import has_started, lock
from .draw import refresh_draft
from .reprints import mark_change
from .rotation import generate_rotation
from .rows import write_rounds


@transaction.atomic
def mark_late(*, player: Player) -> Player:
    """`player` will come after round 1 has started. Only before it starts; a drawn
    rotation is drawn again so that they sit out round 1."""
    tournament = lock(player.tournament)
    player = Player.objects.get(pk=player.pk, tournament=tournament)
    if has_started(tournament):
        raise DomainError("round_started:late")
    if not player.active:
        raise DomainError("not_playing", name=player.name)
    if tournament.spec.fixed_teams:
        raise DomainError("late_in_fixed_teams")
    if not player.late:
        player.late = True
        player.save(update_fields=["late"])
        if tournament.spec.per_round:
            # Nothing is planned ahead: only a round 1 drawn and waiting changes.
            refresh_draft(tournament)
        elif tournament.rounds.exists() and not _swap_into_bye(tournament):
            generate_rotation(tournament=tournament)
    return player


def _swap_into_bye(tournament: Tournament) -> bool:
    """The drawn rotation with the late players holding round 1's byes, if it has
    enough: only they and those whose byes they take change seats (and cards)."""
    current = selectors.schedule_from_rounds(tournament, selectors.rounds_with_seating(tournament))
    players = list(Player.objects.filter(tournament=tournament, active=True))
    late = [p.name for p in players if p.late]
    if len(late) > late_rotation.first_round_byes(current):
        return False
    relabelled = late_rotation.give_first_byes(current, late)
    if relabelled == current:
        return True
    moves = rotations.seat_moves(current.rounds, relabelled.rounds)
    write_rounds(tournament, relabelled.rounds, {p.name: p for p in players}, after=0)
    mark_change(tournament=tournament, moves=moves, names=moves.reprints)
    tournament.rotation_quality = rotations.report(relabelled).as_dict()
    tournament.save(update_fields=["rotation_quality"])
    return True


@transaction.atomic
def here_now(*, player: Player) -> Player:
    """A late player has arrived. Before round 1 a rotation left without them is drawn
    again; once play has begun they join at the first round not yet started (a
    re-plan of the remaining rounds), unless the rotation already seats them."""
    tournament = lock(player.tournament)
    player = Player.objects.get(pk=player.pk, tournament=tournament)
    if not player.late:
        raise DomainError("not_late", name=player.name)
    player.late = False
    player.save(update_fields=["late"])
    if tournament.spec.per_round:
        # They join the next draw; a draft already waiting is drawn again with them.
        refresh_draft(tournament)
        return player
    if not tournament.rounds.exists() or _is_planned_in(player):
        return player
    if not has_started(tournament):
        generate_rotation(tournament=tournament)
    else:
        # Off the list for a moment so the re-plan takes them as returning, by name.
        Player.objects.filter(pk=player.pk).update(active=False)
        apply_change(tournament=tournament, arrive=[player.name])
    player.refresh_from_db()
    return player


def joins_in(player: Player) -> int | None:
    """The round a late player first plays in; None while the plan leaves them out."""
    return (
        Seat.objects.filter(player=player, table__round__tournament_id=player.tournament_id)
        .order_by("table__round__number")
        .values_list("table__round__number", flat=True)
        .first()
    )


def _is_planned_in(player: Player) -> bool:
    return (
        Seat.objects.filter(player=player).exists()
        or Round.objects.filter(byes__player=player).exists()
    )
