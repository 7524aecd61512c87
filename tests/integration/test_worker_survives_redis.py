"""Redis stops while a printout renders, then comes back: the worker lives on.

The production process set (tools/production_set.py) runs against a redis-server of
this test's own, on a free port (never the shared 6379), keeping its data on disk as a
production Redis does. The worker has one process; two print jobs are queued, and Redis
is stopped while the first renders and started again. Before the fix Celery 5.7.0 put
the second job (taken from Redis, not yet started) back while Redis was down and died
("Unrecoverable error: AttributeError ... 'hostname'").
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import psycopg
import pytest

from tests.conftest import missing_service
from tools.production_set import free_port, production_set

pytestmark = [pytest.mark.services, pytest.mark.production, pytest.mark.xdist_group("own-redis")]

SEATED_EVENT = """
import datetime
from django.contrib.auth import get_user_model
from tournaments import services
owner = get_user_model().objects.create_user("olive")
tournament = services.create_tournament(
    owner=owner, name="Legion Hall", date=datetime.date(2026, 3, 14), venue="", options={},
    variant="north-american", format="progressive", round_play="hands", hands_per_round=8,
    rounds_planned=6,
)
for number in range(48):
    services.add_player(tournament=tournament, name=f"Player {number}")
services.generate_rotation(tournament=tournament)
print(tournament.pk)
"""

ASK = """
import sys
from django.db import transaction
from tournaments.models import Tournament
from tournaments.printing.services import request_print
tournament = Tournament.objects.get(pk=int(sys.stdin.read()))
for _ in range(COUNT):
    with transaction.atomic():
        print(request_print(tournament=tournament, kind="scorecards").pk)
"""


class OwnRedis:
    """A redis-server of this test's, which keeps its data across a restart."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                *("--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)),
                *("--save", "", "--appendonly", "yes", "--appendfsync", "always"),
            ],
            stdout=subprocess.DEVNULL,
        )
        wait_for(self._answers, 10, "redis-server to answer")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()  # redis-server writes its log to disk and exits
            self.process.wait(timeout=20)

    def _answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False


def wait_for(condition, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if answer := condition():
            return answer
        time.sleep(0.1)
    raise AssertionError(f"waited {timeout:.0f} s for {what}")


@pytest.fixture
def own_redis(tmp_path):
    try:
        subprocess.run(["redis-server", "--version"], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        missing_service("needs redis-server on the PATH (apt-get install redis-server)")
    redis = OwnRedis(tmp_path)
    redis.start()
    yield redis
    redis.stop()


def test_the_worker_lives_through_a_redis_restart_mid_render(own_redis, tmp_path, production_reuse):
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    with production_set(
        scratch=tmp_path / "set",
        database_url=database_url,
        broker_url=own_redis.url,
        web_workers=1,
        worker_concurrency=1,
        extra_env={"STATIC_COMPRESS": "0"},
        **production_reuse,
    ) as prod:
        worker = prod.processes["worker"]

        def jobs(*ids: int) -> dict[int, tuple[str, str]]:
            with psycopg.connect(prod.env["DATABASE_URL"], autocommit=True) as db:
                rows = db.execute(
                    "SELECT id, status, error FROM tournaments_printjob WHERE id = ANY(%s)",
                    [list(ids)],
                ).fetchall()
            return {row[0]: (row[1], row[2]) for row in rows}

        def ask(count: int) -> list[int]:
            out = prod.manage(
                "shell", "--no-imports", "-c", ASK.replace("COUNT", str(count)), stdin=tournament
            )
            return [int(line) for line in out.split()[-count:]]

        tournament = prod.manage("shell", "--no-imports", "-c", SEATED_EVENT).split()[-1]
        first, second = ask(2)
        wait_for(lambda: jobs(first)[first][0] == "running", 60, "the first job to start")

        own_redis.stop()
        wait_for(
            lambda: worker.poll() is not None or "Cannot connect to redis" in prod.log("worker"),
            30,
            "the worker to notice that Redis is gone",
        )
        own_redis.start()

        def finished() -> dict | None:
            now = jobs(first, second)
            return now if all(status in ("done", "failed") for status, _ in now.values()) else None

        ended = wait_for(lambda: worker.poll() is not None or finished(), 120, "both jobs")
        assert worker.poll() is None, prod.log("worker")[-4000:]
        for status, error in ended.values():
            # Done, or failed with a plain message for the organiser (no traceback).
            assert status == "done" or (error and "Traceback" not in error), ended

        # The same worker process takes new work.
        (third,) = ask(1)
        wait_for(lambda: jobs(third)[third][0] in ("done", "failed"), 60, "a new job")
        assert jobs(third)[third] == ("done", ""), prod.log("worker")[-4000:]
        assert worker.poll() is None
