"""CPU an organiser's requests and the public pages take, for 13, 100 and 400 players.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/organiser.py

Creates its own database (`bench_organiser`, or --database, on the same server; the one
named in DATABASE_URL is only used to connect), then for each size a progressive night of
--rounds rounds (30, the site's limit): players imported from a list, the rotation
generated, every page read, round 1 started and closed, a change previewed and applied,
a player's removal asked and done, each through the site's own URLs (Django's test
client, signed in as the organiser).

Each request is measured cold: the in-process caches (every functools cache, Django's
cache) are emptied before it, so nothing is carried over from an earlier request. CPU is
this process plus its PostgreSQL backend (when local): on a machine busy with other work
wall time measures the queue for the CPU as much as the code. Beside each figure is its
ratio to a baseline measured in the same run: one plain read of every seat of the
tournament (a SELECT of the seats, their tables' and rounds' numbers and the players'
names), so a slower or busier machine moves both. Work that runs in the Celery worker is
shown as the request that queues it, the job itself (marked "worker job": taken off an
in-memory broker and run here, in this process) and the page that shows its result.
With --sections played (on by default) a second table comes first: a night with every
round played (each table's totals stored and confirmed, each round closed, through the
services), then every public page (rotation, seat, standings, projector, a player's
standings, the exports), the public API reads and the organiser's pages, cold.
Figures go to stdout; nothing is asserted. The database is dropped unless --keep.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.standings import backend_cpu, drop_database, recreate_database, server_url  # noqa: E402

BENCH_DB = "bench_organiser"
TARGET_CPU = 2.0
# Django's own caches (URL resolver, templates) are warm in any process that has served
# one request; the project's are what a request could lean on instead of doing its work.
OUR_PACKAGES = ("tournaments", "scoring", "leagues", "accounts", "config")


def clear_caches() -> None:
    """Empty the project's in-process caches (every functools cache of the rotation
    designs, planners and pages) and Django's cache (rate-limit counters live there too)."""
    import functools

    from django.core.cache import cache

    for obj in gc.get_objects():
        # type(), not isinstance(): the latter wakes Django's lazy objects.
        if type(obj) is functools._lru_cache_wrapper and str(
            getattr(obj, "__module__", "")
        ).startswith(OUR_PACKAGES):
            obj.cache_clear()
    cache.clear()
    gc.collect()


class Meter:
    def __init__(self) -> None:
        from django.db import connection

        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            self.pid = cursor.fetchone()[0]

    def cpu(self, function) -> tuple[float, object]:
        """CPU seconds of one cold call (Python and its PostgreSQL backend) and its result."""
        clear_caches()
        backend = backend_cpu(self.pid)
        started = time.process_time()
        result = function()
        cpu = time.process_time() - started
        after = backend_cpu(self.pid)
        if backend is not None and after is not None:
            cpu += after - backend
        return cpu, result


def check(response, *expected: int):
    if response.status_code not in expected:
        body = response.content[:400].decode(errors="replace")
        raise SystemExit(f"{response.request['PATH_INFO']}: {response.status_code}\n{body}")
    return response


def run_size(players: int, rounds: int, meter: Meter, organiser) -> list[tuple[str, float]]:
    import datetime

    from django.test import Client
    from django.urls import reverse

    from tournaments import services
    from tournaments.models import Player, Seat, Tournament

    tournament = Tournament.objects.create(
        name=f"Bench {players}",
        date=datetime.date(2026, 12, 6),
        owner=organiser,
        rounds_planned=rounds,
    )
    services.import_players(
        tournament=tournament, text="\n".join(f"Player {n:03d}" for n in range(players))
    )
    client = Client()
    client.force_login(organiser)
    pk = tournament.pk
    figures: list[tuple[str, float]] = []

    def measure(label: str, function, *expected: int):
        cpu, response = meter.cpu(function)
        if expected:
            check(response, *expected)
        figures.append((label, cpu))
        return response

    def seats_read():
        return list(
            Seat.objects.filter(table__round__tournament_id=pk).values_list(
                "table__round__number", "table__number", "position", "player__name"
            )
        )

    generated = measure(
        "generate rotation (POST)",
        lambda: client.post(reverse("rotation-generate", args=[pk])),
        302,
        202,
    )
    finish_jobs(meter, figures, "generate rotation (worker job)")
    job_page(measure, client, generated, "generate rotation page (done)")
    baselines = [meter.cpu(seats_read)[0] for _ in range(5)]
    baseline = statistics.median(baselines)
    figures.insert(0, ("baseline: SELECT every seat", baseline))

    someone = Player.objects.filter(tournament=tournament).order_by("pk")[players // 2]
    measure(
        "public rotation page", lambda: client.get(reverse("tournament-public", args=[pk])), 200
    )
    measure(
        "public rotation page, round 30",
        lambda: client.get(reverse("tournament-public", args=[pk]), {"round": rounds}),
        200,
    )
    measure(
        "player seat page",
        lambda: client.get(reverse("player-seat", args=[pk, someone.pk])),
        200,
    )
    measure(
        "round page (organiser)", lambda: client.get(reverse("round-detail", args=[pk, 1])), 200
    )
    measure(
        "organiser tournament page",
        lambda: client.get(reverse("tournament-detail", args=[pk])),
        200,
    )
    measure(
        "round start",
        lambda: client.post(reverse("round-start", args=[pk, 1])),
        302,
    )
    measure(
        "round results (organiser)",
        lambda: client.get(reverse("round-results", args=[pk, 1])),
        200,
    )
    measure(
        "round close (forced)",
        lambda: client.post(
            reverse("round-results-close", args=[pk, 1]),
            {"force": "1", "idempotency_key": str(uuid.uuid4())},
        ),
        302,
    )
    leaver = Player.objects.filter(tournament=tournament).order_by("pk")[1]
    change = {"withdraw": [leaver.pk], "arrive": "Late Comer"}
    preview = measure(
        "change preview (POST)",
        lambda: client.post(reverse("change-preview", args=[pk]), change),
        200,
        302,
    )
    finish_jobs(meter, figures, "change preview (worker job)")
    preview = job_page(measure, client, preview, "change preview page (the plans)")
    fingerprints = fingerprints_from(client, preview)
    applied = measure(
        "change apply (POST)",
        lambda: client.post(
            reverse("change-apply", args=[pk]), {**change, "strategy": "fewest", **fingerprints}
        ),
        302,
    )
    finish_jobs(meter, figures, "change apply (worker job)")
    job_page(measure, client, applied, "change apply page (done)")
    removed = Player.objects.filter(tournament=tournament, active=True).order_by("pk")[2]
    removal_path = reverse("player-remove", args=[pk, removed.pk])
    asked = measure("removal preview (GET)", lambda: client.get(removal_path), 200, 302)
    finish_jobs(meter, figures, "removal preview (worker job)")
    asked = job_page(measure, client, asked, "removal preview page (the question)")
    fingerprint = fingerprints_from(client, asked)["fingerprint"]
    removal = measure(
        "removal (POST)",
        lambda: client.post(removal_path, {"fingerprint": fingerprint}),
        302,
    )
    finish_jobs(meter, figures, "removal (worker job)")
    job_page(measure, client, removal, "removal page (done)")
    measure(
        "public rotation page after change",
        lambda: client.get(reverse("tournament-public", args=[pk])),
        200,
    )
    return [(label, cpu) for label, cpu in figures]


# Round totals a table may report for 8 hands, varied so the standings have ties and gaps.
PLAYED_TOTALS = ((6, 4), (5, 7), (8, 2), (3, 9), (10, 0), (4, 4), (7, 5))


def play_night(tournament, organiser) -> None:
    """Play every round of `tournament`: each table's totals stored and confirmed, each
    round started and closed, through the scoring and tournament services (not HTTP:
    this fills the night, it is not measured)."""
    from django.db import transaction

    from scoring import services as scoring
    from tournaments import services
    from tournaments.models import Round, Table

    for rnd in Round.objects.filter(tournament=tournament).order_by("number"):
        services.start_round(round=rnd, user=organiser)
        tables = Table.objects.filter(round=rnd).order_by("number").prefetch_related("seats")
        with transaction.atomic():
            for index, table in enumerate(tables):
                points = PLAYED_TOTALS[(index + rnd.number) % len(PLAYED_TOTALS)]
                result = scoring.submit_totals(
                    table=table,
                    side_points=list(points),
                    seat=min(table.seats.all(), key=lambda seat: seat.position),
                    expected_version=0,
                    idempotency_key=str(uuid.uuid4()),
                )
                scoring.confirm_result(table=table, expected_version=result.version, user=organiser)
        scoring.close_round(round=rnd, user=organiser)


def run_played(players: int, rounds: int, meter: Meter, organiser) -> list[tuple[str, float]]:
    """Every public page and public API read, and the organiser's pages, of a night
    whose `rounds` rounds were all played (results confirmed, rounds closed): the pages
    whose work grows with results."""
    import datetime

    from django.test import Client
    from django.urls import reverse

    from tournaments import services
    from tournaments.models import Player, Seat, Tournament

    tournament = Tournament.objects.create(
        name=f"Played {players}",
        date=datetime.date(2026, 12, 6),
        owner=organiser,
        rounds_planned=rounds,
        entry_mode=Tournament.EntryMode.TOTALS,
    )
    services.import_players(
        tournament=tournament, text="\n".join(f"Player {n:03d}" for n in range(players))
    )
    organiser_client = Client()
    organiser_client.force_login(organiser)
    pk = tournament.pk
    generated = organiser_client.post(reverse("rotation-generate", args=[pk]))
    check(generated, 302, 202)
    finish_jobs(meter, [], "generate rotation (worker job)")
    started = time.monotonic()
    play_night(tournament, organiser)
    print(
        f"  played {players} players x {rounds} rounds in {time.monotonic() - started:.0f} s",
        file=sys.stderr,
    )
    public = Client()
    figures: list[tuple[str, float]] = []

    def seats_read():
        return list(
            Seat.objects.filter(table__round__tournament_id=pk).values_list(
                "table__round__number", "table__number", "position", "player__name"
            )
        )

    figures.append(
        (
            "baseline: SELECT every seat",
            statistics.median(meter.cpu(seats_read)[0] for _ in range(5)),
        )
    )

    def measure(label: str, client, url: str, query: dict | None = None):
        cpu, response = meter.cpu(lambda: client.get(url, query or {}))
        check(response, 200)
        figures.append((label, cpu))

    someone = Player.objects.filter(tournament=tournament).order_by("pk")[players // 2].pk
    pages = [
        ("public rotation page", "tournament-public", [pk], None),
        ("public rotation page, round 30", "tournament-public", [pk], {"round": rounds}),
        ("player seat page", "player-seat", [pk, someone], None),
        ("standings page", "standings-page", [pk], None),
        ("standings projector", "standings-projector", [pk], None),
        ("standings of one player", "standings-player", [pk, someone], None),
        ("standings CSV", "standings-export", [pk, "csv"], None),
        ("standings JSON", "standings-export", [pk, "json"], None),
        ("results CSV", "standings-results-export", [pk, "csv"], None),
        ("results JSON", "standings-results-export", [pk, "json"], None),
    ]
    for label, name, args, query in pages:
        measure(label, public, reverse(name, args=args), query)
    # Head-to-head reads the games of every group left tied: the costliest order.
    from scoring.standings_settings import update_standings_settings

    update_standings_settings(
        tournament=tournament,
        user=organiser,
        metrics=["total_points", "head_to_head", "wins"],
        bye_value="average",
    )
    measure("standings page, head-to-head 2nd", public, reverse("standings-page", args=[pk]))
    measure(
        "standings of one player, head-to-head 2nd",
        public,
        reverse("standings-player", args=[pk, someone]),
    )
    update_standings_settings(
        tournament=tournament,
        user=organiser,
        metrics=["head_to_head", "total_points"],
        bye_value="average",
    )
    measure("standings page, head-to-head 1st", public, reverse("standings-page", args=[pk]))
    api = [
        ("API tournament", f"/api/tournaments/{pk}/"),
        ("API players", f"/api/tournaments/{pk}/players/"),
        ("API rounds (every round)", f"/api/tournaments/{pk}/rounds/"),
        (f"API round {rounds}", f"/api/tournaments/{pk}/rounds/{rounds}/"),
    ]
    for label, url in api:
        measure(label, public, url)
    organiser_pages = [
        ("organiser tournament page", "tournament-detail", [pk]),
        (f"round page {rounds} (organiser)", "round-detail", [pk, rounds]),
        (f"round results {rounds} (organiser)", "round-results", [pk, rounds]),
    ]
    for label, name, args in organiser_pages:
        measure(label, organiser_client, reverse(name, args=args))
    measure(
        f"API results board, round {rounds} (organiser)",
        organiser_client,
        "/api/results/",
        {"tournament": pk, "round": rounds},
    )
    return figures


def print_table(title: str, results: dict, rounds: int) -> float:
    """The figures of every size side by side, each beside its ratio to the same run's
    baseline (the first row); returns the worst web request."""
    sizes = list(results)
    labels = [label for label, _cpu in results[sizes[0]]]
    width = max(len(label) for label in labels)
    print(f"{title}, {rounds} rounds")
    print(" " * width + "".join(f"  {f'{n} players':>20}" for n in sizes))
    for row, label in enumerate(labels):
        cells = []
        for n in sizes:
            cpu = results[n][row][1]
            ratio = cpu / results[n][0][1]
            cells.append(f"  {cpu:7.3f} s {ratio:8.0f}x")
        print(f"{label:<{width}}" + "".join(cells))
    return max(
        cpu for rows in results.values() for label, cpu in rows[1:] if "worker job" not in label
    )


def report_played(args, meter: Meter, organiser) -> float:
    from django.db import connection

    played = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        played[size] = run_played(size, args.rounds, meter, organiser)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    worst = print_table("CPU seconds per page, cold; every round played", played, args.rounds)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"target: every page < {TARGET_CPU:.0f} s of CPU at 400 players; worst here "
        f"{worst:.2f} s (load average {load:.1f}, {os.cpu_count()} CPUs)\n"
    )
    return worst


def finish_jobs(meter: Meter, figures: list, label: str) -> None:
    """Run the planning jobs the request left queued, as the worker would, each measured
    like a request (0 when the request did the work itself)."""
    from tournaments.models import PlanningJob
    from tournaments.planning.tasks import run_planning_job

    cpu = 0.0
    for job_id in PlanningJob.objects.filter(status="queued").values_list("pk", flat=True):
        cpu += meter.cpu(lambda job_id=job_id: run_planning_job(job_id))[0]
        job = PlanningJob.objects.get(pk=job_id)
        if job.status != "done":
            raise SystemExit(f"{label}: {job.status} {job.error}")
    figures.append((label, cpu))


def job_page(measure, client, response, label: str):
    """The job's page once done, when the request handed the work to a job; else the
    request's own answer (and 0 for the page)."""
    if response.status_code == 302 and "/planning/" in response["Location"]:
        return measure(label, lambda: client.get(response["Location"]), 200)
    measure(label, lambda: response)
    return response


def fingerprints_from(client, response) -> dict:
    import re

    html = response.content.decode()
    found = dict(
        re.findall(r'name="(fingerprint(?:_fewest|_balance)?)"[^>]*value="([0-9a-f]+)"', html)
    )
    found.update(
        re.findall(r'value="([0-9a-f]{32})"[^>]*name="(fingerprint(?:_fewest|_balance)?)"', html)
    )
    return {k: v for k, v in found.items() if k.startswith("fingerprint")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="13,100,400", help="players, comma-separated")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    parser.add_argument(
        "--sections",
        default="organiser,played",
        help="organiser (round 1 played), played (every round played), comma-separated",
    )
    parser.add_argument(
        "--database",
        default=BENCH_DB,
        help="the database to create and drop (one per person when several share a server)",
    )
    args = parser.parse_args()

    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith(("postgres://", "postgresql://")):
        print("Set DATABASE_URL=postgres://... (the bench creates its own database there).")
        return 2
    recreate_database(base, args.database)
    os.environ["DATABASE_URL"] = server_url(base, args.database)
    # Jobs wait on an in-memory broker for finish_jobs to run them, measured apart.
    os.environ["CELERY_BROKER_URL"] = "memory://"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")

    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection, connections

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    try:
        call_command("migrate", verbosity=0)
        organiser = get_user_model().objects.create_user("bench", password="bench-only")
        meter = Meter()
        sections = set(args.sections.split(","))
        if "played" in sections:
            report_played(args, meter, organiser)
        if "organiser" not in sections:
            return 0
        results = {}
        for size in [int(s) for s in args.sizes.split(",")]:
            results[size] = run_size(size, args.rounds, meter, organiser)
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        sizes = list(results)
        labels = [label for label, _cpu in results[sizes[0]]]
        width = max(len(label) for label in labels)
        print(f"CPU seconds per request, cold; progressive, {args.rounds} rounds")
        print(" " * width + "".join(f"  {f'{n} players':>20}" for n in sizes))
        for row, label in enumerate(labels):
            cells = []
            for n in sizes:
                cpu = results[n][row][1]
                ratio = cpu / results[n][0][1]
                cells.append(f"  {cpu:7.3f} s {ratio:8.0f}x")
            print(f"{label:<{width}}" + "".join(cells))
        worst = max(
            cpu for rows in results.values() for label, cpu in rows[1:] if "worker job" not in label
        )
        in_worker = max(
            (cpu for rows in results.values() for label, cpu in rows if "worker job" in label),
            default=0.0,
        )
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(
            f"target: every web request < {TARGET_CPU:.0f} s of CPU at 400 players; worst here "
            f"{worst:.2f} s; the worker's longest job {in_worker:.2f} s "
            f"(load average {load:.1f}, {os.cpu_count()} CPUs)"
        )
    finally:
        connections.close_all()
        if not args.keep:
            drop_database(base, args.database)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
