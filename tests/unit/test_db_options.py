"""`make run`'s site, worker and beat share one SQLite file: a write must wait its turn
instead of failing with "database is locked" (a change of the night answered 500 while
beat's stalled-job sweep wrote)."""

from __future__ import annotations

from config.db import SQLITE, use_timeouts


def test_sqlite_takes_the_write_lock_at_begin_and_waits_for_it():
    database = {"ENGINE": SQLITE, "NAME": "db.sqlite3"}
    use_timeouts(database, lock_ms=5000, statement_ms=30000)
    assert database["OPTIONS"] == {"transaction_mode": "IMMEDIATE", "timeout": 5.0}
