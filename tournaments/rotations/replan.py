"""Planning the rest of an event after the field changed: someone left, arrived
late, or a substitute came in. Rounds already played are never touched.

Byes: a player who missed played rounds (a late arrival, or a withdrawal who
returns) counts each missed round as a bye. Sitting out is what a bye costs a
player, and a late arrival has already sat out those rounds, so they are not
handed further byes before players who have played every round.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from . import cutthroat, progressive, seating
from .history import History
from .round_robin import Entrant, group_teams
from .schedule import FORMATS, RotationError, Round, Schedule, Table

TABLE_PLAYERS = {"progressive": 4, "teams": 4, "six-handed": 6, "cutthroat": 3, "heads-up": 2}
TEAM_SIZE = {"teams": 2, "six-handed": 3, "heads-up": 1}

_PAIRING_TRIES = 6
_PLAN_TRIES = 16


def check_request(format: str, players: Sequence[str], rounds: int | None) -> None:
    """Raise RotationError with a plain message for a request no format can seat."""
    if format not in FORMATS:
        raise RotationError("unknown_format", format=format, formats=", ".join(FORMATS))
    if len(set(players)) != len(players):
        raise RotationError("duplicate_players")
    if len(players) < TABLE_PLAYERS[format]:
        raise RotationError(
            "too_few_players", format=format, least=TABLE_PLAYERS[format], count=len(players)
        )
    size = TEAM_SIZE.get(format, 1)
    if len(players) % size:
        raise RotationError("players_not_divisible", count=len(players), size=size)
    if rounds is not None and rounds < 1:
        raise RotationError("bad_rounds", rounds=rounds)


def replan(
    schedule_played: Schedule,
    players: Sequence[str],
    total_rounds: int,
    *,
    seed: int = 0,
    teams: Sequence[Sequence[str]] | None = None,
) -> Schedule:
    """The played rounds unchanged, then new rounds numbered on up to `total_rounds`
    for `players` (the field from now on). The schedule's player list keeps everyone
    who appears anywhere: the played players, then new arrivals; someone who left
    appears in neither the tables nor the byes of the new rounds."""
    played = schedule_played.rounds
    format = schedule_played.format
    check_request(format, players, None)
    if total_rounds < len(played):
        raise RotationError("rounds_already_played", played=len(played), total=total_rounds)
    remaining = total_rounds - len(played)
    field = _with_missed_rounds_as_byes(played, players)
    if remaining == 0:
        drawn: tuple[Round, ...] = ()
    elif format == "progressive":
        drawn = progressive.generate(
            players, remaining, seed=seed, history=History.from_rounds(field)
        )
    elif format == "cutthroat":
        met = Counter(
            frozenset(pair) for r in played for t in r.tables for pair in combinations(t.players, 2)
        )
        byes = Counter(p for r in field for p in r.byes)
        last = field[-1].byes if field else ()
        drawn = cutthroat.generate(
            players, remaining, seed=seed, met=dict(met), byes=dict(byes), last_byes=last
        )
    else:
        entrants = group_teams(players, TEAM_SIZE[format], teams)
        drawn = _entrant_rounds(entrants, remaining, field, random.Random(seed))
    numbered = tuple(
        Round(number=len(played) + i + 1, tables=r.tables, byes=r.byes) for i, r in enumerate(drawn)
    )
    every_player = tuple(dict.fromkeys((*schedule_played.players, *players)))
    return Schedule(
        format=format,
        players=every_player,
        rounds=(*played, *seating.arrange(numbered, played=played)),
    )


def _with_missed_rounds_as_byes(
    played: Sequence[Round], players: Sequence[str]
) -> tuple[Round, ...]:
    """Played rounds with every listed player who was not there added to the byes."""
    rounds = []
    for r in played:
        present = set(r.seated) | set(r.byes)
        missed = tuple(p for p in players if p not in present)
        rounds.append(Round(number=r.number, tables=r.tables, byes=(*r.byes, *missed)))
    return tuple(rounds)


def _entrant_rounds(
    entrants: list[Entrant], rounds: int, field: Sequence[Round], rng: random.Random
) -> tuple[Round, ...]:
    """Rounds of whole entrants facing each other, round by round: byes to those who
    have sat out least, then a pairing with the fewest and most spread rematches.

    Two entrants have met as often as any of their players have faced each other,
    so a team with a substitute keeps the meetings of the player who stayed.
    """
    faced: Counter[frozenset[str]] = Counter()
    player_byes: Counter[str] = Counter()
    for r in field:
        for t in r.tables:
            for a, b in combinations(t.sides, 2):
                faced.update(frozenset((x, y)) for x in a for y in b)
        player_byes.update(r.byes)
    count = len(entrants)
    met = [[0] * count for _ in range(count)]
    for i, j in combinations(range(count), 2):
        met[i][j] = met[j][i] = max(
            faced[frozenset((x, y))] for x in entrants[i] for y in entrants[j]
        )
    byes = [min(player_byes[p] for p in e) for e in entrants]
    last_byes = set(field[-1].byes) if field else set()
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
