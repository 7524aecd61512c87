"""A tournament's standings settings: ranking metrics, what a bye is worth."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from scoring import standings as maths
from scoring.engine.rules import VARIANTS
from tournaments.format_facts import spec_of
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
    """The organiser's order (or the format's), less metrics the game cannot produce."""
    loners = loners_possible(tournament)
    if settings.metrics:
        try:
            chosen = maths.possible_metrics(maths.parse_metrics(settings.metrics), loners=loners)
        except ValueError:
            # A metric removed from the code must not take the standings page down.
            chosen = ()
        if chosen:
            return chosen
    # Each format's default order is the rotation core's; an unknown format ranks as progressive.
    spec = spec_of(tournament.format) or FORMAT_SPECS["progressive"]
    return maths.possible_metrics(maths.parse_metrics(spec.standings_metrics), loners=loners)


def offered_metrics(tournament: Tournament) -> tuple:
    """The metrics an organiser may rank this tournament by."""
    return maths.possible_metrics(tuple(maths.Metric), loners=loners_possible(tournament))


def loners_possible(tournament: Tournament) -> bool:
    """Whether anyone may go alone in the tournament's game (the engine's variant says)."""
    variant = VARIANTS.get(tournament.variant)
    return variant is None or variant.going_alone


def bye_rule(settings: StandingsSettings) -> maths.ByeRule:
    return maths.ByeRule(maths.ByeValue(settings.bye_value), settings.bye_points)


def bye_text(rule: maths.ByeRule) -> str:
    """The sentence the standings show, so nobody has to guess what a bye scored."""
    if rule.value is maths.ByeValue.FIXED:
        return ngettext(
            "A bye scores %(points)s point.", "A bye scores %(points)s points.", rule.points
        ) % {"points": rule.points}
    if rule.value is maths.ByeValue.AVERAGE:
        return gettext(
            "A bye scores the player's own average over the rounds they played, rounded."
        )
    return gettext("A bye scores nothing.")


def points_text() -> str:
    """The one line under every standings table saying how its points figures are made
    (scoring.standings.Record)."""
    return gettext(
        "Total points = game points + bye points; points difference = game points − points against."
    )
