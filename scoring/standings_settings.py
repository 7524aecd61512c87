"""Writes for a tournament's standings settings (keyword-only, atomic)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from core.errors import DomainError
from core.locking import lock_standings_settings
from core.permissions import require_organiser
from scoring import standings as maths
from tournaments.models import Tournament

from .models import StandingsSettings


@transaction.atomic
def update_standings_settings(
    *,
    tournament: Tournament,
    user,
    metrics: Sequence[str],
    bye_value: str,
    bye_points: int = 0,
) -> StandingsSettings:
    """Stores the ranking order and the bye's worth; an empty `metrics` means the defaults."""
    require_organiser(user, tournament)
    try:
        parsed = maths.parse_metrics(metrics)
    except ValueError as exc:
        raise DomainError("unknown_metric") from exc
    if bye_value not in StandingsSettings.ByeWorth.values:
        raise DomainError("unknown_bye_value")
    if bye_points < 0:
        raise DomainError("negative_bye_points")
    settings = lock_standings_settings(tournament)
    settings.metrics = [m.value for m in parsed]
    settings.bye_value = bye_value
    settings.bye_points = bye_points
    settings.save()
    return settings
