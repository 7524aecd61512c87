"""Triple systems stored as base rounds on copies of Z_m plus fixed points
(kirkman_near, hanani): developing them by shifts, and counting who meets whom.

Point (x, c) of copy c is numbered c*m + x; points from `finite` on are fixed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def shifted_tables(flat: Sequence[int], m: int, finite: int, shift: int) -> list[tuple[int, ...]]:
    """A base round (triples read three at a time) with every (x, c) moved to
    (x + shift, c); fixed points stay where they are."""

    def move(p: int) -> int:
        return p if p >= finite else p - p % m + (p % m + shift) % m

    return [tuple(move(p) for p in flat[i : i + 3]) for i in range(0, len(flat), 3)]


def pair_meetings(n: int, rounds: Iterable[Sequence[tuple[int, ...]]]) -> list[int]:
    """How often each pair shares a table, as a flat n*n table (both orders)."""
    met = [0] * (n * n)
    for tables in rounds:
        for a, b, c in tables:
            for x, y in ((a, b), (a, c), (b, c)):
                met[x * n + y] += 1
                met[y * n + x] += 1
    return met


def whole_rounds_problem(n: int, built: Sequence[Sequence[tuple[int, ...]]], rounds: int) -> str:
    """Empty string when `built` has `rounds` rounds, each seating all of 0..n-1 once
    at tables of three, else what is wrong."""
    if len(built) != rounds:
        return f"{len(built)} rounds, expected {rounds}"
    for number, tables in enumerate(built):
        if sorted(p for t in tables for p in t) != list(range(n)) or any(
            len(t) != 3 for t in tables
        ):
            return f"round {number} does not seat every player once at tables of three"
    return ""
