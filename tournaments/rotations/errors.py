"""The one exception the rotation engine raises: a stable code and its parameters.

Like the scoring engine's errors, the words are English templates marked for
translation but rendered here without Django; the Django shell shows them in the
reader's language (core.error_catalog), so a refusal never mixes languages.
"""

from __future__ import annotations

# The pure Plural both cores share (not the scoring engine's: the two cores stay apart),
# so the Django side has one kind to translate.
from core.plural import Plural, ngettext_lazy

__all__ = ["MESSAGES", "Plural", "RotationError", "gettext_noop", "ngettext_lazy"]


def gettext_noop(message: str) -> str:
    # Marks a template for Django's makemessages without importing Django here.
    return message


# What each code says. `format` is a format's key ("six-handed"): the shell puts the
# name from the forms in its place ("Six-handed Euchre").
MESSAGES: dict[str, str] = {
    "unknown_format": gettext_noop("There is no format called %(format)s; choose %(formats)s."),
    "duplicate_players": gettext_noop("Each player may appear only once."),
    "too_few_players": ngettext_lazy(
        "%(format)s needs at least %(least)s player, got %(count)s.",
        "%(format)s needs at least %(least)s players, got %(count)s.",
        "least",
    ),
    "players_not_divisible": ngettext_lazy(
        "%(count)s player cannot be split into teams of %(size)s.",
        "%(count)s players cannot be split into teams of %(size)s.",
        "count",
    ),
    "bad_rounds": gettext_noop("The number of rounds must be at least 1, got %(rounds)s."),
    "too_few_entrants": gettext_noop("A round robin needs at least two entrants."),
    "bad_team_size": gettext_noop("Every team must have exactly %(size)s players."),
    "teams_do_not_match_players": gettext_noop("The teams must hold each player exactly once."),
    "drawn_round_by_round": gettext_noop(
        "%(format)s is drawn round by round from the results: use next_round."
    ),
    "planned_ahead": gettext_noop("%(format)s is planned ahead: use make_rotation."),
    "unknown_setting": gettext_noop("%(format)s has no setting called %(setting)s."),
    "rounds_already_played": ngettext_lazy(
        "%(played)s round is already played; the total cannot be %(total)s.",
        "%(played)s rounds are already played; the total cannot be %(total)s.",
        "played",
    ),
    "bad_setting_choice": gettext_noop(
        "The setting %(setting)s must be one of %(choices)s, got %(value)s."
    ),
    "bad_window": gettext_noop(
        "The window must be a whole number from %(least)s to %(most)s, got %(window)s."
    ),
    "tie_undecided": gettext_noop(
        "Table %(table)s tied in round %(round)s: say which side won the deciding hand."
    ),
}


class RotationError(Exception):
    """A request the rotation engine cannot satisfy: `code` is stable, `params` fill
    its template; `message` is the English sentence (for the command line).

    Not a ValueError: an `except ValueError` meant for a bad number must not swallow it.

    `RotationError(code, message)` with ready words still works, for raises written
    before the codes had templates; those words cannot be translated.
    """

    def __init__(self, code: str, message: str | None = None, /, **params: object) -> None:
        self.code = code
        self.params = params
        self.template = MESSAGES.get(code, code) if message is None else message
        super().__init__(self.message)

    @property
    def message(self) -> str:
        try:
            return self.template % self.params
        except (KeyError, TypeError, ValueError):
            return self.template

    def __repr__(self) -> str:
        return f"RotationError({self.code!r}, {self.params!r})"
