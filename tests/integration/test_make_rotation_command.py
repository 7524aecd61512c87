"""The make_rotation command end to end: JSON on stdout, plain errors and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.commands import run_manage

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_manage("make_rotation", *args)


def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "make_rotation", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def _check_shape(data: dict, format: str, players: int, side: int, table: int) -> None:
    assert set(data) == {"format", "players", "rounds"}
    assert data["format"] == format
    assert data["players"] == [f"P{i}" for i in range(1, players + 1)]
    for number, rnd in enumerate(data["rounds"], start=1):
        assert set(rnd) == {"round", "tables", "byes"}
        assert rnd["round"] == number
        seated = []
        for k, table_data in enumerate(rnd["tables"], start=1):
            assert set(table_data) == {"table", "teams"}
            assert table_data["table"] == k
            assert all(len(team) == side for team in table_data["teams"])
            seated += [p for team in table_data["teams"] for p in team]
            assert len(seated) % table == 0
        assert sorted(seated + rnd["byes"]) == sorted(data["players"])


@pytest.mark.parametrize(
    ("format", "players", "side", "table", "complete_rounds"),
    [
        ("teams", 10, 2, 4, 5),
        ("six-handed", 12, 3, 6, 3),
        ("cutthroat", 9, 1, 3, 4),
        ("heads-up", 7, 1, 2, 7),
        ("progressive", 8, 2, 4, None),
    ],
)
def test_prints_the_complete_schedule_in_the_documented_shape(
    format, players, side, table, complete_rounds
):
    result = run("--format", format, "--players", str(players))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    _check_shape(data, format, players, side, table)
    if complete_rounds is not None:
        assert len(data["rounds"]) == complete_rounds


def test_teams_are_consecutive_players():
    data = json.loads(run("--format", "teams", "--players", "8", "--rounds", "2").stdout)
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            for team in table["teams"]:
                first = int(team[0][1:])
                assert sorted(team) == sorted([f"P{first}", f"P{first + (1 if first % 2 else -1)}"])


def test_rounds_and_seed_are_honoured_and_repeatable():
    args = ("--format", "cutthroat", "--players", "14", "--rounds", "6", "--seed", "11")
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert len(json.loads(first.stdout)["rounds"]) == 6
    other = run("--format", "cutthroat", "--players", "14", "--rounds", "6", "--seed", "12")
    assert other.stdout != first.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("--format", "teams", "--players", "7"),
        ("--format", "cutthroat", "--players", "2"),
        ("--format", "progressive", "--players", "3"),
        ("--format", "teams", "--players", "0"),
        ("--format", "teams", "--players", "8", "--rounds", "0"),
        ("--format", "euchre-golf", "--players", "8"),
        ("--format", "teams", "--players", "eight"),
        ("--format", "teams", "--players", "8", "--rounds", "1.5"),
        ("--format", "teams", "--players", "8", "--seed", "x"),
    ],
)
def test_bad_arguments_exit_2_with_one_plain_line(args):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr


def test_missing_format_is_an_argument_error():
    result = run("--players", "8")
    assert result.returncode == 2
    assert "--format" in result.stderr


def test_a_real_process_prints_the_schedule_and_refuses_with_exit_2():
    # What only a process shows: the exit code the shell sees and nothing else printed.
    printed = run_process("--format", "teams", "--players", "6", "--rounds", "1")
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout)["format"] == "teams"
    refused = run_process("--format", "teams", "--players", "7")
    assert refused.returncode == 2 and refused.stdout == ""
    assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr
