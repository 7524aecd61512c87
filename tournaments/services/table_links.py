"""The physical tables' own links (TableLink): one per tournament and table number,
made when a table card is printed for that number (or a table of it is shown), and
never changed, so a card printed before the night opens every round's table."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from ..models import TableLink, Tournament


@transaction.atomic
def table_links(*, tournament: Tournament, numbers: Iterable[int]) -> list[TableLink]:
    """The links of these table numbers, in number order, made for the numbers that
    have none yet. Safe side by side (two print workers): a number made meanwhile
    keeps the link made first."""
    wanted = sorted({int(n) for n in numbers})
    TableLink.objects.bulk_create(
        [TableLink(tournament=tournament, number=n) for n in wanted], ignore_conflicts=True
    )
    return list(TableLink.objects.filter(tournament=tournament, number__in=wanted))
