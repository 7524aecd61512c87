from django.contrib import admin

from tournaments.read_only_admin import ReadOnlyAdmin, ReadOnlyTabularInline

from .models import Member, PlayerLink, Season, SeasonNight

# Seasons, their nights, members and links change through leagues.services, which
# refuses what would corrupt a season table; here they are only shown.


class SeasonNightInline(ReadOnlyTabularInline):
    model = SeasonNight


@admin.register(Season)
class SeasonAdmin(ReadOnlyAdmin):
    list_display = ["name", "owner", "best_of", "missed_night"]
    inlines = [SeasonNightInline]


@admin.register(Member)
class MemberAdmin(ReadOnlyAdmin):
    list_display = ["name", "season"]
    list_filter = ["season"]
    search_fields = ["name"]


@admin.register(PlayerLink)
class PlayerLinkAdmin(ReadOnlyAdmin):
    list_display = ["player", "member"]
