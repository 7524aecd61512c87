"""What the tournaments API reads and writes (tables and results: scoring.api; print
jobs: tournaments.printing.api). Input serializers only check shapes; the rules (a
format that fits the game, a hand the engine accepts, ...) are the services' to judge,
so their codes and messages reach the client unchanged.

Tokens and player codes are credentials: serializers take `organiser` in their
context and leave those fields out for everyone else.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import limits
from core.permissions import can_organise
from tournaments.card_links import card_link_path
from tournaments.models import (
    PlanningJob,
    Player,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
    format_choices,
)
from tournaments.services.changes import STRATEGIES
from tournaments.services.late import joins_in
from tournaments.site_address import public_url

ORGANISERS_ONLY = "Only in organisers' responses."


class OrganiserFieldsMixin:
    """Drops `organiser_fields` unless the context says the reader organises the event.

    Those fields are declared writable-looking and not required, so the schema shows
    them as optional instead of promising them to every reader.
    """

    organiser_fields: tuple[str, ...] = ()

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if not self.context.get("organiser"):
            for name in self.organiser_fields:
                data.pop(name, None)
        return data


# ---------------------------------------------------------------- tournaments


def display_name(user) -> str | None:
    """The name an organiser gave their account, for everyone to read; never the user
    name, which is half of what signs in."""
    return user.get_full_name().strip() or None


class TournamentSerializer(serializers.ModelSerializer):
    owner = serializers.SerializerMethodField(
        help_text="The owner's name as their account gives it (null when it gives none)."
    )
    is_organiser = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "date",
            "venue",
            "variant",
            "options",
            "format",
            "round_play",
            "hands_per_round",
            "entry_mode",
            "hand_entry",
            "rounds_planned",
            "seed",
            "rotation_quality",
            "owner",
            "is_organiser",
            "created_at",
        ]
        read_only_fields = fields

    def get_owner(self, tournament: Tournament) -> str | None:
        return display_name(tournament.owner)

    def get_is_organiser(self, tournament: Tournament) -> bool:
        # A list passes the ids its reader organises, so a page of tournaments does not
        # ask the database once per row.
        organised = self.context.get("organised_ids")
        if organised is not None:
            return tournament.pk in organised
        request = self.context.get("request")
        return bool(request is not None and can_organise(request.user, tournament))


class TournamentWriteSerializer(serializers.Serializer):
    """create_tournament's arguments; on PATCH any subset (update_tournament)."""

    name = serializers.CharField(max_length=limits.TOURNAMENT_NAME_MAX)
    date = serializers.DateField()
    venue = serializers.CharField(
        max_length=limits.VENUE_MAX, required=False, allow_blank=True, default=""
    )
    variant = serializers.ChoiceField(choices=Tournament.Variant.choices)
    options = serializers.DictField(required=False, default=dict)
    # The formats offered here (trial formats only where the settings enable them).
    format = serializers.ChoiceField(choices=())
    round_play = serializers.ChoiceField(
        choices=Tournament.RoundPlay.choices, required=False, default=Tournament.RoundPlay.HANDS
    )
    hands_per_round = serializers.IntegerField(
        min_value=0,
        max_value=limits.MAX_HANDS_PER_ROUND,
        required=False,
        default=8,
        help_text=f"{limits.MIN_HANDS_PER_ROUND} to {limits.MAX_HANDS_PER_ROUND} for rounds of a "
        "fixed number of hands; unused (0 allowed) when a round is one game.",
    )
    entry_mode = serializers.ChoiceField(
        choices=Tournament.EntryMode.choices, required=False, default=Tournament.EntryMode.HANDS
    )
    hand_entry = serializers.ChoiceField(
        choices=Tournament.HandEntry.choices,
        required=False,
        default=Tournament.HandEntry.OUTCOME,
        help_text="How the table's phone page enters a hand: `outcome`, one tap for its "
        "result, or `detailed`, every field. The API takes either hand shape.",
    )
    rounds_planned = serializers.IntegerField(
        min_value=1,
        max_value=limits.MAX_ROUNDS,
        required=False,
        allow_null=True,
        default=None,
        help_text="Empty or left out: the usual length, set when the rotation is first drawn "
        f"for the players then listed: the complete rotation where it takes at most "
        f"{limits.COMPLETE_BY_DEFAULT_MOST} rounds, otherwise {limits.DEFAULT_ROUNDS}.",
    )
    seed = serializers.IntegerField(
        min_value=0, max_value=limits.MAX_SEED, required=False, default=0
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices()

    def validate(self, attrs: dict) -> dict:
        # Said here as well as by the service, so the answer names the field.
        if attrs.get("round_play") == Tournament.RoundPlay.HANDS and "target" in (
            attrs.get("options") or {}
        ):
            raise serializers.ValidationError({"options": [str(limits.TARGET_NEEDS_GAME_MESSAGE)]})
        return attrs


# ---------------------------------------------------------------- players and teams


class TeamRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name"]


class PlayerSerializer(OrganiserFieldsMixin, serializers.ModelSerializer):
    team = TeamRefSerializer(read_only=True, allow_null=True)
    code = serializers.CharField(required=False, help_text=ORGANISERS_ONLY)
    organiser_fields = ("code",)

    class Meta:
        model = Player
        fields = ["id", "name", "team", "active", "late", "code"]
        read_only_fields = ["id", "name", "team", "active", "late"]


class PlayerAddSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=limits.PLAYER_NAME_MAX, allow_blank=True)
    team_name = serializers.CharField(
        max_length=limits.TEAM_NAME_MAX,
        required=False,
        allow_blank=True,
        default="",
        help_text="Put the player in this team (made when new); teams formats only.",
    )


class PlayerImportSerializer(serializers.Serializer):
    text = serializers.CharField(
        allow_blank=True,
        trim_whitespace=False,
        help_text="A pasted list or CSV text: `name` or `name,team` per line.",
    )


class PlayerRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name"]


class TeamSerializer(serializers.ModelSerializer):
    members = PlayerRefSerializer(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "name", "members"]


class PairTeamsSerializer(serializers.Serializer):
    groups = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=1),
        min_length=1,
        help_text="Player ids, one list per team; players not named keep their teams.",
    )


class RandomTeamsSerializer(serializers.Serializer):
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=0,
        help_text="Repeat a draw with the same seed; without it the draw is unpredictable.",
    )


# ---------------------------------------------------------------- rounds and seating


class SeatSerializer(OrganiserFieldsMixin, serializers.ModelSerializer):
    player = PlayerRefSerializer(read_only=True)
    token = serializers.CharField(required=False, help_text=ORGANISERS_ONLY)
    organiser_fields = ("token",)

    class Meta:
        model = Seat
        fields = ["id", "position", "side", "player", "token"]
        read_only_fields = ["id", "position", "side", "player"]


class TableSerializer(OrganiserFieldsMixin, serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    token = serializers.CharField(required=False, help_text=ORGANISERS_ONLY)
    organiser_fields = ("token",)

    class Meta:
        model = Table
        fields = ["id", "number", "token", "seats"]
        read_only_fields = ["id", "number", "seats"]


class RoundSerializer(serializers.ModelSerializer):
    tables = TableSerializer(many=True, read_only=True)
    byes = serializers.SerializerMethodField()
    published = serializers.BooleanField(
        read_only=True,
        help_text="False for a drawn round not yet published (a draft): only its "
        "organisers see it.",
    )
    seed = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="The seed a round drawn from the results was drawn with; null when planned.",
    )
    redraws = serializers.IntegerField(
        read_only=True, help_text="How many times the draft was drawn again (at most once)."
    )

    class Meta:
        model = Round
        fields = ["number", "status", "published", "seed", "redraws", "tables", "byes"]
        read_only_fields = fields

    @extend_schema_field(PlayerRefSerializer(many=True))
    def get_byes(self, rnd: Round) -> list[dict]:
        return PlayerRefSerializer([bye.player for bye in rnd.byes.all()], many=True).data


class RotationSerializer(serializers.Serializer):
    quality = serializers.DictField(help_text="How well the rotation mixes players.")
    rounds = RoundSerializer(many=True)


# ---------------------------------------------------------------- organisers


class UserRefSerializer(OrganiserFieldsMixin, serializers.Serializer):
    """An organiser: their name for everyone; the user name (what adding a co-organiser
    asks for) and the id (what removing one takes) only for the event's organisers."""

    organiser_fields = ("id", "username")

    name = serializers.SerializerMethodField(help_text="Null when the account gives no name.")
    id = serializers.IntegerField(required=False, help_text=ORGANISERS_ONLY)
    username = serializers.CharField(
        source="get_username", required=False, help_text=ORGANISERS_ONLY
    )

    def get_name(self, user) -> str | None:
        return display_name(user)


class OrganisersSerializer(serializers.Serializer):
    owner = UserRefSerializer()
    co_organisers = serializers.SerializerMethodField()

    @extend_schema_field(UserRefSerializer(many=True))
    def get_co_organisers(self, tournament: Tournament) -> list[dict]:
        users = tournament.co_organisers.order_by("username")
        return UserRefSerializer(users, many=True, context=self.context).data


class CoOrganiserAddSerializer(serializers.Serializer):
    username = serializers.CharField(
        max_length=150, help_text="The user name of an existing account."
    )


# ---------------------------------------------------------------- changes on the night


class SubstituteSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Id of the player who leaves.")
    name = serializers.CharField(
        max_length=limits.PLAYER_NAME_MAX,
        help_text="The newcomer who takes over the leaver's seats.",
    )


class ChangeCompareSerializer(serializers.Serializer):
    """Who leaves, arrives or is replaced: the change, before choosing how to plan it."""

    withdraw = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        default=list,
        help_text="Ids of players who leave: they are taken out of the rounds still to play.",
    )
    arrive = serializers.ListField(
        child=serializers.CharField(max_length=limits.PLAYER_NAME_MAX),
        required=False,
        default=list,
        help_text="Names of late arrivals: they join the rounds still to play.",
    )
    substitutes = SubstituteSerializer(many=True, required=False, default=list)


class ChangeRequestSerializer(ChangeCompareSerializer):
    """The change, and how to plan it; to apply, the fingerprint of the plan previewed."""

    strategy = serializers.ChoiceField(
        choices=STRATEGIES,
        required=False,
        default="fewest",
        error_messages={
            "invalid_choice": _(
                'Choose "fewest" (move as few seats as possible) or "balance" '
                "(plan the remaining rounds afresh for the best balance)."
            )
        },
        help_text="How to re-plan the rounds still to play. `fewest` (the default): keep "
        "the planned rounds and move as few players as fairness allows, so few scorecards "
        "need reprinting. `balance`: plan the remaining rounds afresh for the best mix of "
        "partners, opponents and byes, even if many players change seats. Either way "
        "nobody partners someone they already partnered, and played rounds never change.",
    )
    fingerprint = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="The preview's fingerprint: the change is refused (409, `stale_preview`) "
        "if the plan is no longer the one previewed, e.g. a round started meanwhile. Each "
        "strategy has its own fingerprint: send the one of the plan you chose, with its "
        "`strategy`.",
    )


class SubstitutionSerializer(serializers.Serializer):
    leaves = serializers.CharField(help_text="The player who left.")
    name = serializers.CharField(help_text="The newcomer in their seats.")


class TableChangeSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    before = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Sides by player name; empty for a new table.",
    )
    after = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Sides by player name; empty for a table no longer needed.",
    )


NAMES = serializers.ListField(child=serializers.CharField())


class RoundChangeSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = TableChangeSerializer(many=True, help_text="Only the tables that change.")
    byes_before = serializers.ListField(child=serializers.CharField())
    byes_after = serializers.ListField(child=serializers.CharField())
    moved = serializers.SerializerMethodField(
        help_text="Players staying on who sit somewhere else in this round than planned "
        "(another table or seat letter, or a bye instead of a seat or the reverse); leavers "
        "and arrivals are not counted."
    )

    @extend_schema_field(NAMES)
    def get_moved(self, rnd) -> list[str]:
        return sorted(rnd.moved)


class RemainingRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    changed = serializers.BooleanField(help_text="Whether any table or bye of it changes.")
    byes = serializers.ListField(
        child=serializers.CharField(), source="byes_after", help_text="Who sits out, after."
    )
    moved = serializers.SerializerMethodField(help_text="As in `rounds`: whose seat changes.")

    @extend_schema_field(NAMES)
    def get_moved(self, rnd) -> list[str]:
        return sorted(rnd.moved)


class RotationChangeSerializer(serializers.Serializer):
    fingerprint = serializers.CharField(help_text="Send it back to apply exactly this change.")
    first_round = serializers.IntegerField(help_text="The first round that may change.")
    replanned = serializers.BooleanField(
        help_text="False when only substitutes take over seats and nobody else moves."
    )
    withdrawn = serializers.ListField(child=serializers.CharField())
    arrived = serializers.ListField(child=serializers.CharField())
    substitutes = serializers.SerializerMethodField()
    moved_players = serializers.SerializerMethodField(
        help_text="Everyone still playing whose scorecard must be printed: the players in "
        "`seat_changes` and in `new_partner_or_opponent_players`, and the newcomers."
    )
    quality = serializers.DictField(help_text="The rotation's figures after the change.")
    rounds = RoundChangeSerializer(
        source="changed_rounds", many=True, help_text="Only the rounds that change."
    )
    strategy = serializers.ChoiceField(
        choices=STRATEGIES, help_text="How the remaining rounds were re-planned."
    )
    seat_changes = serializers.SerializerMethodField(
        help_text="Players staying on who sit somewhere else (another table or seat letter, "
        "or a bye instead of a seat or the reverse) in at least one round not yet started."
    )
    sit_elsewhere = serializers.SerializerMethodField(
        help_text="How many players sit somewhere else: the length of `seat_changes`. The "
        "preview, the message once the change is made and the bench report this number."
    )
    players_moved = serializers.SerializerMethodField(
        help_text="The same as `sit_elsewhere` (kept for older clients)."
    )
    new_partner_or_opponent_players = serializers.SerializerMethodField(
        help_text="Players staying on whose scorecard lists a changed partner or opponent "
        "in at least one round not yet started (a bye gained or lost counts when it takes "
        "table-mates away or brings them)."
    )
    new_partner_or_opponent = serializers.SerializerMethodField(
        help_text="How many scorecards list a changed partner or opponent: the length of "
        "`new_partner_or_opponent_players`."
    )
    tables_to_reprint = serializers.SerializerMethodField(
        help_text="The table numbers whose table cards no longer match."
    )
    rounds_to_reprint = serializers.SerializerMethodField(
        help_text="The rounds whose find-your-seat sheets no longer match (if any, the "
        "rotation chart no longer matches either)."
    )
    seats_moved = serializers.SerializerMethodField(
        help_text="How many seats change over the remaining rounds: each player staying on "
        "counts once for every round they sit somewhere else than planned."
    )
    scorecards_to_reprint = serializers.SerializerMethodField(
        help_text="How many scorecards must be printed: the length of `moved_players`."
    )
    quality_before = serializers.DictField(help_text="The rotation's figures before the change.")
    remaining_rounds = RemainingRoundSerializer(
        source="rounds",
        many=True,
        help_text="Every round still to play, changed or not, with its byes after the change.",
    )

    @extend_schema_field(SubstitutionSerializer(many=True))
    def get_substitutes(self, change) -> list[dict]:
        return [{"leaves": old, "name": new} for old, new in change.substitutes]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_moved_players(self, change) -> list[str]:
        return sorted(change.moved_players)

    @extend_schema_field(NAMES)
    def get_seat_changes(self, change) -> list[str]:
        return sorted(change.seat_changes)

    def get_sit_elsewhere(self, change) -> int:
        return len(change.seat_changes)

    def get_players_moved(self, change) -> int:
        return len(change.seat_changes)

    @extend_schema_field(NAMES)
    def get_new_partner_or_opponent_players(self, change) -> list[str]:
        return sorted(change.new_table_mates)

    def get_new_partner_or_opponent(self, change) -> int:
        return len(change.new_table_mates)

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_tables_to_reprint(self, change) -> list[int]:
        return sorted(change.moves.tables)

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_rounds_to_reprint(self, change) -> list[int]:
        return sorted(change.moves.rounds)

    def get_seats_moved(self, change) -> int:
        return sum(len(rnd.moved) for rnd in change.rounds)

    def get_scorecards_to_reprint(self, change) -> int:
        return len(change.scorecards_to_reprint)


class ChangeComparisonSerializer(serializers.Serializer):
    fewest = RotationChangeSerializer(
        help_text="The planned rounds mended: as few players move as fairness allows."
    )
    balance = RotationChangeSerializer(
        help_text="The remaining rounds planned afresh for the best balance."
    )


class PlayerRemovalSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(
        choices=["delete", "replan", "discard", "withdraw"],
        help_text="delete: off the list, nothing else changes; replan: off the list and the "
        "rounds not started re-planned; discard: off the list and the planned rotation "
        "discarded (it cannot be made without them); withdraw: has played, so marked as "
        "left (results kept) and the rounds not started re-planned.",
    )
    fingerprint = serializers.CharField(
        help_text="Send it back as ?fingerprint= on DELETE to do exactly this."
    )
    reason = serializers.CharField(help_text="Why the rotation is discarded (discard only).")
    change = RotationChangeSerializer(
        allow_null=True, help_text="The re-plan (replan and withdraw only)."
    )


class AppliedChangeSerializer(serializers.Serializer):
    change = RotationChangeSerializer()
    rounds = RoundSerializer(many=True, help_text="Every round as now stored.")


class StartRoundSerializer(serializers.Serializer):
    start_anyway_reason = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="Teams events only: start although an earlier round is still in play, "
        "and why (kept with who and when). Without it such a start is refused "
        "(`previous_round_not_closed`).",
    )


class LateSerializer(serializers.Serializer):
    late = serializers.BooleanField(
        help_text="true: mark as late (before round 1: sits out the first round); "
        "false: here now (joins at the first round not started if the plan left them out)."
    )


class LatePlayerSerializer(PlayerSerializer):
    joins_in = serializers.SerializerMethodField(
        help_text="The first round the player is seated in; null while the plan leaves them out."
    )

    class Meta(PlayerSerializer.Meta):
        fields = [*PlayerSerializer.Meta.fields, "joins_in"]

    def get_joins_in(self, player) -> int | None:
        return joins_in(player)


class ReissuedCardSerializer(PlayerSerializer):
    card_link = serializers.SerializerMethodField(
        help_text="The new card link (absolute): the QR code of the new card. The old "
        "card's link, code and seat links no longer work."
    )

    class Meta(PlayerSerializer.Meta):
        fields = [*PlayerSerializer.Meta.fields, "card_link"]

    def get_card_link(self, player) -> str:
        return public_url(self.context["request"], card_link_path(player.pk, player.card_version))


class SeatSwapSerializer(serializers.Serializer):
    first = serializers.IntegerField(help_text="Id of one of the two players.")
    second = serializers.IntegerField(help_text="Id of the player whose seat they sat in.")


class ReprintListSerializer(serializers.Serializer):
    players = PlayerSerializer(
        many=True, help_text="Players whose printed scorecards are out of date, until printed."
    )


class PlanningJobSerializer(serializers.ModelSerializer):
    """Planning work for a night too big to answer in the request: poll it."""

    url = serializers.SerializerMethodField(help_text="Poll this address until `status` is done.")
    result = serializers.JSONField(
        help_text="Once done: for a preview, `plans`, each plan asked for (by strategy) as "
        "the preview answers it (RotationChange); for a change made, `change` (read the "
        "rounds as now stored at /api/tournaments/{id}/rounds/); for a rotation drawn, "
        "`quality`; for a removal worked out or done, `removal` (PlayerRemoval), with the "
        "fingerprint to send back as ?fingerprint= on DELETE. Empty until then."
    )
    error = serializers.CharField(
        help_text="Why it failed, in plain words (nothing was changed); empty otherwise."
    )

    class Meta:
        model = PlanningJob
        fields = [
            "id",
            "tournament",
            "kind",
            "status",
            "progress",
            "error",
            "result",
            "created_at",
            "finished_at",
            "url",
        ]
        read_only_fields = fields

    def get_url(self, job) -> str:
        path = f"/api/planning-jobs/{job.pk}/"
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path
