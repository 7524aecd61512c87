"""Reads for the physical tables' links: which table numbers a night needs cards for,
and which table a link opens now."""

from __future__ import annotations

from django.db.models import Max

from .models import Player, Table, TableLink, Tournament
from .where_next import current_round


def table_numbers(tournament: Tournament) -> list[int]:
    """The table numbers a night drawn round by round needs cards for: every number a
    round has used, and enough for everyone playing now (a table for each full set of
    the format's players; the rest sit out). Two queries."""
    used = (
        Table.objects.filter(round__tournament=tournament).aggregate(most=Max("number"))["most"]
        or 0
    )
    playing = Player.objects.filter(tournament=tournament, active=True).count()
    return list(range(1, max(used, playing // tournament.spec.table_players) + 1))


def table_now(link: TableLink) -> Table | None:
    """The table of `link`'s number in the round played now (where_next.current_round);
    None when that round has no such table, or nothing is published yet."""
    rnd = current_round(link.tournament_id)
    if rnd is None:
        return None
    return Table.objects.filter(round=rnd, number=link.number).only("pk", "token").first()
