"""What a tournament night is made of. No algorithm lives here: seating comes from
tournaments.rotations, scoring from scoring.engine, writes go through services."""

from __future__ import annotations

import datetime
import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core import limits
from scoring.engine.rules import VARIANTS

from . import rotations
from .rotations.formats import available_specs


def format_choices() -> list[tuple[str, str]]:
    """The formats offered here: the public ones, then any trial format the settings
    enable. A callable, so the choices follow the settings with no migration."""
    return [(spec.code, _(spec.label)) for spec in available_specs()]


def format_label(code: str) -> str:
    """A format's name as the forms show it; the code itself for one not offered here."""
    return str(dict(format_choices()).get(code, code))


def new_table_token() -> str:
    # 32 bytes of randomness: the link is the scorer's only credential.
    return secrets.token_urlsafe(32)


# No 0/O or 1/I/L: the code is read off a card and typed on a phone at the table.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_player_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


class Tournament(models.Model):
    # The games and their labels are the engine's registry, so forms and messages name a
    # game alike and a new game there is a new choice here.
    Variant = models.TextChoices(
        "Variant",
        [(name.upper().replace("-", "_"), (name, _(v.label))) for name, v in VARIANTS.items()],
    )

    # The public formats and their labels are the rotation core's registry; a new format
    # there is a new choice here (the labels are marked for translation in the core).
    # The field's choices add the trial formats the settings enable (format_choices).
    Format = models.TextChoices(
        "Format",
        [(spec.member, (spec.code, _(spec.label))) for spec in rotations.FORMAT_SPECS.values()],
    )

    class EntryMode(models.TextChoices):
        HANDS = "hands", _("Hand by hand (each hand checked and scored)")
        TOTALS = "totals", _("Totals only (each side's points for the round or game)")

    class HandEntry(models.TextChoices):
        OUTCOME = "outcome", _("One tap per hand: its result (made it, march, euchred…)")
        DETAILED = "detailed", _("Detailed: dealer, maker, bidding round, trump and tricks")

    class RoundPlay(models.TextChoices):
        HANDS = "hands", _("A fixed number of hands")
        GAME = "game", _("One game to the target")

    name = models.CharField(_("name"), max_length=limits.TOURNAMENT_NAME_MAX)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=limits.VENUE_MAX, blank=True)
    variant = models.CharField(
        _("game"), max_length=20, choices=Variant.choices, default=Variant.NORTH_AMERICAN
    )
    options = models.JSONField(_("rule options"), default=dict, blank=True)
    format = models.CharField(
        _("format"), max_length=20, choices=format_choices, default=Format.PROGRESSIVE
    )
    round_play = models.CharField(
        _("a round is"), max_length=10, choices=RoundPlay.choices, default=RoundPlay.HANDS
    )
    # 0 only where a round is one game and the count is unused (a database check).
    hands_per_round = models.PositiveSmallIntegerField(
        _("hands per round"),
        default=8,
        validators=[MaxValueValidator(limits.MAX_HANDS_PER_ROUND)],
    )
    entry_mode = models.CharField(
        _("results are entered"),
        max_length=10,
        choices=EntryMode.choices,
        default=EntryMode.HANDS,
    )
    # How a hand is entered at the table; the engine checks either as any hand, so a
    # club may switch it at any time.
    hand_entry = models.CharField(
        _("hand entry"),
        max_length=10,
        choices=HandEntry.choices,
        default=HandEntry.OUTCOME,
    )
    rounds_planned = models.PositiveSmallIntegerField(
        _("number of rounds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_ROUNDS)],
        help_text=limits.ROUNDS_PLANNED_HELP,
    )
    seed = models.PositiveIntegerField(
        _("rotation seed"), default=0, validators=[MaxValueValidator(limits.MAX_SEED)]
    )
    rotation_quality = models.JSONField(default=dict, blank=True, editable=False)
    # The printouts other than scorecards that changes of the night made out of date
    # (tournaments.services.reprints), and the last change's counts.
    reprints = models.JSONField(default=dict, blank=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="owned_tournaments",
        verbose_name=_("organiser"),
    )
    co_organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="co_organised_tournaments",
        verbose_name=_("co-organisers"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(hands_per_round__lte=limits.MAX_HANDS_PER_ROUND)
                & (
                    models.Q(hands_per_round__gte=limits.MIN_HANDS_PER_ROUND)
                    | models.Q(round_play="game")
                ),
                name="hands_per_round_in_range",
            ),
            models.CheckConstraint(
                condition=models.Q(rounds_planned__isnull=True)
                # What the database holds: events planned before MAX_ROUNDS came down
                # keep their rounds.
                | models.Q(rounds_planned__gte=1, rounds_planned__lte=limits.STORED_ROUNDS_MAX),
                name="rounds_planned_in_range",
            ),
            models.CheckConstraint(
                condition=models.Q(seed__lte=limits.MAX_SEED), name="seed_in_range"
            ),
        ]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    def get_absolute_url(self) -> str:
        return reverse("tournament-detail", args=[self.pk])

    @property
    def spec(self) -> rotations.FormatSpec:
        """The format's definition: its tables, teams, games and seating rules. Ask it
        rather than comparing `format` with a member."""
        return rotations.spec(self.format)

    def is_organiser(self, user) -> bool:
        if not user.is_authenticated:
            return False
        return user.pk == self.owner_id or self.co_organisers.filter(pk=user.pk).exists()


class Team(models.Model):
    """A fixed partnership (teams format) or team of three (six-handed)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=limits.TEAM_NAME_MAX)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name"),
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=limits.PLAYER_NAME_MAX)
    team = models.ForeignKey(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
        verbose_name=_("team"),
    )
    active = models.BooleanField(
        _("playing"), default=True, help_text=_("Off once the player has left the event.")
    )
    # A player's own short code (printed on their scorecard) lets them confirm the
    # opponents' result from the table's page without an account.
    code = models.CharField(_("confirmation code"), max_length=8, default=new_player_code)
    # Which of the player's cards is the good one: inside the card link's MAC
    # (tournaments.card_links), so reissuing a card (a new code, this + 1) kills the
    # old card's link at once, with nothing else to store.
    card_version = models.PositiveIntegerField(_("card version"), default=1, editable=False)
    # Since when their printed scorecard is out of date (a change of the night moved
    # them); cleared by the first scorecards printout asked for after that moment.
    reprint_since = models.DateTimeField(_("scorecard out of date since"), null=True, blank=True)
    # Marked before round 1: in the event, but sits out the first round (the
    # rotation gives them its byes), or joins once here if there are none to give.
    late = models.BooleanField(_("late"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_player_name"),
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        IN_PLAY = "in-play", _("In play")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )
    # A round drawn from the results (a per-round format) keeps the seed it was drawn
    # with, so the same results and seed give the same round again; None when planned.
    seed = models.PositiveBigIntegerField(_("draw seed"), null=True, blank=True, editable=False)
    # A drawn round is a draft, seen by its organisers only, until they publish it or
    # start it. Planned rounds are published as drawn.
    published = models.BooleanField(_("published"), default=True)
    # A draft may be drawn again once (with the next seed) before it is published.
    redraws = models.PositiveSmallIntegerField(_("redraws"), default=0, editable=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number"),
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return str(_("Round %(number)s") % {"number": self.number})

    @property
    def is_played(self) -> bool:
        """A round that has started belongs to history: re-planning never touches it."""
        return self.status != self.Status.PLANNED


class RoundStartOverride(models.Model):
    """An organiser started a round while an earlier one was still in play.

    Rounds go in order; only a teams event, where each table moves on when it
    finishes, may overlap them, and then who did it, when and why is kept here.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="start_overrides")
    # The rounds still in play at that moment (usually just the one before).
    open_rounds = models.JSONField(_("rounds still in play"), default=list)
    reason = models.CharField(_("reason"), max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("organiser"),
    )
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("round started out of order")
        verbose_name_plural = _("rounds started out of order")

    def __str__(self) -> str:
        return f"{self.round} — {self.reason}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table_number"),
        ]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})


class Seat(models.Model):
    """Where one player sits in one round. `side` groups partners (0 = North/South)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    side = models.PositiveSmallIntegerField(_("side"))
    # A seat's own link: whoever holds it speaks for that seat (e.g. to confirm).
    token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="unique_seat_position"),
        ]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return f"{self.player} @ {self.table} #{self.position}"


class TableLink(models.Model):
    """A physical table's own link (/tt/<token>/), one per tournament and table number:
    it opens whatever round that table plays now, so a table card printed before the
    night works all night. Like a round's table link, it proves no side."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="table_links")
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="unique_table_link_number"
            ),
        ]
        verbose_name = _("table link")
        verbose_name_plural = _("table links")

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="unique_bye"),
        ]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")

    def __str__(self) -> str:
        return f"{self.player} — {self.round}"


class PrintJob(models.Model):
    """One PDF being built by a worker; the page polls this row for progress."""

    class Kind(models.TextChoices):
        SCORECARDS = "scorecards", _("Scorecards")
        TABLE_CARDS = "table-cards", _("Table cards")
        ROTATION_CHART = "rotation-chart", _("Rotation chart")
        FIND_YOUR_SEAT = "find-your-seat", _("Find your seat")
        STANDINGS = "standings", _("Standings")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Rendering")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="print_jobs")
    kind = models.CharField(_("what"), max_length=20, choices=Kind.choices)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    error = models.TextField(_("error"), blank=True)
    pdf = models.FileField(_("PDF"), upload_to="print/", blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # A job waits in the database until the dispatcher hands it to a worker
    # (tournaments/printing/queue.py): one at a time per organiser.
    dispatched_at = models.DateTimeField(_("sent to a worker"), null=True, blank=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    # Every step of the work moves this on; a job that stops moving has lost its worker.
    touched_at = models.DateTimeField(_("last worked on"), default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("print job")
        verbose_name_plural = _("print jobs")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.tournament}"

    @property
    def is_waiting(self) -> bool:
        """Queued behind the same organiser's printout, not yet sent to a worker."""
        return self.status == self.Status.QUEUED and self.dispatched_at is None

    @property
    def is_stalled(self) -> bool:
        """Sent to a worker or rendering, but no worker has worked on it for a long
        while. A job still waiting its organiser's turn is not stalled."""
        if self.status not in (self.Status.QUEUED, self.Status.RUNNING) or self.is_waiting:
            return False
        limit = datetime.timedelta(seconds=settings.PRINT_JOB_STALL_SECONDS)
        return timezone.now() - self.touched_at > limit


class StoredFile(models.Model):
    """A file kept in the database (tournaments.file_storage.DatabaseStorage): printed
    PDFs and their parts. Web processes and workers on different machines share only
    the database and the broker, so a PDF one worker made must be readable there."""

    name = models.CharField(max_length=255, unique=True)
    content = models.BinaryField()
    size = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("stored file")
        verbose_name_plural = _("stored files")

    def __str__(self) -> str:
        return self.name


class PlanningJob(models.Model):
    """A rotation drawn, a change of the night or a player's removal worked out by a
    worker, for a night big enough that the search would hold the organiser's request
    (and a web worker) for seconds. The request stores what was asked; the page polls
    this row for progress and then shows the result: the plans to choose from, what
    removing a player would do, or the change made."""

    class Kind(models.TextChoices):
        GENERATE = "generate", _("Drawing the rotation")
        PREVIEW = "preview", _("Working out the plans")
        APPLY = "apply", _("Re-planning the remaining rounds")
        REMOVAL_PREVIEW = "removal_preview", _("Working out the removal")
        REMOVE = "remove", _("Removing the player")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Working")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="planning_jobs"
    )
    kind = models.CharField(_("what"), max_length=20, choices=Kind.choices)
    # What the organiser asked for, by player id and name: the worker reads it afresh.
    asked = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    error = models.TextField(_("error"), blank=True)
    # The answer, as the API gives it: the plans (preview), the change made (apply), or
    # the removal worked out or done (removal_preview, remove).
    result = models.JSONField(default=dict, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    touched_at = models.DateTimeField(_("last worked on"), default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("planning job")
        verbose_name_plural = _("planning jobs")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.tournament}"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
