"""The projector's seating screen: the round played now (published only), every
player's table and seat in alphabetical order, in pages of names the screen flips
through by itself (static/js/seating_screen.js)."""

from __future__ import annotations

from dataclasses import dataclass

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments import seat_names

from .models import Round, Tournament
from .selectors import round_with_seating
from .where_next import current_round

# A page is three columns of twenty names: at 1920 x 1080 the type is 28 px (2.6 % of
# the height, site.css), and it scales with the screen, so a page fits any 16:9 one.
NAMES_PER_PAGE = 60
# How often the screen asks for the seating again (a round published meanwhile).
POLL_SECONDS = 10


@dataclass(frozen=True)
class SeatLine:
    name: str
    where: str
    bye: bool = False


def seating_lines(rnd: Round) -> list[SeatLine]:
    """Everyone in the round, by name: "table 2, North", or sitting out."""
    lines = []
    for table in rnd.tables.all():
        seats = list(table.seats.all())
        labels = seat_names.full_names(seat_names.layout_of(seats))
        for seat, label in zip(seats, labels, strict=True):
            lines.append(
                SeatLine(
                    seat.player.name,
                    # Translators: after a player's name on the projector, "Ann — table 2,
                    # North"; lower case where the language allows.
                    _("table %(table)s, %(seat)s") % {"table": table.number, "seat": label},
                )
            )
    for bye in rnd.byes.all():
        # Translators: after a player's name on the projector: "Dan — sits out" (a bye).
        lines.append(SeatLine(bye.player.name, _("sits out"), bye=True))
    return sorted(lines, key=lambda line: (line.name.casefold(), line.name))


@require_GET
def seating_screen(request, pk: int):
    tournament = get_object_or_404(Tournament, pk=pk)
    shown = current_round(tournament.pk)
    rnd = round_with_seating(tournament, shown.number, published_only=True) if shown else None
    lines = seating_lines(rnd) if rnd is not None else []
    pages = [lines[i : i + NAMES_PER_PAGE] for i in range(0, len(lines), NAMES_PER_PAGE)]
    return render(
        request,
        "tournaments/seating_screen.html",
        {
            "tournament": tournament,
            "round": rnd,
            "pages": pages,
            "poll_seconds": POLL_SECONDS,
        },
    )
