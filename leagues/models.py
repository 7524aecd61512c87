"""League seasons.

A Season groups tournament nights; a Member is one person across those nights,
and each night's Player links to a Member. The maths lives in scoring.standings.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.standings import MissedNight
from tournaments.models import Player, Tournament


class Family(models.TextChoices):
    """How a season's nights rank: each player for themselves, or fixed teams
    (leagues.formats says which formats are which)."""

    INDIVIDUAL = "individual", _("Each player for themselves")
    TEAM = "team", _("Fixed teams")


class Season(models.Model):
    class MissedNightRule(models.TextChoices):
        ZERO = MissedNight.ZERO.value, _("Scores nothing")
        AVERAGE = MissedNight.AVERAGE.value, _("Scores the member's own average night")
        FIXED = MissedNight.FIXED.value, _("Scores a fixed number of points")

    name = models.CharField(_("name"), max_length=120)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="owned_seasons",
        verbose_name=_("organiser"),
    )
    # Every night of the season is this game and this family of formats, so one table
    # never adds up a six-handed team's night with a progressive player's.
    variant = models.CharField(
        _("game"),
        max_length=20,
        choices=Tournament.Variant.choices,
        default=Tournament.Variant.NORTH_AMERICAN,
    )
    family = models.CharField(
        _("players are ranked"),
        max_length=10,
        choices=Family.choices,
        default=Family.INDIVIDUAL,
    )
    best_of = models.PositiveSmallIntegerField(
        _("count the best nights"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_(
            "Leave empty to count every night. Otherwise only each member's best nights "
            "count, and a missed night, scored by the rule below, can be one of them. Until "
            "the season has more nights than this, every night counts."
        ),
    )
    missed_night = models.CharField(
        _("a missed night"),
        max_length=10,
        choices=MissedNightRule.choices,
        default=MissedNightRule.ZERO,
        help_text=_(
            "Nothing: a member who misses nights falls behind those who play them all. "
            "Own average: each missed night scores the member's own average again, so a "
            "member who played one good night scores it for every night missed; set the "
            "nights played to be ranked to guard against that. "
            "A fixed number: every missed night is worth the same to everyone."
        ),
    )
    missed_night_points = models.PositiveSmallIntegerField(
        _("points for a missed night"),
        default=0,
        help_text=_("Used when a missed night scores a fixed number of points."),
    )
    min_nights = models.PositiveSmallIntegerField(
        _("nights played to be ranked"),
        default=1,
        validators=[MinValueValidator(1)],
        help_text=_(
            "Members who played fewer nights are listed below the table, not ranked. "
            "With 1, everyone who played a night is ranked."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season-detail", args=[self.pk])


class SeasonNight(models.Model):
    """One tournament counted in a season; a tournament belongs to one season at most."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="nights")
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="season_night"
    )

    class Meta:
        ordering = ["tournament__date", "tournament_id"]
        verbose_name = _("season night")
        verbose_name_plural = _("season nights")

    def __str__(self) -> str:
        return f"{self.season} — {self.tournament}"


class Member(models.Model):
    """One person across a season's nights."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(_("name"), max_length=80)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="unique_member_name"),
        ]
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self) -> str:
        return self.name


class PlayerLink(models.Model):
    """Which season member a night's player is."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="member_link")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="player_links")

    class Meta:
        verbose_name = _("player link")
        verbose_name_plural = _("player links")

    def __str__(self) -> str:
        return f"{self.player} → {self.member}"
