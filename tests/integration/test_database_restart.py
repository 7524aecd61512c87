"""After PostgreSQL restarts, each web process's next request works or says "busy".

A restart ends every connection the web processes keep open between requests
(CONN_MAX_AGE). The shared PostgreSQL server is not restarted here: the test ends the
backends connected to its own database only (pg_terminate_backend), which is what a
restart does to them, then asks for pages through gunicorn: never a 500.
"""

from __future__ import annotations

import os

import psycopg
import pytest

from tests.conftest import missing_service
from tools.production_set import Visitor, production_set

pytestmark = [pytest.mark.services, pytest.mark.production]

PASSWORD = "a-long-organiser-password"
WEB_WORKERS = 2


def end_connections(database_url: str) -> int:
    """Ends every other session on this test's own database, as a restart would."""
    with psycopg.connect(database_url, autocommit=True) as db:
        ended = db.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return len(ended)


def test_the_first_requests_after_a_database_restart_are_never_a_500(
    redis_url, tmp_path, production_reuse
):
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    with production_set(
        scratch=tmp_path,
        database_url=database_url,
        broker_url=redis_url,
        web_workers=WEB_WORKERS,
        worker_concurrency=1,
        extra_env={"STATIC_COMPRESS": "0"},
        **production_reuse,
    ) as prod:
        prod.create_user("organiser", PASSWORD)
        organiser = Visitor(prod.base_url)
        organiser.sign_in("organiser", PASSWORD)
        pages = ("/", "/api/tournaments/", "/healthz")
        # Every web process has served pages and keeps its connection open.
        for _ in range(3 * WEB_WORKERS):
            for page in pages:
                assert organiser.get(page).status_code == 200

        assert end_connections(prod.env["DATABASE_URL"]) >= 1
        statuses = [
            (page, organiser.get(page).status_code)
            for _ in range(3 * WEB_WORKERS)
            for page in pages
        ]

        assert {status for _page, status in statuses} <= {200, 503}, statuses
        assert "Traceback" not in prod.log("web")


@pytest.mark.django_db(transaction=True)
def test_a_page_asked_while_the_database_is_down_says_try_again(postgres_db, client):
    # The server refuses connections, as while it restarts: a 503 with Retry-After and
    # a plain message, on pages and in the API alike.
    from django.db import connection

    from tests.integration.test_healthz import closed_port

    saved = dict(connection.settings_dict)
    connection.close()
    connection.settings_dict["PORT"] = closed_port()
    try:
        page = client.get("/api/tournaments/")
        home = client.get("/")
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)

    assert page.status_code == 503
    assert page.json()["error"] == "busy"
    assert "cannot reach its database" in page.json()["message"]
    assert page["Retry-After"]
    assert home.status_code == 503
    assert "cannot reach its database" in home.content.decode()
