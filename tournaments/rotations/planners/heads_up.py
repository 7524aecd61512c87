"""Heads-up (two-handed) rotation: every player meets every other once, one per table."""

from __future__ import annotations

from collections.abc import Sequence

from ..schedule import Round
from .round_robin import entrant_rounds


def generate(
    players: Sequence[str], rounds: int | None = None, *, seed: int = 0
) -> tuple[Round, ...]:
    """Complete (rounds=None): n-1 rounds for even n, n rounds (one bye each) for odd n."""
    # The request was checked once for every format (formats.check_request).
    return entrant_rounds([(p,) for p in players], rounds, seed=seed)
