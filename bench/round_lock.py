"""A round row held for a long time while every table writes: do the writes fail fast and
does the rest of the site keep answering?

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/x CELERY_BROKER_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/round_lock.py [--tables 60] [--hold 40] [--web-workers 2]

Boots the Procfile's processes on a fresh database (tools/production_set.py), seats a
progressive night of 4 x tables players entering round totals, and starts round 1.
Then another connection holds round 1's row FOR UPDATE for --hold seconds, as a stuck
re-plan would, while every table's North enters its totals at the same moment, and a
visitor keeps reading pages that have nothing to do with that round (the home page and
the public page of another tournament) every 100 ms.

Prints how long each write took to be answered and with what (503 busy is the right
answer while the round is held), and p50/p95 of the unrelated pages during the hold.
Targets: every write answered within 6 s; unrelated pages p95 under 2 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg  # noqa: E402

from bench.load import bench_production_set, figures, p95, set_up_night  # noqa: E402
from tools.production_set import Visitor  # noqa: E402


def hold_round(database_url: str, tournament: int, seconds: float, held: threading.Event):
    with psycopg.connect(database_url) as db:
        db.execute(
            "SELECT id FROM tournaments_round WHERE tournament_id = %s AND number = 1 FOR UPDATE",
            [tournament],
        )
        held.set()
        time.sleep(seconds)
        db.rollback()


def write(base_url: str, plan: dict, start: threading.Barrier, answers: list) -> None:
    phone = Visitor(base_url, authorization=f"Seat {plan['north']}")
    body = {"side_points": [9, 4], "expected_version": 0, "idempotency_key": plan["token"]}
    start.wait()
    began = time.perf_counter()
    try:
        status = phone.post(f"/api/tables/{plan['token']}/totals/", body, timeout=120).status_code
    except Exception as exc:  # a dropped connection is an answer too
        status = exc.__class__.__name__
    answers.append((time.perf_counter() - began, status))


def read_unrelated(base_url: str, paths: list[str], until: float, latencies: list) -> None:
    visitor = Visitor(base_url)
    while time.perf_counter() < until:
        for path in paths:
            began = time.perf_counter()
            visitor.get(path, timeout=120)
            latencies.append(time.perf_counter() - began)
        time.sleep(0.1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--hold", type=float, default=40)
    parser.add_argument("--web-workers", type=int, default=2)
    args = parser.parse_args()
    with bench_production_set(prefix="bench-round-lock-", web_workers=args.web_workers) as prod:
        tournament, plans = set_up_night(prod.base_url, args.tables)
        other, _other_plans = set_up_night(prod.base_url, 2)
        held = threading.Event()
        holder = threading.Thread(
            target=hold_round, args=(prod.env["DATABASE_URL"], tournament, args.hold, held)
        )
        holder.start()
        held.wait()
        hold_ends = time.perf_counter() + args.hold
        answers: list = []
        unrelated: list = []
        reader = threading.Thread(
            target=read_unrelated,
            args=(prod.base_url, ["/", f"/t/{other}/"], hold_ends - 1, unrelated),
        )
        start = threading.Barrier(len(plans))
        writers = [
            threading.Thread(target=write, args=(prod.base_url, plan, start, answers))
            for plan in plans
        ]
        reader.start()
        for thread in writers:
            thread.start()
        for thread in (*writers, reader, holder):
            thread.join()

    seconds = [elapsed for elapsed, _status in answers]
    statuses = Counter(str(status) for _elapsed, status in answers)
    print(
        f"round 1 held {args.hold:.0f} s; {len(plans)} tables entering at once; "
        f"gunicorn x{args.web_workers} workers; {os.cpu_count()} cores here"
    )
    print(f"writes answered: {dict(statuses)}")
    print(f"write answer time  {figures(seconds)}  max {max(seconds):6.2f} s  (target <= 6 s)")
    print(f"unrelated pages    {figures(unrelated)}  (target p95 < 2 s)")
    within = max(seconds) <= 6 and p95(unrelated) < 2
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
