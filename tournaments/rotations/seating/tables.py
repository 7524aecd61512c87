"""Table numbers: each round's tables numbered so players walk as little as possible."""

from __future__ import annotations

from collections.abc import Sequence

from ..schedule import Round, Table
from .assignment import greedy_assignment, max_assignment

# Above this many tables a round is numbered greedily (largest stays first): the
# O(k^3) assignment in pure Python costs more than the few moves it saves there.
_HUNGARIAN_MAX_TABLES = 16


def renumber_tables(rounds: Sequence[Round], *, played: Sequence[Round] = ()) -> tuple[Round, ...]:
    """Number tables 1..k in each round so as many players as possible stay at the
    table number they last played at.

    Round by round, an optimal assignment (Hungarian method) of tables to numbers
    maximises the players who stay. Chaining optimal rounds is not optimal overall,
    so the result is kept only if it moves players less than the numbering as drawn.
    """
    last_table = _last_tables(played)
    drawn_moves = _moves(rounds, _last_tables(played))
    renumbered = []
    for r in rounds:
        k = len(r.tables)
        stays = [[0] * k for _ in range(k)]
        for i, t in enumerate(r.tables):
            for p in t.players:
                number = last_table.get(p)
                if number is not None and 1 <= number <= k:
                    stays[i][number - 1] += 1
        if k <= _HUNGARIAN_MAX_TABLES:
            assignment = max_assignment(stays)
        else:
            assignment = greedy_assignment(stays)
        tables = sorted(
            (Table(assignment[i] + 1, t.sides) for i, t in enumerate(r.tables)),
            key=lambda t: t.number,
        )
        for t in tables:
            for p in t.players:
                last_table[p] = t.number
        renumbered.append(Round(number=r.number, tables=tuple(tables), byes=r.byes))
    if _moves(renumbered, _last_tables(played)) > drawn_moves:
        return tuple(rounds)
    return tuple(renumbered)


def _last_tables(played: Sequence[Round]) -> dict[str, int]:
    last_table: dict[str, int] = {}
    for r in played:
        for t in r.tables:
            for p in t.players:
                last_table[p] = t.number
    return last_table


def _moves(rounds: Sequence[Round], last_table: dict[str, int]) -> int:
    moves = 0
    for r in rounds:
        for t in r.tables:
            for p in t.players:
                if p in last_table and last_table[p] != t.number:
                    moves += 1
                last_table[p] = t.number
    return moves
