"""Fixed partnerships and teams of three: paired by hand or drawn at random."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Count, Q

from core.errors import DomainError

from ..models import Player, Team, Tournament
from .common import (
    check_can_change_players,
    delete_empty_teams,
    drop_planned_rotation,
    free_team_name,
    lock,
    team_display_name,
    team_name_keys,
)


def _team_size(tournament: Tournament) -> int:
    size = tournament.spec.fixed_team_size
    if size is None:
        raise DomainError("no_teams_in_format", format=tournament.get_format_display())
    return size


def _make_teams(
    tournament: Tournament, groups: Sequence[Sequence[Player]], taken: set[str]
) -> list[Team]:
    teams = []
    for group in groups:
        team = Team.objects.create(
            tournament=tournament,
            name=free_team_name(tournament, team_display_name([p.name for p in group]), taken),
        )
        Player.objects.filter(pk__in=[p.pk for p in group]).update(team=team)
        for p in group:
            p.team = team
        teams.append(team)
    delete_empty_teams(tournament)
    return teams


@transaction.atomic
def pair_teams(*, tournament: Tournament, groups: Sequence[Sequence[Player]]) -> list[Team]:
    """Put each group of players into a team of its own (by hand).

    Players not named keep their teams. Before the first round only; a planned
    rotation is dropped.
    """
    locked = lock(tournament)
    check_can_change_players(locked)
    size = _team_size(locked)
    ids = [p.pk for group in groups for p in group]
    if len(ids) != len(set(ids)):
        raise DomainError("player_in_two_teams")
    found = {p.pk: p for p in Player.objects.filter(tournament=locked, active=True, pk__in=ids)}
    if len(found) != len(ids):
        raise DomainError("not_a_player")
    for group in groups:
        if len(group) != size:
            raise DomainError("bad_team_size", format=locked.get_format_display(), size=size)
    members = Counter(
        Player.objects.filter(tournament=locked, active=True, team__isnull=False).values_list(
            "team_id", flat=True
        )
    )
    kept: dict[int, Team] = {}
    regroup = []
    for index, group in enumerate(groups):
        team_ids = {found[p.pk].team_id for p in group}
        team_id = next(iter(team_ids))
        if len(team_ids) == 1 and team_id is not None and members[team_id] == len(group):
            # A team named again exactly as it is stays as it is, name included.
            kept[index] = Team.objects.get(pk=team_id)
        else:
            regroup.append(index)
    moving = [p.pk for i in regroup for p in groups[i]]
    # Free the players first so the names of the teams they leave can be reused.
    Player.objects.filter(pk__in=moving).update(team=None)
    delete_empty_teams(locked)
    made = _make_teams(
        locked, [[found[p.pk] for p in groups[i]] for i in regroup], team_name_keys(locked)
    )
    new = dict(zip(regroup, made, strict=True))
    teams = [kept[i] if i in kept else new[i] for i in range(len(groups))]
    drop_planned_rotation(locked)
    tournament.rotation_quality = locked.rotation_quality
    return teams


@transaction.atomic
def pair_teams_at_random(*, tournament: Tournament, seed: int | None = None) -> list[Team]:
    """Draw teams at random for every active player not already in a complete team.

    Complete teams (paired by hand or imported) are kept. `seed` repeats a draw;
    without it the draw cannot be predicted.
    """
    locked = lock(tournament)
    check_can_change_players(locked)
    size = _team_size(locked)
    players = list(
        Player.objects.filter(tournament=locked, active=True)
        .annotate(mates=Count("team__members", filter=Q(team__members__active=True)))
        .order_by("pk")
    )
    loose = [p for p in players if p.team_id is None or p.mates != size]
    if len(loose) % size:
        raise DomainError("players_not_divisible", count=len(loose), size=size)
    rng = random.SystemRandom() if seed is None else random.Random(seed)
    rng.shuffle(loose)
    Player.objects.filter(pk__in=[p.pk for p in loose]).update(team=None)
    for p in loose:
        p.team_id = None
    delete_empty_teams(locked)
    groups = [loose[i : i + size] for i in range(0, len(loose), size)]
    teams = _make_teams(locked, groups, team_name_keys(locked))
    drop_planned_rotation(locked)
    tournament.rotation_quality = locked.rotation_quality
    return teams
