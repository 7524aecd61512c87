"""What a player reads for a seat, in their language: the one place pages, the API, the
printed cards and the PDFs take seat names from.

A table of two partnerships of two is read as a compass: partners face each other,
North with South and East with West. Every other table numbers its seats from 1.
Each compass point has a full name and a short label. The short label is not always
a single letter: in Polish the letters collide (Północ and Południe both start
with P, and W is Wschód, East, so the English W for West would point at the
opposite seat). So the layouts that print it leave room for a few characters.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy


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
        # same letter, use two letters or the whole word (Polish: "Pn").
        short=pgettext_lazy("seat letter", "N"),
    ),
    CompassPoint(
        # Translators: the seat called East at a table of four, partner of West.
        name=gettext_lazy("East"),
        # Translators: the short label of the East seat (partner of West). It must
        # differ from those of North, South and West (Portuguese Leste: "L";
        # Polish Wschód: "Wsch", never "W", which a Polish reader takes for West).
        short=pgettext_lazy("seat letter", "E"),
    ),
    CompassPoint(
        # Translators: the seat called South at a table of four, partner of North.
        name=gettext_lazy("South"),
        # Translators: the short label of the South seat (partner of North). It must
        # differ from those of North, East and West (Polish Południe: "Pd").
        short=pgettext_lazy("seat letter", "S"),
    ),
    CompassPoint(
        # Translators: the seat called West at a table of four, partner of East.
        name=gettext_lazy("West"),
        # Translators: the short label of the West seat (partner of East). It must
        # differ from those of North, East and South (Italian Ovest and Portuguese
        # Oeste: "O"; Polish Zachód: "Zach").
        short=pgettext_lazy("seat letter", "W"),
    ),
)

# Partners sit opposite: side 0 holds North and South, side 1 East and West.
_SIDE_POINTS = ((0, 2), (1, 3))


def is_compass_table(seats_at_table: int) -> bool:
    return seats_at_table == len(COMPASS)


def seat_name(position: int, seats_at_table: int) -> str:
    """A seat's full name: a compass point at a table of four, else "Seat 3".
    `position` counts from 0 round the table (or in the engine's seat order)."""
    if is_compass_table(seats_at_table):
        return str(COMPASS[position].name)
    return gettext("Seat %(number)s") % {"number": position + 1}


def seat_short(position: int, seats_at_table: int) -> str:
    """A seat's short label, where room is tight: the compass point's, else its number."""
    if is_compass_table(seats_at_table):
        return str(COMPASS[position].short)
    return str(position + 1)


def side_short(side: int, nth: int) -> str:
    """The short label of the `nth` (0 or 1) seat of partnership `side` (0 or 1)."""
    return str(COMPASS[_SIDE_POINTS[side][nth]].short)


def longest_short() -> int:
    """How many characters the longest compass short label has in the active language,
    so a printed column can be made wide enough for it."""
    return max(len(str(point.short)) for point in COMPASS)
