"""A tournament's standings settings: ranking metrics, what a bye is worth."""

from __future__ import annotations

from django.utils.translation import gettext

from scoring import standings as maths
from tournaments.models import Tournament
from tournaments.rotations import FORMAT_SPECS

from ..models import StandingsSettings


def standings_settings(tournament: Tournament) -> StandingsSettings:
    """The tournament's settings row, or an unsaved one holding the defaults."""
    try:
        return tournament.standings_settings
    except StandingsSettings.DoesNotExist:
        return StandingsSettings(tournament=tournament)


def ranking_metrics(tournament: Tournament, settings: StandingsSettings) -> tuple:
    if settings.metrics:
        try:
            return maths.parse_metrics(settings.metrics)
        except ValueError:
            # A metric removed from the code must not take the standings page down.
            pass
    # Each format's default order is the rotation core's; an unknown format ranks as progressive.
    spec = FORMAT_SPECS.get(tournament.format, FORMAT_SPECS["progressive"])
    return maths.parse_metrics(spec.standings_metrics)


def bye_rule(settings: StandingsSettings) -> maths.ByeRule:
    return maths.ByeRule(maths.ByeValue(settings.bye_value), settings.bye_points)


def bye_text(rule: maths.ByeRule) -> str:
    """The sentence the standings show, so nobody has to guess what a bye scored."""
    if rule.value is maths.ByeValue.FIXED:
        return gettext("A bye scores %(points)s points.") % {"points": rule.points}
    if rule.value is maths.ByeValue.AVERAGE:
        return gettext(
            "A bye scores the player's own average over the rounds they played, rounded."
        )
    return gettext("A bye scores nothing.")


def is_team_event(tournament: Tournament) -> bool:
    spec = FORMAT_SPECS.get(tournament.format)
    return spec is not None and spec.fixed_teams
