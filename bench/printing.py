"""Printing speed and memory: prints figures, asserts nothing.

    .venv/bin/python bench/printing.py [--players 400] [--rounds 8] [--workers 2]
        [--no-fan-out] [--baseline /path/to/another/checkout]

Builds a progressive event in a scratch SQLite database (or --database-url), then:

1. the scorecards job (four to a letter page) exactly as a worker builds it, one
   process: cards/s and that process's peak RSS;
2. the same job fanned out over --workers processes, as Celery worker processes
   share it (each renders parts; the last merges): cards/s and the peak RSS of the
   largest worker process;
3. one player's card alone (read that player's seating, render one page), cold in
   a fresh process and warm.

With --baseline, the same figures are first measured with another checkout's code
(e.g. `git worktree add /tmp/base main`) in a subprocess, and the ratios printed: on
a busy machine the ratio says more than either figure.

Targets (issue 17): >= 30 cards/s for 400 cards on one process, one card < 0.2 s warm,
peak RSS <= 400 MB. Each card now also fits its names to the card, draws the
player's seat-link QR code, and prints the confirmation code beside it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup(scratch: Path, database_url: str | None) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    # Never the environment's DATABASE_URL: the bench writes an event into it.
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{scratch / 'bench.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(scratch / "media")
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.MEDIA_ROOT = scratch / "media"
    call_command("migrate", verbosity=0)


def make_event(players: int, rounds: int):
    """Seat rows written directly: this measures printing, not the rotation optimiser."""
    import datetime

    from django.contrib.auth import get_user_model

    from tests.factories import sample_names
    from tournaments.models import Bye, Player, Round, Seat, Table, Tournament

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    tournament = Tournament.objects.create(
        name="Bench Night Progressive",
        date=datetime.date(2026, 3, 14),
        venue="Legion Hall",
        owner=owner,
        format="progressive",
        round_play="hands",
        hands_per_round=8,
    )
    people = Player.objects.bulk_create(
        Player(tournament=tournament, name=name) for name in sample_names(players)
    )
    rng = random.Random(7)
    seats, byes = [], []
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=tournament, number=number)
        order = people[:]
        rng.shuffle(order)
        sitting = len(order) - len(order) % 4
        tables = Table.objects.bulk_create(
            Table(round=rnd, number=t + 1) for t in range(sitting // 4)
        )
        for index, player in enumerate(order[:sitting]):
            position = index % 4
            seats.append(
                Seat(table=tables[index // 4], player=player, position=position, side=position % 2)
            )
        byes += [Bye(round=rnd, player=player) for player in order[sitting:]]
    Seat.objects.bulk_create(seats, batch_size=2000)
    Bye.objects.bulk_create(byes)
    return tournament


def new_job(tournament, *, paper: str = "letter", per_page: int = 4):
    from tournaments.models import PrintJob

    return PrintJob.objects.create(
        tournament=tournament,
        kind="scorecards",
        options={"paper": paper, "per_page": per_page, "base_url": "http://127.0.0.1:8000"},
    )


def peak_rss_mb(who: int = resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def run_in_process(tournament, players: int) -> None:
    from tournaments.models import PrintJob
    from tournaments.printing import tasks

    job = new_job(tournament)
    wall, cpu = time.perf_counter(), time.process_time()
    tasks.build_print_job.run(job.pk)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    job = PrintJob.objects.get(pk=job.pk)
    assert job.status == "done", job.error
    print(
        f"one process:   {players} scorecards in {wall:.1f} s = {players / wall:.1f} cards/s "
        f"(CPU {players / cpu:.1f} cards/s), {job.options['parts']} parts, "
        f"PDF {job.pdf.size / 1e6:.1f} MB, peak RSS {peak_rss_mb():.0f} MB",
        flush=True,
    )


class _PoolDispatch:
    """Stands in for render_print_part.delay: hands each part to a worker process."""

    def __init__(self, pool) -> None:
        self.pool = pool
        self.pending = []

    def delay(self, job_id: int, index: int) -> None:
        self.pending.append(self.pool.apply_async(_render_part, (job_id, index)))


def _render_part(job_id: int, index: int) -> None:
    from tournaments.printing import tasks

    tasks.render_print_part.run(job_id, index)


def _warm_worker() -> None:
    # What a Celery worker process does before its first task: import the tasks and
    # run the worker_process_init warm-up (fonts, templates).
    from tournaments.printing import tasks

    tasks.warm_up_renderer()


def run_fanned_out(tournament, players: int, workers: int) -> None:
    from django.db import connections

    from tournaments.models import PrintJob
    from tournaments.printing import tasks

    job = new_job(tournament)
    connections.close_all()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers, initializer=_warm_worker) as pool:
        dispatch = _PoolDispatch(pool)
        original_part, original_fan_out = tasks.render_print_part, tasks.fan_out
        tasks.render_print_part, tasks.fan_out = dispatch, lambda: True
        try:
            wall = time.perf_counter()
            original_build = tasks.build_print_job
            original_build.run(job.pk)
            for result in dispatch.pending:
                result.get()
            wall = time.perf_counter() - wall
        finally:
            tasks.render_print_part, tasks.fan_out = original_part, original_fan_out
        pool.close()
        pool.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    job = PrintJob.objects.get(pk=job.pk)
    assert job.status == "done", job.error
    print(
        f"{workers} processes:  {players} scorecards in {wall:.1f} s = {players / wall:.1f} "
        f"cards/s (workers' CPU {players / cpu:.1f} cards/s per CPU), "
        f"{job.options['parts']} parts, peak RSS per worker process "
        f"{peak_rss_mb(resource.RUSAGE_CHILDREN):.0f} MB (requesting process "
        f"{peak_rss_mb():.0f} MB)"
    )


def _one_card(tournament_id: int, player_id: int) -> float:
    from tournaments.models import Player
    from tournaments.printing.cards import read_seating
    from tournaments.printing.documents import scorecards_document
    from tournaments.printing.render import render_pdf

    start = time.perf_counter()
    player = Player.objects.select_related("tournament").get(pk=player_id)
    seating = read_seating(player.tournament, player_ids=[player.pk])
    (part,) = scorecards_document(seating, paper="letter", per_page=1, player_ids=[player.pk])
    render_pdf(part.template, part.context, base_url="http://127.0.0.1:8000/")
    return time.perf_counter() - start


def run_one_card(tournament) -> None:
    from django.db import connections

    player = tournament.players.order_by("pk").first()
    connections.close_all()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1, initializer=_warm_worker) as pool:
        cold = pool.apply(_one_card, (tournament.pk, player.pk))
    warm = min(_one_card(tournament.pk, player.pk) for _ in range(5))
    print(
        f"one card:      {cold:.3f} s first in a fresh, warmed-up worker process; "
        f"{warm:.3f} s after that "
        f"(read that player's seating, lay out, render one page)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument(
        "--database-url",
        help="an empty scratch database (default: a SQLite file in a temporary directory; "
        "PostgreSQL shows the fanned-out figure without SQLite's single writer)",
    )
    parser.add_argument("--no-fan-out", action="store_true", help="skip the --workers run")
    parser.add_argument("--baseline", type=Path, help="another checkout to measure first")
    args = parser.parse_args()
    baseline = run_baseline(args) if args.baseline else None
    with tempfile.TemporaryDirectory(prefix="bench-printing-") as scratch:
        setup(Path(scratch), args.database_url)
        tournament = make_event(args.players, args.rounds)
        print(
            f"{args.players} players, {args.rounds} rounds, 8 hands a round, 4 cards to a "
            f"US-letter page; {os.cpu_count()} CPUs, load average "
            f"{os.getloadavg()[0]:.1f}"
        )
        run_one_card(tournament)
        if not args.no_fan_out:
            run_fanned_out(tournament, args.players, args.workers)
        run_in_process(tournament, args.players)
    if baseline:
        print_ratios(baseline, OWN)


OWN: list[str] = []
_print = print


def print(*args, **kwargs) -> None:  # noqa: A001 - keeps this run's lines for the ratios
    OWN.append(" ".join(str(a) for a in args))
    _print(*args, **kwargs)


def run_baseline(args) -> list[str]:
    command = [
        sys.executable,
        str(args.baseline / "bench" / "printing.py"),
        f"--players={args.players}",
        f"--rounds={args.rounds}",
        f"--workers={args.workers}",
    ]
    _print(f"baseline ({args.baseline}):", flush=True)
    lines = subprocess.run(
        command, capture_output=True, text=True, check=True, cwd=args.baseline
    ).stdout.splitlines()
    for line in lines:
        _print("  " + line)
    _print("this checkout:", flush=True)
    return lines


def _figure(lines: list[str], prefix: str, pattern: str) -> float | None:
    for line in lines:
        if line.startswith(prefix):
            found = re.search(pattern, line)
            if found:
                return float(found.group(1))
    return None


def print_ratios(baseline: list[str], own: list[str]) -> None:
    checks = [
        ("one process", "one process:", r"= ([\d.]+) cards/s", "higher is better"),
        ("one process CPU", "one process:", r"CPU ([\d.]+) cards/s", "higher is better"),
        ("one card warm", "one card:", r"; ([\d.]+) s after", "lower is better"),
        ("peak RSS", "one process:", r"peak RSS (\d+) MB", "lower is better"),
    ]
    for label, prefix, pattern, sense in checks:
        base, mine = _figure(baseline, prefix, pattern), _figure(own, prefix, pattern)
        if base and mine:
            _print(
                f"ratio {label}: {mine / base:.2f} x the baseline ({mine:g} v {base:g}; {sense})"
            )


if __name__ == "__main__":
    main()
