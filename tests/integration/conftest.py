"""Fixtures of the integration tests that boot `make run`'s processes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.integration.make_run import make_run_env, manage_with


@pytest.fixture(scope="session")
def _demo_folder(tmp_path_factory) -> Path:
    """`make run`'s SQLite database after its `migrate` and `load_demo`, made once for
    this process (the two commands take 10 to 20 s of a loaded machine)."""
    folder = tmp_path_factory.mktemp("make-run-demo")
    manage = manage_with(make_run_env(folder))
    manage("migrate", "--noinput", "--verbosity", "0")
    manage("load_demo")
    return folder


@pytest.fixture
def demo_database(_demo_folder, tmp_path) -> Path:
    """A copy of that database (and its demo password) where make_run_env(tmp_path) puts
    them: each test changes its own copy only."""
    for name in ("db.sqlite3", "demo_password"):
        shutil.copy(_demo_folder / name, tmp_path / name)
    return tmp_path / "db.sqlite3"
