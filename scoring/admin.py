from django.contrib import admin

from tournaments.read_only_admin import ReadOnlyAdmin

from .models import ResultChange, TableResult

# Results change only through the services, so every change reaches the audit trail.


@admin.register(TableResult)
class TableResultAdmin(ReadOnlyAdmin):
    list_display = ["table", "kind", "status", "complete", "version", "updated_at"]
    list_filter = ["status", "kind", "complete"]
    list_select_related = ["table__round__tournament"]


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    list_display = ["at", "round", "table", "action", "via", "user", "seat", "version"]
    list_filter = ["action", "via"]
    list_select_related = ["round", "table", "user", "seat__player"]
