"""What the shell asks of a format: read from the rotations' registry and, for who
sits with a partner, from the engine's games. Pages, printing and standings ask
here instead of listing formats themselves."""

from __future__ import annotations

from scoring.engine.rules import PARTNERS, VARIANTS
from tournaments.rotations import FormatSpec, RotationError, spec


def spec_of(fmt: str) -> FormatSpec | None:
    """The format's definition (a trial one where enabled), None for one not offered here."""
    try:
        return spec(fmt)
    except RotationError:
        return None


def fixed_teams(fmt: str) -> bool:
    """Players keep their partners all night and rank as teams (teams, six-handed)."""
    spec = spec_of(fmt)
    return spec is not None and spec.fixed_teams


def partnered(fmt: str) -> bool:
    """Every game the format plays seats partnerships (cutthroat and heads-up do not)."""
    spec = spec_of(fmt)
    return spec is not None and all(VARIANTS[v].seating == PARTNERS for v in spec.variants)


def partners_rotate(fmt: str) -> bool:
    """Players change partners from round to round: partnership games without fixed teams."""
    return partnered(fmt) and not fixed_teams(fmt)
