"""Round robin of fixed entrants: teams of two (tables of 4), of three (tables of 6), or
single players (heads-up), by the circle method (Berger tables)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from ..history import History
from ..schedule import RotationError, Round, Table, pair

_PAIRING_TRIES = 6
_PLAN_TRIES = 16

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


def replan_rounds(
    entrants: list[Entrant], rounds: int, history: History, *, seed: int = 0
) -> tuple[Round, ...]:
    """Rounds of whole entrants facing each other, round by round: byes to those who
    have sat out least, then a pairing with the fewest and most spread rematches.

    Two entrants have met as often as any of their players have faced each other,
    so a team with a substitute keeps the meetings of the player who stayed.
    """
    rng = random.Random(seed)
    count = len(entrants)
    met = [[0] * count for _ in range(count)]
    for i, j in combinations(range(count), 2):
        met[i][j] = met[j][i] = max(
            history.opponents.get(pair(x, y), 0) for x in entrants[i] for y in entrants[j]
        )
    byes = [min(history.bye_count(p) for p in e) for e in entrants]
    last_byes = set(history.last_byes)
    # Pairing round by round cannot look ahead, so several whole plans are drawn
    # and the one whose busiest pair meets least (then fewest repeats) is kept.
    plans = [
        _plan_entrants(entrants, rounds, [row[:] for row in met], byes[:], last_byes, rng)
        for _ in range(_PLAN_TRIES)
    ]
    return min(plans, key=lambda plan: plan[0])[1]


def _plan_entrants(
    entrants: list[Entrant],
    rounds: int,
    met: list[list[int]],
    byes: list[int],
    last_byes: set[str],
    rng: random.Random,
) -> tuple[tuple[int, int], tuple[Round, ...]]:
    count = len(entrants)
    result = []
    for number in range(1, rounds + 1):
        order = list(range(count))
        rng.shuffle(order)
        order.sort(key=lambda e: (byes[e], any(p in last_byes for p in entrants[e])))
        sitting_out = order[: count % 2]
        pairs = _pairing([e for e in range(count) if e not in sitting_out], met, rng)
        for a, b in pairs:
            met[a][b] += 1
            met[b][a] += 1
        for e in sitting_out:
            byes[e] += 1
        last_byes = {p for e in sitting_out for p in entrants[e]}
        result.append(
            Round(
                number=number,
                tables=tuple(
                    Table(number=k + 1, sides=(entrants[a], entrants[b]))
                    for k, (a, b) in enumerate(pairs)
                ),
                byes=tuple(p for e in sitting_out for p in entrants[e]),
            )
        )
    score = (max(max(row) for row in met), sum(c * c for row in met for c in row))
    return score, tuple(result)


def _pairing(
    entrants: list[int], met: list[list[int]], rng: random.Random
) -> list[tuple[int, int]]:
    """A pairing of an even number of entrants with low total squared meetings:
    the best of several seeded greedy pairings, each improved by swapping
    opponents between two tables while that helps."""

    def cost(a: int, b: int) -> int:
        return (met[a][b] + 1) ** 2

    best: list[tuple[int, int]] = []
    best_cost = None
    for _ in range(_PAIRING_TRIES):
        free = entrants[:]
        rng.shuffle(free)
        pairs = []
        while free:
            a = free.pop()
            b = min(free, key=lambda x: cost(a, x))
            free.remove(b)
            pairs.append((a, b))
        improved = True
        while improved:
            improved = False
            for i, j in combinations(range(len(pairs)), 2):
                (a, b), (c, d) = pairs[i], pairs[j]
                now = cost(a, b) + cost(c, d)
                if cost(a, c) + cost(b, d) < now:
                    pairs[i], pairs[j] = (a, c), (b, d)
                    improved = True
                elif cost(a, d) + cost(b, c) < now:
                    pairs[i], pairs[j] = (a, d), (b, c)
                    improved = True
        total = sum(cost(a, b) for a, b in pairs)
        if best_cost is None or total < best_cost:
            best, best_cost = pairs, total
    return best
