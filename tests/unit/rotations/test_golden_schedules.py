"""Every schedule `make_rotation` prints stays byte for byte the same.

golden_schedules.json holds, per "format players rounds", the SHA-256 of the
JSON the command prints for players P1..Pn with seed 0, or "error:<code>" when
the request is refused. Moving or reshaping the rotation code must not change a
single seat; a deliberate change of the algorithms regenerates the file with
`python -m tests.unit.rotations.test_golden_schedules` and says why in the commit.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.rotations import FORMATS, RotationError

GOLDEN = Path(__file__).with_name("golden_schedules.json")
SIZES = range(2, 65)
LARGE_SIZES = (96, 100, 128, 150)


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


def _slow(format: str, n: int, rounds: int | None) -> bool:
    # Progressive over as many rounds as players runs the local search on every
    # round: about 300 of the 340 seconds the whole file takes.
    return n in LARGE_SIZES or (rounds == n and (format == "progressive" and n >= 10 or n > 40))


def _cases() -> list:
    cases = []
    for format in FORMATS:
        for n in (*SIZES, *LARGE_SIZES):
            for rounds in _rounds_asked(n) if n in SIZES else (4, 8, None):
                marks = [pytest.mark.slow] if _slow(format, n, rounds) else []
                key = _key(format, n, rounds)
                cases.append(pytest.param(format, n, rounds, id=key, marks=marks))
    return cases


@pytest.fixture(scope="module")
def golden() -> dict[str, str]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_the_golden_file_covers_every_format_and_size(golden):
    assert set(golden) == {case.id for case in _cases()}


@pytest.mark.parametrize(("format", "n", "rounds"), _cases())
def test_make_rotation_prints_the_same_schedule(golden, format, n, rounds):
    assert _printed(format, n, rounds) == golden[_key(format, n, rounds)]


def test_the_same_request_prints_the_same_schedule_in_every_process():
    # 38 players over 38 rounds once took its seats in the order of a set of names,
    # which Python hashes differently in every process (PYTHONHASHSEED).
    root = Path(__file__).resolve().parents[3]
    args = ["manage.py", "make_rotation", "--format", "cutthroat", "--players", "38"]
    printed = {
        subprocess.run(
            [sys.executable, *args, "--rounds", "38"],
            capture_output=True,
            text=True,
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            check=True,
            timeout=120,
        ).stdout
        for hash_seed in (0, 1, 4)
    }
    assert len(printed) == 1


if __name__ == "__main__":  # pragma: no cover - regenerates the file by hand
    import django

    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    django.setup()
    table = {case.id: _printed(*case.values) for case in _cases()}
    GOLDEN.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
