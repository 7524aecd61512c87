"""PostgreSQL session limits for the web process and for Celery workers (see settings)."""

from __future__ import annotations

POSTGRESQL = "django.db.backends.postgresql"


def timeout_options(*, lock_ms: int, statement_ms: int) -> str:
    """libpq's `options`: settings every new connection starts its session with."""
    return f"-c lock_timeout={lock_ms} -c statement_timeout={statement_ms}"


def use_timeouts(database: dict, *, lock_ms: int, statement_ms: int) -> None:
    """Sets the limits on a DATABASES entry; other engines have no such settings."""
    if database.get("ENGINE") == POSTGRESQL:
        database.setdefault("OPTIONS", {})["options"] = timeout_options(
            lock_ms=lock_ms, statement_ms=statement_ms
        )
