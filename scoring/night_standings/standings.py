"""One night's standings: ranked rows with the metrics shown and what decided each place."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from scoring import standings as maths
from tournaments.models import Tournament
from tournaments.partner_names import partners

from ..models import METRIC_COLUMN_LABELS, METRIC_LABELS
from .settings import (
    bye_rule,
    bye_text,
    loners_possible,
    points_text,
    ranking_metrics,
    standings_settings,
)
from .tally import Night, load_night

# Shown under a row that a tie-break (not the first metric) set below the row above it.
DECIDED_BY_LABELS = {
    maths.Metric.TOTAL_POINTS: _("behind on total points"),
    maths.Metric.WINS: _("behind on games won"),
    maths.Metric.POINTS_DIFFERENCE: _("behind on points difference"),
    maths.Metric.HEAD_TO_HEAD: _("behind head-to-head"),
    maths.Metric.LONERS_MADE: _("behind on loners made"),
    maths.Metric.EUCHRES_MADE: _("behind on euchres made"),
    maths.Metric.FEWEST_OPPONENT_POINTS: _("behind on opponent points conceded"),
}


@dataclass(frozen=True)
class ShownLine:
    """A table result with names, for the list of results still waiting for confirmation."""

    round: int
    table: int
    sides: tuple[tuple[str, int], ...]  # (players joined by " & ", points)


@dataclass(frozen=True)
class StandingRow:
    place: int
    shared: bool
    decided_by: str  # the metric that set this row below the one above; empty if none
    tie_break: str  # the same, but only when a tie-break (not the first metric) decided
    pk: int  # the player's or the team's
    name: str
    members: tuple[str, ...]  # a team's players
    record: maths.Record
    values: tuple[int | Decimal, ...]  # one per shown metric, as ranked (a draw is ½ a win)


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    teams: bool
    metrics: tuple[maths.Metric, ...]
    metric_labels: tuple[str, ...]  # the columns: every metric but head-to-head
    order_labels: tuple[str, ...]  # the whole tie-break order, head-to-head included
    bye_rule: maths.ByeRule
    bye_text: str
    rows: tuple[StandingRow, ...]
    provisional: tuple[ShownLine, ...]
    confirmed_tables: int
    loners: bool = True  # whether the game has loners at all (two-handed has none)
    points_text: str = ""  # how total points and points difference are made

    @property
    def has_shared_places(self) -> bool:
        return any(row.shared for row in self.rows)

    @property
    def shows_bye_points(self) -> bool:
        """A bye is worth something here, so its points get their own column."""
        return self.bye_rule.scores_points

    @property
    def total_column(self) -> int | None:
        """Which shown metric is total points (the column a phone keeps in view)."""
        shown = _shown_metrics(self.metrics)
        return (
            shown.index(maths.Metric.TOTAL_POINTS) if maths.Metric.TOTAL_POINTS in shown else None
        )


def public_tournament(pk: int) -> Tournament:
    return get_object_or_404(
        Tournament.objects.select_related("standings_settings", "season_night__season"), pk=pk
    )


def _shown_metrics(metrics: Sequence[maths.Metric]) -> tuple[maths.Metric, ...]:
    # Head-to-head has no single value per row; it is named in the tie-break order only.
    return tuple(m for m in metrics if m is not maths.Metric.HEAD_TO_HEAD)


@dataclass(frozen=True)
class RankedNight:
    """The pure ranking of one night, before anything is dressed up for a page."""

    teams: bool
    metrics: tuple[maths.Metric, ...]
    bye_rule: maths.ByeRule
    rows: list[maths.Row]
    names: dict[int, str]
    members: dict[int, list[str]]


def rank_night(night: Night) -> RankedNight:
    """The night's ranking from its tallied records, byes credited here; the games are
    only read for head-to-head."""
    tournament = night.tournament
    settings = standings_settings(tournament)
    metrics = ranking_metrics(tournament, settings)
    rule = bye_rule(settings)
    teams = tournament.spec.fixed_teams
    players = sorted(night.players.values(), key=lambda p: (p.name.casefold(), p.pk))
    members: dict[int, list[str]] = defaultdict(list)
    if teams:
        team_of = {p.pk: p.team_id for p in players if p.team_id is not None}
        games, byes = maths.regroup(night.games, night.byes, team_of)
        names: dict[int, str] = {}
        for p in players:
            if p.team_id is not None:
                names[p.team_id] = p.team_name
                members[p.team_id].append(p.name)
        competitors = sorted(names, key=lambda pk: (names[pk].casefold(), pk))
    else:
        games, byes = night.games, night.byes
        competitors = [p.pk for p in players]
        names = {p.pk: p.name for p in players}
    # Copies: crediting byes adds to a record, and a night may be ranked more than once.
    tallied = {pk: replace(night.records.get(pk) or maths.Record(pk)) for pk in competitors}
    tallied.update((pk, replace(r)) for pk, r in night.records.items() if pk not in tallied)
    rows = maths.rank(maths.credit_byes(tallied, byes, rule), metrics, games)
    return RankedNight(teams, tuple(metrics), rule, rows, names, members)


def night_standings(night: Night) -> Standings:
    ranked = rank_night(night)
    tournament, teams, metrics = night.tournament, ranked.teams, ranked.metrics
    rule, rows, names, members = ranked.bye_rule, ranked.rows, ranked.names, ranked.members
    shown = _shown_metrics(metrics)
    # Translated once per page, not once per row.
    behind = {metric: str(DECIDED_BY_LABELS[metric]) for metric in metrics}
    return Standings(
        tournament=tournament,
        teams=teams,
        metrics=tuple(metrics),
        metric_labels=tuple(str(METRIC_COLUMN_LABELS.get(m, METRIC_LABELS[m])) for m in shown),
        order_labels=tuple(str(METRIC_LABELS[m]) for m in metrics),
        bye_rule=rule,
        bye_text=bye_text(rule),
        rows=tuple(
            StandingRow(
                place=row.place,
                shared=row.shared,
                decided_by=behind[row.decided_by] if row.decided_by else "",
                tie_break=(
                    behind[row.decided_by]
                    if row.decided_by and row.decided_by is not metrics[0]
                    else ""
                ),
                pk=row.competitor,
                name=names.get(row.competitor, "?"),
                members=tuple(members.get(row.competitor, ())),
                record=row.record,
                values=tuple(_shown_value(m, row.record) for m in shown),
            )
            for row in rows
        ),
        provisional=tuple(
            ShownLine(
                line.round,
                line.table,
                tuple(
                    (partners(night.name(pk) for pk in side.players), side.points)
                    for side in line.sides
                ),
            )
            for line in night.provisional
        ),
        confirmed_tables=len(night.games),
        loners=loners_possible(tournament),
        points_text=points_text(),
    )


def _shown_value(metric: maths.Metric, record: maths.Record) -> int | Decimal:
    if metric is maths.Metric.WINS:
        # What is ranked, not the bare wins: a player a draw ahead shows it.
        return maths.games_won(record)
    if metric is maths.Metric.FEWEST_OPPONENT_POINTS:
        return record.points_against
    return maths.metric_value(metric, record)


def tournament_standings(tournament: Tournament) -> Standings:
    return night_standings(load_night(tournament))
