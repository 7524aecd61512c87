"""Exhaustive sweeps over field sizes, with a few sizes kept for a developer's quick run.

CI (`make test`) runs every size. `make quick` (pytest -m "not slow") runs only the
sizes in `quick`, chosen to cover each case the test distinguishes (players mod 4,
the size thresholds), so a quick run still exercises every assertion.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import pytest


def sweep(sizes: Iterable[int], *, quick: Collection[int]) -> list:
    """`sizes` as parameters, those outside `quick` marked slow (their ids unchanged)."""
    return [n if n in quick else pytest.param(n, marks=pytest.mark.slow) for n in sizes]
