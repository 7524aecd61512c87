"""A process that dies is started again, under `make run`'s runner and `make serve`'s,
and `make run`'s worker builds print jobs from its folder broker, no service needed.

Each test kills the Celery worker's main process with SIGKILL (as the OOM killer
would) while the site runs: the web keeps answering, supervisor starts a new worker
(a new pid), and that worker builds a print job. Under honcho, which `make run` and
`make serve` used before, the worker's exit stopped the web process too.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.conftest import missing_service
from tests.integration.make_run import ASK, look, make_run_env, manage_with
from tools.production_set import ROOT, Visitor, free_port, production_set

pytestmark = [pytest.mark.production]


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except FileNotFoundError:
        return []
    return [int(child) for child in text.split()]


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except FileNotFoundError:
        return ""


def worker_main_pid(runner_pid: int) -> int | None:
    """The Celery worker's main process: the first process down the tree running celery."""
    for child in children(runner_pid):
        for pid in [child, *children(child)]:
            if " worker " in command_line(pid) and "celery" in command_line(pid):
                return pid
    return None


def wait_for(condition, timeout: float, what: str, *, log: Path | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if answer := condition():
            return answer
        time.sleep(0.2)
    tail = log.read_text(errors="replace")[-3000:] if log else ""
    raise AssertionError(f"waited {timeout:.0f} s for {what}\n{tail}")


def kill_worker_while_web_answers(runner_pid: int, page: str, log: Path) -> None:
    """SIGKILL the worker; the page answers throughout and a new worker comes up."""
    old = wait_for(lambda: worker_main_pid(runner_pid), 60, "the worker", log=log)
    os.kill(old, signal.SIGKILL)
    answers = []

    def new_worker() -> int | None:
        answers.append(requests.get(page, timeout=10).status_code)
        pid = worker_main_pid(runner_pid)
        return pid if pid not in (None, old) else None

    wait_for(new_worker, 60, "a new worker", log=log)
    assert answers and set(answers) == {200}, answers
    assert "exited: worker" in log.read_text(errors="replace")


def marked(mark: str) -> list[int]:
    """Processes started with EUCHRE_RUN_MARK=mark in their environment, alive."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if f"EUCHRE_RUN_MARK={mark}".encode() in environ.split(b"\0") and state != "Z":
            found.append(int(entry.name))
    return found


def stop(process: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=40)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def test_make_run_starts_a_killed_worker_again_and_the_site_stays_up(tmp_path, demo_database):
    # demo_database: the site as `make run` leaves it after migrate and load_demo.
    host = f"127.0.0.1:{free_port()}"
    env = make_run_env(tmp_path, HOST=host, PYTHONUNBUFFERED="1", EUCHRE_RUN_MARK=str(tmp_path))
    manage = manage_with(env)
    log = tmp_path / "run.log"
    with log.open("wb") as out:
        # The runner as the Makefile's `run` target starts it.
        runner = subprocess.Popen(
            [sys.executable, "-m", "config.procs", "Procfile.dev"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        page = f"http://{host}/"

        def answers() -> bool:
            with contextlib.suppress(requests.RequestException):
                return requests.get(page, timeout=5).status_code == 200
            return False

        wait_for(answers, 60, "the site", log=log)
        kill_worker_while_web_answers(runner.pid, page, log)

        # Logs share stdout (one JSON line each): the answer is the last line. Queued for
        # the worker on make run's folder broker, not rendered in the asking process.
        job_id, status = manage("shell", "--no-imports", "-c", ASK).splitlines()[-1].split()
        assert status == "queued"
        database = str(tmp_path / "db.sqlite3")
        job = wait_for(
            lambda: (job := look(database, job_id))["status"] in ("done", "failed") and job,
            90,
            "the print job",
            log=log,
        )
        assert job == {"status": "done", "pdf": True, "error": ""}
        said = log.read_text(errors="replace")
        assert "filesystem://" in said and "build_print_job" in said, said[-3000:]
        assert runner.poll() is None

        # Ctrl-C: the runner stops once everything it started has stopped, so nothing
        # is left running behind the terminal (a Celery worker left on its own once hung
        # in its shutdown for good).
        os.kill(runner.pid, signal.SIGINT)
        runner.wait(timeout=60)
        left = {pid: command_line(pid) for pid in marked(str(tmp_path))}
        assert not left, f"still running after the runner stopped: {left}"
    finally:
        stop(runner)
        for pid in marked(str(tmp_path)):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.services
def test_make_serve_starts_a_killed_worker_again_and_the_site_stays_up(
    redis_url, tmp_path, production_reuse
):
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    with production_set(
        scratch=tmp_path,
        database_url=database_url,
        broker_url=redis_url,
        web_workers=1,
        worker_concurrency=1,
        extra_env={"STATIC_COMPRESS": "0"},
        under_make_serve=True,
        ready_timeout=120,
        **production_reuse,
    ) as prod:
        runner = prod.processes["serve"]
        kill_worker_while_web_answers(runner.pid, f"{prod.base_url}/healthz", prod.logs["serve"])

        prod.create_user("organiser", "a-long-organiser-password")
        organiser = Visitor(prod.base_url)
        organiser.sign_in("organiser", "a-long-organiser-password")
        created = organiser.post(
            "/api/tournaments/",
            {
                "name": "After the restart",
                "date": "2026-12-04",
                "variant": "north-american",
                "format": "progressive",
                "round_play": "hands",
                "hands_per_round": 8,
                "entry_mode": "totals",
                "rounds_planned": 1,
            },
        )
        assert created.status_code == 201, created.text
        base = f"/api/tournaments/{created.json()['id']}"
        for name in ("Ann", "Bob", "Cat", "Dan"):
            assert organiser.post(f"{base}/players/", {"name": name}).status_code == 201
        assert organiser.post(f"{base}/generate-rotation/").status_code == 200
        asked = organiser.post(f"{base}/print-jobs/", {"kind": "scorecards"})
        assert asked.status_code == 202, asked.text

        def finished() -> dict | None:
            job = organiser.get(f"/api/print-jobs/{asked.json()['id']}/").json()
            return job if job["status"] in ("done", "failed") else None

        job = wait_for(finished, 90, "the print job", log=prod.logs["serve"])
        assert job["status"] == "done", job
        assert runner.poll() is None
