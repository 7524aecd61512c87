"""Writes for seasons (keyword-only, atomic)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.locking import lock_season
from core.permissions import owns, require_organiser
from tournaments.dates import day
from tournaments.models import Player, Tournament

from .formats import fits_season, formats_for
from .models import Family, Member, PlayerLink, Season, SeasonNight


def _require_organiser(tournament: Tournament, user) -> None:
    require_organiser(user, tournament)


def _require_season_owner(season: Season, user) -> None:
    if not owns(user, season):
        raise PermissionDenied(_("Only the organiser of this season can change it."))


@transaction.atomic
def create_season(
    *,
    owner,
    name: str,
    variant: str = Tournament.Variant.NORTH_AMERICAN,
    family: str = Family.INDIVIDUAL,
    best_of: int | None = None,
    missed_night: str = Season.MissedNightRule.ZERO,
    missed_night_points: int = 0,
    min_nights: int = 1,
) -> Season:
    _check_season_game(variant, family)
    _check_season_rule(best_of, missed_night, missed_night_points, min_nights)
    return Season.objects.create(
        owner=owner,
        name=name.strip(),
        variant=variant,
        family=family,
        best_of=best_of,
        missed_night=missed_night,
        missed_night_points=missed_night_points,
        min_nights=min_nights,
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
    variant: str | None = None,
    family: str | None = None,
    min_nights: int | None = None,
) -> Season:
    """Changes the season's name and rule; its game only while every night still fits."""
    _require_season_owner(season, user)
    season = lock_season(season.pk)
    variant = season.variant if variant is None else variant
    family = season.family if family is None else family
    min_nights = season.min_nights if min_nights is None else min_nights
    _check_season_game(variant, family)
    _check_season_rule(best_of, missed_night, missed_night_points, min_nights)
    if (variant, family) != (season.variant, season.family):
        season.variant, season.family = variant, family
        for night in SeasonNight.objects.filter(season=season).select_related("tournament"):
            _require_same_game(season, night.tournament)
    season.name = name.strip()
    season.best_of = best_of
    season.missed_night = missed_night
    season.missed_night_points = missed_night_points
    season.min_nights = min_nights
    season.save()
    return season


def _check_season_game(variant: str, family: str) -> None:
    if variant not in Tournament.Variant.values:
        raise DomainError("unknown_variant", variant=variant)
    if family not in Family.values:
        raise DomainError("unknown_family")
    if not formats_for(variant, family):
        raise DomainError(
            "no_such_format", game=Tournament.Variant(variant).label, family=Family(family).label
        )


def _check_season_rule(
    best_of: int | None, missed_night: str, missed_points: int, min_nights: int = 1
) -> None:
    if best_of is not None and best_of < 1:
        raise DomainError("bad_best_of")
    if missed_night not in Season.MissedNightRule.values:
        raise DomainError("unknown_missed_rule")
    if missed_points < 0:
        raise DomainError("negative_missed_points")
    if min_nights < 1:
        raise DomainError("bad_min_nights")


def night_label(tournament: Tournament) -> str:
    """A night as messages name it: "Club night (1 Dec 2026)"."""
    return f"{tournament.name} ({day(tournament.date)})"


def _require_same_game(season: Season, tournament: Tournament) -> None:
    """A season adds up one game played one way; a night of another is refused."""
    if fits_season(season, tournament):
        return
    raise DomainError(
        "other_game",
        night=night_label(tournament),
        game=Tournament.Variant(tournament.variant).label,
        format=tournament.get_format_display(),
        season_game=Tournament.Variant(season.variant).label,
        season_family=Family(season.family).label,
    )


@transaction.atomic
def add_night(*, season: Season, tournament: Tournament, user) -> SeasonNight:
    """Counts `tournament` in `season` and links its players to members by name.

    The night must be the season's game and family of formats. It may still be in play:
    the season page marks its results provisional until its last round is closed.
    """
    _require_season_owner(season, user)
    _require_organiser(tournament, user)
    season = lock_season(season.pk)
    if SeasonNight.objects.filter(tournament=tournament).exists():
        raise DomainError("already_in_season")
    _require_same_game(season, tournament)
    night = SeasonNight.objects.create(season=season, tournament=tournament)
    _link_by_name(season)
    return night


@transaction.atomic
def remove_night(*, season: Season, tournament: Tournament, user) -> int:
    """Takes a night out of the season. Members who played no other night go with it:
    they have nothing left to count. Returns how many members went."""
    _require_season_owner(season, user)
    season = lock_season(season.pk)
    PlayerLink.objects.filter(player__tournament=tournament, member__season=season).delete()
    SeasonNight.objects.filter(season=season, tournament=tournament).delete()
    return _drop_members_without_nights(season)


def _drop_members_without_nights(season: Season) -> int:
    deleted, _by_model = Member.objects.filter(season=season, player_links__isnull=True).delete()
    return deleted


def _name_key(name: str) -> str:
    # The same person is typed "Ann  Smith" one week and "ann smith" the next.
    return " ".join(name.split()).casefold()


@transaction.atomic
def link_players_by_name(*, season: Season, user) -> int:
    """Links every unlinked player on the season's nights to the member of the same name,
    creating members for new names. Returns how many players were linked."""
    _require_season_owner(season, user)
    return _link_by_name(lock_season(season.pk))


def _link_by_name(season: Season) -> int:
    members = {_name_key(m.name): m for m in Member.objects.filter(season=season)}
    # A name already playing a night takes no second player of that night: two
    # "Ann Smith"s at one event are two people (unique names make this rare).
    taken = set(
        PlayerLink.objects.filter(member__season=season).values_list(
            "member_id", "player__tournament_id"
        )
    )
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
        if (member.pk, player.tournament_id) in taken:
            continue
        taken.add((member.pk, player.tournament_id))
        links.append(PlayerLink(player=player, member=member))
    PlayerLink.objects.bulk_create(links)
    return len(links)


def _shared_night(first: Member, second: Member):
    """The earliest night both members played, as (tournament, first's player, second's)."""
    theirs = {
        link.player.tournament_id: link.player
        for link in PlayerLink.objects.filter(member=second).select_related("player")
    }
    earliest_first = PlayerLink.objects.filter(member=first).order_by(
        "player__tournament__date", "player__tournament_id"
    )
    for link in earliest_first.select_related("player__tournament"):
        other = theirs.get(link.player.tournament_id)
        if other is not None:
            return link.player.tournament, link.player, other
    return None


@transaction.atomic
def link_player(*, season: Season, user, player: Player, member: Member) -> PlayerLink:
    """Says `player` is `member` (a renamed or misspelt player), replacing any earlier link.

    Refused when the member already played that night as someone else: one person has
    one result a night. A member left with no night by the move goes.
    """
    _require_season_owner(season, user)
    season = lock_season(season.pk)
    if (
        member.season_id != season.pk
        or not SeasonNight.objects.filter(
            season=season, tournament_id=player.tournament_id
        ).exists()
    ):
        raise DomainError("not_in_season")
    already = (
        PlayerLink.objects.filter(member=member, player__tournament_id=player.tournament_id)
        .exclude(player=player)
        .select_related("player__tournament")
        .first()
    )
    if already is not None:
        raise DomainError(
            "played_that_night",
            member=member.name,
            night=night_label(already.player.tournament),
            other=already.player.name,
            player=player.name,
        )
    link, _created = PlayerLink.objects.update_or_create(player=player, defaults={"member": member})
    _drop_members_without_nights(season)
    return link


@transaction.atomic
def merge_members(*, season: Season, user, keep: Member, drop: Member) -> Member:
    """Two members turn out to be one person: `drop`'s nights move to `keep`.

    Refused when both played the same night: they are two people, and one of the two
    results would have to go.
    """
    _require_season_owner(season, user)
    season = lock_season(season.pk)
    if keep.season_id != season.pk or drop.season_id != season.pk or keep.pk == drop.pk:
        raise DomainError("bad_merge")
    shared = _shared_night(keep, drop)
    if shared is not None:
        tournament, kept_player, dropped_player = shared
        raise DomainError(
            "both_played",
            keep=keep.name,
            drop=drop.name,
            night=night_label(tournament),
            keep_player=kept_player.name,
            drop_player=dropped_player.name,
        )
    PlayerLink.objects.filter(member=drop).update(member=keep)
    drop.delete()
    return keep
