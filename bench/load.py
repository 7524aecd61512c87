"""A 100-table round on the production process set: every table enters and confirms at once.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/x CELERY_BROKER_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/load.py [--tables 100] [--web-workers 2] [--retry-share 0.25]

Boots the Procfile's processes (gunicorn with --web-workers workers, one Celery worker)
on a fresh database (tools/production_set.py), sets up a progressive night of
4 x tables players with round totals, starts round 1 and then lets every table go at
the same moment: North's phone enters the totals with its seat link, East's confirms
them. A share of the tables (--retry-share) send each request twice at the same
moment, as a phone does that retries after a lost answer while the first is still
on its way. In the same run every table also asks for /healthz between its steps,
the trivial endpoint the entry's figures are measured against.

Prints the errors (any answer but 200), the duplicates (a table whose entry or
confirmation was stored more than once, read from the database), p50/p95/p99 of
entry, confirmation and the trivial endpoint, and the requests per second served.
Target: 0 errors, 0 duplicates, entry p95 <= 2x the trivial endpoint's p95.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg  # noqa: E402

from tools.production_set import ProductionSet, Visitor, production_set  # noqa: E402

PASSWORD = "bench-organiser-password"


class Record:
    """Latencies and failures, from every thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []

    def timed(self, kind: str, send) -> dict | None:
        start = time.perf_counter()
        try:
            response = send()
        except Exception as exc:  # a refused or dropped connection is an error too
            with self.lock:
                self.errors.append(f"{kind}: {exc.__class__.__name__}: {exc}")
            return None
        elapsed = time.perf_counter() - start
        with self.lock:
            self.latencies[kind].append(elapsed)
            if response.status_code != 200:
                self.errors.append(f"{kind}: {response.status_code} {response.text[:160]}")
                return None
        return response.json()


def set_up_night(base_url: str, tables: int) -> tuple[int, list[dict]]:
    organiser = Visitor(base_url)
    organiser.sign_in("organiser", PASSWORD)
    created = organiser.post(
        "/api/tournaments/",
        {
            "name": "Load night",
            "date": "2026-12-04",
            "variant": "north-american",
            "format": "progressive",
            "round_play": "hands",
            "hands_per_round": 8,
            "entry_mode": "totals",
            "rounds_planned": 2,
        },
    )
    created.raise_for_status()
    tournament = created.json()["id"]
    base = f"/api/tournaments/{tournament}"
    names = "\n".join(f"Player {n + 1}" for n in range(4 * tables))
    organiser.post(f"{base}/players/import/", {"text": names}).raise_for_status()
    rotation = organiser.post(f"{base}/generate-rotation/", timeout=120)
    rotation.raise_for_status()
    organiser.post(f"{base}/rounds/1/start/").raise_for_status()
    plans = []
    for table in rotation.json()["rounds"][0]["tables"]:
        seats = sorted(table["seats"], key=lambda seat: seat["position"])
        north = seats[0]
        east = next(seat for seat in seats if seat["side"] != north["side"])
        plans.append({"token": table["token"], "north": north["token"], "east": east["token"]})
    return tournament, plans


def play_table(base_url: str, plan: dict, twice: bool, start: threading.Barrier, record: Record):
    table = f"/api/tables/{plan['token']}"
    # One connection pool a phone: a retried request goes out beside the first.
    phones = {
        seat: [Visitor(base_url, authorization=f"Seat {plan[seat]}") for _ in range(2)]
        for seat in ("north", "east")
    }
    trivial = Visitor(base_url)

    def send(seat: str, kind: str, path: str, body: dict) -> list[dict | None]:
        answers: list[dict | None] = [None, None]

        def one(copy: int) -> None:
            phone = phones[seat][copy]
            answers[copy] = record.timed(kind, lambda: phone.post(path, body))

        if not twice:
            one(0)
            return answers[:1]
        copies = [threading.Thread(target=one, args=(copy,)) for copy in range(2)]
        for copy in copies:
            copy.start()
        for copy in copies:
            copy.join()
        return answers

    start.wait()
    record.timed("trivial", lambda: trivial.get("/healthz"))
    entered = send(
        "north",
        "entry",
        f"{table}/totals/",
        {"side_points": [9, 4], "expected_version": 0, "idempotency_key": f"e-{plan['token']}"},
    )
    record.timed("trivial", lambda: trivial.get("/healthz"))
    version = next((answer["version"] for answer in entered if answer), 1)
    send(
        "east",
        "confirm",
        f"{table}/confirm/",
        {"expected_version": version, "idempotency_key": f"c-{plan['token']}"},
    )
    record.timed("trivial", lambda: trivial.get("/healthz"))


def duplicates(database_url: str, tournament: int) -> tuple[int, int]:
    """Tables whose entry or confirmation was stored more than once; tables confirmed."""
    with psycopg.connect(database_url) as db:
        repeated = db.execute(
            """
            SELECT count(*) FROM (
                SELECT change.table_id, change.action FROM scoring_resultchange change
                JOIN tournaments_round round ON round.id = change.round_id
                WHERE round.tournament_id = %s AND change.action IN ('submitted', 'confirmed')
                GROUP BY change.table_id, change.action HAVING count(*) > 1
            ) twice
            """,
            [tournament],
        ).fetchone()[0]
        confirmed = db.execute(
            """
            SELECT count(DISTINCT change.table_id) FROM scoring_resultchange change
            JOIN tournaments_round round ON round.id = change.round_id
            WHERE round.tournament_id = %s AND change.action = 'confirmed'
            """,
            [tournament],
        ).fetchone()[0]
    return repeated, confirmed


# config/gunicorn.py's access line: ... "POST /api/tables/[redacted]/totals/ HTTP/1.1" 200 8 34ms
ACCESS_LINE = re.compile(r'"[A-Z]+ (\S+) HTTP/[0-9.]+" \d{3} \S+ (\d+)ms')


def served_times(web_log: str) -> dict[str, list[float]]:
    """Seconds each request spent inside a gunicorn worker (no queueing), by kind."""
    kinds = {"/totals/": "entry", "/confirm/": "confirm", "/healthz": "trivial"}
    times: dict[str, list[float]] = defaultdict(list)
    for path, milliseconds in ACCESS_LINE.findall(web_log):
        kind = next((kind for end, kind in kinds.items() if path.endswith(end)), None)
        if kind:
            times[kind].append(int(milliseconds) / 1000)
    return times


def figures(samples: list[float]) -> str:
    if len(samples) < 2:
        return "n/a"
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return (
        f"n={len(samples):4d}  p50 {cuts[49] * 1000:7.1f} ms  p95 {cuts[94] * 1000:7.1f} ms  "
        f"p99 {cuts[98] * 1000:7.1f} ms"
    )


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[94]


@contextlib.contextmanager
def bench_production_set(*, prefix: str, web_workers: int) -> Iterator[ProductionSet]:
    """The production set a bench plays against, its organiser signed up. Exits 2 when
    DATABASE_URL (PostgreSQL) or CELERY_BROKER_URL (Redis) is not set."""
    database_url = os.environ.get("DATABASE_URL", "")
    broker_url = os.environ.get("CELERY_BROKER_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")) or not broker_url.startswith(
        "redis"
    ):
        print("Set DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis).", file=sys.stderr)
        raise SystemExit(2)
    with (
        tempfile.TemporaryDirectory(prefix=prefix) as scratch,
        production_set(
            scratch=Path(scratch),
            database_url=database_url,
            broker_url=broker_url,
            web_workers=web_workers,
            worker_concurrency=1,
            # Static files are no part of these figures; compressing them takes a minute.
            # Every bench client is 127.0.0.1: the per-address API limit would stop a
            # round that a venue's many addresses would not.
            # The night is set up in one answer (rotation inline, not a planning job):
            # these benches measure playing it, not planning it.
            extra_env={
                "STATIC_COMPRESS": "0",
                "API_TABLE_ADDRESS_RATE": "1000000/min",
                "PLANNING_INLINE_SEAT_ROUNDS": "1000000",
            },
        ) as prod,
    ):
        prod.create_user("organiser", PASSWORD)
        yield prod


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--retry-share", type=float, default=0.25)
    args = parser.parse_args()
    with bench_production_set(prefix="bench-load-", web_workers=args.web_workers) as prod:
        tournament, plans = set_up_night(prod.base_url, args.tables)
        every = round(1 / args.retry_share) if args.retry_share > 0 else 0
        retried = {index for index in range(len(plans)) if every and index % every == 0}
        record = Record()
        start = threading.Barrier(len(plans))
        threads = [
            threading.Thread(
                target=play_table, args=(prod.base_url, plan, index in retried, start, record)
            )
            for index, plan in enumerate(plans)
        ]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - began
        repeated, confirmed = duplicates(prod.env["DATABASE_URL"], tournament)
        # The readiness checks asked for /healthz before the round began: leave them out.
        inside = served_times(prod.log("web"))
        inside["trivial"] = inside["trivial"][-len(record.latencies["trivial"]) :]

    requests_served = sum(len(samples) for samples in record.latencies.values())
    print(
        f"{len(plans)} tables at once on gunicorn x{args.web_workers} workers, "
        f"{len(retried)} of them sending every request twice; {os.cpu_count()} cores here"
    )
    print(f"errors        {len(record.errors)}")
    for error in record.errors[:10]:
        print(f"  {error}")
    print(f"duplicates    {repeated}  (tables confirmed: {confirmed} of {len(plans)})")
    for kind in ("entry", "confirm", "trivial"):
        label = {"trivial": "trivial (/healthz)"}.get(kind, kind)
        print(f"{label:<19} {figures(record.latencies[kind])}")
    ratio = p95(record.latencies["entry"]) / p95(record.latencies["trivial"])
    print(f"entry p95 / trivial p95 = {ratio:.2f}  (target <= 2)")
    print(f"{requests_served} requests in {wall:.1f} s: {requests_served / wall:.0f} per second")
    print("time inside a gunicorn worker (its access log: the same requests, no queueing):")
    for kind in ("entry", "confirm", "trivial"):
        label = {"trivial": "trivial (/healthz)"}.get(kind, kind)
        print(f"  {label:<17} {figures(inside[kind])}")
    busy = sum(sum(samples) for samples in inside.values())
    print(
        f"worker time for the round: {busy:.1f} s over {args.web_workers} workers "
        f"({busy / args.web_workers:.1f} s each, of {wall:.1f} s); the rest is waiting in line"
    )
    return 0 if not record.errors and not repeated and confirmed == len(plans) else 1


if __name__ == "__main__":
    sys.exit(main())
