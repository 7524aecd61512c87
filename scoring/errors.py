"""Problems a scorer or organiser can meet that are not Euchre rules.

Rule problems come from the engine as EngineError; `RuleBroken` carries one to the
web and API layers with the same `code` and `message` shape as ScoringError.
"""

from __future__ import annotations

from scoring.engine import EngineError


class ScoringError(Exception):
    """A refused write, told by a stable `code` and a translated `message`."""

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = str(message)
        super().__init__(self.message)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class RuleBroken(ScoringError):
    """A hand or total the rules refuse; `engine_error` keeps the engine's details."""

    def __init__(self, engine_error: EngineError, message: str):
        self.engine_error = engine_error
        super().__init__(engine_error.code, message)
