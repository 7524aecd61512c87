"""The rules engine stays plain Python: nothing under scoring/engine imports a framework."""

from __future__ import annotations

import ast
from pathlib import Path

import scoring.engine

FORBIDDEN = {"django", "rest_framework", "celery"}
ENGINE_DIR = Path(scoring.engine.__file__).parent


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_module_under_scoring_engine_imports_django_drf_or_celery():
    modules = sorted(ENGINE_DIR.rglob("*.py"))
    assert modules, "the engine package has no modules"
    offenders = {
        str(path.relative_to(ENGINE_DIR)): sorted(imported_roots(path) & FORBIDDEN)
        for path in modules
        if imported_roots(path) & FORBIDDEN
    }
    assert offenders == {}
