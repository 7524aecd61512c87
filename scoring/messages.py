"""Engine error codes turned into a scorer's words, in the scorer's language.

The engine keeps English templates marked with gettext_noop; here they are
translated and filled in, with seat numbers replaced by the names of the players
sitting there, because nobody at a table thinks of themselves as "seat 2".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import EngineError
from scoring.engine.errors import IN_HAND_TEMPLATE

from .errors import RuleBroken

SUIT_NAMES = {
    "clubs": _("clubs"),
    "diamonds": _("diamonds"),
    "hearts": _("hearts"),
    "spades": _("spades"),
}

# Params that hold one engine seat number, by error code.
_SEAT_PARAMS: Mapping[str, tuple[str, ...]] = {
    "loner_passed": ("seat",),
    "wrong_dealer": ("expected", "dealer"),
}
# Params that hold seats joined with ", ".
_SEAT_LIST_PARAMS: Mapping[str, tuple[str, ...]] = {
    "hand_after_game_over": ("winner",),
}
_SUIT_PARAMS = ("suit", "trump")


def engine_message(error: EngineError, seat_names: Sequence[str] | None = None) -> str:
    """The error in the active language, naming players instead of seat numbers."""
    params = dict(error.params)
    if seat_names:
        for name in _SEAT_PARAMS.get(error.code, ()):
            params[name] = _seat_name(params.get(name), seat_names)
        for name in _SEAT_LIST_PARAMS.get(error.code, ()):
            seats = str(params.get(name, "")).split(", ")
            params[name] = ", ".join(_seat_name(seat, seat_names) for seat in seats)
    for name in _SUIT_PARAMS:
        if params.get(name) in SUIT_NAMES:
            params[name] = str(SUIT_NAMES[params[name]])
    try:
        problem = gettext(error.template) % params
    except (KeyError, TypeError, ValueError):
        problem = error.message
    if error.hand is None:
        return problem
    return gettext(IN_HAND_TEMPLATE) % {"hand": error.hand, "problem": problem}


def rule_broken(error: EngineError, seat_names: Sequence[str] | None = None) -> RuleBroken:
    return RuleBroken(error, engine_message(error, seat_names))


def _seat_name(value: object, seat_names: Sequence[str]) -> str:
    try:
        index = int(str(value))
    except ValueError:
        return str(value)
    if 0 <= index < len(seat_names):
        return seat_names[index]
    return str(value)
