"""The same request and seed seat everyone the same way in every process.

Python salts the hash of strings per process, so iterating a set of player names
can differ from one run to the next. An organiser who regenerates a rotation, or
prints it from another worker, must get the same seats: these sizes once did not.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _printed(hash_seed: int, *args: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    done = subprocess.run(
        [sys.executable, "manage.py", "make_rotation", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout


@pytest.mark.parametrize("players", ["35", "38"])
def test_cutthroat_seats_the_same_whatever_the_string_hashing(players):
    args = ("--format", "cutthroat", "--players", players, "--rounds", players)
    assert _printed(1, *args) == _printed(2, *args)
