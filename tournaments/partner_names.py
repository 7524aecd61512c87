"""Partners' names joined the way the reader's language joins them: "Ann & Bob",
"Anna e Bruno", "Anna i Bruno". One join for team names, pages and printouts, so a team
named "Anna e Bruno" is not shown as "Anna & Bruno" at its own table.

Exports (CSV, JSON) and the API's `names` fields keep " & ": they are data a program
reads, the same whatever language the reader asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.translation import gettext


def partners(names: Iterable[object], escape: Callable[[str], str] = str) -> str:
    """Two or more partners as one phrase; a lone name as it is. `escape` is applied to
    each name and to the join itself (the template filters pass HTML escaping)."""
    names = [escape(name if isinstance(name, str) else str(name)) for name in names]
    if len(names) <= 1:
        return names[0] if names else ""
    # Translators: partners' names joined, on a team's name and wherever partners are
    # shown together (table page, results, standings). %(first)s is one name or, for
    # a team of three, "Ann, Bob". Italian "%(first)s e %(last)s", Polish
    # "%(first)s i %(last)s"; "&" is fine where the language uses it so. The names are
    # any players, women or men: word it so that nothing agrees with their gender.
    joined = escape(gettext("%(first)s & %(last)s"))
    return joined % {"first": ", ".join(names[:-1]), "last": names[-1]}


# The joiner the exports and the API keep, whatever the reader's language.
DATA_JOINER = " & "
