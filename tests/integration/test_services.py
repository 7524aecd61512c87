"""The real services the deployment runs on answer, and the project is wired to them."""

import pytest
from django.conf import settings
from django.db import connection

from config.celery import app
from tournaments.tasks import ping


def test_database_is_postgresql_when_ci_says_so(postgres_db):
    with connection.cursor() as cursor:
        cursor.execute("select 1")
        assert cursor.fetchone() == (1,)
    assert settings.DATABASES["default"]["ENGINE"].endswith("postgresql")


def test_celery_uses_the_redis_broker_from_the_environment(redis_url):
    assert app.conf.broker_url == redis_url


@pytest.mark.services
def test_a_live_worker_runs_a_task_queued_through_redis(celery_worker_session):
    result = ping.apply_async(args=["hello"])
    assert result.get(timeout=20) == "pong: hello"


def test_without_a_broker_tasks_run_in_process(settings):
    # The embedded default for `make run`: no broker, so a queued task runs at once.
    app.conf.task_always_eager = True
    try:
        assert ping.delay("eager").get(timeout=1) == "pong: eager"
    finally:
        app.conf.task_always_eager = not bool(settings.CELERY_BROKER_URL)
