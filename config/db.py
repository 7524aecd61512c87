"""Session limits for the web process and for Celery workers (see settings)."""

from __future__ import annotations

POSTGRESQL = "django.db.backends.postgresql"
SQLITE = "django.db.backends.sqlite3"


def timeout_options(*, lock_ms: int, statement_ms: int) -> str:
    """libpq's `options`: settings every new connection starts its session with."""
    return f"-c lock_timeout={lock_ms} -c statement_timeout={statement_ms}"


def use_timeouts(database: dict, *, lock_ms: int, statement_ms: int) -> None:
    """Sets the limits on a DATABASES entry; other engines have no such settings."""
    if database.get("ENGINE") == POSTGRESQL:
        database.setdefault("OPTIONS", {})["options"] = timeout_options(
            lock_ms=lock_ms, statement_ms=statement_ms
        )
    elif database.get("ENGINE") == SQLITE:
        # `make run`'s site, worker and beat share one SQLite file. A transaction that
        # reads and then writes while another process writes fails at once with
        # "database is locked" (seen: applying a change of the night as beat's stalled-job
        # sweep ran); taking the write lock at BEGIN makes it wait its turn instead.
        options = database.setdefault("OPTIONS", {})
        options.setdefault("transaction_mode", "IMMEDIATE")
        options.setdefault("timeout", lock_ms / 1000)
