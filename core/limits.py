"""The ranges a tournament's settings and names may take, in one place.

Models (field sizes, validators and database checks), forms, API serializers and
services all read these, with the sentences that refuse a value out of range, so a
value one of them accepts the others accept too. The longest round comes from the
rules engine, whose checks are exact and bounded up to it.
"""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine.totals import MAX_HANDS_PER_ROUND

# A round of a fixed number of hands has 1 to MAX_HANDS_PER_ROUND of them; a round
# played as one game to the target keeps the count unused (0 allowed there).
MIN_HANDS_PER_ROUND = 1
# What a club night can be: the site seats, previews and shows at most this many, so
# every organiser request and public page stays quick. The pure cores (the rotation
# planners, the rules engine) and the make_rotation command take any size.
MAX_ROUNDS = 30
MAX_PLAYERS = 400
# What the database has accepted: events planned before MAX_ROUNDS came down to 30
# keep their rounds (readable and playable, not drawn again).
STORED_ROUNDS_MAX = 200
MAX_SEED = 2**31 - 1
# The number of rounds left empty is decided when the rotation is first drawn, for the
# players listed then: the complete rotation where it is a night's length, otherwise
# DEFAULT_ROUNDS. A rotation drawn before that rule meant the complete rotation, and
# keeps meaning it, drawn again up to COMPLETE_WHEN_EMPTY_MOST rounds.
DEFAULT_ROUNDS = 8
COMPLETE_BY_DEFAULT_MOST = 12
COMPLETE_WHEN_EMPTY_MOST = 17

TOURNAMENT_NAME_MAX = 120
VENUE_MAX = 120
PLAYER_NAME_MAX = 80
TEAM_NAME_MAX = 120

HANDS_PER_ROUND_MESSAGE = _("A round is between %(least)s and %(most)s hands.")
ROUNDS_PLANNED_MESSAGE = _(
    "Plan between 1 and %(most)s rounds, or leave it empty for the usual length."
)
ROUNDS_PLANNED_HELP = _(
    "Leave empty for the usual length, set when the rotation is drawn: the complete "
    "rotation where it takes at most 12 rounds, otherwise 8 rounds."
)
PLAYERS_LIMIT_MESSAGE = _("A tournament has at most %(most)s players; this would make %(count)s.")
COMPLETE_ROTATION_TOO_LONG_MESSAGE = _(
    "The complete rotation for %(players)s players is %(rounds)s rounds; an empty number "
    "of rounds draws it only up to %(most)s: enter a number of rounds, at most %(limit)s."
)
TARGET_NEEDS_GAME_MESSAGE = _(
    "A round of a fixed number of hands is not played to a target, so “Game to” does "
    "not apply. Choose “One game to the target”, or leave “Game to” at the usual target."
)


def _filled(message: object, params: dict) -> str:
    return str(message) % params


# For messages fixed at import (a form field's error messages): filled in the
# language of the request that shows them, not the one active at import.
filled_lazy = lazy(_filled, str)

__all__ = [
    "HANDS_PER_ROUND_MESSAGE",
    "COMPLETE_BY_DEFAULT_MOST",
    "COMPLETE_ROTATION_TOO_LONG_MESSAGE",
    "COMPLETE_WHEN_EMPTY_MOST",
    "DEFAULT_ROUNDS",
    "MAX_HANDS_PER_ROUND",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_SEED",
    "MIN_HANDS_PER_ROUND",
    "PLAYERS_LIMIT_MESSAGE",
    "PLAYER_NAME_MAX",
    "ROUNDS_PLANNED_HELP",
    "ROUNDS_PLANNED_MESSAGE",
    "TARGET_NEEDS_GAME_MESSAGE",
    "TEAM_NAME_MAX",
    "STORED_ROUNDS_MAX",
    "TOURNAMENT_NAME_MAX",
    "VENUE_MAX",
    "filled_lazy",
]
