"""What a table of four costs in meetings already had this night, for the formats
drawn round by round that choose among the ways four players make two pairs."""

from __future__ import annotations

from collections.abc import Sequence

from ..drawn import Results
from ..history import History
from ..schedule import pair

# The three ways four players make two pairs, as places in the group of four; the
# first is 1&3 against 2&4.
PAIRINGS = (((0, 2), (1, 3)), ((0, 3), (1, 2)), ((0, 1), (2, 3)))

Sides = tuple[tuple[str, str], tuple[str, str]]


def night_so_far(history: Results) -> History:
    return History.from_rounds(r.as_round() for r in history.rounds)


def sides_of(group: Sequence[str], pairing: tuple[tuple[int, int], ...]) -> Sides:
    (a, b), (c, d) = pairing
    return (group[a], group[b]), (group[c], group[d])


def repeats(sides: Sides, met: History) -> tuple[int, int]:
    """Partners who have partnered before, then opponents' earlier meetings."""
    partners = sum(met.partnered(*side) for side in sides)
    opponents = sum(met.opponents.get(pair(a, b), 0) for a in sides[0] for b in sides[1])
    return partners, opponents
