"""Writes for standings settings and seasons (keyword-only, atomic)."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from scoring import standings as maths
from tournaments.errors import DomainError
from tournaments.locking import lock_standings_settings
from tournaments.models import Player, Tournament

from .models import Member, PlayerLink, Season, SeasonNight, StandingsSettings

# The project's one refusal (tournaments.errors) under the name this app's callers use.
LeagueError = DomainError


def _require_organiser(tournament: Tournament, user) -> None:
    if not tournament.is_organiser(user):
        raise PermissionDenied(_("Only the organisers of this tournament can change it."))


def _require_season_owner(season: Season, user) -> None:
    if not user.is_authenticated or season.owner_id != user.pk:
        raise PermissionDenied(_("Only the organiser of this season can change it."))


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
    _require_organiser(tournament, user)
    try:
        parsed = maths.parse_metrics(metrics)
    except ValueError as exc:
        raise LeagueError("unknown_metric") from exc
    if bye_value not in StandingsSettings.ByeWorth.values:
        raise LeagueError("unknown_bye_value")
    if bye_points < 0:
        raise LeagueError("negative_bye_points")
    settings = lock_standings_settings(tournament)
    settings.metrics = [m.value for m in parsed]
    settings.bye_value = bye_value
    settings.bye_points = bye_points
    settings.save()
    return settings


@transaction.atomic
def create_season(
    *,
    owner,
    name: str,
    best_of: int | None = None,
    missed_night: str = Season.MissedNightRule.ZERO,
    missed_night_points: int = 0,
) -> Season:
    _check_season_rule(best_of, missed_night, missed_night_points)
    return Season.objects.create(
        owner=owner,
        name=name.strip(),
        best_of=best_of,
        missed_night=missed_night,
        missed_night_points=missed_night_points,
    )


@transaction.atomic
def update_season(
    *,
    season: Season,
    user,
    name: str,
    best_of: int | None,
    missed_night: str,
    missed_night_points: int,
) -> Season:
    _require_season_owner(season, user)
    _check_season_rule(best_of, missed_night, missed_night_points)
    season.name = name.strip()
    season.best_of = best_of
    season.missed_night = missed_night
    season.missed_night_points = missed_night_points
    season.save()
    return season


def _check_season_rule(best_of: int | None, missed_night: str, missed_points: int) -> None:
    if best_of is not None and best_of < 1:
        raise LeagueError("bad_best_of")
    if missed_night not in Season.MissedNightRule.values:
        raise LeagueError("unknown_missed_rule")
    if missed_points < 0:
        raise LeagueError("negative_missed_points")


@transaction.atomic
def add_night(*, season: Season, tournament: Tournament, user) -> SeasonNight:
    """Counts `tournament` in `season` and links its players to members by name."""
    _require_season_owner(season, user)
    _require_organiser(tournament, user)
    if SeasonNight.objects.filter(tournament=tournament).exists():
        raise LeagueError("already_in_season")
    night = SeasonNight.objects.create(season=season, tournament=tournament)
    link_players_by_name(season=season, user=user)
    return night


@transaction.atomic
def remove_night(*, season: Season, tournament: Tournament, user) -> None:
    _require_season_owner(season, user)
    PlayerLink.objects.filter(player__tournament=tournament, member__season=season).delete()
    SeasonNight.objects.filter(season=season, tournament=tournament).delete()


def _name_key(name: str) -> str:
    # The same person is typed "Ann  Smith" one week and "ann smith" the next.
    return " ".join(name.split()).casefold()


@transaction.atomic
def link_players_by_name(*, season: Season, user) -> int:
    """Links every unlinked player on the season's nights to the member of the same name,
    creating members for new names. Returns how many players were linked."""
    _require_season_owner(season, user)
    members = {_name_key(m.name): m for m in Member.objects.filter(season=season)}
    players = Player.objects.filter(
        tournament__season_night__season=season, member_link__isnull=True
    ).order_by("pk")
    links = []
    for player in players:
        key = _name_key(player.name)
        member = members.get(key)
        if member is None:
            member = members[key] = Member.objects.create(
                season=season, name=" ".join(player.name.split())
            )
        links.append(PlayerLink(player=player, member=member))
    PlayerLink.objects.bulk_create(links)
    return len(links)


@transaction.atomic
def link_player(*, season: Season, user, player: Player, member: Member) -> PlayerLink:
    """Says `player` is `member` (a renamed or misspelt player), replacing any earlier link."""
    _require_season_owner(season, user)
    if (
        member.season_id != season.pk
        or not SeasonNight.objects.filter(
            season=season, tournament_id=player.tournament_id
        ).exists()
    ):
        raise LeagueError("not_in_season")
    link, _created = PlayerLink.objects.update_or_create(player=player, defaults={"member": member})
    return link


@transaction.atomic
def merge_members(*, season: Season, user, keep: Member, drop: Member) -> Member:
    """Two members turn out to be one person: `drop`'s nights move to `keep`."""
    _require_season_owner(season, user)
    if keep.season_id != season.pk or drop.season_id != season.pk or keep.pk == drop.pk:
        raise LeagueError("bad_merge")
    PlayerLink.objects.filter(member=drop).update(member=keep)
    drop.delete()
    return keep
