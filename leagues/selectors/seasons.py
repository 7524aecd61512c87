"""Season standings over many nights, members and the nights to add."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring import standings as maths
from scoring.night_standings import (
    load_games,
    load_nights,
    rank_night,
    ranking_metrics,
    standings_settings,
)
from tournaments.models import Player, Round, Tournament
from tournaments.selectors import night_progress

from ..formats import fits_season, formats_for
from ..models import Family, Member, PlayerLink, Season, SeasonNight

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
    # As shown: a whole number, or an own average's fraction to two decimals (the
    # ranking used the exact value).
    season_points: int | Decimal
    nights: tuple[maths.NightScore, ...]  # their points as shown, likewise
    nights_played: int
    nights_won: int
    all_points: int
    qualified: bool = True  # False: too few nights played to be ranked (listed apart)


@dataclass(frozen=True)
class DoubleResult:
    """A member with two players on one night, from before links were checked."""

    member: Member
    night: Tournament
    counted: str  # the player whose result counts
    left_out: str


@dataclass(frozen=True)
class SeasonStandings:
    season: Season
    nights: tuple[Tournament, ...]
    rows: tuple[SeasonStandingRow, ...]  # ranked members first, then the unranked
    rule_text: str
    unlinked_players: int  # players on counted nights who are no season member yet
    # Nights still in play: their results count, provisionally, and may change.
    provisional_nights: tuple[Tournament, ...] = ()
    # Nights of another game or family, added before seasons checked (still counted).
    other_game_nights: tuple[Tournament, ...] = ()
    double_results: tuple[DoubleResult, ...] = ()

    @property
    def ranked(self) -> tuple[SeasonStandingRow, ...]:
        return tuple(row for row in self.rows if row.qualified)

    @property
    def unranked(self) -> tuple[SeasonStandingRow, ...]:
        return tuple(row for row in self.rows if not row.qualified)

    @property
    def has_shared_places(self) -> bool:
        return any(row.shared for row in self.ranked)

    @property
    def provisional_ids(self) -> frozenset[int]:
        return frozenset(t.pk for t in self.provisional_nights)


def seasons_for(user) -> QuerySet[Season]:
    if not getattr(user, "is_authenticated", False):
        return Season.objects.none()
    return Season.objects.filter(owner=user).order_by("-created_at")


def season_rule(season: Season) -> maths.SeasonRule:
    return maths.SeasonRule(
        best_of=season.best_of,
        missed=maths.MissedNight(season.missed_night),
        missed_points=season.missed_night_points,
        min_nights=season.min_nights,
    )


def season_game_text(season: Season) -> str:
    """ "North American Euchre (Each player for themselves)": what the season adds up."""
    return gettext("%(game)s (%(family)s)") % {
        "game": Tournament.Variant(season.variant).label,
        "family": Family(season.family).label,
    }


def season_rule_text(season: Season, nights: int | None = None) -> str:
    """The season's rule in plain words, saying what it does to a member with few nights.

    `nights` is how many nights the season has so far, when known.
    """
    sentences = []
    if not season.best_of:
        sentences.append(gettext("Every night counts."))
    elif nights is not None and nights <= season.best_of:
        # Two sentences, each with its own count, so each picks its own plural form.
        sentences.append(
            ngettext(
                "The best night of each member counts.",
                "The best %(n)s nights of each member count.",
                season.best_of,
            )
            % {"n": season.best_of}
        )
        sentences.append(
            ngettext(
                "So far the season has %(nights)s night, so every night counts.",
                "So far the season has %(nights)s nights, so every night counts.",
                nights,
            )
            % {"nights": nights}
        )
    else:
        sentences.append(
            ngettext(
                "The best night of each member counts, and a missed night, as the "
                "rule scores it, can be it; a member's other nights do not.",
                "The best %(n)s nights of each member count, and a missed night, as the "
                "rule scores it, can be one of them; a member's other nights do not.",
                season.best_of,
            )
            % {"n": season.best_of}
        )
    if season.missed_night == Season.MissedNightRule.FIXED:
        sentences.append(
            ngettext(
                "A missed night scores %(points)s point, the same for everyone.",
                "A missed night scores %(points)s points, the same for everyone.",
                season.missed_night_points,
            )
            % {"points": season.missed_night_points}
        )
    elif season.missed_night == Season.MissedNightRule.AVERAGE:
        sentences.append(
            gettext(
                "A missed night scores the member's own average night, exactly (shown to "
                "two decimals): a member with few nights has each of them counted again "
                "for every night missed."
            )
        )
    else:
        sentences.append(
            gettext("A missed night scores nothing: members who miss nights fall behind.")
        )
    if season.min_nights > 1:
        sentences.append(
            ngettext(
                "Members who played fewer than %(n)s night are listed below the table, not ranked.",
                "Members who played fewer than %(n)s nights are listed below the table, "
                "not ranked.",
                season.min_nights,
            )
            % {"n": season.min_nights}
        )
    else:
        sentences.append(gettext("Everyone who played a night is ranked."))
    return " ".join(sentences)


class _Finish(NamedTuple):
    night: int
    member: int
    points: int
    place: int
    player: int


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
    rounds_of: dict[int, list[Round]] = {t.pk: [] for t in tournaments}
    for rnd in Round.objects.filter(tournament_id__in=list(rounds_of)).only(
        "tournament_id", "number", "status", "published", "redraws"
    ):
        rounds_of[rnd.tournament_id].append(rnd)
    provisional = tuple(t for t in tournaments if not night_progress(t, rounds_of[t.pk]).finished)
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
        load_games({t.pk: nights[t.pk] for t in by_games}, lines=False)
    results: dict[tuple[int, int], _Finish] = {}
    doubles: list[DoubleResult] = []
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
            if (tournament.pk, member_pk) in results:
                # Linked before links were checked: say so rather than let one replace
                # the other. The first player's result counts until the organiser mends it.
                doubles.append(
                    DoubleResult(
                        members[member_pk],
                        tournament,
                        night.name(results[tournament.pk, member_pk].player),
                        night.name(player_pk),
                    )
                )
                continue
            results[tournament.pk, member_pk] = _Finish(
                tournament.pk, member_pk, row.record.total_points, row.place, player_pk
            )
    ordered_members = sorted(members, key=lambda pk: (members[pk].name.casefold(), pk))
    rows = maths.season_standings(
        [t.pk for t in tournaments],
        [maths.NightResult(*finish[:4]) for finish in results.values()],
        members=ordered_members,
        rule=season_rule(season),
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
                season_points=shown_points(row.season_points),
                nights=tuple(
                    score._replace(points=shown_points(score.points)) for score in row.nights
                ),
                nights_played=row.nights_played,
                nights_won=row.nights_won,
                all_points=row.all_points,
                qualified=row.qualified,
            )
            for row in rows
        ),
        rule_text=season_rule_text(season, len(tournaments)),
        unlinked_players=unlinked,
        provisional_nights=provisional,
        other_game_nights=tuple(t for t in tournaments if not fits_season(season, t)),
        double_results=tuple(doubles),
    )


def shown_points(points: maths.SeasonPoints) -> int | Decimal:
    """A season figure as pages and exports show it: whole numbers as they are, an own
    average's fraction with two decimals (a Decimal: the reader's decimal sign on a
    page, a number in CSV)."""
    if isinstance(points, int):
        return points
    exact = Decimal(points.numerator) / Decimal(points.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _json_number(points: int | Decimal) -> int | float:
    # JSON has no Decimal; two decimals travel as a float that prints them back.
    return points if isinstance(points, int) else float(points)


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
            # A member short of the nights needed is listed, not ranked: no place.
            row.place if row.qualified else "",
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
            "variant": standings.season.variant,
            "family": standings.season.family,
            "min_nights": standings.season.min_nights,
        },
        "nights": [
            {
                "id": t.pk,
                "name": t.name,
                "date": t.date.isoformat(),
                "provisional": t.pk in standings.provisional_ids,
            }
            for t in standings.nights
        ],
        "rows": [
            {
                "place": row.place if row.qualified else None,
                "ranked": row.qualified,
                "shared": row.shared,
                "member": {"id": row.member.pk, "name": row.member.name},
                "season_points": _json_number(row.season_points),
                "nights_played": row.nights_played,
                "nights_won": row.nights_won,
                "all_points": row.all_points,
                "nights": [
                    {
                        "tournament": score.night,
                        "points": _json_number(score.points),
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
            Prefetch(
                "player_links", queryset=PlayerLink.objects.select_related("player__tournament")
            )
        )
    )


def unlinked_players(season: Season) -> list[Player]:
    """Players on the season's nights not yet linked to a member."""
    return list(
        Player.objects.filter(tournament__season_night__season=season, member_link__isnull=True)
        .select_related("tournament")
        .order_by("name", "tournament__date")
    )


def nights_to_add(
    tournaments: QuerySet[Tournament], season: Season | None = None
) -> QuerySet[Tournament]:
    """Of `tournaments` (those the user organises), the ones in no season yet, and of
    `season`'s game and family when given."""
    free = tournaments.filter(season_night__isnull=True)
    if season is None:
        return free
    return free.filter(
        variant=season.variant, format__in=formats_for(season.variant, season.family)
    )
