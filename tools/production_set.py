"""The production process set, booted on this machine: what the CI test and bench/load.py run.

`production_set()` makes a fresh PostgreSQL database on the server `DATABASE_URL` names,
migrates it and collects the static files under `config.settings.production`, then
starts every process of the repository's `Procfile` (gunicorn, the Celery worker, beat),
each with a MEDIA_ROOT of its own, as on separate machines, and waits for `/healthz`.
On leaving it stops them and drops the database.

`Visitor` talks to it over HTTP as a browser behind the TLS proxy would: the proxy's
`X-Forwarded-Proto: https`, the Secure cookies a plain-HTTP client would not send back,
and Django's CSRF token on every write.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import requests

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def procfile(path: Path = ROOT / "Procfile") -> dict[str, str]:
    """The Procfile's processes, name -> command."""
    from config.procs import procfile as read

    return read(path)


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@dataclass
class ProductionSet:
    base_url: str
    env: dict[str, str]
    scratch: Path
    logs: dict[str, Path]
    media_roots: dict[str, Path]
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    def manage(self, *args: str, stdin: str | None = None) -> str:
        """Run a manage.py command with the processes' environment; its output."""
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
        return done.stdout

    def create_user(self, username: str, password: str) -> None:
        script = (
            "import sys\n"
            "from django.contrib.auth import get_user_model\n"
            "name, password = sys.stdin.read().split()\n"
            "get_user_model().objects.create_user(name, password=password)\n"
        )
        self.manage("shell", "--no-imports", "-c", script, stdin=f"{username} {password}")

    def log(self, name: str) -> str:
        return self.logs[name].read_text(errors="replace")


def _wait_healthy(base_url: str, processes: dict[str, subprocess.Popen], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    last = "no answer"
    while time.monotonic() < deadline:
        for name, process in processes.items():
            if process.poll() is not None:
                raise RuntimeError(f"the {name} process stopped (exit {process.returncode})")
        try:
            response = requests.get(f"{base_url}/healthz", timeout=2)
            if response.status_code == 200:
                return
            last = f"{response.status_code} {response.text[:200]}"
        except requests.RequestException as exc:
            last = str(exc)
        time.sleep(0.25)
    raise RuntimeError(f"/healthz did not answer 200 within {timeout:.0f} s: {last}")


def _stop(processes: dict[str, subprocess.Popen]) -> None:
    # Each process leads a session of its own (the shell and whatever it started):
    # signal the whole group, as supervisor does.
    for process in processes.values():
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + 20
    for process in processes.values():
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@contextlib.contextmanager
def production_set(
    *,
    scratch: Path,
    database_url: str,
    broker_url: str,
    web_workers: int = 2,
    worker_concurrency: int = 2,
    static_root: Path | None = None,
    extra_env: dict[str, str] | None = None,
    ready_timeout: float = 60,
    under_make_serve: bool = False,
    template: str | None = None,
) -> Iterator[ProductionSet]:
    """The Procfile's processes on a fresh database; see the module's docstring.

    `under_make_serve` starts them as `make serve` does instead (`python -m
    config.serve`: one process, "serve", that migrates and hands over to supervisor),
    all with one MEDIA_ROOT.

    `static_root` may name a folder kept between runs: collectstatic only runs when it
    holds no manifest yet (compressing every static file takes a minute or more).

    `template` may name a database `migrated_template()` made: the fresh database is a
    copy of it, and `migrate` then finds nothing left to do (migrating from nothing
    takes 10 to 20 s of a loaded machine, copying under one).
    """
    scratch.mkdir(parents=True, exist_ok=True)
    database = f"prod_{secrets.token_hex(6)}"
    server = _with_database(database_url, "postgres")
    port = free_port()
    static_root = static_root or scratch / "static"
    env = {
        key: value
        for key, value in os.environ.items()
        # The test suite's own switches are no part of a deployment.
        if not key.startswith(("PYTEST", "DJANGO_", "CACHE_URL", "REDIS_URL", "REQUIRE_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY=secrets.token_urlsafe(40),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=_with_database(database_url, database),
        CELERY_BROKER_URL=broker_url,
        # A queue of its own, so no other worker on this Redis takes its tasks.
        CELERY_QUEUE=f"production-set-{database}",
        STATIC_ROOT=str(static_root),
        # Beat's schedule file, of this set alone (several sets may run at once).
        CELERY_BEAT_SCHEDULE_FILENAME=str(scratch / "beat-schedule"),
        PORT=str(port),
        WEB_CONCURRENCY=str(web_workers),
        WORKER_CONCURRENCY=str(worker_concurrency),
        PYTHONUNBUFFERED="1",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    )
    env.update(extra_env or {})
    with psycopg.connect(server, autocommit=True) as admin:
        copy = f' TEMPLATE "{template}"' if template else ""
        admin.execute(f'CREATE DATABASE "{database}"{copy}')
    processes: dict[str, subprocess.Popen] = {}
    try:
        logs = {name: scratch / f"{name}.log" for name in procfile()}
        media_roots = {name: scratch / f"media-{name}" for name in procfile()}
        prod = ProductionSet(f"http://127.0.0.1:{port}", env, scratch, logs, media_roots, processes)
        prod.manage("migrate", "--noinput", "--verbosity", "0")
        if not (static_root / "staticfiles.json").exists():
            prod.manage("collectstatic", "--noinput", "--verbosity", "0")
        commands = procfile()
        if under_make_serve:
            commands = {"serve": f"exec {sys.executable} -m config.serve"}
            logs = {"serve": scratch / "serve.log"}
            media_roots = {"serve": scratch / "media"}
            prod.logs, prod.media_roots = logs, media_roots
        for name, command in commands.items():
            media_roots[name].mkdir(exist_ok=True)
            with logs[name].open("wb") as log:
                processes[name] = subprocess.Popen(
                    ["/bin/sh", "-c", command],
                    cwd=ROOT,
                    env={**env, "MEDIA_ROOT": str(media_roots[name])},
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
        _wait_healthy(prod.base_url, processes, ready_timeout)
        yield prod
    finally:
        _stop(processes)
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        _purge_queue(broker_url, env["CELERY_QUEUE"])


@contextlib.contextmanager
def migrated_template(*, database_url: str, broker_url: str) -> Iterator[str]:
    """A database migrated from nothing under the production settings, for
    `production_set(template=...)` to copy; dropped on leaving. Nothing may connect to it
    while a copy is made, so one process's production sets take turns with it."""
    name = f"prodtemplate_{secrets.token_hex(6)}"
    server = _with_database(database_url, "postgres")
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO_"))},
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "SECRET_KEY": secrets.token_urlsafe(40),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": _with_database(database_url, name),
            "CELERY_BROKER_URL": broker_url,
        }
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "migrate", "--noinput", "--verbosity", "0"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py migrate failed:\n{done.stdout}{done.stderr}")
        yield name
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _purge_queue(broker_url: str, queue: str) -> None:
    if broker_url.startswith("redis"):
        import redis

        with contextlib.suppress(redis.RedisError):
            redis.Redis.from_url(broker_url).delete(queue)


_CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Visitor:
    """One browser's requests, as they arrive at gunicorn from the TLS proxy in front."""

    def __init__(self, base_url: str, *, authorization: str | None = None) -> None:
        self.base_url = base_url
        self.cookies: dict[str, str] = {}
        self.http = requests.Session()
        # requests keeps Secure cookies from going back over plain HTTP; the proxy
        # would have had them over HTTPS, so this visitor hands them back itself.
        self.http.cookies.set_policy(_AllCookies())
        self.headers = {
            "X-Forwarded-Proto": "https",
            "Origin": base_url.replace("http://", "https://"),
            "Referer": base_url.replace("http://", "https://") + "/",
        }
        if authorization:
            self.headers["Authorization"] = authorization

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        headers = {**self.headers, **kwargs.pop("headers", {})}
        if method not in ("GET", "HEAD") and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        response = self.http.request(
            method,
            self.base_url + path,
            headers=headers,
            cookies=self.cookies,
            allow_redirects=False,
            timeout=kwargs.pop("timeout", 60),
            **kwargs,
        )
        self.cookies.update(response.cookies.get_dict())
        return response

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, json: object = None, **kwargs) -> requests.Response:
        return self.request("POST", path, json=json if json is not None else {}, **kwargs)

    def sign_in(self, username: str, password: str) -> requests.Response:
        form = self.get("/accounts/login/")
        token = _CSRF_FIELD.search(form.text)
        if token is None:
            raise RuntimeError(f"no sign-in form at /accounts/login/ ({form.status_code})")
        response = self.request(
            "POST",
            "/accounts/login/",
            data={"username": username, "password": password, "csrfmiddlewaretoken": token[1]},
        )
        if response.status_code != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"sign-in refused ({response.status_code})")
        return response


class _AllCookies:
    """A cookie policy that lets the jar store everything (we send cookies ourselves)."""

    netscape = True
    rfc2965 = False
    hide_cookie2 = False

    def set_ok(self, cookie, request) -> bool:
        return True

    def return_ok(self, cookie, request) -> bool:
        return False

    def domain_return_ok(self, domain, request) -> bool:
        return False

    def path_return_ok(self, path, request) -> bool:
        return False
