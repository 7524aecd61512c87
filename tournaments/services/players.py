"""The player list: one by one, or pasted / uploaded as CSV, all or nothing."""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.errors import DomainError

from .. import encodings
from ..models import Player, Team, Tournament
from .common import (
    IMPORT_MAX_LINES,
    TEAM_NAME_MAX,
    check_can_change_players,
    check_player_count,
    clean_name,
    drop_planned_rotation,
    lock,
    name_key,
    new_player_problem,
)


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
    is collected with its line into one DomainError, in line order, and nothing
    is written unless there are none.
    """
    with transaction.atomic():
        locked = lock(tournament)
        check_can_change_players(locked)
        team_size = locked.spec.fixed_team_size
        taken: dict[str, int | None] = {
            name_key(n): None for n in locked.players.values_list("name", flat=True)
        }
        teams = {
            name_key(t.name): t
            for t in locked.teams.annotate(n=Count("members", filter=Q(members__active=True)))
        }
        members: dict[str, int] = {key: t.n for key, t in teams.items()}
        team_names: dict[str, str] = {key: t.name for key, t in teams.items()}
        # Each refusal kept whole: one player typed in a form is refused with it.
        problems: list[tuple[int, DomainError | str]] = list(unreadable)
        accepted: list[tuple[str, str | None]] = []

        def problem(line: int | None, why: DomainError | str) -> None:
            problems.append((line or 0, why))

        for line, raw_name, raw_team in rows:
            name, team = clean_name(raw_name), clean_name(raw_team)
            why = new_player_problem(name, taken)
            if why:
                problem(line, why)
                continue
            taken[name_key(name)] = line
            if not team:
                accepted.append((name, None))
                continue
            if team_size is None:
                label = locked.get_format_display()
                problem(line, DomainError("bad_player:no_fixed_teams", format=label))
                continue
            if len(team) > TEAM_NAME_MAX:
                problem(line, DomainError("bad_player:team_name_too_long", max=TEAM_NAME_MAX))
                continue
            key = name_key(team)
            if members.get(key, 0) >= team_size:
                team_name = team_names.get(key, team)
                problem(line, DomainError("bad_player:team_full", team=team_name, size=team_size))
                continue
            members[key] = members.get(key, 0) + 1
            team_names.setdefault(key, team)
            accepted.append((name, key))
        if not problems and not accepted:
            problem(None, DomainError("bad_player:no_names"))
        playing = locked.players.filter(active=True).count()
        try:
            check_player_count(before=playing, after=playing + len(accepted))
        except DomainError as exc:
            problem(None, exc)
        if problems:
            first = problems[0][1]
            if len(rows) == 1 and rows[0][0] is None and isinstance(first, DomainError):
                # One player typed in a form: refused with the problem itself.
                raise first
            problems.sort(key=lambda p: p[0])
            raise DomainError(
                "import_failed",
                details=[_line_problem(n, why) if n else str(why) for n, why in problems],
            )
        for key in {key for _name, key in accepted if key and key not in teams}:
            teams[key] = Team.objects.create(tournament=locked, name=team_names[key])
        created = Player.objects.bulk_create(
            [
                Player(tournament=locked, name=name, team=teams[key] if key else None)
                for name, key in accepted
            ]
        )
        drop_planned_rotation(locked)
        tournament.rotation_quality = locked.rotation_quality
        # bulk_create sets primary keys on PostgreSQL and SQLite (RETURNING) alike.
        return created


def read_player_file(data: bytes, *, encoding: str) -> str:
    """The text of an uploaded list read in `encoding` (one of encodings.ENCODINGS).

    Strict: bytes that `encoding` cannot read are refused, never replaced, so a wrong
    encoding is an error to correct rather than names stored garbled. A file that is
    not text at all (a spreadsheet, an image) says so instead.
    """
    codec = encodings.codec_name(encoding)
    if codec is None:
        raise DomainError("import_encoding:unknown", encoding=encoding[:40])
    try:
        # utf-8-sig: a spreadsheet's UTF-8 starts with a byte order mark, not a name.
        text = data.decode("utf-8-sig" if codec == "utf-8" else codec)
    except UnicodeDecodeError:
        if b"\0" in data and codec != "utf-16":
            raise DomainError("not_csv") from None
        raise DomainError("import_encoding", encoding=encodings.label(codec)) from None
    if not _looks_like_text(text):
        raise DomainError("not_csv")
    return text


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
    data: str | bytes, *, encoding: str = "utf-8"
) -> tuple[list[tuple[int, str, str]], list[tuple[int, str]]]:
    """The rows (line number, name, team) of a pasted list or CSV text with columns
    name,team, and the lines that cannot be read as such (line number, problem).

    Bytes (an upload) are read in `encoding` (read_player_file). Blank lines are
    skipped; a first line `name,team` is a header. Raises DomainError at once for
    data that is not text at all or not in `encoding`.
    """
    text = read_player_file(data, encoding=encoding) if isinstance(data, bytes) else data
    if not _looks_like_text(text):
        raise DomainError("not_csv")
    text = text.lstrip("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    rows: list[tuple[int, str, str]] = []
    problems: list[tuple[int, str]] = []
    first = True
    try:
        for cells in reader:
            line = reader.line_num
            if line > IMPORT_MAX_LINES:
                raise DomainError("import_too_long", max=IMPORT_MAX_LINES)
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
                            ngettext(
                                "There is %(count)s column; give a name, then a team if any.",
                                "There are %(count)s columns; give a name, then a team if any.",
                                len(filled),
                            )
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
def import_players(
    *, tournament: Tournament, text: str | bytes, encoding: str = "utf-8"
) -> list[Player]:
    """Add every player of a pasted list or CSV text (`name` or `name,team` per line);
    an uploaded file's bytes are read in `encoding`, the one its preview showed.

    All or nothing: duplicate names (in the list or already playing), nameless lines,
    overfull teams or a file that is not text raise one DomainError whose
    `details` gives every problem with its line number; no player is added then.
    """
    rows, unreadable = parse_player_list(text, encoding=encoding)
    if not rows and not unreadable:
        raise DomainError("import_failed:no_names")
    return import_players_rows(tournament=tournament, rows=rows, unreadable=unreadable)
