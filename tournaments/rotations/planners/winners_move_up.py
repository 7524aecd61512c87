"""Winners move up (`dynamic-progressive`): the progressive night clubs play. After
each round the winners of a table move up one table and the losers down one, and
partners split: each newcomer partners one of the pair already there.

Round 1 seats the players in the order given (`first="listed"`, the seed order) or
shuffled with the seed (`first="random"`), four a table from table 1 (the head
table), 1st and 3rd of the four against 2nd and 4th; the last n % 4 sit out.

The movement is a line of seats from the head table to the foot: after the moves
(`moves`), each table's arrivals in order, winners before losers. A force-closed
table (no points) keeps its players and is stepped over: the pairs that would have
moved to it go on to the next played table. A player who left is taken out of the
line, a player back from a bye or arriving late joins it at the foot, the byes are
taken out (the fewest byes so far, among equals the lowest in the line: foot table
first, losers before winners), and the line is cut into tables of four again, so
everyone below a vacated seat moves up and a table is added or removed at the foot.

`split="colour"`: each player holds a red or a white card for the night, by seed
order: places 1 and 2 of every four red, 3 and 4 white (late arrivals continue the
count), so round 1's 1&3 against 2&4 is red and white on both sides.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..drawn import PlayedTable, Results, Settings
from ..errors import RotationError
from ..history import History
from ..schedule import Round, Table
from .by_standings import TABLE, byes_from_bottom
from .meetings import PAIRINGS, Sides, night_so_far, repeats, sides_of

MOVES = ("winners-up-losers-down", "winners-up-losers-stay", "losers-down-winners-stay")
SPLITS = ("fewest-repeats", "colour", "random")
FIRSTS = ("listed", "random")
CHOICES = {"moves": MOVES, "split": SPLITS, "first": FIRSTS}


def check_settings(settings: Settings) -> None:
    for setting, choices in CHOICES.items():
        value = settings.get(setting, choices[0])
        if value not in choices:
            raise RotationError(
                "bad_setting_choice", setting=setting, value=value, choices=", ".join(choices)
            )


def _winner(table: PlayedTable, round_number: int) -> int:
    assert table.points is not None
    best = max(table.points)
    ahead = [side for side, points in enumerate(table.points) if points == best]
    if len(ahead) == 1:
        return ahead[0]
    if table.decided_by is None:
        raise RotationError("tie_undecided", table=table.number, round=round_number)
    return table.decided_by


def _line_after(history: Results, moves: str) -> list[str]:
    """The last round's players in movement order after the moves, head to foot."""
    last = history.rounds[-1]
    tables = sorted(last.tables, key=lambda t: t.number)
    played = [t for t in tables if t.confirmed]
    # Each table's arrivals: a force-closed table's own four, winners, then losers.
    arrivals: dict[int, list[tuple[str, ...]]] = {
        t.number: [] if t.confirmed else [t.players] for t in tables
    }
    losers_to: dict[int, list[tuple[str, ...]]] = {t.number: [] for t in tables}
    for place, t in enumerate(played):
        won = _winner(t, last.number)
        winners, losers = t.sides[won], t.sides[1 - won]
        up, down = place - 1, place + 1
        if moves == "winners-up-losers-down":
            up, down = max(up, 0), min(down, len(played) - 1)
        elif moves == "winners-up-losers-stay":
            up, down = up % len(played), place
        else:
            up, down = place, down % len(played)
        arrivals[played[up].number].append(winners)
        losers_to[played[down].number].append(losers)
    for number, pairs in losers_to.items():
        arrivals[number].extend(pairs)
    return [p for t in tables for group in arrivals[t.number] for p in group]


def _colours(players: Sequence[str], history: Results) -> dict[str, int]:
    order = list(dict.fromkeys((*history.players, *players)))
    return {p: (place % 4) // 2 for place, p in enumerate(order)}


def _split(
    group: list[str],
    *,
    split: str,
    met: History,
    last_partners: set[tuple[str, ...]],
    colour: dict[str, int],
    draw: random.Random,
) -> Sides:
    def fresh(pairing: tuple) -> bool:
        return not any(tuple(sorted(side)) in last_partners for side in sides_of(group, pairing))

    # Last round's partners among any four are at most two pairs, each ruling out one
    # of the three pairings, so one is always left.
    allowed = [p for p in PAIRINGS if fresh(p)]
    if split == "random":
        return sides_of(group, allowed[draw.randrange(len(allowed))])

    def cost(pairing: tuple) -> tuple:
        sides = sides_of(group, pairing)
        mixed = sum(colour[a] != colour[b] for a, b in sides) if split == "colour" else 0
        # Ties drawn with the seed once there is a night to repeat; round 1 keeps
        # 1&3 against 2&4.
        return (-mixed, *repeats(sides, met), draw.random() if met.rounds_played else 0.0)

    return sides_of(group, min(allowed, key=cost))


def next_round(
    players: Sequence[str],
    history: Results,
    *,
    seed: int,
    settings: Settings,
    ranking: Sequence[str],
) -> Round:
    draw = random.Random(seed)
    playing = set(players)
    if history.rounds:
        moved = _line_after(history, str(settings.get("moves", MOVES[0])))
        line = [p for p in moved if p in playing]
        placed = set(line)
        line += [p for p in players if p not in placed]
        last_partners = {tuple(sorted(side)) for t in history.rounds[-1].tables for side in t.sides}
    else:
        line = list(players)
        if settings.get("first") == "random":
            draw.shuffle(line)
        last_partners = set()
    byes = byes_from_bottom(line, history)
    seated = [p for p in line if p not in byes]
    met = night_so_far(history)
    colour = _colours(players, history)
    split = str(settings.get("split", SPLITS[0]))
    tables = []
    for number, start in enumerate(range(0, len(seated), TABLE), start=1):
        group = seated[start : start + TABLE]
        sides = _split(
            group, split=split, met=met, last_partners=last_partners, colour=colour, draw=draw
        )
        tables.append(Table(number, sides))
    return Round(history.rounds_played + 1, tuple(tables), tuple(p for p in line if p in byes))
