"""What a table records: its result for the round, and every change made to it.

The rules live in scoring.engine; these rows only keep what the engine accepted.
Seats inside `hands`, `scores` and `winners` are the engine's seat numbers: the
table's seats in scoring.engine.engine_order (position order where partners
alternate round the table, as the rotation seats them), 0 first. StandingsSettings is
how a tournament ranks its night.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.engine import DRAWN, LOST, WON
from scoring.standings import ByeValue, Metric
from tournaments.models import Round, Seat, Table, Tournament

# "That is not what we played" comes with a short reason; it is also the history's note.
DISPUTE_REASON_MAX = 200


class TableResult(models.Model):
    class Kind(models.TextChoices):
        HANDS = "hands", _("Hand by hand")
        ROUND_TOTALS = "round-totals", _("Round totals")
        FINAL_SCORE = "final-score", _("Final game score")

    class Status(models.TextChoices):
        PROVISIONAL = "provisional", _("Waiting for the other side to confirm")
        CONFIRMED = "confirmed", _("Confirmed")
        # The side that did not enter it says "that is not what we played": the round
        # cannot close until the organiser settles it or that side enters its own version.
        DISPUTED = "disputed", _("Disputed")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="result")
    kind = models.CharField(_("recorded as"), max_length=20, choices=Kind.choices)
    # The engine's JSON shape per hand (dealer, maker, round, trump, alone, tricks,
    # turn_up, or passed), so a stored game can be re-checked by the same engine.
    hands = models.JSONField(_("hands"), default=list, blank=True)
    scores = models.JSONField(_("points per seat"), default=list)
    winners = models.JSONField(_("winning seats"), default=list, blank=True)
    complete = models.BooleanField(
        _("complete"),
        default=False,
        help_text=_("The game reached its target, or the round's hands are all played."),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.PROVISIONAL
    )
    # Compared under a row lock on every write: two phones editing the same result
    # cannot silently overwrite each other.
    version = models.PositiveIntegerField(_("version"), default=0)
    # Whoever last changed the result vouches for it; only the other side may confirm.
    submitted_side = models.PositiveSmallIntegerField(_("submitted by side"), null=True)
    submitted_by_seat = models.ForeignKey(
        Seat,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("submitted from seat"),
    )
    submitted_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("submitted by organiser"),
    )
    confirmed_by_seat = models.ForeignKey(
        Seat,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed from seat"),
    )
    confirmed_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by organiser"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    # Set while the result is disputed (the history keeps them for good).
    disputed_side = models.PositiveSmallIntegerField(_("disputed by side"), null=True, blank=True)
    disputed_by_seat = models.ForeignKey(
        Seat,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("disputed from seat"),
    )
    dispute_reason = models.CharField(
        _("why it is disputed"), max_length=DISPUTE_REASON_MAX, blank=True
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("table result")
        verbose_name_plural = _("table results")

    def __str__(self) -> str:
        return f"{self.table} — {self.get_status_display()}"

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED

    @property
    def is_disputed(self) -> bool:
        return self.status == self.Status.DISPUTED


class ResultChange(models.Model):
    """One line of the audit trail: who changed what, when, from what to what."""

    class Action(models.TextChoices):
        SUBMITTED = "submitted", _("Entered")
        CORRECTED = "corrected", _("Corrected by an organiser")
        CONFIRMED = "confirmed", _("Confirmed")
        ROUND_CLOSED = "round-closed", _("Round closed")
        ROUND_FORCE_CLOSED = "round-force-closed", _("Round closed by force")
        SEATS_SWAPPED = "seats-swapped", _("Seats swapped by an organiser")
        DISPUTED = "disputed", _("Disputed: that is not what we played")
        DISPUTE_CONFIRMED = "dispute-confirmed", _("Dispute resolved: confirmed as entered")
        DISPUTE_CORRECTED = "dispute-corrected", _("Dispute resolved: corrected by an organiser")

    class Via(models.TextChoices):
        TABLE_LINK = "table-link", _("table link")
        SEAT_LINK = "seat-link", _("seat link")
        PLAYER_CODE = "player-code", _("player's code")
        ORGANISER = "organiser", _("organiser")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="result_changes")
    # Empty for round-wide entries (closing the round).
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="result_changes"
    )
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    via = models.CharField(_("through"), max_length=12, choices=Via.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("organiser"),
    )
    seat = models.ForeignKey(
        Seat,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("seat"),
    )
    old = models.JSONField(_("before"), null=True, blank=True)
    new = models.JSONField(_("after"), null=True, blank=True)
    version = models.PositiveIntegerField(_("version after"), default=0)
    note = models.CharField(_("note"), max_length=200, blank=True)
    # One per form render: a double tap or a retried request finds its own earlier
    # change here and stores nothing twice.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True, unique=True)
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")

    def __str__(self) -> str:
        return f"{self.get_action_display()} — {self.table or self.round} — {self.at:%H:%M:%S}"


class SeatResult(models.Model):
    """One seat's share of its table's result, as the engine figures it (see
    scoring.engine.table_figures): the narrow rows standings add up.

    Written with the result, in the same transaction, so they never disagree with it.
    Standings read them with plain aggregates that SQLite and PostgreSQL both run,
    instead of reading every hand of a season.
    """

    class Outcome(models.TextChoices):
        WON = WON, _("Won")
        DRAWN = DRAWN, _("Drawn")
        LOST = LOST, _("Lost")

    result = models.ForeignKey(TableResult, on_delete=models.CASCADE, related_name="seat_results")
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="result_share")
    engine_seat = models.PositiveSmallIntegerField(_("engine seat"))
    side = models.PositiveSmallIntegerField(_("side"))
    points_for = models.IntegerField(_("points for"))
    points_against = models.IntegerField(_("points against"))
    outcome = models.CharField(_("outcome"), max_length=5, choices=Outcome.choices)
    loners_made = models.PositiveSmallIntegerField(_("loners made"))
    euchres_made = models.PositiveSmallIntegerField(_("euchres made"))

    class Meta:
        verbose_name = _("seat result")
        verbose_name_plural = _("seat results")
        constraints = [
            models.UniqueConstraint(fields=["result", "engine_seat"], name="one_share_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.result} — {self.seat}"


METRIC_LABELS = {
    Metric.TOTAL_POINTS: _("Total points"),
    # A draw counts half a win in the ranking, and the label says so.
    Metric.WINS: _("Games won (draws ½)"),
    Metric.POINTS_DIFFERENCE: _("Points difference"),
    Metric.HEAD_TO_HEAD: _("Head-to-head"),
    Metric.LONERS_MADE: _("Loners made"),
    Metric.EUCHRES_MADE: _("Euchres made"),
    Metric.FEWEST_OPPONENT_POINTS: _("Fewest opponent points"),
}
# A standings column holds the figure, not the rule that ranks by it: the rule is
# "Fewest opponent points", its column the points themselves.
METRIC_COLUMN_LABELS = {
    # Translators: standings column header: the points this player's or team's opponents
    # scored against them (fewer ranks higher).
    Metric.FEWEST_OPPONENT_POINTS: _("Opponents' points"),
}


class StandingsSettings(models.Model):
    """How one tournament ranks: the organiser's metric order and what a bye is worth.

    A tournament without a row ranks by its format's defaults and gives nothing for a bye.
    """

    class ByeWorth(models.TextChoices):
        NOTHING = ByeValue.NOTHING.value, _("Nothing")
        AVERAGE = ByeValue.AVERAGE.value, _("The player's own average")
        FIXED = ByeValue.FIXED.value, _("A fixed score")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="standings_settings"
    )
    # Metric names in ranking order; empty means the format's default order.
    metrics = models.JSONField(_("ranking metrics, in order"), default=list, blank=True)
    bye_value = models.CharField(
        _("a bye is worth"), max_length=10, choices=ByeWorth.choices, default=ByeWorth.NOTHING
    )
    bye_points = models.PositiveSmallIntegerField(
        _("points for a bye"), default=0, help_text=_("Used when a bye is worth a fixed score.")
    )

    class Meta:
        # Made by the leagues app and moved here without touching its rows (migrations
        # leagues 0003 and scoring 0005): the table keeps its first name.
        db_table = "leagues_standingssettings"
        verbose_name = _("standings settings")
        verbose_name_plural = _("standings settings")

    def __str__(self) -> str:
        return str(_("Standings settings for %(tournament)s") % {"tournament": self.tournament})
