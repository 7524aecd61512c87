"""The one error every service raises for a request it refuses.

A `DomainError` is a key from core.error_catalog and the parameters its words
need. The words are looked up and translated when the error is shown, so the page or
API answer is in the reader's language whatever was active when it was raised, and
its HTTP status comes from the entry's kind, never from the code's spelling.

    raise DomainError("name_too_long", max=limits.TOURNAMENT_NAME_MAX)

Every app raises and catches it under this one name (tests/unit/test_layout.py
forbids other names for it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext

from core.error_catalog import HTTP_STATUS, Kind, entry
from core.plural import Plural


class DomainError(Exception):
    """A refused request: `code` for clients to branch on, `message` for people.

    `details` carries one plain sentence per problem when there are several (an
    import lists every bad line, each starting with its line number), so a page
    can show them all at once instead of one per attempt.

    `DomainError(code, message)` with words already translated is the older shape,
    still accepted while raises move to the catalog; such words stay as they were.
    """

    def __init__(
        self,
        key: str,
        message: object = None,
        /,
        *,
        details: Iterable[object] = (),
        **params: object,
    ) -> None:
        self.key = key
        self.code = key.partition(":")[0]
        self.params: dict[str, object] = params
        self._message = message
        self._details = list(details)
        super().__init__(key)

    @property
    def kind(self) -> Kind:
        return entry(self.key).kind

    @property
    def status(self) -> int:
        return HTTP_STATUS[self.kind]

    @property
    def message(self) -> str:
        if self._message is not None:
            return str(self._message)
        return render(entry(self.key).words, self.params)

    @property
    def details(self) -> list[str]:
        return [str(detail) for detail in self._details]

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {self.message!r})"


def render(words: str | Promise, params: Mapping[str, object]) -> str:
    """`words` in the active language with `params` filled in (lazy ones rendered now).

    A translation whose placeholders do not match falls back to the English words,
    so a translator's slip shows English, never a crash or a raw "%(name)s".
    """
    try:
        return _filled(words, params)
    except (KeyError, TypeError, ValueError):
        with translation.override(None):
            try:
                return _filled(words, params)
            except (KeyError, TypeError, ValueError):
                return str(words) if isinstance(words, str) else ""


def translated(template: str, params: Mapping[str, object]) -> str:
    """A pure core's template (scoring engine, rotations) in the active language,
    in the form its count in `params` picks when it is a Plural."""
    if isinstance(template, Plural):
        count = params.get(template.count_param)
        number = count if isinstance(count, int) else 0
        return ngettext(template.singular, template.plural, number)
    return gettext(template)


def _filled(words: str | Promise, params: Mapping[str, object]) -> str:
    if isinstance(words, str):
        return translated(words, params) % params
    # A lazy entry translates itself; a plural one picks its form from params["count"].
    return str(words % params)
