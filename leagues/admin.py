from django.contrib import admin

from .models import Member, PlayerLink, Season, SeasonNight, StandingsSettings


@admin.register(StandingsSettings)
class StandingsSettingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "bye_value", "bye_points"]
    raw_id_fields = ["tournament"]


class SeasonNightInline(admin.TabularInline):
    model = SeasonNight
    raw_id_fields = ["tournament"]
    extra = 0


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "best_of", "missed_night"]
    inlines = [SeasonNightInline]
    raw_id_fields = ["owner"]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["name", "season"]
    list_filter = ["season"]
    search_fields = ["name"]


@admin.register(PlayerLink)
class PlayerLinkAdmin(admin.ModelAdmin):
    list_display = ["player", "member"]
    raw_id_fields = ["player", "member"]
