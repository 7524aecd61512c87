"""Drawing the whole event's rotation and storing it (rows.py turns it into rows);
the round's life cycle is in rounds.py."""

from __future__ import annotations

from django.db import transaction

from tournaments import rotations

from ..models import Player, Tournament
from .common import lock, refuse_if_drawn, refuse_if_started, rounds_to_draw
from .rows import check_schedule, engine_teams, late_schedule, write_rounds


@transaction.atomic
def generate_rotation(*, tournament: Tournament) -> dict:
    """Seat every active player for the whole event and store it, replacing any planned
    rotation; refused once a round has started. Returns the quality summary, which is
    also stored on tournament.rotation_quality."""
    locked = lock(tournament)
    refuse_if_drawn(locked)
    refuse_if_started(locked, "round_started:rotation")
    players = list(Player.objects.filter(tournament=locked, active=True).order_by("pk"))
    rounds = rounds_to_draw(locked, len(players))
    if rounds != locked.rounds_planned:
        # The usual length becomes the event's number of rounds, shown and kept as such.
        locked.rounds_planned = tournament.rounds_planned = rounds
        locked.save(update_fields=["rounds_planned"])
    teams = engine_teams(locked, players)
    # Late players sit out round 1, or wait outside the plan if it has no bye for them.
    schedule, names = late_schedule(locked, players, teams)
    check_schedule(schedule, set(names), after=0)
    write_rounds(locked, schedule.rounds, {p.name: p for p in players}, after=0)
    locked.rotation_quality = rotations.report(schedule).as_dict()
    locked.save(update_fields=["rotation_quality"])
    tournament.rotation_quality = locked.rotation_quality
    return locked.rotation_quality
