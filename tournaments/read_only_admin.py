"""The admin as a window, not a door: staff read what the services wrote.

Every row of a night (tournaments, players, teams, rounds, tables, seats, byes,
results, seasons) is written by a service that checks the rules, takes the locks
and leaves an audit entry. An admin form or delete action would do none of that:
a deleted confirmed result drops out of the standings without a trace. So these
admins only show.
"""

from __future__ import annotations

from django.contrib import admin


class ReadOnly:
    """Refuses add, change and delete (and so the bulk delete action); viewing stays."""

    # `obj` is the parent row for inlines; ModelAdmin.has_add_permission takes none.
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    pass


class ReadOnlyTabularInline(ReadOnly, admin.TabularInline):
    extra = 0
