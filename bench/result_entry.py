"""Hand saves under load: prints figures, asserts nothing.

    .venv/bin/python bench/result_entry.py [--scorers 40] [--workers 2] [--rounds 3]

On gunicorn (the production settings, 2 sync workers by default) over PostgreSQL and
Redis, --scorers threads each play --rounds tables of 8 hands through the API, with
no pause between requests. For every hand a scorer saves the hands so far
(POST /api/tables/{token}/hands/), reads the table (GET /api/tables/{token}/), and
fetches a static file (/static/css/site.css): three kinds of request on the same
server in the same run. It prints p50/p95 of each, errors, and the save/read ratio.

Target (issue 16): the save stays within 2x the read.

The database is a scratch one beside DATABASE_URL's (<name>_bench_entry on the same
PostgreSQL server), made and migrated by the first run and kept for the next (--drop
drops it after the run); Redis is CACHE_URL, else CELERY_BROKER_URL. The API's rate
limits stay on (their cache round trips are part of every request), with rates no
bench reaches, since every scorer here shares 127.0.0.1.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STATIC = "/static/css/site.css"


def hand(dealer: int, maker: int, tricks: int, *, trump: str = "hearts", alone=()):
    return {
        "dealer": dealer,
        "maker": maker,
        "round": 1,
        "trump": trump,
        "alone": list(alone),
        "tricks": tricks,
    }


# A full North American round of 8 hands, dealer passing left.
EIGHT_HANDS = [
    hand(0, 1, 3),
    hand(1, 0, 5, alone=[0]),
    hand(2, 3, 1),
    hand(3, 2, 4, trump="spades"),
    hand(0, 1, 5),
    hand(1, 3, 3, trump="clubs"),
    hand(2, 1, 4),
    hand(3, 3, 3, trump="diamonds"),
]


# ---------------------------------------------------------------- the scratch database


def scratch_database(base_url: str) -> str:
    parts = urlsplit(base_url)
    if not parts.scheme.startswith("postgres"):
        sys.exit("bench/result_entry.py needs PostgreSQL: set DATABASE_URL=postgres://...")
    name = parts.path.lstrip("/") or "postgres"
    return urlunsplit(parts._replace(path=f"/{name}_bench_entry"))


def admin_sql(database_url: str, statement: str) -> None:
    import psycopg

    parts = urlsplit(database_url)
    server = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(statement)


def create_database(database_url: str, name: str) -> None:
    import psycopg

    # Made by an earlier run: migrate brings it up to date.
    with contextlib.suppress(psycopg.errors.DuplicateDatabase):
        admin_sql(database_url, f'CREATE DATABASE "{name}"')


def server_env(database_url: str, redis_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=database_url,
        CACHE_URL=redis_url,
        # Plain HTTP on the loopback: no https redirect, no HSTS.
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        API_TABLE_LINK_RATE="1000000/min",
        API_TABLE_ADDRESS_RATE="1000000/min",
        API_TABLE_CONFIRM_RATE="1000000/min",
        LOG_LEVEL="WARNING",
        DJANGO_LOG_LEVEL="WARNING",
    )
    env.pop("CELERY_BROKER_URL", None)  # saving a hand queues nothing
    return env


def static_out_of_date() -> bool:
    from django.conf import settings

    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if not manifest.exists():
        return True
    newest = max(path.stat().st_mtime for path in (ROOT / "static").rglob("*") if path.is_file())
    return newest > manifest.stat().st_mtime


def prepare(env: dict[str, str], *, scorers: int, rounds: int) -> list[list[dict]]:
    """Migrates the scratch database, collects static files, and writes one event with
    --rounds rounds in play of --scorers tables each: every scorer's tables."""
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    began = time.perf_counter()
    call_command("migrate", verbosity=0)
    if static_out_of_date():
        # Compressing every file (the API docs' bundles too) takes minutes on a busy machine.
        call_command("collectstatic", interactive=False, verbosity=0)
    print(f"migrated and collected static files in {time.perf_counter() - began:.0f} s", flush=True)

    import datetime

    from tournaments.models import Player, Round, Seat, Table, Tournament

    owner = get_user_model().objects.create(username=f"bench-{uuid.uuid4().hex[:8]}")
    tournament = Tournament.objects.create(
        name="Bench result entry",
        date=datetime.date(2026, 3, 14),
        venue="Legion Hall",
        owner=owner,
        format="progressive",
        round_play="hands",
        hands_per_round=8,
    )
    players = Player.objects.bulk_create(
        Player(tournament=tournament, name=f"Player {n + 1}") for n in range(scorers * 4)
    )
    work: list[list[dict]] = [[] for _ in range(scorers)]
    for number in range(1, rounds + 1):
        # Every round in play at once: this measures saving, not the night's order.
        rnd = Round.objects.create(tournament=tournament, number=number, status="in-play")
        tables = Table.objects.bulk_create(Table(round=rnd, number=n + 1) for n in range(scorers))
        seats = Seat.objects.bulk_create(
            Seat(
                table=table,
                player=players[t * 4 + position],
                position=position,
                side=position % 2,
            )
            for t, table in enumerate(tables)
            for position in range(4)
        )
        for t, table in enumerate(tables):
            work[t].append({"token": table.token, "seat": seats[t * 4].pk})
    return work


# ---------------------------------------------------------------- the scorers


class Timings:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seconds: dict[str, list[float]] = {"save": [], "read": [], "static": []}
        self.errors: list[str] = []

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.seconds[kind].append(seconds)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def request(port: int, method: str, path: str, body: dict | None = None, token: str = ""):
    # A new connection each time: gunicorn's sync workers close it after every answer.
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": f"Table {token}"} if token else {}
    payload = None
    if body is not None:
        payload = json.dumps(body)
        headers["Content-Type"] = "application/json"
    started = time.perf_counter()
    try:
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        data = response.read()
    finally:
        connection.close()
    return response.status, data, time.perf_counter() - started


def score(port: int, tables: list[dict], timings: Timings, start: threading.Barrier) -> None:
    start.wait()
    for table in tables:
        api = f"/api/tables/{table['token']}/"
        version = 0
        for count in range(1, len(EIGHT_HANDS) + 1):
            body = {
                "hands": EIGHT_HANDS[:count],
                "expected_version": version,
                "idempotency_key": uuid.uuid4().hex,
                "seat": table["seat"],
            }
            status, data, seconds = request(port, "POST", f"{api}hands/", body, table["token"])
            if status == 200:
                timings.add("save", seconds)
                version = json.loads(data)["version"]
            else:
                timings.error(f"save {status}: {data[:200]!r}")
            status, data, seconds = request(port, "GET", api, token=table["token"])
            if status == 200:
                timings.add("read", seconds)
            else:
                timings.error(f"read {status}: {data[:200]!r}")
            status, data, seconds = request(port, "GET", STATIC)
            if status == 200:
                timings.add("static", seconds)
            else:
                timings.error(f"static {status}")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


# ---------------------------------------------------------------- the run


def wait_for(port: int, server: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"gunicorn exited with {server.returncode}")
        try:
            if request(port, "GET", STATIC)[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    sys.exit("gunicorn did not answer in time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scorers", type=int, default=40, help="concurrent scorers (N)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--rounds", type=int, default=3, help="tables (of 8 hands) per scorer")
    parser.add_argument("--port", type=int, default=8150)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("CACHE_URL") or os.environ.get("CELERY_BROKER_URL", ""),
    )
    parser.add_argument("--drop", action="store_true", help="drop the scratch database after")
    args = parser.parse_args()
    if not args.redis_url.startswith("redis"):
        sys.exit("bench/result_entry.py needs Redis: set CACHE_URL=redis://...")

    database_url = scratch_database(args.database_url)
    name = urlsplit(database_url).path.lstrip("/")
    create_database(database_url, name)
    env = server_env(database_url, args.redis_url)
    server = None
    try:
        work = prepare(env, scorers=args.scorers, rounds=args.rounds)
        from django.db import connections

        connections.close_all()
        command = [
            str(ROOT / ".venv/bin/gunicorn"),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{args.port}",
            "--workers",
            str(args.workers),
            "--worker-class",
            "sync",
            "--backlog",
            "2048",
            "--timeout",
            "60",
            # Several servers may run on this machine; the control socket's path is shared.
            "--no-control-socket",
        ]
        server = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
        wait_for(args.port, server)
        # Each worker's first requests load code and open its connections: not measured.
        for _ in range(args.workers * 3):
            request(
                args.port, "GET", f"/api/tables/{work[0][0]['token']}/", token=work[0][0]["token"]
            )

        timings = Timings()
        start = threading.Barrier(args.scorers)
        threads = [
            threading.Thread(target=score, args=(args.port, tables, timings, start))
            for tables in work
        ]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
    finally:
        if server is not None and server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        from django.db import connections

        connections.close_all()
        if args.drop:
            admin_sql(database_url, f'DROP DATABASE IF EXISTS "{name}"')

    report(args, timings, elapsed)


def report(args, timings: Timings, elapsed: float) -> None:
    total = sum(len(v) for v in timings.seconds.values()) + len(timings.errors)
    print(
        f"result entry: {args.scorers} scorers x {args.rounds} tables x 8 hands, "
        f"gunicorn {args.workers} sync workers, PostgreSQL + Redis"
    )
    print(
        f"{total} requests in {elapsed:.1f} s ({total / elapsed:.0f}/s), "
        f"{len(timings.errors)} errors, load average {os.getloadavg()[0]:.2f}"
    )
    figures = {}
    for kind in ("save", "read", "static"):
        values = timings.seconds[kind]
        if not values:
            print(f"  {kind:<7} no successful request")
            continue
        p50, p95 = statistics.median(values) * 1000, percentile(values, 0.95) * 1000
        figures[kind] = (p50, p95)
        print(f"  {kind:<7} n={len(values):<5} p50 {p50:7.1f} ms   p95 {p95:7.1f} ms")
    if "save" in figures and "read" in figures:
        (s50, s95), (r50, r95) = figures["save"], figures["read"]
        print(f"  save/read ratio: p50 {s50 / r50:.2f}x, p95 {s95 / r95:.2f}x (target <= 2x)")
    for text in timings.errors[:5]:
        print(f"  error: {text}")


if __name__ == "__main__":
    main()
