"""What the scoring API reads and writes: hands, totals, confirmations and
corrections in, a table's state, its history and a round's board out. Input
serializers only check shapes; the engine and the scoring services judge the rules,
so their codes and messages reach the client unchanged."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring import selectors
from scoring.engine import HAND_SHAPE, TableVerdict
from scoring.models import DISPUTE_REASON_MAX, ResultChange, TableResult


class CloseRoundSerializer(serializers.Serializer):
    force = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Close even with tables not confirmed (kept in the audit trail).",
    )
    idempotency_key = serializers.CharField(
        max_length=64, required=False, allow_blank=True, default=""
    )


class HandShapeSerializer(serializers.Serializer):
    """For the schema: one hand as the rules engine reads it (the engine checks it)."""

    dealer = serializers.IntegerField(help_text="Engine seat number (see the table's seats).")
    maker = serializers.IntegerField(required=False)
    round = serializers.IntegerField(required=False, help_text="1: turn-up ordered; 2: named.")
    trump = serializers.ChoiceField(
        choices=["clubs", "diamonds", "hearts", "spades"], required=False
    )
    alone = serializers.ListField(child=serializers.IntegerField(), required=False)
    tricks = serializers.IntegerField(
        required=False,
        help_text=f"Tricks the makers took, {min(HAND_SHAPE.tricks)}-{max(HAND_SHAPE.tricks)}.",
    )
    makers = serializers.IntegerField(
        required=False,
        help_text="A hand told by its result: the makers' side (index into the table's "
        "sides), instead of `maker`, `round` and `trump`.",
    )
    result = serializers.ChoiceField(
        choices=list(HAND_SHAPE.results),
        required=False,
        help_text="A hand told by its result, instead of `tricks`: made "
        f"({min(HAND_SHAPE.made_tricks)}-{max(HAND_SHAPE.made_tricks)} tricks), march "
        f"({HAND_SHAPE.march_tricks}), euchred (fewer than {min(HAND_SHAPE.made_tricks)}), "
        "no_trick (0, where that scores more).",
    )
    turn_up = serializers.CharField(required=False, help_text="The turned-up card, e.g. `JH`.")
    passed = serializers.BooleanField(
        required=False, help_text="Everyone passed; only dealer (and turn_up) then."
    )


@extend_schema_field(HandShapeSerializer(many=True))
class HandsField(serializers.ListField):
    """Hands stay plain JSON here: the engine's own checks explain a bad one best."""

    child = serializers.JSONField()


class SubmitHandsSerializer(serializers.Serializer):
    hands = HandsField(
        allow_empty=True,
        help_text="Every hand so far, in order (adding, editing or removing one is the same "
        "write).",
    )
    expected_version = serializers.IntegerField(
        min_value=0, help_text="The result's `version` you started from (0 when none)."
    )
    idempotency_key = serializers.CharField(
        max_length=64, help_text="New per intended write; a retry with it stores nothing twice."
    )
    seat = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Id of the seat entering the result. With a seat token, that seat.",
    )
    code = serializers.CharField(
        max_length=16,
        required=False,
        allow_blank=True,
        default="",
        help_text="With a table token: the scorer's own card code. It proves (and names) "
        "their seat, so one code of the other side then confirms; without it the seat is "
        "only claimed and a player of each side must confirm.",
    )


class SubmitTotalsSerializer(serializers.Serializer):
    side_points = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=1,
        help_text="Each side's points, in the order of the table's `sides`.",
    )
    expected_version = serializers.IntegerField(min_value=0)
    idempotency_key = serializers.CharField(max_length=64)
    seat = serializers.IntegerField(required=False, allow_null=True, default=None)
    code = serializers.CharField(
        max_length=16,
        required=False,
        allow_blank=True,
        default="",
        help_text="With a table token: the scorer's own card code (see hands).",
    )


class ConfirmSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(
        min_value=0,
        help_text="The result's `version` the confirmer was shown; a result changed since "
        "is refused (409 `result_changed`).",
    )
    codes = serializers.ListField(
        child=serializers.CharField(max_length=16),
        required=False,
        default=list,
        max_length=2,
        help_text="Card codes of the confirming players. A result entered from a proven "
        "seat (seat token or the scorer's `code`) needs one code of another side, or none "
        "with that side's seat token; an unproven one needs a player of each side (two "
        "codes, or a seat token and one code of the other side). Organisers send none.",
    )
    idempotency_key = serializers.CharField(
        max_length=64, required=False, allow_blank=True, default=""
    )


class DisputeSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(
        min_value=0,
        help_text="The result's `version` the disputing player was shown; a result changed "
        "since is refused (409 `result_changed`).",
    )
    reason = serializers.CharField(
        max_length=DISPUTE_REASON_MAX,
        help_text="What was played instead, in a few words (kept in the table's history).",
    )
    codes = serializers.ListField(
        child=serializers.CharField(max_length=16),
        required=False,
        default=list,
        max_length=1,
        help_text="With a table token: the card code of the disputing player, of a side that "
        "did not enter the result. None with that player's own seat token.",
    )
    idempotency_key = serializers.CharField(
        max_length=64, required=False, allow_blank=True, default=""
    )


class CorrectionSerializer(serializers.Serializer):
    hands = HandsField(required=False, allow_null=True, default=None)
    side_points = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_null=True, default=None
    )
    expected_version = serializers.IntegerField(min_value=0)
    idempotency_key = serializers.CharField(max_length=64)
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")

    def validate(self, attrs: dict) -> dict:
        if (attrs["hands"] is None) == (attrs["side_points"] is None):
            raise serializers.ValidationError(_("Give either hands or side_points."))
        return attrs


class ResolveSerializer(CorrectionSerializer):
    decision = serializers.ChoiceField(
        choices=[("confirm", "confirm as entered"), ("correct", "correct")],
        help_text="`confirm`: the result stands as entered. `correct`: it becomes `hands` or "
        "`side_points` (as a correction). Either ends the dispute.",
    )

    def validate(self, attrs: dict) -> dict:
        if attrs["decision"] == "correct":
            return super().validate(attrs)
        if attrs["hands"] is not None or attrs["side_points"] is not None:
            raise serializers.ValidationError(
                _("Confirming as entered takes no hands or side_points.")
            )
        return attrs


class ResultSerializer(serializers.ModelSerializer):
    """A table's stored result. Who won and whether it was drawn are the engine's
    verdict (`scoring.engine.table_verdict`) on the stored points, for the rules in the
    serializer's context (`rules`)."""

    state = serializers.SerializerMethodField()
    winners = serializers.SerializerMethodField(
        help_text="Engine seats that won a finished table: the winning side's seats, or "
        "in cutthroat the players who topped the table together (then `drawn` is true "
        "and each has half a win). Empty on a level table and while it is unfinished."
    )
    drawn = serializers.SerializerMethodField(
        help_text="True when the finished table is a draw: every side level (then "
        "`winners` is empty), or cutthroat players topping it together."
    )

    class Meta:
        model = TableResult
        fields = [
            "version",
            "kind",
            "status",
            "state",
            "hands",
            "scores",
            "winners",
            "drawn",
            "complete",
            "submitted_side",
            "disputed_side",
            "dispute_reason",
            "confirmed_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_state(self, result: TableResult) -> str:
        return selectors.result_state(result)

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_winners(self, result: TableResult) -> list[int]:
        return list(self._verdict(result).winners)

    def get_drawn(self, result: TableResult) -> bool:
        return self._verdict(result).drawn

    def _verdict(self, result: TableResult) -> TableVerdict:
        return selectors.result_verdict(result, self.context["rules"])


class ScorerSeatSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    engine_seat = serializers.IntegerField(help_text="The seat number hands refer to.")
    position = serializers.IntegerField()
    label = serializers.CharField()
    player = serializers.CharField()
    side = serializers.IntegerField()


class SideSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    names = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField())
    score = serializers.IntegerField()


class HandLineSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    text = serializers.CharField(help_text="The hand in words, as the table's page shows it.")
    passed = serializers.BooleanField()
    points = serializers.ListField(child=serializers.IntegerField(), help_text="Per engine seat.")
    running = serializers.ListField(
        child=serializers.IntegerField(), help_text="Score per engine seat after this hand."
    )


class TableStateSerializer(serializers.Serializer):
    """A table as its scorer sees it: who sits where, the result, the running score."""

    tournament = serializers.DictField()
    round = serializers.DictField()
    table = serializers.IntegerField()
    seats = ScorerSeatSerializer(many=True)
    sides = SideSerializer(many=True)
    acting_seat = serializers.IntegerField(
        allow_null=True, help_text="The seat a seat token speaks for."
    )
    state = serializers.CharField()
    state_label = serializers.CharField()
    version = serializers.IntegerField()
    next_dealer = serializers.IntegerField()
    counted = serializers.IntegerField(help_text="Hands played (passed hands not counted).")
    lines = HandLineSerializer(many=True)
    result = ResultSerializer(allow_null=True)
    problem = serializers.CharField(help_text="Set when stored hands no longer fit the rules.")
    replayed = serializers.BooleanField(
        required=False, help_text="The write was a retry of one already stored."
    )


class ChangeSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    action = serializers.ChoiceField(choices=ResultChange.Action.choices)
    action_label = serializers.CharField()
    via = serializers.ChoiceField(choices=ResultChange.Via.choices)
    who = serializers.CharField()
    version = serializers.IntegerField()
    note = serializers.CharField()
    lines = serializers.ListField(child=serializers.CharField())
    old = serializers.JSONField(allow_null=True)
    new = serializers.JSONField(allow_null=True)


class BoardEntrySerializer(serializers.Serializer):
    table_id = serializers.IntegerField(help_text="Address of the result: /api/results/{id}/.")
    table = serializers.IntegerField()
    state = serializers.CharField()
    state_label = serializers.CharField()
    names = serializers.ListField(child=serializers.CharField())
    sides = serializers.ListField(child=serializers.DictField())
    result = ResultSerializer(allow_null=True)
