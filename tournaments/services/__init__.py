"""Every write to a tournament: creating it, its players and teams, its rotation, and the
changes of the night. Keyword-only, one transaction each, DomainError for anything an
organiser can fix. Seating itself comes from tournaments.rotations; these functions only
turn players into names for it and its schedules back into rows. Row locks come from
core.locking, in its one order. A round closes only through
scoring.services.close_round (results checked, audit entry written)."""

from tournaments.format_facts import partners_rotate

from .changes import (
    RotationChange,
    RoundChange,
    TableChange,
    apply_change,
    preview_change,
    preview_changes,
)
from .common import (
    EDITABLE_FIELDS,
    FORMAT_VARIANTS,
    IMPORT_MAX_LINES,
    NAME_MAX,
    ROTATION_FIELDS,
    RULE_FIELDS,
    TEAM_NAME_MAX,
    rounds_to_draw,
)
from .draw import draw_next_round, publish_round, redraw_round
from .players import (
    add_player,
    import_players,
    import_players_rows,
    parse_player_list,
    read_player_file,
)
from .removal import (
    PlayerRemoval,
    RemovalOutcome,
    preview_removal,
    removal_replans,
    remove_player,
)
from .rotation import generate_rotation
from .rounds import start_round
from .teams import (
    pair_teams,
    pair_teams_at_random,
)
from .tournament import (
    add_co_organiser,
    create_tournament,
    fixed_settings,
    remove_co_organiser,
    replanning_settings,
    update_tournament,
)

__all__ = [
    "rounds_to_draw",
    "EDITABLE_FIELDS",
    "FORMAT_VARIANTS",
    "IMPORT_MAX_LINES",
    "NAME_MAX",
    "ROTATION_FIELDS",
    "RULE_FIELDS",
    "PlayerRemoval",
    "RemovalOutcome",
    "RotationChange",
    "RoundChange",
    "TEAM_NAME_MAX",
    "TableChange",
    "add_co_organiser",
    "add_player",
    "apply_change",
    "create_tournament",
    "draw_next_round",
    "publish_round",
    "redraw_round",
    "fixed_settings",
    "generate_rotation",
    "import_players",
    "import_players_rows",
    "partners_rotate",
    "pair_teams",
    "pair_teams_at_random",
    "parse_player_list",
    "read_player_file",
    "preview_change",
    "preview_changes",
    "preview_removal",
    "removal_replans",
    "remove_co_organiser",
    "remove_player",
    "replanning_settings",
    "start_round",
    "update_tournament",
]
