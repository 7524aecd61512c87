from django.contrib import admin

from .models import Bye, Player, Round, RoundStartOverride, Seat, Table, Team, Tournament
from .read_only_admin import ReadOnlyAdmin, ReadOnlyTabularInline

# Read-only: the services own every row here (see read_only_admin).


class PlayerInline(ReadOnlyTabularInline):
    model = Player


class TeamInline(ReadOnlyTabularInline):
    model = Team


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "date", "variant", "format", "owner"]
    list_filter = ["variant", "format", "date"]
    search_fields = ["name", "venue"]
    inlines = [TeamInline, PlayerInline]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "tournament", "team", "active"]
    list_filter = ["active"]
    search_fields = ["name", "tournament__name"]
    list_select_related = ["tournament", "team"]


@admin.register(Team)
class TeamAdmin(ReadOnlyAdmin):
    list_display = ["name", "tournament"]
    search_fields = ["name", "tournament__name"]
    list_select_related = ["tournament"]


class TableInline(ReadOnlyTabularInline):
    model = Table


class ByeInline(ReadOnlyTabularInline):
    model = Bye


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "number", "status"]
    list_filter = ["status"]
    list_select_related = ["tournament"]
    inlines = [TableInline, ByeInline]


@admin.register(RoundStartOverride)
class RoundStartOverrideAdmin(ReadOnlyAdmin):
    # An audit row: read, never rewritten.
    list_display = ["round", "at", "user", "reason"]
    list_select_related = ["round__tournament", "user"]


class SeatInline(ReadOnlyTabularInline):
    model = Seat


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["round", "number"]
    list_select_related = ["round__tournament"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["player", "table", "position", "side"]
    list_select_related = ["player", "table__round"]


@admin.register(Bye)
class ByeAdmin(ReadOnlyAdmin):
    list_display = ["player", "round"]
    list_select_related = ["player", "round"]
