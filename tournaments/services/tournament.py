"""Creating a tournament and changing its settings and organisers."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date as Date

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError

from ..models import Tournament
from .common import (
    EDITABLE_FIELDS,
    ROTATION_FIELDS,
    RULE_FIELDS,
    check_settings,
    clean_name,
    drop_planned_rotation,
    has_started,
    lock,
    rounds_of_format,
)


@transaction.atomic
def create_tournament(
    *,
    owner,
    name: str,
    date: Date,
    venue: str = "",
    variant: str,
    options: Mapping[str, object],
    format: str,
    round_play: str,
    hands_per_round: int = 8,
    entry_mode: str = Tournament.EntryMode.HANDS,
    hand_entry: str = Tournament.HandEntry.OUTCOME,
    rounds_planned: int | None,
    seed: int = 0,
) -> Tournament:
    """A new tournament owned by `owner`, refused when the rules engine refuses the options
    or the format is not played with the variant."""
    values = {
        "name": name,
        "date": date,
        "venue": venue,
        "variant": variant,
        "options": options,
        "format": format,
        "round_play": round_play,
        "hands_per_round": hands_per_round,
        "entry_mode": entry_mode,
        "hand_entry": hand_entry,
        "rounds_planned": rounds_planned,
        "seed": seed,
    }
    check_settings(values)
    rounds_planned = rounds_of_format(format, rounds_planned)
    return Tournament.objects.create(
        owner=owner,
        name=clean_name(name),
        date=date,
        venue=clean_name(venue),
        variant=variant,
        options=dict(options),
        format=format,
        round_play=round_play,
        hands_per_round=hands_per_round,
        entry_mode=entry_mode,
        hand_entry=hand_entry,
        rounds_planned=rounds_planned,
        seed=seed,
    )


def fixed_settings(tournament: Tournament) -> dict[str, str]:
    """The settings that can no longer change, each with the reason why.

    The rules, format and rotation are fixed once the first round has started;
    before that every setting may change (see replanning_settings).
    """
    if not has_started(tournament):
        return {}
    reason = str(_("The rules, format and rotation are fixed once the first round has started."))
    return dict.fromkeys(sorted(RULE_FIELDS | ROTATION_FIELDS), reason)


def replanning_settings(tournament: Tournament) -> dict[str, str]:
    """The settings whose change would throw away the planned rotation, with a warning.

    Empty when there is no rotation yet or when they are fixed already.
    """
    if has_started(tournament) or not tournament.rounds.exists():
        return {}
    warning = str(
        _(
            "No round has started, so these can still change, but changing one discards "
            "the planned rotation: generate it again afterwards."
        )
    )
    return dict.fromkeys(sorted(ROTATION_FIELDS), warning)


@transaction.atomic
def update_tournament(*, tournament: Tournament, **changes: object) -> Tournament:
    """Change the tournament's settings (any of EDITABLE_FIELDS).

    Rules and format are fixed once a round has started. Before that, changing what
    decides the seating drops the planned rotation, and changing to a format with
    another team size dissolves the teams.
    """
    unknown = set(changes) - EDITABLE_FIELDS
    if unknown:
        raise TypeError(f"update_tournament() cannot change {', '.join(sorted(unknown))}")
    locked = lock(tournament)
    changed = {k for k, v in changes.items() if getattr(locked, k) != v}
    if not changed:
        return locked
    fixed = fixed_settings(locked)
    if changed & fixed.keys():
        raise DomainError("round_started:settings")
    values = {k: getattr(locked, k) for k in EDITABLE_FIELDS} | changes
    check_settings(
        values,
        stored_rounds=locked.rounds_planned if "rounds_planned" not in changed else None,
    )
    old_team_size = locked.spec.fixed_team_size
    for key in changed:
        value = changes[key]
        setattr(locked, key, clean_name(value) if key in {"name", "venue"} else value)
    if "options" in changed:
        locked.options = dict(changes["options"])  # type: ignore[call-overload]
    locked.rounds_planned = rounds_of_format(locked.format, locked.rounds_planned)
    locked.save()
    if changed & ROTATION_FIELDS:
        drop_planned_rotation(locked)
    if locked.spec.fixed_team_size != old_team_size:
        locked.teams.all().delete()
    for key in EDITABLE_FIELDS | {"rotation_quality"}:
        setattr(tournament, key, getattr(locked, key))
    return locked


@transaction.atomic
def add_co_organiser(*, tournament: Tournament, user) -> None:
    """Let `user` change the tournament too."""
    if user.pk == tournament.owner_id:
        raise DomainError("already_organiser", user=user.get_username())
    tournament.co_organisers.add(user)


@transaction.atomic
def remove_co_organiser(*, tournament: Tournament, user, removed_by) -> None:
    """Stop `user` changing the tournament (the owner always can). The owner decides
    who organises; a co-organiser may only step down."""
    if removed_by.pk not in (tournament.owner_id, user.pk):
        raise DomainError("not_owner")
    tournament.co_organisers.remove(user)
