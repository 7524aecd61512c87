"""The facade for formats drawn round by round: the next round, and whether the
night is over, for a format named by its code (the planned formats have
`generate` and `replan` instead)."""

from __future__ import annotations

from collections.abc import Sequence

from .drawn import Results, Settings
from .formats import FormatSpec, check_request, per_round_formats, spec
from .schedule import RotationError, Round
from .seating import balance_seats


def drawn_spec(format: str) -> FormatSpec:
    """The spec of a format drawn round by round; RotationError for any other."""
    if format not in per_round_formats():
        try:
            spec(format)
        except RotationError:
            raise RotationError(
                "unknown_format", format=format, formats=", ".join(per_round_formats())
            ) from None
        raise RotationError("planned_ahead", format=format)
    return spec(format)


def check_settings(format: str, settings: Settings) -> None:
    """Refuse a setting the format does not read, a number of rounds below 1, and a
    value the format cannot use."""
    wanted = drawn_spec(format)
    for key in settings:
        if key not in wanted.draw_settings:
            raise RotationError("unknown_setting", format=format, setting=key)
    rounds = settings.get("rounds")
    if rounds is not None and (
        not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1
    ):
        raise RotationError("bad_rounds", rounds=rounds)
    if wanted.check_draw_settings is not None:
        wanted.check_draw_settings(settings)


def next_round(
    format: str,
    players: Sequence[str],
    history: Results,
    *,
    seed: int = 0,
    settings: Settings | None = None,
    ranking: Sequence[str] = (),
) -> Round:
    """The next round for `players` (those playing now, in seed order), drawn from
    the night so far; table 1 the head table. Same arguments, same round."""
    given = settings or {}
    check_settings(format, given)
    check_request(format, players, None)
    draw = drawn_spec(format).next_round
    assert draw is not None  # every per-round spec has one (tests/unit/rotations)
    drawn = draw(players, history, seed=seed, settings=given, ranking=ranking)
    # Each player's seats evened out over the night; the table numbers stay the
    # format's (table 1 is the head table), so they are not renumbered.
    played = tuple(r.as_round() for r in history.rounds)
    return balance_seats((drawn,), played=played)[0]


def night_over(format: str, history: Results, *, settings: Settings | None = None) -> bool:
    """Whether the format has nothing left to draw after `history`."""
    given = settings or {}
    check_settings(format, given)
    over = drawn_spec(format).night_over
    assert over is not None
    return over(history, settings=given)
