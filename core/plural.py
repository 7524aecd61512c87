"""A message whose words depend on a count, for the two pure cores (the scoring
engine and the rotation engine) and the Django layer that translates them.

Pure Python: no Django import, so both cores may import it without importing each
other or Django.
"""

from __future__ import annotations

from collections.abc import Mapping


class Plural(str):
    """A message whose words depend on a count: English singular and plural, and the
    param that holds the count. As a str it is the plural, so code that only reads
    the words (placeholders, English checks) sees a whole template; `%` picks the form.

    The Django layer translates it with ngettext(singular, plural, params[count_param]).
    """

    singular: str
    plural: str
    count_param: str

    def __new__(cls, singular: str, plural: str, count_param: str) -> Plural:
        made = super().__new__(cls, plural)
        object.__setattr__(made, "singular", singular)
        object.__setattr__(made, "plural", plural)
        object.__setattr__(made, "count_param", count_param)
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Plural cannot change its {name}")

    def __getnewargs__(self) -> tuple[str, str, str]:  # type: ignore[override]
        return (self.singular, self.plural, self.count_param)

    def __mod__(self, params: object) -> str:
        number = params.get(self.count_param) if isinstance(params, Mapping) else None
        return (self.singular if number == 1 else self.plural) % params

    def __repr__(self) -> str:
        return f"ngettext_lazy({self.singular!r}, {self.plural!r}, {self.count_param!r})"


def ngettext_lazy(singular: str, plural: str, count_param: str) -> Plural:
    # Named as Django's so makemessages extracts both forms (keyword ngettext_lazy:1,2)
    # without this pure module importing Django; the count is named by its param, as there.
    return Plural(singular, plural, count_param)
