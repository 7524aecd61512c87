"""The rotation engine refuses with codes and parameters the shell can translate."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tournaments.rotations import RotationError, check_request, generate
from tournaments.rotations.errors import MESSAGES

ROTATIONS = Path(__file__).resolve().parents[3] / "tournaments" / "rotations"


def _raises() -> list[tuple[str, str, set[str]]]:
    found = []
    for path in ROTATIONS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "RotationError"
            ):
                where = f"{path.name}:{node.lineno}"
                found.append((where, node.args[0].value, {k.arg for k in node.keywords}))
    return found


def test_every_refusal_of_the_engine_gives_exactly_the_params_its_words_need():
    raises = _raises()
    assert raises
    wrong = [
        (where, code, params)
        for where, code, params in raises
        if code not in MESSAGES or params != set(re.findall(r"%\((\w+)\)s", MESSAGES[code]))
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("call", "code", "message"),
    [
        (
            lambda: generate("progressive", ["A", "B", "C"], 2),
            "too_few_players",
            "progressive needs at least 4 players, got 3.",
        ),
        (
            lambda: check_request("teams", ["A", "B", "C", "D", "E"], None),
            "players_not_divisible",
            "5 players cannot be split into teams of 2.",
        ),
        (
            lambda: check_request("darts", ["A", "B"], None),
            "unknown_format",
            # The test settings also offer the trial formats drawn round by round.
            "There is no format called darts; choose progressive, teams, six-handed, "
            "cutthroat, heads-up, seated-by-standings, dynamic-progressive, "
            "ranked-progressive.",
        ),
    ],
)
def test_a_refusal_keeps_its_params_for_the_shell_and_reads_whole_in_english(call, code, message):
    with pytest.raises(RotationError) as refused:
        call()
    assert refused.value.code == code
    assert refused.value.template == MESSAGES[code]
    assert refused.value.message == message
    assert "%(" not in str(refused.value)
