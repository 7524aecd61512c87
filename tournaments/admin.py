from django.contrib import admin

from .models import Bye, Player, Round, RoundStartOverride, Seat, Table, Team, Tournament


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "variant", "format", "owner"]
    list_filter = ["variant", "format", "date"]
    search_fields = ["name", "venue"]
    filter_horizontal = ["co_organisers"]
    inlines = [TeamInline, PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "team", "active"]
    list_filter = ["active"]
    search_fields = ["name", "tournament__name"]
    list_select_related = ["tournament", "team"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament"]
    search_fields = ["name", "tournament__name"]
    list_select_related = ["tournament"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    readonly_fields = ["token"]


class ByeInline(admin.TabularInline):
    model = Bye
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status"]
    list_filter = ["status"]
    list_select_related = ["tournament"]
    inlines = [TableInline, ByeInline]


@admin.register(RoundStartOverride)
class RoundStartOverrideAdmin(admin.ModelAdmin):
    # An audit row: read, never rewritten.
    list_display = ["round", "at", "user", "reason"]
    list_select_related = ["round__tournament", "user"]
    readonly_fields = ["round", "open_rounds", "reason", "user", "at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number"]
    list_select_related = ["round__tournament"]
    readonly_fields = ["token"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["player", "table", "position", "side"]
    list_select_related = ["player", "table__round"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["player", "round"]
    list_select_related = ["player", "round"]
