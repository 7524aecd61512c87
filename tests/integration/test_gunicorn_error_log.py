"""gunicorn's own error log, as the web process writes it, keeps tables' tokens out.

A worker that overruns GUNICORN_TIMEOUT is killed mid-request, and gunicorn writes
"Error handling request GET <path>" with the raw path: a table's link, for anyone
reading the log to enter results with.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import requests

from tools.production_set import free_port

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "Xq3-fT9_aLm2PzR8sVb1wQe7"


def _wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.05)


def test_a_worker_timeout_logs_the_request_without_its_token(tmp_path):
    port = free_port()
    log = tmp_path / "gunicorn.log"
    env = {
        **os.environ,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_TIMEOUT": "1",
        "WEB_CONCURRENCY": "1",
    }
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--config",
                "config/gunicorn.py",
                "tests.sleepy_wsgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_for(lambda: "Booting worker" in log.read_text(), 30, "gunicorn to start")
        answer = requests.get(f"http://127.0.0.1:{port}/t/{TOKEN}/?code=K7Q2MX", timeout=30)
        assert answer.status_code == 500  # the worker was killed mid-request
        _wait_for(lambda: "Error handling request" in log.read_text(), 10, "the error line")
    finally:
        server.terminate()
        server.wait(timeout=30)
    written = log.read_text()
    assert "Error handling request GET /t/[redacted]/?code=[redacted]" in written
    assert TOKEN not in written and "K7Q2MX" not in written
