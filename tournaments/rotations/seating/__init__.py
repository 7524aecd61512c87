"""Seating within rounds already drawn: who sits North/South, and which table number
each table gets, so players keep their seats balanced and walk as little as possible."""

from __future__ import annotations

from collections.abc import Sequence

from ..schedule import Round
from .sides import balance_seats
from .tables import renumber_tables

__all__ = ["arrange", "balance_seats", "renumber_tables"]


def arrange(rounds: Sequence[Round], *, played: Sequence[Round] = ()) -> tuple[Round, ...]:
    """Balance seats, then renumber tables; `played` rounds are history, left as they are."""
    return renumber_tables(balance_seats(rounds, played=played), played=played)
