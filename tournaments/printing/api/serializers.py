"""What the print jobs API reads and writes."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.models import PrintJob


class PrintRequestSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=PrintJob.Kind.choices)
    paper = serializers.ChoiceField(choices=[("a4", "A4"), ("letter", "US letter")], default="a4")
    per_page = serializers.ChoiceField(
        choices=[(4, "four to a page"), (1, "one to a page")],
        default=4,
        help_text="Scorecards only.",
    )
    players = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        allow_null=True,
        default=None,
        help_text="Scorecards only: print just these players' cards (a reprint, a late "
        "arrival). Without it, every player's.",
    )


class PrintJobSerializer(serializers.ModelSerializer):
    paper = serializers.CharField(source="options.paper", default="a4")
    per_page = serializers.IntegerField(source="options.per_page", default=4)
    players = serializers.ListField(
        child=serializers.IntegerField(), source="options.players", default=None, allow_null=True
    )
    stalled = serializers.BooleanField(
        source="is_stalled",
        help_text="Sent to a worker or rendering, but no worker moved it on for a long "
        "while. A periodic task soon marks it failed (see `error`).",
    )
    waiting = serializers.BooleanField(
        source="is_waiting",
        help_text="Queued behind a printout the same organiser asked for earlier: each "
        "organiser has one at the workers at a time (and two waiting at most).",
    )
    download = serializers.SerializerMethodField(help_text="The PDF's address once done.")

    class Meta:
        model = PrintJob
        fields = [
            "id",
            "tournament",
            "kind",
            "status",
            "progress",
            "waiting",
            "stalled",
            "error",
            "paper",
            "per_page",
            "players",
            "created_at",
            "finished_at",
            "download",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_download(self, job: PrintJob) -> str | None:
        if job.status != PrintJob.Status.DONE:
            return None
        path = f"/api/print-jobs/{job.pk}/download/"
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path
