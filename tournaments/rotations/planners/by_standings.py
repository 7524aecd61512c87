"""Seated by standings: each round, the top four players share table 1, the next
four table 2, and so on. A format for proving the per-round branch (registered
only where the test settings enable it), and the simplest "king of the hill".

Who sits out, when the players do not fill the tables: those who have sat out
least, the lowest placed first, so a bye never falls twice on one player before
everyone has had one. A round a player missed (a late arrival) counts as sitting
out, as in the planned formats' re-plan: they have already waited a round. Partners
within a table are drawn with the seed, so a redraw (the next seed) can seat them
differently.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..drawn import Results, Settings
from ..schedule import Round, Table

TABLE = 4
# The three ways four players make two pairs, as places in the group of four.
_PAIRINGS = (((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3)))


def standing_order(players: Sequence[str], ranking: Sequence[str]) -> list[str]:
    """`players` in standings order; anyone the standings do not list yet (a late
    arrival) after them, in seed order."""
    playing = set(players)
    ranked = list(dict.fromkeys(p for p in ranking if p in playing))
    placed = set(ranked)
    return ranked + [p for p in players if p not in placed]


def rounds_sat_out(players: Sequence[str], history: Results) -> dict[str, int]:
    """Rounds drawn so far in which each player had no seat: a bye, or not there yet."""
    sat_out = dict.fromkeys(players, 0)
    for played in history.rounds:
        seated = set(played.seated)
        for player in players:
            if player not in seated:
                sat_out[player] += 1
    return sat_out


def byes_from_bottom(order: Sequence[str], history: Results) -> set[str]:
    """Who sits out when `order` does not fill the tables: those who have sat out
    least, the lowest in `order` first."""
    sat_out = rounds_sat_out(order, history)
    from_bottom = sorted(range(len(order)), key=lambda place: (sat_out[order[place]], -place))
    return {order[place] for place in from_bottom[: len(order) % TABLE]}


def next_round(
    players: Sequence[str],
    history: Results,
    *,
    seed: int,
    settings: Settings,
    ranking: Sequence[str],
) -> Round:
    # The request was checked once for every format (rotations.next_round).
    order = standing_order(players, ranking)
    byes = byes_from_bottom(order, history)
    seated = [p for p in order if p not in byes]
    draw = random.Random(seed)
    tables = []
    for number, start in enumerate(range(0, len(seated), TABLE), start=1):
        group = seated[start : start + TABLE]
        pairing = _PAIRINGS[draw.randrange(len(_PAIRINGS))]
        tables.append(Table(number, tuple(tuple(group[i] for i in side) for side in pairing)))
    return Round(
        history.rounds_played + 1,
        tuple(tables),
        tuple(p for p in order if p in byes),
    )


def night_over(history: Results, *, settings: Settings) -> bool:
    """Over once the rounds set (`settings["rounds"]`) have been played and confirmed."""
    rounds = settings.get("rounds")
    if not isinstance(rounds, int) or isinstance(rounds, bool):
        return False
    return history.rounds_played >= rounds and history.all_confirmed
