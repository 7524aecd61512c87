"""Seated by standings with fresh partners (`ranked-progressive`): each round the
players are ranked by the night's standings, and each table, from the head table
down, takes the best-ranked player not yet seated and three of the next `window`
places (7 unless set), choosing the four and the split with the fewest repeated
partners, then opponents, then the closest ranks. The work is bounded: at most
C(7, 3) = 35 groups of four times 3 splits a table.

Byes as in seated-by-standings: the fewest sat out so far, the lowest placed first.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..drawn import Results, Settings
from ..errors import RotationError
from ..schedule import Round, Table
from .by_standings import TABLE, byes_from_bottom, standing_order
from .meetings import PAIRINGS, night_so_far, repeats, sides_of

WINDOW = 7
# More than this would be a search over the whole field, not the next few places.
MOST_WINDOW = 20


def check_settings(settings: Settings) -> None:
    window = settings.get("window", WINDOW)
    if (
        not isinstance(window, int)
        or isinstance(window, bool)
        or not TABLE - 1 <= window <= MOST_WINDOW
    ):
        raise RotationError("bad_window", window=window, least=TABLE - 1, most=MOST_WINDOW)


def next_round(
    players: Sequence[str],
    history: Results,
    *,
    seed: int,
    settings: Settings,
    ranking: Sequence[str],
) -> Round:
    window = settings.get("window", WINDOW)
    assert isinstance(window, int)
    order = standing_order(players, ranking)
    byes = byes_from_bottom(order, history)
    unseated = [p for p in order if p not in byes]
    rank = {p: place for place, p in enumerate(unseated)}
    met = night_so_far(history)
    tables: list[Table] = []
    while unseated:
        head, rest = unseated[0], unseated[1 : 1 + window]
        best = None
        for others in combinations(rest, TABLE - 1):
            group = (head, *others)
            closeness = sum(rank[p] for p in others)
            for pairing in PAIRINGS:
                sides = sides_of(group, pairing)
                cost = (*repeats(sides, met), closeness)
                if best is None or cost < best[0]:
                    best = (cost, sides)
        assert best is not None
        sides = best[1]
        tables.append(Table(len(tables) + 1, sides))
        taken = {p for side in sides for p in side}
        unseated = [p for p in unseated if p not in taken]
    return Round(history.rounds_played + 1, tuple(tables), tuple(p for p in order if p in byes))
