"""The one exception tournament services raise for problems an organiser can fix."""

from __future__ import annotations

from collections.abc import Iterable


class TournamentError(Exception):
    """A refused request, told by a stable `code` and a translated `message`.

    `details` carries one plain sentence per problem when there are several (an
    import lists every bad line, each starting with its line number), so a page
    can show them all at once instead of one per attempt.
    """

    def __init__(self, code: str, message: object, details: Iterable[object] = ()) -> None:
        self.code = code
        # Rendered now: lazy strings are formatted in the language active where
        # the problem was found, which is the request that will show it.
        self.message = str(message)
        self.details: list[str] = [str(detail) for detail in details]
        super().__init__(self.message)

    def __repr__(self) -> str:
        return f"TournamentError({self.code!r}, {self.message!r})"
