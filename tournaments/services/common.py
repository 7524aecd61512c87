"""The lowest layer of the service modules, shared by all of them: which formats go
with which games, limits, and the small helpers every write uses (row locks, names,
checks against the rules engine)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import date as Date

from django.db.models import Count
from django.utils.functional import lazy

from core import limits, locking
from core.errors import DomainError, render
from scoring.engine import EngineError, rule_set
from scoring.errors import RuleBroken
from tournaments import rotations
from tournaments.partner_names import partners

from ..models import Round, Tournament, format_choices, format_label

Side = tuple[str, ...]

# Which games each format is played with, and the size of its fixed teams (formats
# missing there re-pair, or play alone, every round): the rotation core's registry.
# Heads-up players are round-robin entrants of one there, not teams.
FORMAT_VARIANTS: Mapping[str, tuple[str, ...]] = {
    code: spec.variants for code, spec in rotations.FORMAT_SPECS.items()
}


NAME_MAX = limits.PLAYER_NAME_MAX
TEAM_NAME_MAX = limits.TEAM_NAME_MAX
# An import is a club's list of players, not a data dump; a bigger file is a mistake.
IMPORT_MAX_LINES = 2000

EDITABLE_FIELDS = frozenset(
    {
        "name",
        "date",
        "venue",
        "variant",
        "options",
        "format",
        "round_play",
        "hands_per_round",
        "entry_mode",
        "hand_entry",
        "rounds_planned",
        "seed",
    }
)
# Fields that decide the seating: changing one makes a planned rotation wrong.
ROTATION_FIELDS = frozenset({"format", "rounds_planned", "seed"})
# Fields that decide how hands are scored: fixed once the first round starts.
RULE_FIELDS = frozenset(
    {"variant", "options", "format", "round_play", "hands_per_round", "entry_mode"}
)


def lock(tournament: Tournament) -> Tournament:
    """The tournament row, locked until the transaction ends.

    Two organisers on two devices otherwise interleave a re-plan with a round start
    (PostgreSQL takes the row lock; SQLite serialises writers anyway).
    """
    return locking.lock_tournament(tournament)


def clean_name(raw: object) -> str:
    # Pasted names carry stray spaces and tabs; "Anna  Smith" is "Anna Smith".
    return re.sub(r"\s+", " ", str(raw or "")).strip()


def name_key(name: str) -> str:
    # "anna smith" and "Anna Smith" are the same person on a scoreboard.
    return unicodedata.normalize("NFKC", name).casefold()


def has_started(tournament: Tournament) -> bool:
    return tournament.rounds.exclude(status=Round.Status.PLANNED).exists()


def refuse_if_started(tournament: Tournament, key: str) -> None:
    """Refuses with `key` (a "round_started:..." entry of the catalog) once play began."""
    if has_started(tournament):
        raise DomainError(key)


def refuse_if_drawn(tournament: Tournament) -> None:
    """A format drawn round by round has no rotation to generate or re-plan: its
    rounds are drawn one at a time (services.draw), and changes of the night change
    only the next draw."""
    if tournament.spec.per_round:
        raise DomainError("drawn_not_planned", format=tournament.get_format_display())


def drop_planned_rotation(tournament: Tournament) -> None:
    """Forget a rotation no round of which has started, because its players changed.

    Keeping it would let someone print cards that seat the wrong people.
    """
    if tournament.rounds.exists():
        locking.lock_rounds(tournament)
        tournament.rounds.all().delete()
        tournament.rotation_quality = {}
        tournament.save(update_fields=["rotation_quality"])


def _rotation_words(template: str, params: Mapping[str, object]) -> str:
    """The rotation engine's sentence in the active language, formats named as on
    the forms ("Six-handed Euchre", not "six-handed")."""
    params = dict(params)
    if "format" in params:
        params["format"] = format_label(str(params["format"]))
    if "formats" in params:
        params["formats"] = " / ".join(str(label) for _code, label in format_choices())
    return render(template, params)


# Rendered when shown, like every DomainError's words.
rotation_words = lazy(_rotation_words, str)


def rotation_error(exc: rotations.RotationError) -> DomainError:
    return DomainError(f"rotation_{exc.code}", reason=rotation_words(exc.template, exc.params))


def check_rules(variant: str, options: object, fmt: str) -> None:
    if variant not in Tournament.Variant.values:
        raise DomainError("unknown_variant", variant=variant)
    if fmt not in dict(format_choices()):
        raise DomainError("unknown_format", format=fmt)
    variants = rotations.spec(fmt).variants
    if variant not in variants:
        raise DomainError(
            "format_does_not_fit_variant",
            format=format_label(fmt),
            variant=Tournament.Variant(variant).label,
            allowed=" / ".join(str(Tournament.Variant(v).label) for v in variants),
        )
    if not isinstance(options, Mapping):
        raise DomainError("bad_options")
    try:
        rule_set(variant, options)
    except EngineError as exc:
        raise RuleBroken(exc, prefix="rules_") from exc


def check_settings(values: Mapping[str, object], *, stored_rounds: int | None = None) -> None:
    """Refuses settings out of range. `stored_rounds`, the number of rounds an event
    was stored with, passes unchanged even past MAX_ROUNDS (planned before the limit)."""
    name = clean_name(values["name"])
    if not name:
        raise DomainError("name_required")
    if len(name) > limits.TOURNAMENT_NAME_MAX:
        raise DomainError("name_too_long", max=limits.TOURNAMENT_NAME_MAX)
    if len(clean_name(values.get("venue", ""))) > limits.VENUE_MAX:
        raise DomainError("venue_too_long", max=limits.VENUE_MAX)
    if not isinstance(values["date"], Date):
        raise DomainError("bad_date")
    check_rules(str(values["variant"]), values["options"], str(values["format"]))
    if values.get("entry_mode", Tournament.EntryMode.HANDS) not in Tournament.EntryMode.values:
        raise DomainError("bad_entry_mode")
    if values.get("hand_entry", Tournament.HandEntry.OUTCOME) not in Tournament.HandEntry.values:
        raise DomainError("bad_hand_entry")
    round_play = values["round_play"]
    if round_play not in Tournament.RoundPlay.values:
        raise DomainError("bad_round_play")
    hands = values["hands_per_round"]
    # A one-game round does not use the count, so 0 is allowed there.
    least = 0 if round_play == Tournament.RoundPlay.GAME else limits.MIN_HANDS_PER_ROUND
    if (
        isinstance(hands, bool)
        or not isinstance(hands, int)
        or not least <= hands <= limits.MAX_HANDS_PER_ROUND
    ):
        raise DomainError(
            "bad_hands_per_round",
            least=limits.MIN_HANDS_PER_ROUND,
            most=limits.MAX_HANDS_PER_ROUND,
        )
    if round_play == Tournament.RoundPlay.HANDS and "target" in values["options"]:  # type: ignore[operator]
        raise DomainError("target_needs_game_rounds")
    rounds = values["rounds_planned"]
    if (
        rounds is not None
        and rounds != stored_rounds
        and (
            isinstance(rounds, bool)
            or not isinstance(rounds, int)
            or not 1 <= rounds <= limits.MAX_ROUNDS
        )
    ):
        raise DomainError("bad_rounds_planned", most=limits.MAX_ROUNDS)
    seed = values["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= limits.MAX_SEED:
        raise DomainError("bad_seed", most=limits.MAX_SEED)


def check_player_count(*, before: int, after: int) -> None:
    """A change that leaves more than MAX_PLAYERS players playing is refused, unless it
    does not grow the field: an event stored with more still loses or swaps players."""
    if after > limits.MAX_PLAYERS and after > before:
        raise DomainError("too_many_players", most=limits.MAX_PLAYERS, count=after)


def check_drawable(tournament: Tournament, players: int) -> None:
    """A rotation is drawn (or drawn again) only within the limits: at most MAX_PLAYERS
    players and MAX_ROUNDS rounds, the complete rotation's included."""
    if players > limits.MAX_PLAYERS:
        raise DomainError("over_limit:players", count=players, most=limits.MAX_PLAYERS)
    rounds = tournament.rounds_planned
    if rounds is not None and rounds > limits.MAX_ROUNDS:
        raise DomainError("over_limit:rounds", rounds=rounds, most=limits.MAX_ROUNDS)
    if rounds is None:
        check_complete_rotation(tournament.format, players)


def check_complete_rotation(fmt: str, players: int) -> None:
    """An empty number of rounds on a rotation drawn before the usual length existed
    means the complete rotation: refused when it would be longer than a night
    (40 players progressive play 39 rounds)."""
    complete = rotations.spec(fmt).complete_length(players)
    if complete > limits.COMPLETE_WHEN_EMPTY_MOST:
        raise DomainError(
            "complete_rotation_too_long",
            players=players,
            rounds=complete,
            most=limits.COMPLETE_WHEN_EMPTY_MOST,
            limit=limits.MAX_ROUNDS,
        )


def default_rounds(fmt: str, players: int) -> int | None:
    """The usual length of a night of `players`: their complete rotation (None) where it
    takes at most COMPLETE_BY_DEFAULT_MOST rounds, otherwise DEFAULT_ROUNDS."""
    if rotations.spec(fmt).complete_length(players) <= limits.COMPLETE_BY_DEFAULT_MOST:
        return None
    return limits.DEFAULT_ROUNDS


def rounds_of_format(fmt: str, rounds: int | None) -> int | None:
    """The number of rounds to store: a format drawn round by round has no complete
    rotation to fall back on, so an empty number is DEFAULT_ROUNDS there."""
    if rounds is None and rotations.spec(fmt).per_round:
        return limits.DEFAULT_ROUNDS
    return rounds


def rounds_to_draw(
    tournament: Tournament, players: int, *, drawn: bool | None = None
) -> int | None:
    """The rounds a draw of `players` plans, None for the complete rotation. An empty
    number is the usual length until a rotation is drawn; once one is, the draw stored
    the usual length if it was a number, so an empty one drawn is the complete rotation
    (as it always was for events drawn before the usual length). `drawn` spares the
    query when the caller holds the rounds."""
    if drawn is None:
        drawn = tournament.rounds.exists()
    if tournament.rounds_planned is not None or drawn:
        return tournament.rounds_planned
    return default_rounds(tournament.format, players)


def team_display_name(names: Sequence[str]) -> str:
    return partners(names)


def free_team_name(tournament: Tournament, wanted: str, taken: set[str]) -> str:
    """`wanted`, or `wanted (2)`, (3)... : team names are unique in a tournament."""
    base = wanted if len(wanted) <= TEAM_NAME_MAX else wanted[: TEAM_NAME_MAX - 6].rstrip()
    candidate, n = base, 1
    while name_key(candidate) in taken:
        n += 1
        candidate = f"{base} ({n})"
    taken.add(name_key(candidate))
    return candidate


def team_name_keys(tournament: Tournament) -> set[str]:
    return {name_key(n) for n in tournament.teams.values_list("name", flat=True)}


def delete_empty_teams(tournament: Tournament) -> None:
    tournament.teams.annotate(n=Count("members")).filter(n=0).delete()


def check_can_change_players(tournament: Tournament) -> None:
    refuse_if_started(tournament, "round_started:players")


def new_player_problem(
    name: str, taken: Mapping[str, int | None], *, code: str = "bad_player"
) -> DomainError | None:
    """Why `name` cannot be a new player, as the refusal to raise or list, or None.
    `taken`: name key -> the line it came from (None: already in the tournament)."""
    if not name:
        return DomainError(f"{code}:name_empty")
    if len(name) > NAME_MAX:
        return DomainError(
            f"{code}:name_too_long", name=name[:20] + "...", max=NAME_MAX, count=NAME_MAX
        )
    key = name_key(name)
    if key in taken:
        earlier = taken[key]
        if earlier is None:
            return DomainError(f"{code}:name_taken", name=name)
        return DomainError(f"{code}:name_repeated", name=name, line=earlier)
    return None
