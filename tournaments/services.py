"""Every write to a tournament: creating it, its players and teams, its rotation, and the
changes of the night. Keyword-only, one transaction each, TournamentError for anything an
organiser can fix. Seating itself comes from tournaments.rotations; these functions only
turn players into names for it and its schedules back into rows."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date as Date

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import EngineError, rule_set
from tournaments import rotations

from . import selectors
from .errors import TournamentError
from .models import Bye, Player, Round, Seat, Table, Team, Tournament

Side = tuple[str, ...]

# Which game each format is played with: a progressive or teams night is four-handed
# partnership Euchre; the other formats each need the variant dealt for their table size.
FORMAT_VARIANTS: Mapping[str, tuple[str, ...]] = {
    Tournament.Format.PROGRESSIVE: (
        Tournament.Variant.NORTH_AMERICAN,
        Tournament.Variant.BRITISH,
    ),
    Tournament.Format.TEAMS: (Tournament.Variant.NORTH_AMERICAN, Tournament.Variant.BRITISH),
    Tournament.Format.SIX_HANDED: (Tournament.Variant.SIX_HANDED,),
    Tournament.Format.CUTTHROAT: (Tournament.Variant.THREE_HANDED,),
    Tournament.Format.HEADS_UP: (Tournament.Variant.TWO_HANDED,),
}

# Fixed teams and their size; formats missing here re-pair (or play alone) every round.
TEAM_SIZES: Mapping[str, int] = {
    Tournament.Format.TEAMS: 2,
    Tournament.Format.SIX_HANDED: 3,
}

NAME_MAX = Player._meta.get_field("name").max_length
TEAM_NAME_MAX = Team._meta.get_field("name").max_length
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


# --------------------------------------------------------------------------- helpers


def _lock(tournament: Tournament) -> Tournament:
    """The tournament row, locked until the transaction ends.

    Two organisers on two devices otherwise interleave a re-plan with a round start
    (PostgreSQL takes the row lock; SQLite serialises writers anyway).
    """
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _clean_name(raw: object) -> str:
    # Pasted names carry stray spaces and tabs; "Anna  Smith" is "Anna Smith".
    return re.sub(r"\s+", " ", str(raw or "")).strip()


def _name_key(name: str) -> str:
    # "anna smith" and "Anna Smith" are the same person on a scoreboard.
    return unicodedata.normalize("NFKC", name).casefold()


def _has_started(tournament: Tournament) -> bool:
    return tournament.rounds.exclude(status=Round.Status.PLANNED).exists()


def _refuse_if_started(tournament: Tournament, message: object) -> None:
    if _has_started(tournament):
        raise TournamentError("round_started", message)


def _drop_planned_rotation(tournament: Tournament) -> None:
    """Forget a rotation no round of which has started, because its players changed.

    Keeping it would let someone print cards that seat the wrong people.
    """
    if tournament.rounds.exists():
        tournament.rounds.all().delete()
        tournament.rotation_quality = {}
        tournament.save(update_fields=["rotation_quality"])


def _rotation_error(exc: rotations.RotationError) -> TournamentError:
    return TournamentError(
        f"rotation_{exc.code}",
        _("The seating cannot be made: %(reason)s") % {"reason": exc.message},
    )


def _engine_message(exc: Exception) -> str:
    template = getattr(exc, "template", None)
    if template:
        try:
            return gettext(template) % dict(exc.params)
        except (KeyError, TypeError, ValueError):
            pass
    return getattr(exc, "message", str(exc))


def _check_rules(variant: str, options: object, fmt: str) -> None:
    if variant not in Tournament.Variant.values:
        raise TournamentError(
            "unknown_variant",
            _("There is no game called %(variant)s.") % {"variant": variant},
        )
    if fmt not in Tournament.Format.values:
        raise TournamentError(
            "unknown_format", _("There is no format called %(format)s.") % {"format": fmt}
        )
    if variant not in FORMAT_VARIANTS[fmt]:
        raise TournamentError(
            "format_does_not_fit_variant",
            _("%(format)s is not played with %(variant)s; choose %(allowed)s.")
            % {
                "format": Tournament.Format(fmt).label,
                "variant": Tournament.Variant(variant).label,
                "allowed": " / ".join(
                    str(Tournament.Variant(v).label) for v in FORMAT_VARIANTS[fmt]
                ),
            },
        )
    if not isinstance(options, Mapping):
        raise TournamentError("bad_options", _("The rule options must be a set of choices."))
    try:
        rule_set(variant, options)
    except EngineError as exc:
        raise TournamentError(f"rules_{exc.code}", _engine_message(exc)) from exc


def _check_settings(values: Mapping[str, object]) -> None:
    if not _clean_name(values["name"]):
        raise TournamentError("name_required", _("Give the tournament a name."))
    if not isinstance(values["date"], Date):
        raise TournamentError("bad_date", _("Give the date the tournament is played."))
    _check_rules(str(values["variant"]), values["options"], str(values["format"]))
    if values.get("entry_mode", Tournament.EntryMode.HANDS) not in Tournament.EntryMode.values:
        raise TournamentError(
            "bad_entry_mode", _("Results are entered either hand by hand or as totals.")
        )
    round_play = values["round_play"]
    if round_play not in Tournament.RoundPlay.values:
        raise TournamentError(
            "bad_round_play", _("A round is either a number of hands or one game.")
        )
    hands = values["hands_per_round"]
    if not isinstance(hands, int) or hands < 0:
        raise TournamentError("bad_hands_per_round", _("A round is between 1 and 99 hands."))
    if round_play == Tournament.RoundPlay.HANDS and (
        not isinstance(hands, int) or not 1 <= hands <= 99
    ):
        raise TournamentError("bad_hands_per_round", _("A round is between 1 and 99 hands."))
    rounds = values["rounds_planned"]
    if rounds is not None and (not isinstance(rounds, int) or not 1 <= rounds <= 200):
        raise TournamentError(
            "bad_rounds_planned",
            _("Plan between 1 and 200 rounds, or leave it empty for the complete rotation."),
        )
    seed = values["seed"]
    if not isinstance(seed, int) or not 0 <= seed <= 2**31 - 1:
        raise TournamentError("bad_seed", _("The rotation seed is a whole number, 0 or more."))


def _team_display_name(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return gettext("%(first)s & %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _free_team_name(tournament: Tournament, wanted: str, taken: set[str]) -> str:
    """`wanted`, or `wanted (2)`, (3)... : team names are unique in a tournament."""
    base = wanted if len(wanted) <= TEAM_NAME_MAX else wanted[: TEAM_NAME_MAX - 6].rstrip()
    candidate, n = base, 1
    while _name_key(candidate) in taken:
        n += 1
        candidate = f"{base} ({n})"
    taken.add(_name_key(candidate))
    return candidate


def _team_name_keys(tournament: Tournament) -> set[str]:
    return {_name_key(n) for n in tournament.teams.values_list("name", flat=True)}


def _delete_empty_teams(tournament: Tournament) -> None:
    tournament.teams.annotate(n=Count("members")).filter(n=0).delete()


# --------------------------------------------------------------------------- tournament


@transaction.atomic
def create_tournament(
    *,
    owner,
    name: str,
    date: Date,
    venue: str = "",
    variant: str,
    options: Mapping[str, object],
    format: str,
    round_play: str,
    hands_per_round: int = 8,
    entry_mode: str = Tournament.EntryMode.HANDS,
    rounds_planned: int | None,
    seed: int = 0,
) -> Tournament:
    """A new tournament owned by `owner`, refused when the rules engine refuses the options
    or the format is not played with the variant."""
    values = {
        "name": name,
        "date": date,
        "variant": variant,
        "options": options,
        "format": format,
        "round_play": round_play,
        "hands_per_round": hands_per_round,
        "entry_mode": entry_mode,
        "rounds_planned": rounds_planned,
        "seed": seed,
    }
    _check_settings(values)
    return Tournament.objects.create(
        owner=owner,
        name=_clean_name(name),
        date=date,
        venue=_clean_name(venue),
        variant=variant,
        options=dict(options),
        format=format,
        round_play=round_play,
        hands_per_round=hands_per_round,
        entry_mode=entry_mode,
        rounds_planned=rounds_planned,
        seed=seed,
    )


@transaction.atomic
def update_tournament(*, tournament: Tournament, **changes: object) -> Tournament:
    """Change the tournament's settings (any of EDITABLE_FIELDS).

    Rules and format are fixed once a round has started. Before that, changing what
    decides the seating drops the planned rotation, and changing to a format with
    another team size dissolves the teams.
    """
    unknown = set(changes) - EDITABLE_FIELDS
    if unknown:
        raise TypeError(f"update_tournament() cannot change {', '.join(sorted(unknown))}")
    locked = _lock(tournament)
    changed = {k for k, v in changes.items() if getattr(locked, k) != v}
    if not changed:
        return locked
    if changed & (RULE_FIELDS | ROTATION_FIELDS):
        _refuse_if_started(
            locked,
            _("The rules, format and rotation are fixed once the first round has started."),
        )
    values = {k: getattr(locked, k) for k in EDITABLE_FIELDS} | changes
    _check_settings(values)
    old_team_size = TEAM_SIZES.get(locked.format)
    for key in changed:
        value = changes[key]
        setattr(locked, key, _clean_name(value) if key in {"name", "venue"} else value)
    if "options" in changed:
        locked.options = dict(changes["options"])  # type: ignore[call-overload]
    locked.save()
    if changed & ROTATION_FIELDS:
        _drop_planned_rotation(locked)
    if TEAM_SIZES.get(locked.format) != old_team_size:
        locked.teams.all().delete()
    for key in EDITABLE_FIELDS | {"rotation_quality"}:
        setattr(tournament, key, getattr(locked, key))
    return locked


@transaction.atomic
def add_co_organiser(*, tournament: Tournament, user) -> None:
    """Let `user` change the tournament too."""
    if user.pk == tournament.owner_id:
        raise TournamentError(
            "already_organiser",
            _("%(user)s already organises this tournament.") % {"user": user.get_username()},
        )
    tournament.co_organisers.add(user)


@transaction.atomic
def remove_co_organiser(*, tournament: Tournament, user) -> None:
    """Stop `user` changing the tournament (the owner always can)."""
    tournament.co_organisers.remove(user)


# --------------------------------------------------------------------------- players


def _check_can_change_players(tournament: Tournament) -> None:
    _refuse_if_started(
        tournament,
        _(
            "The first round has started: add a player as a late arrival, "
            "or record a player who leaves, so the remaining rounds are re-planned."
        ),
    )


def _new_player_problem(
    name: str, taken: Mapping[str, int | None], *, line: int | None = None
) -> str | None:
    """Why `name` cannot be a new player, or None. `taken`: name key -> line it came from."""
    if not name:
        return str(_("The name is empty."))
    if len(name) > NAME_MAX:
        return str(
            _("The name %(name)s is longer than %(max)s characters.")
            % {"name": name[:20] + "...", "max": NAME_MAX}
        )
    key = _name_key(name)
    if key in taken:
        earlier = taken[key]
        if earlier is None:
            return str(
                _("There is already a player called %(name)s in this tournament.") % {"name": name}
            )
        return str(_("%(name)s is already on line %(line)s.") % {"name": name, "line": earlier})
    return None


@transaction.atomic
def add_player(*, tournament: Tournament, name: str, team_name: str | None = None) -> Player:
    """Add one player, optionally into the team `team_name` (made when new).

    Before the first round only (later, use a late arrival); a planned rotation is
    dropped, because it does not seat the new player.
    """
    players = import_players_rows(tournament=tournament, rows=[(None, name, team_name or "")])
    return players[0]


def _line_problem(line: int, problem: object) -> str:
    return str(_("Line %(line)s: %(problem)s") % {"line": line, "problem": problem})


def import_players_rows(
    *,
    tournament: Tournament,
    rows: Sequence[tuple[int | None, object, object]],
    unreadable: Sequence[tuple[int, str]] = (),
) -> list[Player]:
    """Add the players in `rows` of (line number or None, name, team name or "").

    All or nothing: every problem, including the `unreadable` lines the reader found,
    is collected with its line into one TournamentError, in line order, and nothing
    is written unless there are none.
    """
    with transaction.atomic():
        locked = _lock(tournament)
        _check_can_change_players(locked)
        team_size = TEAM_SIZES.get(locked.format)
        taken: dict[str, int | None] = {
            _name_key(n): None for n in locked.players.values_list("name", flat=True)
        }
        teams = {
            _name_key(t.name): t
            for t in locked.teams.annotate(n=Count("members", filter=Q(members__active=True)))
        }
        members: dict[str, int] = {key: t.n for key, t in teams.items()}
        team_names: dict[str, str] = {key: t.name for key, t in teams.items()}
        problems: list[tuple[int, str]] = list(unreadable)
        accepted: list[tuple[str, str | None]] = []

        def problem(line: int | None, text: str) -> None:
            problems.append((line or 0, text))

        for line, raw_name, raw_team in rows:
            name, team = _clean_name(raw_name), _clean_name(raw_team)
            why = _new_player_problem(name, taken, line=line)
            if why:
                problem(line, why)
                continue
            taken[_name_key(name)] = line
            if not team:
                accepted.append((name, None))
                continue
            if team_size is None:
                problem(
                    line,
                    str(
                        _("%(format)s has no fixed teams; leave the team out.")
                        % {"format": Tournament.Format(locked.format).label}
                    ),
                )
                continue
            if len(team) > TEAM_NAME_MAX:
                problem(
                    line,
                    str(
                        _("The team name is longer than %(max)s characters.")
                        % {"max": TEAM_NAME_MAX}
                    ),
                )
                continue
            key = _name_key(team)
            if members.get(key, 0) >= team_size:
                problem(
                    line,
                    str(
                        _("Team %(team)s already has %(size)s players.")
                        % {"team": team_names.get(key, team), "size": team_size}
                    ),
                )
                continue
            members[key] = members.get(key, 0) + 1
            team_names.setdefault(key, team)
            accepted.append((name, key))
        if not problems and not accepted:
            problem(None, str(_("There are no names in the list.")))
        if problems:
            if len(rows) == 1 and rows[0][0] is None:
                # One player typed in a form: the problem itself is the message.
                raise TournamentError("bad_player", problems[0][1])
            problems.sort(key=lambda p: p[0])
            raise TournamentError(
                "import_failed",
                _("Nothing was imported: fix the list and try again."),
                details=[_line_problem(n, text) if n else text for n, text in problems],
            )
        for key in {key for _name, key in accepted if key and key not in teams}:
            teams[key] = Team.objects.create(tournament=locked, name=team_names[key])
        created = Player.objects.bulk_create(
            [
                Player(tournament=locked, name=name, team=teams[key] if key else None)
                for name, key in accepted
            ]
        )
        _drop_planned_rotation(locked)
        tournament.rotation_quality = locked.rotation_quality
        # bulk_create sets primary keys on PostgreSQL and SQLite (RETURNING) alike.
        return created


def _decode(data: str | bytes) -> str | None:
    if isinstance(data, str):
        return data
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def _looks_like_text(text: str) -> bool:
    # Control characters (NUL above all) and decoding's replacement character mean
    # a spreadsheet, image or archive was uploaded instead of a text or CSV file.
    return not any(
        (unicodedata.category(ch) == "Cc" and ch not in "\t\r\n") or ch == "\ufffd" for ch in text
    )


def _delimiter(text: str) -> str:
    # A comma list is the documented shape; a paste from a spreadsheet brings tabs,
    # and spreadsheets in comma-decimal locales save CSV with semicolons.
    for candidate in (",", "\t", ";"):
        if candidate in text:
            return candidate
    return ","


def _is_header(cells: Sequence[str]) -> bool:
    words = [c.strip().casefold() for c in cells]
    names = {"name", "player", "players", "player name", str(_("name")).casefold()}
    teams = {"team", "team name", "", str(_("team")).casefold()}
    return (
        bool(words)
        and words[0] in names
        and all(w in teams for w in words[1:2])
        and (len(words) <= 2)
    )


def parse_player_list(
    data: str | bytes,
) -> tuple[list[tuple[int, str, str]], list[tuple[int, str]]]:
    """The rows (line number, name, team) of a pasted list or CSV text with columns
    name,team, and the lines that cannot be read as such (line number, problem).

    Blank lines are skipped; a first line `name,team` is a header. Raises
    TournamentError at once for data that is not text at all.
    """
    text = _decode(data)
    if text is None or not _looks_like_text(text):
        raise TournamentError(
            "not_csv",
            _(
                "This file is not a list of names: upload a CSV or text file with one "
                "player per line (name, then team if any)."
            ),
        )
    text = text.lstrip("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    rows: list[tuple[int, str, str]] = []
    problems: list[tuple[int, str]] = []
    first = True
    try:
        for cells in reader:
            line = reader.line_num
            if line > IMPORT_MAX_LINES:
                raise TournamentError(
                    "import_too_long",
                    _("The list is longer than %(max)s lines.") % {"max": IMPORT_MAX_LINES},
                )
            if not any(c.strip() for c in cells):
                continue
            if first and _is_header(cells):
                first = False
                continue
            first = False
            filled = list(cells)
            while len(filled) > 2 and not filled[-1].strip():
                # A spreadsheet's trailing empty columns are not data.
                filled.pop()
            if len(filled) > 2:
                problems.append(
                    (
                        line,
                        str(
                            _("There are %(count)s columns; give a name, then a team if any.")
                            % {"count": len(filled)}
                        ),
                    )
                )
                continue
            rows.append((line, filled[0], filled[1] if len(filled) > 1 else ""))
    except csv.Error as exc:
        # The reader cannot find where the next row starts after this, so reading stops.
        problems.append(
            (
                reader.line_num,
                str(_("This line cannot be read as CSV (%(reason)s).") % {"reason": str(exc)}),
            )
        )
    return rows, problems


@transaction.atomic
def import_players(*, tournament: Tournament, text: str | bytes) -> list[Player]:
    """Add every player of a pasted list or CSV text (`name` or `name,team` per line).

    All or nothing: duplicate names (in the list or already playing), nameless lines,
    overfull teams or a file that is not text raise one TournamentError whose
    `details` gives every problem with its line number; no player is added then.
    """
    rows, unreadable = parse_player_list(text)
    if not rows and not unreadable:
        raise TournamentError("import_failed", _("There are no names in the list."))
    return import_players_rows(tournament=tournament, rows=rows, unreadable=unreadable)


@transaction.atomic
def remove_player(*, player: Player) -> None:
    """Take a player off the list before the first round (a planned rotation is dropped)."""
    tournament = _lock(player.tournament)
    _check_can_change_players(tournament)
    _drop_planned_rotation(tournament)
    team_id = player.team_id
    player.delete()
    if team_id is not None:
        _delete_empty_teams(tournament)


# --------------------------------------------------------------------------- teams


def _team_size(tournament: Tournament) -> int:
    size = TEAM_SIZES.get(tournament.format)
    if size is None:
        raise TournamentError(
            "no_teams_in_format",
            _("%(format)s has no fixed teams.")
            % {"format": Tournament.Format(tournament.format).label},
        )
    return size


def _make_teams(
    tournament: Tournament, groups: Sequence[Sequence[Player]], taken: set[str]
) -> list[Team]:
    teams = []
    for group in groups:
        team = Team.objects.create(
            tournament=tournament,
            name=_free_team_name(tournament, _team_display_name([p.name for p in group]), taken),
        )
        Player.objects.filter(pk__in=[p.pk for p in group]).update(team=team)
        for p in group:
            p.team = team
        teams.append(team)
    _delete_empty_teams(tournament)
    return teams


@transaction.atomic
def pair_teams(*, tournament: Tournament, groups: Sequence[Sequence[Player]]) -> list[Team]:
    """Put each group of players into a team of its own (by hand).

    Players not named keep their teams. Before the first round only; a planned
    rotation is dropped.
    """
    locked = _lock(tournament)
    _check_can_change_players(locked)
    size = _team_size(locked)
    ids = [p.pk for group in groups for p in group]
    if len(ids) != len(set(ids)):
        raise TournamentError("player_in_two_teams", _("A player can be in only one team."))
    found = {p.pk: p for p in Player.objects.filter(tournament=locked, active=True, pk__in=ids)}
    if len(found) != len(ids):
        raise TournamentError(
            "not_a_player", _("Every team member must be playing in this tournament.")
        )
    for group in groups:
        if len(group) != size:
            raise TournamentError(
                "bad_team_size",
                _("A team in %(format)s has %(size)s players.")
                % {"format": Tournament.Format(locked.format).label, "size": size},
            )
    members = Counter(
        Player.objects.filter(tournament=locked, active=True, team__isnull=False).values_list(
            "team_id", flat=True
        )
    )
    kept: dict[int, Team] = {}
    regroup = []
    for index, group in enumerate(groups):
        team_ids = {found[p.pk].team_id for p in group}
        team_id = next(iter(team_ids))
        if len(team_ids) == 1 and team_id is not None and members[team_id] == len(group):
            # A team named again exactly as it is stays as it is, name included.
            kept[index] = Team.objects.get(pk=team_id)
        else:
            regroup.append(index)
    moving = [p.pk for i in regroup for p in groups[i]]
    # Free the players first so the names of the teams they leave can be reused.
    Player.objects.filter(pk__in=moving).update(team=None)
    _delete_empty_teams(locked)
    made = _make_teams(
        locked, [[found[p.pk] for p in groups[i]] for i in regroup], _team_name_keys(locked)
    )
    new = dict(zip(regroup, made, strict=True))
    teams = [kept[i] if i in kept else new[i] for i in range(len(groups))]
    _drop_planned_rotation(locked)
    tournament.rotation_quality = locked.rotation_quality
    return teams


@transaction.atomic
def pair_teams_at_random(*, tournament: Tournament, seed: int | None = None) -> list[Team]:
    """Draw teams at random for every active player not already in a complete team.

    Complete teams (paired by hand or imported) are kept. `seed` repeats a draw;
    without it the draw cannot be predicted.
    """
    locked = _lock(tournament)
    _check_can_change_players(locked)
    size = _team_size(locked)
    players = list(
        Player.objects.filter(tournament=locked, active=True)
        .annotate(mates=Count("team__members", filter=Q(team__members__active=True)))
        .order_by("pk")
    )
    loose = [p for p in players if p.team_id is None or p.mates != size]
    if len(loose) % size:
        raise TournamentError(
            "players_not_divisible",
            _(
                "%(count)s players are not in a team, which cannot be split into teams of "
                "%(size)s: add or remove a player."
            )
            % {"count": len(loose), "size": size},
        )
    rng = random.SystemRandom() if seed is None else random.Random(seed)
    rng.shuffle(loose)
    Player.objects.filter(pk__in=[p.pk for p in loose]).update(team=None)
    for p in loose:
        p.team_id = None
    _delete_empty_teams(locked)
    groups = [loose[i : i + size] for i in range(0, len(loose), size)]
    teams = _make_teams(locked, groups, _team_name_keys(locked))
    _drop_planned_rotation(locked)
    tournament.rotation_quality = locked.rotation_quality
    return teams


def _engine_teams(tournament: Tournament, players: Sequence[Player]) -> list[list[str]] | None:
    """The fixed teams as lists of names for the engine, or None in formats without teams."""
    size = TEAM_SIZES.get(tournament.format)
    if size is None:
        return None
    by_team: dict[int, list[str]] = {}
    loose = []
    for p in players:
        if p.team_id is None:
            loose.append(p.name)
        else:
            by_team.setdefault(p.team_id, []).append(p.name)
    incomplete = [names for names in by_team.values() if len(names) != size]
    if loose or incomplete:
        names = loose + [n for group in incomplete for n in group]
        raise TournamentError(
            "teams_incomplete",
            _("Pair the teams first: %(names)s not in a team of %(size)s.")
            % {"names": ", ".join(names), "size": size},
        )
    return [by_team[k] for k in sorted(by_team)]


# --------------------------------------------------------------------------- rotation


def _seat_rows(table: Table, sides: Sequence[Side], players: Mapping[str, Player]) -> list[Seat]:
    # Partners alternate with opponents round the table (N, E, S, W at a table of
    # four), so member m of side s takes position m * sides + s.
    count = len(sides)
    return [
        Seat(table=table, player=players[name], position=m * count + s, side=s)
        for s, side in enumerate(sides)
        for m, name in enumerate(side)
    ]


def _write_rounds(
    tournament: Tournament,
    new_rounds: Sequence[rotations.Round],
    players: Mapping[str, Player],
    *,
    after: int,
) -> None:
    """Make the stored rounds numbered above `after` match `new_rounds`.

    Round and table rows that survive keep their ids and table tokens, so a QR card
    already printed for round 5 table 2 still opens round 5 table 2 (showing its new
    seating); seats and byes are written afresh.
    """
    existing = {
        r.number: r
        for r in Round.objects.filter(tournament=tournament, number__gt=after).prefetch_related(
            "tables"
        )
    }
    if any(r.status != Round.Status.PLANNED for r in existing.values()):
        raise TournamentError("round_started", _("A round being re-planned has started."))
    wanted = {r.number for r in new_rounds}
    Round.objects.filter(pk__in=[r.pk for n, r in existing.items() if n not in wanted]).delete()
    Seat.objects.filter(table__round__in=[r.pk for r in existing.values()]).delete()
    Bye.objects.filter(round__in=[r.pk for r in existing.values()]).delete()

    created = Round.objects.bulk_create(
        [
            Round(tournament=tournament, number=r.number)
            for r in new_rounds
            if r.number not in existing
        ]
    )
    rows = existing | {row.number: row for row in created}

    tables_to_create, stale_tables = [], []
    tables_by_key: dict[tuple[int, int], Table] = {}
    for rnd in new_rounds:
        row = rows[rnd.number]
        current = {t.number: t for t in row.tables.all()} if rnd.number in existing else {}
        needed = {t.number for t in rnd.tables}
        stale_tables += [t.pk for n, t in current.items() if n not in needed]
        for table in rnd.tables:
            if table.number in current:
                tables_by_key[(rnd.number, table.number)] = current[table.number]
            else:
                tables_to_create.append(Table(round=row, number=table.number))
    Table.objects.filter(pk__in=stale_tables).delete()
    for table in Table.objects.bulk_create(tables_to_create):
        tables_by_key[(table.round.number, table.number)] = table

    Seat.objects.bulk_create(
        [
            seat
            for rnd in new_rounds
            for table in rnd.tables
            for seat in _seat_rows(tables_by_key[(rnd.number, table.number)], table.sides, players)
        ]
    )
    Bye.objects.bulk_create(
        [
            Bye(round=rows[rnd.number], player=players[name])
            for rnd in new_rounds
            for name in rnd.byes
        ]
    )


def _check_schedule(schedule: rotations.Schedule, names: set[str], *, after: int) -> None:
    """The engine's new rounds seat only known players, each once per round.

    Cheap, and it turns an engine bug into a refused request instead of a
    half-sensible night.
    """
    for rnd in schedule.rounds:
        if rnd.number <= after:
            continue
        present = list(rnd.seated) + list(rnd.byes)
        if len(present) != len(set(present)) or not set(present) <= names:
            raise TournamentError(
                "rotation_invalid",
                _("The seating engine returned an impossible round %(number)s.")
                % {"number": rnd.number},
            )


@transaction.atomic
def generate_rotation(*, tournament: Tournament) -> dict:
    """Seat every active player for the whole event and store it, replacing any planned
    rotation; refused once a round has started. Returns the quality summary, which is
    also stored on tournament.rotation_quality."""
    locked = _lock(tournament)
    _refuse_if_started(
        locked,
        _(
            "A round has started, so the rotation cannot be made again; record who "
            "leaves or arrives to re-plan the remaining rounds."
        ),
    )
    players = list(Player.objects.filter(tournament=locked, active=True).order_by("pk"))
    names = [p.name for p in players]
    teams = _engine_teams(locked, players)
    try:
        schedule = rotations.generate(
            locked.format, names, locked.rounds_planned, seed=locked.seed, teams=teams
        )
    except rotations.RotationError as exc:
        raise _rotation_error(exc) from exc
    _check_schedule(schedule, set(names), after=0)
    _write_rounds(locked, schedule.rounds, {p.name: p for p in players}, after=0)
    locked.rotation_quality = rotations.report(schedule).as_dict()
    locked.save(update_fields=["rotation_quality"])
    tournament.rotation_quality = locked.rotation_quality
    return locked.rotation_quality


@transaction.atomic
def start_round(*, round: Round) -> Round:
    """Put a planned round in play; the rounds before it must have started already."""
    locked = _lock(round.tournament)
    row = Round.objects.get(pk=round.pk)
    if row.status != Round.Status.PLANNED:
        raise TournamentError(
            "round_already_started",
            _("Round %(number)s has already started.") % {"number": row.number},
        )
    waiting = (
        Round.objects.filter(tournament=locked, number__lt=row.number, status=Round.Status.PLANNED)
        .order_by("number")
        .first()
    )
    if waiting is not None:
        raise TournamentError(
            "earlier_round_not_started",
            _("Start round %(number)s first.") % {"number": waiting.number},
        )
    row.status = Round.Status.IN_PLAY
    row.save(update_fields=["status"])
    round.status = row.status
    return row


@transaction.atomic
def close_round(*, round: Round) -> Round:
    """Close a round in play."""
    _lock(round.tournament)
    row = Round.objects.get(pk=round.pk)
    if row.status != Round.Status.IN_PLAY:
        raise TournamentError(
            "round_not_in_play",
            _("Round %(number)s is not in play.") % {"number": row.number},
        )
    row.status = Round.Status.CLOSED
    row.save(update_fields=["status"])
    round.status = row.status
    return row


# --------------------------------------------------------------------------- the night's changes


@dataclass(frozen=True)
class TableChange:
    """One table of a re-planned round whose seating differs. `before` is empty for a
    new table, `after` for a table no longer needed."""

    number: int
    before: tuple[Side, ...]
    after: tuple[Side, ...]


@dataclass(frozen=True)
class RoundChange:
    """What moves in one remaining round."""

    number: int
    tables: tuple[TableChange, ...]
    byes_before: tuple[str, ...]
    byes_after: tuple[str, ...]

    @property
    def new_byes(self) -> tuple[str, ...]:
        return tuple(n for n in self.byes_after if n not in self.byes_before)

    @property
    def ended_byes(self) -> tuple[str, ...]:
        return tuple(n for n in self.byes_before if n not in self.byes_after)

    @property
    def changed(self) -> bool:
        return bool(self.tables) or set(self.byes_before) != set(self.byes_after)


@dataclass(frozen=True)
class RotationChange:
    """A change of the night, worked out: the whole new schedule (played rounds as they
    were, then the remaining rounds), a diff per remaining round, and a fingerprint the
    confirmation can send back so it applies exactly what was previewed."""

    schedule: rotations.Schedule
    first_round: int
    rounds: tuple[RoundChange, ...]
    withdrawn: tuple[str, ...]
    arrived: tuple[str, ...]
    substitutes: tuple[tuple[str, str], ...]
    quality: dict = field(default_factory=dict)
    fingerprint: str = ""
    replanned: bool = True

    @property
    def remaining(self) -> tuple[rotations.Round, ...]:
        return tuple(r for r in self.schedule.rounds if r.number >= self.first_round)

    @property
    def changed_rounds(self) -> tuple[RoundChange, ...]:
        return tuple(r for r in self.rounds if r.changed)


@dataclass
class _Plan:
    change: RotationChange
    withdrawn: list[Player]
    substituted: list[tuple[Player, str]]
    arrivals: list[list[str]]  # grouped into new teams in team formats, else one per group
    returning: list[Player]  # arrivals who played earlier and come back under their name


def _diff(
    before: Sequence[rotations.Round], after: Sequence[rotations.Round]
) -> tuple[RoundChange, ...]:
    old = {r.number: r for r in before}
    new = {r.number: r for r in after}
    changes = []
    for number in sorted(old.keys() | new.keys()):
        a, b = old.get(number), new.get(number)
        a_tables = {t.number: t.sides for t in (a.tables if a else ())}
        b_tables = {t.number: t.sides for t in (b.tables if b else ())}
        tables = tuple(
            TableChange(number=n, before=a_tables.get(n, ()), after=b_tables.get(n, ()))
            for n in sorted(a_tables.keys() | b_tables.keys())
            if a_tables.get(n) != b_tables.get(n)
        )
        changes.append(
            RoundChange(
                number=number,
                tables=tables,
                byes_before=tuple(a.byes) if a else (),
                byes_after=tuple(b.byes) if b else (),
            )
        )
    return tuple(changes)


def _renamed(rnd: rotations.Round, names: Mapping[str, str]) -> rotations.Round:
    return rotations.Round(
        number=rnd.number,
        tables=tuple(
            rotations.Table(
                number=t.number,
                sides=tuple(tuple(names.get(p, p) for p in side) for side in t.sides),
            )
            for t in rnd.tables
        ),
        byes=tuple(names.get(p, p) for p in rnd.byes),
    )


def _fingerprint(change: dict) -> str:
    return hashlib.sha256(json.dumps(change, sort_keys=True).encode()).hexdigest()[:32]


def _plan_change(
    tournament: Tournament,
    *,
    withdraw: Iterable[Player],
    arrive: Iterable[str],
    substitute: Mapping[Player, str] | None,
) -> _Plan:
    withdraw = list(withdraw)
    arrive = [_clean_name(n) for n in arrive]
    substitute = {p: _clean_name(name) for p, name in (substitute or {}).items()}
    if not (withdraw or arrive or substitute):
        raise TournamentError("nothing_to_change", _("Choose who leaves, arrives or is replaced."))

    rounds = selectors.rounds_with_seating(tournament)
    if not rounds:
        raise TournamentError(
            "no_rotation",
            _("There is no rotation yet: change the player list, then generate the rotation."),
        )
    players = list(Player.objects.filter(tournament=tournament).order_by("pk"))
    by_pk = {p.pk: p for p in players}
    active = [p for p in players if p.active]

    leaving = [*withdraw, *substitute]
    for p in leaving:
        if p.pk not in by_pk or not by_pk[p.pk].active:
            raise TournamentError(
                "not_playing",
                _("%(name)s is not playing in this tournament now.") % {"name": p.name},
            )
    if len({p.pk for p in leaving}) != len(leaving):
        raise TournamentError(
            "player_twice",
            _("A player can leave only once: either withdraw them or replace them."),
        )
    size = TEAM_SIZES.get(tournament.format)
    # Someone who left (or was replaced) may come back and play the rest of the night
    # under their own name. Fixed teams have been re-formed around them, so there they
    # come back only as a new team with new names.
    away = {_name_key(p.name): p for p in players if not p.active} if size is None else {}
    returning: list[Player] = []
    taken: dict[str, int | None] = {_name_key(p.name): None for p in players}
    for index, name in enumerate([*arrive, *substitute.values()]):
        back = away.pop(_name_key(name), None) if index < len(arrive) else None
        if back is not None:
            returning.append(back)
            arrive[index] = back.name
            continue
        why = _new_player_problem(name, taken)
        if why:
            raise TournamentError("bad_new_player", why)
        taken[_name_key(name)] = None

    withdrawn_pks = {p.pk for p in withdraw}
    if size is not None:
        # A fixed team cannot play a player short: it leaves whole, or someone stands in.
        for p in withdraw:
            mates = [
                m for m in active if m.team_id == by_pk[p.pk].team_id and m.pk not in withdrawn_pks
            ]
            if by_pk[p.pk].team_id is not None and mates:
                raise TournamentError(
                    "team_incomplete",
                    _(
                        "%(name)s plays in a team: withdraw the whole team, or bring in "
                        "a substitute."
                    )
                    % {"name": p.name},
                )
        if len(arrive) % size:
            raise TournamentError(
                "arrivals_not_teams",
                _("Late arrivals join as whole teams of %(size)s.") % {"size": size},
            )
        arrivals = [arrive[i : i + size] for i in range(0, len(arrive), size)]
    else:
        arrivals = [[name] for name in arrive]

    played = [r for r in rounds if r.status != Round.Status.PLANNED]
    planned = [r for r in rounds if r.status == Round.Status.PLANNED]
    last_played = max((r.number for r in played), default=0)
    current = selectors.schedule_from_rounds(tournament, rounds)
    before = [r for r in current.rounds if r.number > last_played]
    sub_names = {by_pk[p.pk].name: name for p, name in substitute.items()}
    withdrawn_names = [p.name for p in players if p.pk in withdrawn_pks]

    replanned = bool(withdraw or arrive)
    if not replanned:
        # A substitute alone sits exactly where the leaver would have: nobody else moves.
        new_rounds = [_renamed(r, sub_names) for r in before]
        schedule = rotations.Schedule(
            format=current.format,
            players=current.players + tuple(sub_names.values()),
            rounds=tuple(r for r in current.rounds if r.number <= last_played) + tuple(new_rounds),
        )
    elif not planned:
        raise TournamentError(
            "no_rounds_left", _("Every round has started: there is nothing left to re-plan.")
        )
    else:
        staying = [sub_names.get(p.name, p.name) for p in active if p.pk not in withdrawn_pks]
        names = staying + [n for group in arrivals for n in group]
        teams = None
        if size is not None:
            by_team: dict[int, list[str]] = {}
            for p in active:
                if p.pk not in withdrawn_pks and p.team_id is not None:
                    by_team.setdefault(p.team_id, []).append(sub_names.get(p.name, p.name))
            loose = [p.name for p in active if p.team_id is None and p.pk not in withdrawn_pks]
            if loose or any(len(v) != size for v in by_team.values()):
                raise TournamentError(
                    "teams_incomplete",
                    _("Every player must be in a complete team before the rotation changes."),
                )
            teams = [by_team[k] for k in sorted(by_team)] + [list(g) for g in arrivals]
        try:
            if played:
                history = rotations.Schedule(
                    format=current.format,
                    players=current.players,
                    rounds=tuple(r for r in current.rounds if r.number <= last_played),
                )
                schedule = rotations.replan(
                    history, names, len(rounds), seed=tournament.seed, teams=teams
                )
            else:
                # Nothing is played yet: plan the event afresh for the new list.
                schedule = rotations.generate(
                    tournament.format,
                    names,
                    tournament.rounds_planned,
                    seed=tournament.seed,
                    teams=teams,
                )
        except rotations.RotationError as exc:
            raise _rotation_error(exc) from exc
        _check_schedule(schedule, set(names), after=last_played)
        # The played rounds are history: keep them as stored whatever comes back.
        schedule = rotations.Schedule(
            format=schedule.format,
            players=tuple(dict.fromkeys(current.players + tuple(names))),
            rounds=tuple(r for r in current.rounds if r.number <= last_played)
            + tuple(r for r in schedule.rounds if r.number > last_played),
        )
        new_rounds = [r for r in schedule.rounds if r.number > last_played]

    diff = _diff(before, new_rounds)
    summary = {
        "after": last_played,
        "rounds": rotations.Schedule(
            format=schedule.format, players=(), rounds=tuple(new_rounds)
        ).to_json()["rounds"],
        "withdrawn": withdrawn_names,
        "arrived": arrive,
        "substitutes": sorted(sub_names.items()),
    }
    change = RotationChange(
        schedule=schedule,
        first_round=last_played + 1,
        rounds=diff,
        withdrawn=tuple(withdrawn_names),
        arrived=tuple(arrive),
        substitutes=tuple(sub_names.items()),
        quality=rotations.report(schedule).as_dict(),
        fingerprint=_fingerprint(summary),
        replanned=replanned,
    )
    return _Plan(
        change=change,
        withdrawn=[by_pk[pk] for pk in withdrawn_pks],
        substituted=[(by_pk[p.pk], name) for p, name in substitute.items()],
        arrivals=arrivals,
        returning=returning,
    )


def preview_change(
    *,
    tournament: Tournament,
    withdraw: Iterable[Player] = (),
    arrive: Iterable[str] = (),
    substitute: Mapping[Player, str] | None = None,
) -> RotationChange:
    """What the remaining rounds would become if `withdraw` leave, `arrive` join late and
    each key of `substitute` hands their seats to the named newcomer. Writes nothing.

    A substitute alone takes over the leaver's seats in every planned round and nobody
    else moves; any withdrawal or arrival re-plans all planned rounds through the engine,
    never repeating a partnership already played. Rounds that have started never change.
    """
    return _plan_change(tournament, withdraw=withdraw, arrive=arrive, substitute=substitute).change


@transaction.atomic
def apply_change(
    *,
    tournament: Tournament,
    withdraw: Iterable[Player] = (),
    arrive: Iterable[str] = (),
    substitute: Mapping[Player, str] | None = None,
    expected_fingerprint: str | None = None,
) -> RotationChange:
    """Make the change preview_change describes and store the re-planned rounds.

    Withdrawn and replaced players stop playing (their played seats stay theirs);
    late arrivals and substitutes become new players, a substitute joining the
    leaver's team. With `expected_fingerprint` (from the preview the organiser saw)
    the change is refused if the plan differs, e.g. because a round started meanwhile.
    """
    locked = _lock(tournament)
    plan = _plan_change(locked, withdraw=withdraw, arrive=arrive, substitute=substitute)
    change = plan.change
    if expected_fingerprint is not None and expected_fingerprint != change.fingerprint:
        raise TournamentError(
            "stale_preview",
            _("The tournament changed since this preview; look at the new preview and confirm."),
        )
    Player.objects.filter(pk__in=[p.pk for p in plan.withdrawn]).update(active=False)
    Player.objects.filter(pk__in=[p.pk for p, _name in plan.substituted]).update(active=False)
    for old, name in plan.substituted:
        Player.objects.create(tournament=locked, name=name, team_id=old.team_id)
    size = TEAM_SIZES.get(locked.format)
    taken = _team_name_keys(locked)
    Player.objects.filter(pk__in=[p.pk for p in plan.returning]).update(active=True)
    back = {p.name for p in plan.returning}
    for group in plan.arrivals:
        newcomers = [n for n in group if n not in back]
        if not newcomers:
            continue
        team = None
        if size is not None:
            team = Team.objects.create(
                tournament=locked,
                name=_free_team_name(locked, _team_display_name(newcomers), taken),
            )
        Player.objects.bulk_create(
            [Player(tournament=locked, name=n, team=team) for n in newcomers]
        )
    players = {p.name: p for p in Player.objects.filter(tournament=locked)}
    _write_rounds(locked, change.remaining, players, after=change.first_round - 1)
    locked.rotation_quality = change.quality
    locked.save(update_fields=["rotation_quality"])
    tournament.rotation_quality = locked.rotation_quality
    return change
