"""The standings maths stays pure: nothing under scoring/standings imports a framework.

It may read the rotations core (format facts live in its registry), which is pure
too: tests/unit/rotations checks that nothing there imports Django.
"""

from __future__ import annotations

import ast
from pathlib import Path

import scoring.standings

FORBIDDEN = ("django", "celery", "rest_framework", "tournaments", "leagues")
PURE_CORES = ("tournaments.rotations",)
PACKAGE = Path(scoring.standings.__file__).parent


def imported(source: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def forbidden(name: str) -> bool:
    if any(name == core or name.startswith(core + ".") for core in PURE_CORES):
        return False
    return name.split(".")[0] in FORBIDDEN


def test_no_module_of_the_standings_package_imports_a_framework():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert modules
    for module in modules:
        assert not {name for name in imported(module.read_text()) if forbidden(name)}, module.name
