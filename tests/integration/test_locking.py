"""Locks on PostgreSQL: closing rounds while tables submit never deadlocks, a lock held
elsewhere gives a "busy, try again" answer instead of a hung request, and the one way
to close a round keeps its audit entry."""

from __future__ import annotations

import html
import threading
import time

import pytest
from django.conf import settings
from django.db import connection, connections, transaction
from rest_framework.test import APIClient

from core import locking
from core.errors import DomainError
from scoring import services
from scoring.models import ResultChange, TableResult
from tests.factories import (
    PlayerFactory,
    RoundFactory,
    SeatFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
)
from tests.integration.test_scoring_services import EIGHT_HANDS, seated_table
from tests.integration.test_scoring_views import as_scorer, form_values, hand_post, page
from tournaments import services as tournament_services
from tournaments.models import Round, Table

BUSY = str(locking.BUSY_MESSAGE)
CLOSE_ACTIONS = (ResultChange.Action.ROUND_CLOSED, ResultChange.Action.ROUND_FORCE_CLOSED)


def night(rounds: int, tables: int):
    """A tournament with `rounds` rounds in play of `tables` four-seat tables each."""
    tournament = TournamentFactory(owner=UserFactory())
    players = [PlayerFactory(tournament=tournament) for _ in range(tables * 4)]
    seats_by_table: dict[int, list] = {}
    for number in range(1, rounds + 1):
        rnd = RoundFactory(tournament=tournament, number=number, status=Round.Status.IN_PLAY)
        for t in range(tables):
            table = TableFactory(round=rnd, number=t + 1)
            seats_by_table[table.pk] = [
                SeatFactory(table=table, position=p, side=p % 2, player=players[t * 4 + p])
                for p in range(4)
            ]
    return tournament, seats_by_table


def _in_threads(jobs_per_thread: list[list]) -> list[tuple[str, object]]:
    """Runs each list of calls in a thread of its own (its own connection) at once;
    returns (name, result or exception) for every call."""
    outcomes: list[tuple[str, object]] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(jobs_per_thread))

    def run(jobs):
        try:
            barrier.wait()
            for name, call in jobs:
                try:
                    outcome = call()
                except Exception as error:  # every outcome is judged by the test
                    outcome = error
                with lock:
                    outcomes.append((name, outcome))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(jobs,)) for jobs in jobs_per_thread]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(thread.is_alive() for thread in threads), "a request hung"
    return outcomes


@pytest.fixture
def overlapping_writes(monkeypatch):
    """Holds each result write a moment inside its transaction, after its first locks,
    so closes land in the middle of submissions (where the deadlock was)."""
    original = services._snapshot

    def slow(result):
        time.sleep(0.02)
        return original(result)

    monkeypatch.setattr(services, "_snapshot", slow)


def _submission(table: Table, seat, n: int):
    def call():
        current = TableResult.objects.filter(table=table).first()
        version = current.version if current else 0
        return services.submit_hands(
            table=table,
            hands=EIGHT_HANDS[: min(version + 1, len(EIGHT_HANDS))],
            seat=seat,
            expected_version=version,
            idempotency_key=f"sub-{table.pk}-{n}",
        )

    return call


def _close(rnd: Round, user, *, force: bool, delay: float):
    def call():
        time.sleep(delay)
        return services.close_round(round=rnd, user=user, force=force)

    return call


def test_closing_rounds_during_many_submissions_never_deadlocks(
    postgres_db, transactional_db, overlapping_writes
):
    tournament, seats_by_table = night(rounds=3, tables=4)
    owner = tournament.owner
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("pk"))
    rounds = list(tournament.rounds.order_by("number"))
    submitters = 12
    per_thread = 6  # 72 submissions, 6 to each table
    jobs: list[list] = [[] for _ in range(submitters)]
    for n in range(submitters * per_thread):
        table = tables[n % len(tables)]
        seat = seats_by_table[table.pk][n % 4]
        jobs[n % submitters].append((f"submit {table.pk}", _submission(table, seat, n)))
    # Round 1 is force-closed early, round 2 closed (refused: tables open) then
    # force-closed, round 3 force-closed twice at once near the end of the burst.
    jobs += [
        [("close", _close(rounds[0], owner, force=True, delay=0.05))],
        [
            ("close", _close(rounds[1], owner, force=False, delay=0.1)),
            ("close", _close(rounds[1], owner, force=True, delay=0.05)),
        ],
        [("close", _close(rounds[2], owner, force=True, delay=0.3))],
        [("close", _close(rounds[2], owner, force=True, delay=0.3))],
    ]

    outcomes = _in_threads(jobs)

    unexpected = [
        (name, o)
        for name, o in outcomes
        if isinstance(o, Exception) and not isinstance(o, DomainError)
    ]
    assert unexpected == []
    refusals = {o.code for _name, o in outcomes if isinstance(o, DomainError)}
    assert refusals <= {"conflict", "round_closed", "tables_not_confirmed"}, refusals
    assert all(o.message for _name, o in outcomes if isinstance(o, DomainError))
    stored = [o for name, o in outcomes if name.startswith("submit") and isinstance(o, TableResult)]
    assert len([n for n, _o in outcomes if n.startswith("submit")]) == 72
    assert stored, "no submission got in before the closes"

    submitted = ResultChange.objects.filter(
        round__tournament=tournament, action=ResultChange.Action.SUBMITTED
    )
    # Every stored submission is in the audit trail once, and each table's version
    # counts them: none lost, none doubled.
    assert submitted.count() == len(stored)
    for table in tables:
        result = TableResult.objects.filter(table=table).first()
        assert (result.version if result else 0) == submitted.filter(table=table).count()
    for rnd in rounds:
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.CLOSED
        closes = ResultChange.objects.filter(round=rnd, action__in=CLOSE_ACTIONS)
        assert closes.count() == 1
        # Nothing was stored in a round after it closed.
        last = submitted.filter(round=rnd).order_by("-pk").first()
        assert last is None or last.pk < closes.get().pk


# ------------------------------------------------------------- a lock held elsewhere


def test_the_database_sessions_carry_the_lock_and_statement_timeouts(postgres_db):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name, setting FROM pg_settings "
            "WHERE name IN ('lock_timeout', 'statement_timeout')"
        )
        values = dict(cursor.fetchall())
    assert values == {
        "lock_timeout": str(settings.DB_LOCK_TIMEOUT_MS),
        "statement_timeout": str(settings.DB_STATEMENT_TIMEOUT_MS),
    }
    assert settings.DB_LOCK_TIMEOUT_MS > 0 and settings.DB_STATEMENT_TIMEOUT_MS > 0


@pytest.fixture
def table_locked_elsewhere(postgres_db, transactional_db):
    """Another connection holds the table's row lock (a stuck request) for up to 30 s."""
    table, seats = seated_table()
    locked, release = threading.Event(), threading.Event()

    def hold():
        try:
            with transaction.atomic():
                Table.objects.select_for_update().get(pk=table.pk)
                locked.set()
                release.wait(30)
        finally:
            connections["default"].close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(10)
    # This test's own requests wait one second, not the deployment's five.
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = '1s'")
    yield table, seats
    release.set()
    holder.join(30)


def test_a_table_locked_elsewhere_answers_busy_on_the_api(table_locked_elsewhere):
    table, seats = table_locked_elsewhere
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
    body = {
        "hands": EIGHT_HANDS[:1],
        "expected_version": 0,
        "idempotency_key": "busy-1",
        "seat": seats[0].pk,
    }
    response = client.post(f"/api/tables/{table.token}/hands/", body, format="json")
    assert response.status_code == 503
    assert response.json() == {"error": "busy", "message": BUSY, "details": []}
    assert response["Retry-After"] == str(locking.BUSY_RETRY_AFTER_SECONDS)
    assert not TableResult.objects.filter(table=table).exists()


def test_a_table_locked_elsewhere_answers_busy_on_the_page(client, table_locked_elsewhere):
    table, seats = table_locked_elsewhere
    as_scorer(client, table, seats[0])
    values = form_values(client.get(page(table)).content.decode())
    response = client.post(page(table), {**hand_post(0, 1, 3), **values})
    assert response.status_code == 503
    assert html.escape(BUSY) in response.content.decode()
    assert response["Retry-After"] == str(locking.BUSY_RETRY_AFTER_SECONDS)
    assert not TableResult.objects.filter(table=table).exists()


def test_a_round_held_by_a_re_plan_refuses_its_writes_at_once_without_waiting(
    postgres_db, transactional_db
):
    """A re-plan holds the round FOR UPDATE: a result write answers busy at once instead
    of holding a web worker for the lock timeout (60 tables doing that filled every
    worker for minutes; bench/round_lock.py)."""
    table, seats = seated_table()
    locked, release = threading.Event(), threading.Event()

    def re_plan():
        try:
            with transaction.atomic():
                locking.lock_rounds(table.round.tournament)
                locked.set()
                release.wait(10)
        finally:
            connections["default"].close()

    holder = threading.Thread(target=re_plan)
    holder.start()
    try:
        assert locked.wait(10)
        # A write that waited for the round at all would outlast the re-plan (10 s)
        # and be stored: this connection's lock timeout is longer than that.
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '20s'")
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
        body = {"hands": EIGHT_HANDS[:1], "expected_version": 0, "idempotency_key": "held-1"}
        response = client.post(
            f"/api/tables/{table.token}/hands/", {**body, "seat": seats[0].pk}, format="json"
        )
        still_held = not release.is_set() and holder.is_alive()
    finally:
        release.set()
        holder.join(30)
    assert response.status_code == 503 and response.json()["error"] == "busy"
    assert still_held
    assert not TableResult.objects.filter(table=table).exists()


# ------------------------------------------------------------- one way to close a round


def test_the_tournaments_bare_close_is_not_public():
    assert not hasattr(tournament_services, "close_round")
    assert "close_round" not in tournament_services.__all__


def test_closing_from_the_round_page_and_the_api_writes_the_audit_entry(client, db):
    tournament, _seats = night(rounds=2, tables=1)
    owner = tournament.owner
    client.force_login(owner)
    client.post(f"/tournaments/{tournament.pk}/rounds/1/close/")
    first = tournament.rounds.get(number=1)
    assert first.status == Round.Status.IN_PLAY  # its table sent nothing: refused
    client.post(
        f"/tournaments/{tournament.pk}/rounds/1/results/close/",
        {"force": "1", "idempotency_key": "page-close"},
    )
    api = APIClient()
    api.force_login(owner)
    response = api.post(
        f"/api/tournaments/{tournament.pk}/rounds/2/close/",
        {"force": True, "idempotency_key": "api-close"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    for number, key in ((1, "page-close"), (2, "api-close")):
        rnd = tournament.rounds.get(number=number)
        assert rnd.status == Round.Status.CLOSED
        entry = ResultChange.objects.get(round=rnd, action__in=CLOSE_ACTIONS)
        assert entry.action == ResultChange.Action.ROUND_FORCE_CLOSED
        assert entry.user == owner and entry.idempotency_key == key
        assert entry.new["open_tables"] == {"1": "missing"}
