"""Log lines are JSON on stdout, and a table's or a seat's token never reaches them:
Django's request lines (django.request, runserver's django.server) carry the path,
which holds the token, so the site's log formatter takes it out."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.core.servers.basehttp import WSGIRequestHandler
from django.test import Client

from tests.integration.test_scoring_services import seated_table


@contextmanager
def site_log():
    """What the site's configured console handler writes, while the block runs."""
    handler = logging.getLogger("django").handlers[0]
    buffer = io.StringIO()
    previous = handler.setStream(buffer)
    try:
        yield buffer
    finally:
        handler.setStream(previous)


def lines(buffer: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in buffer.getvalue().splitlines() if line.strip()]


def test_log_lines_go_to_stdout_as_json_objects():
    script = (
        "import logging; logging.getLogger('django.request')"
        ".warning('Not Found: %s', '/t/' + 'a' * 30 + '/', extra={'status_code': 404})"
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", script],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    record = json.loads(line)
    assert record["level"] == "WARNING" and record["logger"] == "django.request"
    assert record["message"] == "Not Found: /t/[redacted]/"
    assert record["status_code"] == 404
    assert "a" * 30 not in done.stdout + done.stderr


@pytest.mark.django_db
def test_requests_to_table_and_seat_links_leave_no_token_in_the_log():
    table, seats = seated_table()
    client = Client()
    unknown = "Z" * 43
    with site_log() as log:
        assert client.get(f"/t/{table.token}/").status_code == 200
        assert client.get(f"/t/{unknown}/").status_code == 404
        assert client.get(f"/s/{unknown}/").status_code == 404
        # The API without the link's credential: 401, which Django logs with its path.
        assert client.get(f"/api/tables/{table.token}/").status_code == 401
        wrong = client.get(
            f"/api/tables/{table.token}/", HTTP_AUTHORIZATION=f"Seat {seats[0].token}x"
        )
        assert wrong.status_code == 401

    written = log.getvalue()
    records = lines(log)
    assert [r["message"] for r in records if r["logger"] == "django.request"] == [
        "Not Found: /t/[redacted]/",
        "Not Found: /s/[redacted]/",
        "Unauthorized: /api/tables/[redacted]/",
        "Unauthorized: /api/tables/[redacted]/",
    ]
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
    assert records[0]["request"] == "GET /t/[redacted]/"
    for secret in (table.token, unknown, seats[0].token, *(seat.player.code for seat in seats)):
        assert secret not in written


def test_runservers_request_lines_are_redacted_too():
    token = "abcDEF123_-" * 4
    handler = object.__new__(WSGIRequestHandler)
    handler.request = None
    with site_log() as log:
        handler.log_message('"%s" %s %s', f"GET /t/{token}/?code=K7Q2M9PX HTTP/1.1", "200", "512")
    [record] = lines(log)
    assert record["logger"] == "django.server"
    assert record["message"] == '"GET /t/[redacted]/?code=[redacted] HTTP/1.1" 200 512'
    assert token not in log.getvalue() and "K7Q2M9PX" not in log.getvalue()


def test_a_traceback_naming_a_token_is_redacted():
    token = "Q" * 40
    with site_log() as log:
        try:
            raise LookupError(f"no table for Table {token} at /api/tables/{token}/hands/")
        except LookupError:
            logging.getLogger("django.request").exception(
                "Internal Server Error: %s", f"/api/tables/{token}/hands/"
            )
    [record] = lines(log)
    assert record["message"] == "Internal Server Error: /api/tables/[redacted]/hands/"
    assert "LookupError" in record["exc_info"]
    assert token not in log.getvalue()
