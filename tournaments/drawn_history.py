"""A night drawn round by round read from `next_round`'s history file: the rounds
played so far in `make_rotation`'s shape, each table with its points (one number
per side, in table order) and, where the highest points are shared, `decided_by`:
the index (0 for the first side) of the side that won the tie.

Every way a file can be wrong is one plain English line (`HistoryError`), like the
command's other refusals; the work is bounded before anything is read in full.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from tournaments.rotations import FormatSpec, PlayedRound, PlayedTable, Results

MOST_BYTES = 1_000_000
MOST_PLAYERS = 1000
MOST_ROUNDS = 100
MOST_NAME = 120

_TOP_KEYS = {"format", "players", "rounds"}
_ROUND_KEYS = {"round", "tables", "byes"}
_TABLE_KEYS = {"table", "teams", "points", "decided_by"}


class HistoryError(Exception):
    """A history that cannot be: `str(error)` is the one line to show."""


def read_history(path: str | Path, wanted: FormatSpec) -> Results:
    """The night in the file at `path`, for the format `wanted`."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MOST_BYTES + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise HistoryError(f"Could not read the history {_shown(str(path))}: {reason}.") from None
    if len(raw) > MOST_BYTES:
        raise HistoryError(f"The history is larger than {MOST_BYTES:,} bytes.")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise HistoryError("The history is not UTF-8 text.") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise HistoryError("The history is not JSON: it is nested too deeply.") from None
    except ValueError as error:
        reason = str(error).split(":")[0][:80]
        raise HistoryError(f"The history is not JSON: {reason}.") from None
    return parse_history(data, wanted)


def parse_history(data: object, wanted: FormatSpec) -> Results:
    """The night in `data` (decoded JSON), checked against the format `wanted`."""
    if not isinstance(data, dict):
        raise HistoryError('The history must be a JSON object with "format", "players", "rounds".')
    _keys(data, _TOP_KEYS, _TOP_KEYS, "The history")
    if data["format"] != wanted.code:
        raise HistoryError(
            f"The history is of the format {_shown(data['format'])}, not {wanted.code}."
        )
    players = _players(data["players"])
    rounds_data = data["rounds"]
    if not isinstance(rounds_data, list):
        raise HistoryError('"rounds" must be a list of rounds.')
    if len(rounds_data) > MOST_ROUNDS:
        raise HistoryError(f"The history has more than {MOST_ROUNDS} rounds.")
    known = set(players)
    rounds = tuple(
        _round(entry, number, known, wanted) for number, entry in enumerate(rounds_data, 1)
    )
    return Results(players=players, rounds=rounds)


def _players(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise HistoryError('"players" must be a list of names.')
    if len(value) > MOST_PLAYERS:
        raise HistoryError(f"The history has more than {MOST_PLAYERS} players.")
    seen: set[str] = set()
    for name in value:
        if not name.strip() or len(name) > MOST_NAME:
            raise HistoryError(f"A player's name must have 1 to {MOST_NAME} characters.")
        if name in seen:
            raise HistoryError(f'{_shown(name)} is listed twice in "players".')
        seen.add(name)
    return tuple(value)


def _round(entry: object, number: int, known: set[str], wanted: FormatSpec) -> PlayedRound:
    where = f"Round {number}"
    if not isinstance(entry, dict):
        raise HistoryError(f'{where} must be an object with "round", "tables" and "byes".')
    _keys(entry, _ROUND_KEYS, {"round", "tables"}, where)
    if _whole(entry["round"]) != number:
        raise HistoryError(
            f'The rounds must be numbered 1, 2, 3, ... in order: round {number} says "round": '
            f"{_shown(entry['round'])}."
        )
    tables_data = entry["tables"]
    if not isinstance(tables_data, list):
        raise HistoryError(f'{where}: "tables" must be a list of tables.')
    seated: set[str] = set()
    tables = []
    numbers: set[int] = set()
    for table_data in tables_data:
        table = _table(table_data, where, known, wanted)
        if table.number in numbers:
            raise HistoryError(f"{where} has two tables numbered {table.number}.")
        numbers.add(table.number)
        for player in table.players:
            if player in seated:
                raise HistoryError(f"{where} seats {_shown(player)} twice.")
            seated.add(player)
        tables.append(table)
    byes = _names(entry.get("byes", []), f'{where}: "byes"', known)
    for player in byes:
        if player in seated:
            raise HistoryError(f"{where} both seats {_shown(player)} and gives them a bye.")
    if len(set(byes)) != len(byes):
        raise HistoryError(f"{where} gives {_shown(_twice(byes))} two byes.")
    return PlayedRound(number, tuple(tables), byes)


def _table(data: object, where: str, known: set[str], wanted: FormatSpec) -> PlayedTable:
    if not isinstance(data, dict):
        raise HistoryError(
            f'{where}: each table must be an object with "table", "teams", "points".'
        )
    _keys(data, _TABLE_KEYS, {"table", "teams"}, f"{where}, a table")
    number = _whole(data["table"])
    if number is None or number < 1:
        raise HistoryError(
            f"{where}: a table number must be a whole number from 1, not {_shown(data['table'])}."
        )
    where = f"{where}, table {number}"
    teams = data["teams"]
    if not isinstance(teams, list):
        raise HistoryError(f'{where}: "teams" must be a list of sides.')
    sides = tuple(_names(side, f"{where}: each side", known) for side in teams)
    _check_shape(sides, where, wanted)
    if data.get("points") is None:
        raise HistoryError(
            f"{where} has no points: the next round is drawn once every table has its points."
        )
    points = _points(data["points"], len(sides), where)
    decided_by = _decided_by(data.get("decided_by"), points, where)
    return PlayedTable(number, sides, points, decided_by)


def _check_shape(sides: tuple[tuple[str, ...], ...], where: str, wanted: FormatSpec) -> None:
    count = len(set(wanted.seat_shape.side_of))
    size = wanted.table_players // count
    if len(sides) != count or any(len(side) != size for side in sides):
        each = "player" if size == 1 else "players"
        raise HistoryError(f"{where} must seat {count} sides of {size} {each} ({wanted.code}).")


def _points(value: object, sides: int, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise HistoryError(f'{where}: "points" must be a list, one number per side.')
    if len(value) != sides:
        raise HistoryError(
            f'{where}: "points" has {len(value)} numbers for {sides} sides; give one per side.'
        )
    points = tuple(_whole(p) for p in value)
    if any(p is None or p < 0 for p in points):
        raise HistoryError(f'{where}: "points" must be whole numbers from 0.')
    return tuple(p for p in points if p is not None)


def _decided_by(value: object, points: tuple[int, ...], where: str) -> int | None:
    best = max(points)
    leaders = [index for index, p in enumerate(points) if p == best]
    if len(leaders) == 1:
        if value is not None:
            raise HistoryError(
                f'{where}: "decided_by" is only for a tie, and the points do not tie.'
            )
        return None
    index = _whole(value)
    if index not in leaders:
        choices = " or ".join(str(i) for i in leaders)
        if value is None:
            raise HistoryError(
                f'{where}: the points tie, so "decided_by" must say which side won the tie '
                f"({choices}, counting sides from 0)."
            )
        raise HistoryError(
            f'{where}: "decided_by" must be {choices} (a side level on the most points, '
            f"counting from 0), not {_shown(value)}."
        )
    return index


def _names(value: object, where: str, known: set[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise HistoryError(f"{where} must be a list of player names.")
    for name in value:
        if name not in known:
            raise HistoryError(f'{where}: {_shown(name)} is not in "players".')
    return tuple(value)


def _keys(data: dict, allowed: set[str], required: set[str], where: str) -> None:
    missing = sorted(required - data.keys())
    if missing:
        raise HistoryError(f"{where} has no {_shown(missing[0])}.")
    extra = sorted(str(k) for k in data.keys() - allowed)
    if extra:
        raise HistoryError(f"{where} has an unknown key {_shown(extra[0])}.")


def _whole(value: object) -> int | None:
    """A JSON whole number (not true/false, not 2.0)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def _twice(names: Sequence[str]) -> str:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    return ""


def _shown(value: object) -> str:
    """A value from the file, quoted as JSON and cut short: one line, whatever it holds."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (RecursionError, ValueError):
        return "that value"
    return text if len(text) <= 40 else text[:37] + "..."
