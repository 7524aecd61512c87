"""The standings maths stays pure: nothing under scoring/standings imports a framework."""

from __future__ import annotations

import ast
from pathlib import Path

import scoring.standings

FORBIDDEN = ("django", "celery", "rest_framework", "tournaments", "leagues")
PACKAGE = Path(scoring.standings.__file__).parent


def imported_roots(source: str) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_module_of_the_standings_package_imports_a_framework():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert modules
    for module in modules:
        assert not imported_roots(module.read_text()) & set(FORBIDDEN), module.name
