"""The physical table's link (/tt/<token>/), printed once on the table's card: it
opens the table page of whatever round that table plays now. It proves no side,
like a round's table link, which is where it leads."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from tournaments.models import TableLink
from tournaments.table_links import table_now


@require_GET
def physical_table(request, token: str):
    link = get_object_or_404(TableLink.objects.select_related("tournament"), token=token)
    table = table_now(link)
    if table is None:
        # Fewer tables this round (byes, a withdrawal), or nothing published yet: a
        # plain word to the table, not an error.
        return render(request, "scoring/table_idle.html", {"link": link})
    return redirect("table-entry", token=table.token)
