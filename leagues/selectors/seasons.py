"""Season standings over many nights, members and the nights to add."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import standings as maths
from tournaments.models import Player, Tournament

from ..models import Member, PlayerLink, Season, SeasonNight
from .night_standings import rank_night
from .nights import _load_games, load_nights
from .settings import ranking_metrics, standings_settings

SEASON_DECIDED_BY_LABELS = {
    maths.SeasonMetric.SEASON_POINTS: _("behind on season points"),
    maths.SeasonMetric.NIGHTS_WON: _("behind on nights won"),
    maths.SeasonMetric.ALL_POINTS: _("behind on all points scored"),
    maths.SeasonMetric.NIGHTS_PLAYED: _("behind on nights played"),
}


@dataclass(frozen=True)
class SeasonStandingRow:
    place: int
    shared: bool
    decided_by: str
    tie_break: str  # decided_by, when a tie-break rather than season points decided
    member: Member
    season_points: int
    nights: tuple[maths.NightScore, ...]
    nights_played: int
    nights_won: int
    all_points: int


@dataclass(frozen=True)
class SeasonStandings:
    season: Season
    nights: tuple[Tournament, ...]
    rows: tuple[SeasonStandingRow, ...]
    rule_text: str
    unlinked_players: int  # players on counted nights who are no season member yet

    @property
    def has_shared_places(self) -> bool:
        return any(row.shared for row in self.rows)


def seasons_for(user) -> QuerySet[Season]:
    if not getattr(user, "is_authenticated", False):
        return Season.objects.none()
    return Season.objects.filter(owner=user).order_by("-created_at")


def season_rule(season: Season) -> maths.SeasonRule:
    return maths.SeasonRule(
        best_of=season.best_of,
        missed=maths.MissedNight(season.missed_night),
        missed_points=season.missed_night_points,
    )


def season_rule_text(season: Season) -> str:
    if season.best_of:
        counting = gettext("The best %(n)s nights of each member count.") % {"n": season.best_of}
    else:
        counting = gettext("Every night counts.")
    if season.missed_night == Season.MissedNightRule.FIXED:
        missed = gettext("A missed night scores %(points)s points.") % {
            "points": season.missed_night_points
        }
    elif season.missed_night == Season.MissedNightRule.AVERAGE:
        missed = gettext("A missed night scores the member's own average night, rounded.")
    else:
        missed = gettext("A missed night scores nothing.")
    return f"{counting} {missed}"


def season_for_view(pk: int) -> Season:
    return get_object_or_404(Season.objects.select_related("owner"), pk=pk)


def season_standings(season: Season) -> SeasonStandings:
    """The season table: every night's standings, then the season rule over them.

    Queries: nights, members, links, players, byes and the aggregates over every seat
    (games loaded into Python only for head-to-head nights), whatever the number of
    nights.
    """
    tournaments = [
        night.tournament
        for night in SeasonNight.objects.filter(season=season)
        .select_related("tournament__standings_settings")
        .order_by("tournament__date", "tournament_id")
    ]
    members = {m.pk: m for m in Member.objects.filter(season=season)}
    member_of = dict(
        PlayerLink.objects.filter(member__season=season).values_list("player_id", "member_id")
    )
    nights = load_nights(tournaments, lines=False, games=False)
    # Head-to-head needs the games themselves; only those nights load them.
    by_games = [
        t
        for t in tournaments
        if maths.Metric.HEAD_TO_HEAD in ranking_metrics(t, standings_settings(t))
    ]
    if by_games:
        _load_games({t.pk: nights[t.pk] for t in by_games}, lines=False)
    results: list[maths.NightResult] = []
    unlinked = 0
    for tournament in tournaments:
        night = nights[tournament.pk]
        ranked = rank_night(night)
        by_competitor = {row.competitor: row for row in ranked.rows}
        if ranked.teams:
            # A team's finish is each of its players' finish for the season.
            finishes = [
                (p.pk, by_competitor[p.team_id])
                for p in night.players.values()
                if p.team_id in by_competitor
            ]
        else:
            finishes = list(by_competitor.items())
        for player_pk, row in finishes:
            member_pk = member_of.get(player_pk)
            if member_pk is None:
                unlinked += 1
                continue
            if not row.record.played and not row.record.byes:
                continue
            results.append(
                maths.NightResult(tournament.pk, member_pk, row.record.total_points, row.place)
            )
    ordered_members = sorted(members, key=lambda pk: (members[pk].name.casefold(), pk))
    rows = maths.season_standings(
        [t.pk for t in tournaments], results, members=ordered_members, rule=season_rule(season)
    )
    return SeasonStandings(
        season=season,
        nights=tuple(tournaments),
        rows=tuple(
            SeasonStandingRow(
                place=row.place,
                shared=row.shared,
                decided_by=(
                    str(SEASON_DECIDED_BY_LABELS[row.decided_by]) if row.decided_by else ""
                ),
                tie_break=(
                    str(SEASON_DECIDED_BY_LABELS[row.decided_by])
                    if row.decided_by and row.decided_by is not maths.SeasonMetric.SEASON_POINTS
                    else ""
                ),
                member=members[row.member],
                season_points=row.season_points,
                nights=row.nights,
                nights_played=row.nights_played,
                nights_won=row.nights_won,
                all_points=row.all_points,
            )
            for row in rows
        ),
        rule_text=season_rule_text(season),
        unlinked_players=unlinked,
    )


def season_table(standings: SeasonStandings) -> tuple[list[str], list[list[object]]]:
    header = [
        gettext("Place"),
        gettext("Member"),
        gettext("Season points"),
        gettext("Nights played"),
        gettext("Nights won"),
        gettext("All points scored"),
        *[f"{t.name} ({t.date.isoformat()})" for t in standings.nights],
        gettext("Shared place"),
    ]
    rows = [
        [
            row.place,
            row.member.name,
            row.season_points,
            row.nights_played,
            row.nights_won,
            row.all_points,
            # A night left out of the best N shows in brackets, as league tables print it.
            *[score.points if score.counted else f"({score.points})" for score in row.nights],
            gettext("yes") if row.shared else "",
        ]
        for row in standings.rows
    ]
    return header, rows


def season_document(standings: SeasonStandings) -> dict:
    return {
        "season": {
            "id": standings.season.pk,
            "name": standings.season.name,
            "best_of": standings.season.best_of,
            "missed_night": standings.season.missed_night,
            "missed_night_points": standings.season.missed_night_points,
        },
        "nights": [
            {"id": t.pk, "name": t.name, "date": t.date.isoformat()} for t in standings.nights
        ],
        "rows": [
            {
                "place": row.place,
                "shared": row.shared,
                "member": {"id": row.member.pk, "name": row.member.name},
                "season_points": row.season_points,
                "nights_played": row.nights_played,
                "nights_won": row.nights_won,
                "all_points": row.all_points,
                "nights": [
                    {
                        "tournament": score.night,
                        "points": score.points,
                        "played": score.played,
                        "place": score.place,
                        "counted": score.counted,
                    }
                    for score in row.nights
                ],
            }
            for row in standings.rows
        ],
    }


def season_members(season: Season) -> list[Member]:
    return list(
        Member.objects.filter(season=season).prefetch_related(
            Prefetch("player_links", queryset=PlayerLink.objects.select_related("player"))
        )
    )


def unlinked_players(season: Season) -> list[Player]:
    """Players on the season's nights not yet linked to a member."""
    return list(
        Player.objects.filter(tournament__season_night__season=season, member_link__isnull=True)
        .select_related("tournament")
        .order_by("name", "tournament__date")
    )


def nights_to_add(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Of `tournaments` (those the user organises), the ones in no season yet."""
    return tournaments.filter(season_night__isnull=True)
