from django.contrib import admin

from .models import ResultChange, TableResult


@admin.register(TableResult)
class TableResultAdmin(admin.ModelAdmin):
    list_display = ["table", "kind", "status", "complete", "version", "updated_at"]
    list_filter = ["status", "kind", "complete"]
    list_select_related = ["table__round__tournament"]
    # Results change only through the services, so every change reaches the audit trail.
    readonly_fields = [f.name for f in TableResult._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ["at", "round", "table", "action", "via", "user", "seat", "version"]
    list_filter = ["action", "via"]
    list_select_related = ["round", "table", "user", "seat__player"]
    readonly_fields = [f.name for f in ResultChange._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
