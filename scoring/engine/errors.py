"""The one exception the engine raises: a stable code plus a plain-words message."""

from __future__ import annotations

from collections.abc import Mapping

# Shared with the rotation engine, so the Django side has one kind of plural to translate.
from core.plural import Plural as Plural
from core.plural import ngettext_lazy as ngettext_lazy


def gettext_noop(message: str) -> str:
    # Marks a template for Django's makemessages without importing Django here;
    # the Django layer translates with gettext(error.template) % error.params.
    return message


# Wraps a problem found inside a game so the scorer knows which hand to fix.
IN_HAND_TEMPLATE = gettext_noop("Hand %(hand)s: %(problem)s")


class EngineError(Exception):
    """A rule or input problem, told by a stable `code` and an English `message`.

    `template` and `params` stay on the error so a translating layer can render
    gettext(template) % params; `hand` is the 1-based hand number inside a game.
    """

    def __init__(
        self,
        code: str,
        template: str,
        params: Mapping[str, object] | None = None,
        *,
        hand: int | None = None,
    ):
        self.code = code
        self.template = template
        self.params: dict[str, object] = dict(params or {})
        self.hand = hand
        super().__init__(self.message)

    @property
    def problem(self) -> str:
        try:
            return self.template % self.params
        except (KeyError, TypeError, ValueError):
            return self.template

    @property
    def message(self) -> str:
        if self.hand is None:
            return self.problem
        return IN_HAND_TEMPLATE % {"hand": self.hand, "problem": self.problem}

    def in_hand(self, number: int) -> EngineError:
        """The same error, told as happening in hand `number` of a game."""
        return EngineError(self.code, self.template, self.params, hand=number)

    def __repr__(self) -> str:
        return f"EngineError({self.code!r}, {self.message!r})"


def shown(value: object) -> str:
    """A short, safe rendering of a scorer's input for a message (never recurses)."""
    if isinstance(value, str):
        return value if len(value) <= 40 else value[:37] + "..."
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**12 else "a very large number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
