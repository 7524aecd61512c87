"""One player's night, round by round, with a running total for the chart."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import standings as maths
from tournaments.format_facts import partnered
from tournaments.models import Player, Tournament
from tournaments.partner_names import partners

from .settings import bye_rule, bye_text, standings_settings
from .standings import night_standings
from .tally import PlayerInfo, load_night


@dataclass(frozen=True)
class HistoryLine:
    round: int
    table: int | None
    partners: tuple[str, ...]
    # One entry per opposing side, partners joined as the reader's language joins them.
    opponents: tuple[str, ...]
    points_for: int
    points_against: int
    outcome: str
    outcome_label: str
    running_total: int


OUTCOME_LABELS = {
    # Translators: how one game ended for this player, on the player's page (one game, so
    # singular: Italian "Vinta", not the standings' count "Vinte").
    maths.Outcome.WON: pgettext_lazy("outcome of one game", "Won"),
    maths.Outcome.DRAWN: pgettext_lazy("outcome of one game", "Drawn"),
    maths.Outcome.LOST: pgettext_lazy("outcome of one game", "Lost"),
    maths.Outcome.BYE: _("Bye"),
}


@dataclass(frozen=True)
class PlayerNight:
    tournament: Tournament
    player: PlayerInfo
    lines: tuple[HistoryLine, ...]
    chart: maths.Chart
    bye_text: str
    place: int | None
    shared: bool
    partners: bool = True  # whether the format seats partners (cutthroat and heads-up do not)


def player_night(tournament: Tournament, player_pk: int) -> PlayerNight:
    """Round by round for one player, with partners and opponents by name."""
    night = load_night(tournament)
    info = night.players.get(player_pk)
    if info is None:
        raise Player.DoesNotExist
    settings = standings_settings(tournament)
    rule = bye_rule(settings)
    lines = maths.history(player_pk, night.games, byes=night.byes, bye_rule=rule)
    standings = night_standings(night)
    ranked_pk = info.team_id if standings.teams else player_pk
    row = next((r for r in standings.rows if r.pk == ranked_pk), None)
    return PlayerNight(
        tournament=tournament,
        player=info,
        lines=tuple(
            HistoryLine(
                round=line.round,
                table=line.table,
                partners=tuple(night.name(pk) for pk in line.partners),
                opponents=tuple(partners(night.name(pk) for pk in side) for side in line.opponents),
                points_for=line.points_for,
                points_against=line.points_against,
                outcome=line.outcome.value,
                outcome_label=str(OUTCOME_LABELS[line.outcome]),
                running_total=line.running_total,
            )
            for line in lines
        ),
        chart=maths.running_chart([(line.round, line.running_total) for line in lines]),
        bye_text=bye_text(rule),
        place=row.place if row else None,
        shared=row.shared if row else False,
        partners=partnered(tournament.format),
    )
