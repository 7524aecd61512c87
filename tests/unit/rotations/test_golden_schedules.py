"""Every schedule `make_rotation` prints stays byte for byte the same.

golden_schedules.json holds, per "format players rounds", the SHA-256 of the
JSON the command prints for players P1..Pn with seed 0, or "error:<code>" when
the request is refused. Moving or reshaping the rotation code must not change a
single seat; a deliberate change of the algorithms regenerates the file with
`python -m tests.unit.rotations.test_golden_schedules` and says why in the commit.

The sizes are those a night can be: up to 64 players (60 for progressive and
cutthroat) over at most PLAYABLE_ROUNDS rounds, the complete rotation included where
it is that short, and the big events' fields over 4 and 8 rounds. Longer requests are
the engine's to answer (make_rotation takes any size) but no tournament plays them,
and they took most of the suite's time.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.rotations import FORMATS, RotationError, spec

GOLDEN = Path(__file__).with_name("golden_schedules.json")
SIZES = range(2, 65)
# Progressive and cutthroat seat everyone afresh each round: past a club's field the
# big-event sizes below stand for them.
DRAWN_ANEW_MOST = 60
LARGE_SIZES = (96, 100, 128, 150)
PLAYABLE_ROUNDS = 17


def _rounds_asked(n: int) -> list[int | None]:
    return list(dict.fromkeys((4, 8, n, None)))


def _key(format: str, n: int, rounds: int | None) -> str:
    return f"{format} {n} {'complete' if rounds is None else rounds}"


def _printed(format: str, n: int, rounds: int | None) -> str:
    """The hash of what `make_rotation` prints, or the code of the error it reports."""
    args = ["--format", format, "--players", str(n)]
    if rounds is not None:
        args += ["--rounds", str(rounds)]
    out = io.StringIO()
    try:
        call_command("make_rotation", *args, stdout=out)
    except CommandError as error:
        assert isinstance(error.__cause__, RotationError), error
        return f"error:{error.__cause__.code}"
    return hashlib.sha256(out.getvalue().rstrip("\n").encode()).hexdigest()


def _playable(format: str, n: int, rounds: int | None) -> bool:
    length = rounds if rounds is not None else spec(format).complete_length(n)
    if format in ("progressive", "cutthroat") and n > DRAWN_ANEW_MOST:
        return False
    return length <= PLAYABLE_ROUNDS


def _cases(format: str) -> list[tuple[int, int | None]]:
    cases = [(n, r) for n in SIZES for r in _rounds_asked(n) if _playable(format, n, r)]
    return cases + [(n, r) for n in LARGE_SIZES for r in (4, 8)]


def _keys() -> set[str]:
    return {_key(format, n, r) for format in FORMATS for n, r in _cases(format)}


@pytest.fixture(scope="module")
def golden() -> dict[str, str]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_the_golden_file_covers_every_format_and_size(golden):
    assert set(golden) == _keys()


@pytest.mark.parametrize("format", FORMATS)
def test_make_rotation_prints_the_same_schedules(golden, format):
    differing = [
        _key(format, n, r)
        for n, r in _cases(format)
        if _printed(format, n, r) != golden[_key(format, n, r)]
    ]
    assert not differing, f"{len(differing)} schedules changed: {', '.join(differing)}"


if __name__ == "__main__":  # pragma: no cover - regenerates the file by hand
    import django

    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    django.setup()
    table = {
        _key(format, n, r): _printed(format, n, r) for format in FORMATS for n, r in _cases(format)
    }
    GOLDEN.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
