"""What a player reads for a seat, in their language: the one place pages, the API, the
printed cards and the PDFs take seat names from.

A table of two partnerships of two is read as a compass: partners face each other,
North with South and East with West. Every other table numbers its seats from 1.
Each compass point has a full name and a short label. The short label may be more
than one letter in some language, so the layouts that print it leave room for a few
characters. Polish writes Płn / Wsch / Płd / Zach, never the bridge letters: a lone W
reads as Wschód (East) to a Pole. The printed cards also carry a legend (legend()).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy


@dataclass(frozen=True)
class CompassPoint:
    name: Promise
    short: Promise


# Clockwise from North: the index is a seat's place round a table of four.
COMPASS: tuple[CompassPoint, ...] = (
    CompassPoint(
        # Translators: the seat called North at a table of four, partner of South.
        name=gettext_lazy("North"),
        # Translators: the short label of the North seat (partner of South), printed on
        # scorecards and table cards. It must differ from the short labels of East,
        # South and West: in a language where two of the four words start with the
        # same letter, use two letters or the whole word. Polish: "Płn" (Północ);
        # Polish never uses the bridge letters. A legend on the cards names each seat.
        short=pgettext_lazy("seat letter", "N"),
    ),
    CompassPoint(
        # Translators: the seat called East at a table of four, partner of West.
        name=gettext_lazy("East"),
        # Translators: the short label of the East seat (partner of West). It must
        # differ from those of North, South and West (Portuguese Leste: "L";
        # Polish Wschód: "Wsch", never a lone "W", which a Pole reads as East).
        short=pgettext_lazy("seat letter", "E"),
    ),
    CompassPoint(
        # Translators: the seat called South at a table of four, partner of North.
        name=gettext_lazy("South"),
        # Translators: the short label of the South seat (partner of North). It must
        # differ from those of North, East and West (Polish Południe: "Płd").
        short=pgettext_lazy("seat letter", "S"),
    ),
    CompassPoint(
        # Translators: the seat called West at a table of four, partner of East.
        name=gettext_lazy("West"),
        # Translators: the short label of the West seat (partner of East). It must
        # differ from those of North, East and South (Italian Ovest and Portuguese
        # Oeste: "O"; Polish Zachód: "Zach", never a lone "W", which reads as Wschód).
        short=pgettext_lazy("seat letter", "W"),
    ),
)

# Partners sit opposite: side 0 holds North and South, side 1 East and West.
_SIDE_POINTS = ((0, 2), (1, 3))


def compass_points(layout: Sequence[tuple[int, int]]) -> list[int] | None:
    """Each seat's index in COMPASS, for a table given as (position, side) per seat;
    None unless the table is two partnerships of two. Round the table from the lowest
    position, side 0's players are North then South, side 1's East then West, so a
    seat has the same name on every page, card and PDF whatever the positions are."""
    if len(layout) != len(COMPASS) or sorted(side for _, side in layout) != [0, 0, 1, 1]:
        return None
    taken = [0, 0]
    points = [0] * len(layout)
    for index in sorted(range(len(layout)), key=lambda i: layout[i]):
        side = layout[index][1]
        points[index] = _SIDE_POINTS[side][taken[side]]
        taken[side] += 1
    return points


def _numbers(layout: Sequence[tuple[int, int]]) -> list[int]:
    order = sorted(range(len(layout)), key=lambda i: layout[i])
    numbers = [0] * len(layout)
    for rank, index in enumerate(order, start=1):
        numbers[index] = rank
    return numbers


def full_names(layout: Sequence[tuple[int, int]]) -> list[str]:
    """Each seat's full name, for a table given as (position, side) per seat: a compass
    point at a table of two partnerships of two, else "Seat 3" counting round it."""
    points = compass_points(layout)
    if points is not None:
        return [str(COMPASS[point].name) for point in points]
    return [gettext("Seat %(number)s") % {"number": number} for number in _numbers(layout)]


def short_labels(layout: Sequence[tuple[int, int]]) -> list[str]:
    """Each seat's short label, where room is tight (printed cards): the compass
    point's short label, else the seat's number."""
    points = compass_points(layout)
    if points is not None:
        return [str(COMPASS[point].short) for point in points]
    return [str(number) for number in _numbers(layout)]


def layout_of(seats) -> list[tuple[int, int]]:
    """The (position, side) of each of a table's Seat rows, as the functions above take."""
    return [(seat.position, seat.side) for seat in seats]


def legend() -> str:
    """One line naming each compass point's short label, printed where the labels
    stand alone (scorecards, table cards): a short label may be a letter the reader
    does not know as a seat (Italian O for Ovest, Portuguese L for Leste)."""
    # Translators: one entry of the seat legend on printed cards: a seat's short label,
    # then its full name, e.g. "N – North". Keep both placeholders.
    entry = pgettext("seat legend", "%(letter)s – %(name)s")
    # Translators: what separates the entries of the seat legend on printed cards.
    separator = pgettext("seat legend", " · ")
    return separator.join(entry % {"letter": point.short, "name": point.name} for point in COMPASS)
