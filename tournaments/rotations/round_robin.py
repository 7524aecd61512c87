"""Round robin of fixed entrants: teams of two (tables of 4), of three (tables of 6), or
single players (heads-up), by the circle method (Berger tables)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .schedule import RotationError, Round, Table

Entrant = tuple[str, ...]


def circle_rounds(count: int) -> list[tuple[list[tuple[int, int]], list[int]]]:
    """One full round robin over entrants 0..count-1: per round, its pairings and byes.

    With an odd count a ghost entrant is added; whoever meets the ghost has the bye,
    so every entrant sits out exactly once and never in two rounds running.
    """
    slots = list(range(count)) + ([-1] if count % 2 else [])
    size = len(slots)
    rounds = []
    for r in range(size - 1):
        pairings, byes = [], []
        for i in range(size // 2):
            a, b = slots[i], slots[size - 1 - i]
            # Alternate which entrant is listed first at the fixed slot so the
            # anchor entrant does not always take the same side.
            if i == 0 and r % 2:
                a, b = b, a
            if a == -1 or b == -1:
                byes.append(b if a == -1 else a)
            else:
                pairings.append((a, b))
        rounds.append((pairings, byes))
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds


def complete_rounds(count: int) -> int:
    """Rounds in one full round robin of `count` entrants."""
    return count if count % 2 else count - 1


def entrant_rounds(
    entrants: Sequence[Entrant], rounds: int | None, *, seed: int = 0
) -> tuple[Round, ...]:
    """Rounds where whole entrants face each other; each entrant is one side at a table.

    More rounds than a full round robin repeat it from the start, so every pair of
    entrants meets once before any pair meets a third time and byes stay within one.
    """
    if len(entrants) < 2:
        raise RotationError("too_few_entrants")
    order = list(entrants)
    random.Random(seed).shuffle(order)
    cycle = circle_rounds(len(order))
    wanted = len(cycle) if rounds is None else rounds
    if wanted < 1:
        raise RotationError("bad_rounds", rounds=wanted)
    result = []
    for r in range(wanted):
        pairings, byes = cycle[r % len(cycle)]
        tables = tuple(
            Table(number=i + 1, sides=(order[a], order[b])) for i, (a, b) in enumerate(pairings)
        )
        bye_players = tuple(p for e in byes for p in order[e])
        result.append(Round(number=r + 1, tables=tables, byes=bye_players))
    return tuple(result)


def group_teams(
    players: Sequence[str], size: int, teams: Sequence[Sequence[str]] | None
) -> list[Entrant]:
    """The fixed teams: as given, or consecutive players grouped in list order."""
    if teams is None:
        if len(players) % size:
            raise RotationError("players_not_divisible", count=len(players), size=size)
        return [tuple(players[i : i + size]) for i in range(0, len(players), size)]
    grouped = [tuple(team) for team in teams]
    if any(len(team) != size for team in grouped):
        raise RotationError("bad_team_size", size=size)
    seated = [p for team in grouped for p in team]
    if sorted(seated) != sorted(players) or len(set(seated)) != len(seated):
        raise RotationError("teams_do_not_match_players")
    return grouped
