from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournaments.read_only_admin import ReadOnlyAdmin

from .models import ResultChange, SeatResult, StandingsSettings, TableResult

# Results change only through the services, so every change reaches the audit trail.


@admin.register(TableResult)
class TableResultAdmin(ReadOnlyAdmin):
    # "Table 3" alone does not say which night or round it is.
    list_display = [
        "tournament",
        "round",
        "table",
        "kind",
        "status",
        "complete",
        "version",
        "updated_at",
    ]
    list_filter = ["status", "kind", "complete"]
    list_select_related = ["table__round__tournament"]

    @admin.display(description=_("tournament"), ordering="table__round__tournament__date")
    def tournament(self, result: TableResult):
        return result.table.round.tournament

    @admin.display(description=_("round"), ordering="table__round__number")
    def round(self, result: TableResult):
        return result.table.round


@admin.register(SeatResult)
class SeatResultAdmin(ReadOnlyAdmin):
    """What the standings add up, to look at when a figure seems wrong."""

    list_display = ["seat", "result", "side", "points_for", "points_against", "outcome"]
    list_filter = ["outcome"]
    list_select_related = ["seat__player", "seat__table__round", "result__table"]


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    list_display = ["at", "round", "table", "action", "via", "user", "seat", "version"]
    list_filter = ["action", "via"]
    list_select_related = ["round", "table", "user", "seat__player"]


@admin.register(StandingsSettings)
class StandingsSettingsAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "bye_value", "bye_points"]
