"""Progressive Euchre rotations: new partners every round, opponents spread evenly.

Internally players are the indices 0..n-1 of a seeded shuffle of the names, so
the seed picks which real player takes which place in a construction. Complete
schedules (rounds=None) come from whist designs (see designs/whist); a given number
of rounds comes from the best of a whist prefix, a rainbow movement and a
random seating, polished by the local search in planners/local_search.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...history import History
from ...schedule import Round, Table
from ..local_search import Counts
from .complete_schedules import complete, complete_length, is_exact_complete
from .rounds import from_complete, judge, plan

__all__ = ["complete", "complete_length", "generate", "is_exact_complete", "plan"]

# Complete schedules above this size may take a search at run time, so plans
# for more players do not try to start from one (see rounds.from_complete).
_FROM_COMPLETE_UP_TO = 200


def generate(
    players: Sequence[str],
    rounds: int | None = None,
    *,
    seed: int = 0,
    history: History | None = None,
) -> tuple[Round, ...]:
    """Rounds numbered from 1 with tables numbered 1..k; see the module docstring."""
    # The request was checked once for every format (formats.check_request): at
    # least a table's players, each once, at least one round.
    names = list(players)
    n = len(names)
    history = history or History.empty()
    rng = random.Random(seed)
    order = list(range(n))
    rng.shuffle(order)
    index_names = [names[i] for i in order]
    if rounds is None and history.rounds_played == 0:
        seatings, byes = complete(n)
    else:
        count = rounds if rounds is not None else max(1, complete_length(n) - history.rounds_played)
        base, bye_counts, last = _history_counts(history, index_names)
        seatings, byes = plan(n, count, rng, base, bye_counts, last)
        if history.rounds_played == 0 and n <= _FROM_COMPLETE_UP_TO:
            mine = judge(n, (seatings, byes))
            other = from_complete(n, count, rng) if mine[-1] > 0 else None
            if other is not None and judge(n, other) < mine:
                seatings, byes = other
    return _to_rounds(index_names, seatings, byes)


def _history_counts(
    history: History, index_names: Sequence[str]
) -> tuple[Counts, list[int], set[int]]:
    """History in index terms; players no longer in the event are dropped."""
    n = len(index_names)
    where = {name: i for i, name in enumerate(index_names)}
    base = Counts.zero(n)
    for a, b in history.partners:
        if a in where and b in where:
            base.partners[base.key(where[a], where[b])] += 1
    for (a, b), count in history.opponents.items():
        if a in where and b in where:
            base.opponents[base.key(where[a], where[b])] += count
    byes = [history.bye_count(name) for name in index_names]
    last = {where[name] for name in history.last_byes if name in where}
    return base, byes, last


def _to_rounds(
    names: Sequence[str], seatings: Sequence[Sequence[int]], byes: Sequence[Sequence[int]]
) -> tuple[Round, ...]:
    out = []
    for number, (seats, sitting_out) in enumerate(zip(seatings, byes, strict=True), start=1):
        seated = [names[p] for p in seats]
        tables = tuple(
            Table(number=t // 4 + 1, sides=(tuple(seated[t : t + 2]), tuple(seated[t + 2 : t + 4])))
            for t in range(0, len(seats), 4)
        )
        out.append(Round(number=number, tables=tables, byes=tuple(names[p] for p in sitting_out)))
    return tuple(out)
