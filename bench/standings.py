"""How long season standings take over a season of 100,000 recorded hands.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/standings.py

Creates its own database (`bench_standings`, or --database, on the same server; the one named
in DATABASE_URL is only used to connect), fills it with a season of progressive
nights (hands entered hand by hand, confirmed, byes included), then times the
season table and one night's standings and counts their queries. The database is
dropped afterwards unless --keep is given. Figures go to stdout; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BENCH_DB = "bench_standings"


def server_url(url: str, database: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{database}"))


def recreate_database(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def drop_database(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def random_hand(rng: random.Random, dealer: int) -> dict:
    maker = rng.randrange(4)
    tricks = rng.choices(range(6), weights=[2, 3, 6, 30, 30, 29])[0]
    alone = [maker] if tricks >= 3 and rng.random() < 0.08 else []
    return {
        "dealer": dealer,
        "maker": maker,
        "round": rng.choice((1, 2)),
        "trump": rng.choice(("clubs", "diamonds", "hearts", "spades")),
        "alone": alone,
        "tricks": tricks,
    }


def build_season(*, nights: int, players: int, pool: int, rounds: int, hands: int, seed: int):
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from leagues import services
    from leagues.models import Member, PlayerLink, SeasonNight
    from scoring.engine import parse_hand, rule_set, score_hand
    from scoring.models import SeatResult, TableResult
    from scoring.seat_results import seat_result_rows
    from tournaments.models import Bye, Player, Round, Seat, Table, Tournament

    rng = random.Random(seed)
    rules = rule_set("north-american", {})
    owner = get_user_model().objects.create_user("bench", password="bench-only")
    people = [f"Member {n:03d}" for n in range(pool)]
    recorded_hands = 0
    with transaction.atomic():
        season = services.create_season(owner=owner, name="Bench league", best_of=nights - 4)
        members = Member.objects.bulk_create(Member(season=season, name=n) for n in people)
        member_of = {m.name: m for m in members}
        import datetime

        for night_number in range(nights):
            tournament = Tournament.objects.create(
                name=f"Night {night_number + 1}",
                date=datetime.date(2026, 1, 1) + datetime.timedelta(weeks=night_number),
                owner=owner,
                hands_per_round=hands,
                rounds_planned=rounds,
            )
            SeasonNight.objects.create(season=season, tournament=tournament)
            names = rng.sample(people, players)
            night_players = Player.objects.bulk_create(
                Player(tournament=tournament, name=n) for n in names
            )
            PlayerLink.objects.bulk_create(
                PlayerLink(player=p, member=member_of[p.name]) for p in night_players
            )
            round_rows = Round.objects.bulk_create(
                Round(tournament=tournament, number=r, status=Round.Status.CLOSED)
                for r in range(1, rounds + 1)
            )
            tables_per_round = players // 4
            table_rows = Table.objects.bulk_create(
                Table(round=rnd, number=t + 1)
                for rnd in round_rows
                for t in range(tables_per_round)
            )
            seats, byes, results, seated = [], [], [], []
            for index, rnd in enumerate(round_rows):
                order = list(night_players)
                rng.shuffle(order)
                for t in range(tables_per_round):
                    table = table_rows[index * tables_per_round + t]
                    at_table = [
                        Seat(table=table, player=player, position=position, side=position % 2)
                        for position, player in enumerate(order[4 * t : 4 * t + 4])
                    ]
                    seats += at_table
                    seated.append(at_table)
                    played = [random_hand(rng, h % 4) for h in range(hands)]
                    scores = [0, 0, 0, 0]
                    for hand in played:
                        points = score_hand(rules, parse_hand(hand))
                        scores = [a + b for a, b in zip(scores, points, strict=True)]
                    recorded_hands += len(played)
                    results.append(
                        TableResult(
                            table=table,
                            kind=TableResult.Kind.HANDS,
                            hands=played,
                            scores=scores,
                            winners=[],
                            complete=True,
                            status=(
                                TableResult.Status.PROVISIONAL
                                if rng.random() < 0.01
                                else TableResult.Status.CONFIRMED
                            ),
                            version=2,
                        )
                    )
                for player in order[4 * tables_per_round :]:
                    byes.append(Bye(round=rnd, player=player))
            Seat.objects.bulk_create(seats, batch_size=5000)
            Bye.objects.bulk_create(byes)
            TableResult.objects.bulk_create(results, batch_size=2000)
            # What the result services write beside each result (seated in engine order).
            SeatResult.objects.bulk_create(
                (
                    row
                    for result, at_table in zip(results, seated, strict=True)
                    for row in seat_result_rows(
                        SeatResult, result=result, seats=at_table, rules=rules
                    )
                ),
                batch_size=5000,
            )
    return season, recorded_hands


def backend_cpu(pid: int) -> float | None:
    """CPU seconds the PostgreSQL backend `pid` has used, when it runs on this machine."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # utime and stime are fields 14 and 15 of the whole line; the split above drops 2.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(function, repeat: int):
    """Wall seconds per run, the queries of the last run, and CPU seconds per run.

    CPU is this process plus its PostgreSQL backend (when local): on a machine busy
    with other work, wall time measures the queue for the CPU as much as the code.
    """
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    walls, cpus = [], []
    queries = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            backend = backend_cpu(pid)
            cpu = time.process_time()
            start = time.perf_counter()
            function()
            walls.append(time.perf_counter() - start)
            cpu = time.process_time() - cpu
            after = backend_cpu(pid)
            if backend is not None and after is not None:
                cpus.append(cpu + after - backend)
        queries = len(captured)
    return walls, queries, cpus


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nights", type=int, default=50)
    parser.add_argument("--players", type=int, default=102, help="players a night")
    parser.add_argument("--pool", type=int, default=130, help="members in the league")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--hands", type=int, default=8, help="hands a round")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
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
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    try:
        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        season, hands = build_season(
            nights=args.nights,
            players=args.players,
            pool=args.pool,
            rounds=args.rounds,
            hands=args.hands,
            seed=args.seed,
        )
        built = time.perf_counter() - started
        from django.db import connection

        # Fresh statistics, as autovacuum keeps them on a live database; without them the
        # planner guesses every table is empty.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

        from leagues import selectors
        from leagues.models import Season
        from scoring import night_standings
        from tournaments.models import Tournament

        tables = args.nights * args.rounds * (args.players // 4)
        print(
            f"season: {args.nights} nights x {args.players} players x {args.rounds} rounds "
            f"x {args.hands} hands = {hands:,} recorded hands on {tables:,} tables "
            f"(built in {built:.1f} s)"
        )
        season_times, season_queries, season_cpu = timed(
            lambda: selectors.season_standings(Season.objects.get(pk=season.pk)), args.repeat
        )
        night = Tournament.objects.order_by("date").last()
        night_times, night_queries, _ = timed(
            lambda: night_standings.tournament_standings(Tournament.objects.get(pk=night.pk)),
            args.repeat,
        )
        rows = selectors.season_standings(season).rows
        print(
            f"season standings ({len(rows)} members): "
            f"median {statistics.median(season_times):.3f} s, "
            f"best {min(season_times):.3f} s, first {season_times[0]:.3f} s, "
            f"{season_queries} queries"
        )
        if season_cpu:
            print(
                f"season standings CPU (Python + PostgreSQL backend): "
                f"median {statistics.median(season_cpu):.3f} s"
            )
        print(
            f"one night's standings ({args.players} players): "
            f"median {statistics.median(night_times) * 1000:.1f} ms, {night_queries} queries"
        )
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"target: season standings < 0.5 s (load average {load:.1f}, {os.cpu_count()} CPUs)")
    finally:
        connections.close_all()
        if not args.keep:
            drop_database(base, args.database)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
