"""Fixtures shared by the whole suite.

Tests that need a real service ask for it through `require_service`: on a laptop
without the service they skip with the reason; under REQUIRE_SERVICES=1 (CI) they
fail, because a skipped integration test there would hide a broken deployment.

`make test` runs the suite in parallel processes (pytest-xdist). Each has its own test
database, Celery queue and cache prefix (config/settings/test.py) and its own media
folder (below); a test must keep anything else it shares to names of its own: files
under test-artifacts/ named after the test, Redis keys under a prefix of its own, no
fixed ports (live_server picks a free one).
"""

from __future__ import annotations

import os

import pytest

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


def missing_service(reason: str) -> None:
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason} (REQUIRE_SERVICES=1: a missing service is a failure)")
    pytest.skip(reason)


@pytest.fixture
def postgres_db(db):
    """The test database, which must be PostgreSQL (row locks, concurrency)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    return db


@pytest.fixture(scope="session")
def redis_url() -> str:
    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis://"):
        missing_service("needs Redis: set CELERY_BROKER_URL=redis://...")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        missing_service(f"Redis at {url} does not answer: {exc}")
    return url


@pytest.fixture(scope="session")
def celery_worker_session(redis_url, django_db_setup, django_db_blocker):
    """A live Celery worker consuming from the real Redis broker, for the whole session.

    It runs in a thread of this process, so it sees the test database; tests that use
    it need `transactional_db` so the worker's connection can read their rows.
    """
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    app.conf.task_always_eager = False
    # This process's queue (settings.CELERY_TASK_DEFAULT_QUEUE) may hold tasks sent by
    # earlier tests or an interrupted run, for rows no longer there: start it empty.
    app.control.purge()
    try:
        with (
            django_db_blocker.unblock(),
            start_worker(
                app, pool="threads", concurrency=2, perform_ping_check=False, shutdown_timeout=10
            ) as worker,
        ):
            yield worker
    finally:
        app.conf.task_always_eager = not bool(os.environ.get("CELERY_BROKER_URL"))


@pytest.fixture(scope="session")
def production_reuse(tmp_path_factory):
    """What this process's production sets share: `production_set(**production_reuse)`.

    A database migrated once from nothing under the production settings, which each set
    copies, and one folder of collected static files (hashed names, uncompressed): each
    boot then spends its time on what its test proves, not on the same migrate and
    collectstatic again (20 to 30 s of a loaded machine each).
    """
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    from tools.production_set import migrated_template

    # migrate sends no task: any broker address will do (the production settings ask one).
    broker_url = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"
    with migrated_template(database_url=database_url, broker_url=broker_url) as template:
        yield {"template": template, "static_root": tmp_path_factory.mktemp("static")}


@pytest.fixture
def eager():
    """The embedded default: no broker, so queued tasks run in the requesting process."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(scope="session", autouse=True)
def _media_of_this_process(tmp_path_factory):
    """Uploads and print files of this process only: job ids repeat from one parallel
    process's database to the next, so they would overwrite each other's files."""
    from django.test import override_settings

    with override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media")):
        yield


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with empty counters (wrong card codes per table and address):
    tests share one client address, and table ids repeat on SQLite."""
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache
    from django.core.cache.backends.redis import RedisCache

    cache = caches["default"]
    if isinstance(cache, LocMemCache):
        cache.clear()
    elif isinstance(cache, RedisCache):
        # Never clear(): it flushes the whole Redis database, other processes' keys too.
        client = cache._cache.get_client(write=True)
        for key in client.scan_iter(f"{cache.key_prefix}:*"):
            client.delete(key)
    yield


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's language: a request that asked for Polish leaves
    Polish active in the thread, and whichever test ran next in that process read it."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture
def organiser(django_user_model):
    """The tournament's owner, signed in by tests with the password below."""
    return django_user_model.objects.create_user("olive", password="cards-on-the-table")
