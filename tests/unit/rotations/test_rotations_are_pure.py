"""The seating core stays plain Python: nothing under tournaments/rotations imports a
framework, so the command line, the bench and the tests run it without Django."""

from __future__ import annotations

from pathlib import Path

import tournaments.rotations
from tests.unit.engine.test_engine_is_pure import FORBIDDEN, imported_roots

ROTATIONS_DIR = Path(tournaments.rotations.__file__).parent


def test_no_module_under_tournaments_rotations_imports_django_drf_or_celery():
    modules = sorted(ROTATIONS_DIR.rglob("*.py"))
    assert len(modules) > 10, "the rotations package has lost its modules"
    offenders = {
        str(path.relative_to(ROTATIONS_DIR)): sorted(imported_roots(path) & FORBIDDEN)
        for path in modules
        if imported_roots(path) & FORBIDDEN
    }
    assert offenders == {}
