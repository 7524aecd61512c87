"""Problems a scorer or organiser can meet that are not Euchre rules.

They are the project's one DomainError (core.errors). Rule problems come
from the engine as EngineError; `RuleBroken` carries one to the web and API layers,
worded by scoring.messages when shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.errors import DomainError
from scoring.engine import EngineError
from scoring.messages import engine_message


class RuleBroken(DomainError):
    """A hand, total or option the rules refuse; `engine_error` keeps the engine's
    code, template and hand, and `seat_names` the players the message names."""

    def __init__(
        self,
        engine_error: EngineError,
        message: str | None = None,
        *,
        seat_names: Sequence[str] | None = None,
        prefix: str = "",
    ):
        self.engine_error = engine_error
        self.seat_names = list(seat_names) if seat_names else None
        super().__init__(prefix + engine_error.code, message)

    @property
    def message(self) -> str:
        if self._message is not None:
            return str(self._message)
        return engine_message(self.engine_error, self.seat_names)

    def message_under(self, shown_hand: int) -> str:
        """The message on a form headed with hand `shown_hand`: a problem in that hand
        is told without its number, one elsewhere (a later hand the change broke) with it."""
        if self._message is not None:
            return str(self._message)
        return engine_message(self.engine_error, self.seat_names, shown_hand=shown_hand)
