"""Each app owns its edges: the tournaments app's API and the printing app know
nothing of scoring or leagues, which build on them, except that printing asks
scoring for the night's standings it prints (scoring.night_standings)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


# The exception handler maps every app's errors to HTTP answers; it stays shared.
SHARED = {"tournaments/api/errors.py"}
# A printed standings sheet is the night's standings as scoring works them out now.
ALLOWED = {"tournaments/printing/services.py": {"scoring.night_standings.snapshots"}}


@pytest.mark.parametrize(
    "path",
    sorted(
        str(p.relative_to(ROOT))
        for folder in ("tournaments/api", "tournaments/printing")
        for p in (ROOT / folder).rglob("*.py")
        if str(p.relative_to(ROOT)) not in SHARED
    ),
)
def test_the_tournaments_api_and_printing_import_neither_scoring_nor_leagues_but_printed_standings(
    path,
):
    strays = {
        module
        for module in imported_modules(ROOT / path)
        if module.split(".")[0] in ("scoring", "leagues") and module not in ALLOWED.get(path, set())
    }
    assert not strays, f"{path} imports {sorted(strays)}"
