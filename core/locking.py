"""Row locks for every write, always taken in one order. Every select_for_update of the
project is in this module; services call these functions instead.

The order, from the top:

    Tournament -> Round(s) -> Table(s) -> TableResult -> a leaf row (PrintJob, StandingsSettings)
                                                          -> the print queue (advisory lock)

A league Season is locked on its own, never with any of those (season writes change
only members and player links).

1. A transaction locks downwards only. It may skip a level, never go back up: once it
   holds a table it takes no round or tournament lock.
2. Several rows of one level are locked in one statement, by ascending primary key.
3. Inserting a row makes PostgreSQL take a KEY SHARE lock on every row its foreign keys
   point at. A result write's audit row points at its Round, so the write takes that
   KEY SHARE lock itself, *before* its table (lock_table). Before, a submission held its
   table and then waited on the round, while a close held the round (FOR UPDATE) and
   waited on the table: "deadlock detected" in 5 of 6 trials.
4. Deleting rows (a re-plan, a dropped rotation) locks the rounds concerned FOR UPDATE
   first, because Django's cascade deletes the tables and seats below them before the
   rounds themselves.

Lock modes on a round: result writes take KEY SHARE, NOWAIT; starting and closing a round take
NO KEY UPDATE, which does not conflict with KEY SHARE, so a close never waits on the
round row for scorers (nor they for it) and cannot be starved by a stream of them. A
close then locks every table of the round, one by one by pk: it waits for the writes in
flight on each table, and a later write queues on its table and, once the close has
committed, reads the round as closed. Deletions take FOR UPDATE, which does conflict
with KEY SHARE: a re-plan waits for result writes on the rounds it replaces.

A result write does not wait for its round at all (NOWAIT): only a re-plan or a dropped
rotation (FOR UPDATE) conflicts with it, and such a change can hold the round for seconds.
Waiting out the lock timeout there made every table's write hold a web worker for 5 s in
turn, so 60 tables writing filled every worker for minutes and stalled unrelated pages;
refused at once, each write answers "busy, try again" in milliseconds (the phone's queue
sends it again) and the workers stay free (bench/round_lock.py).

SQLite ignores all of this (it serialises writers); nothing here changes what a query
returns, only when it may run. With PostgreSQL's lock_timeout (settings) a lock that
cannot be had in time raises OperationalError; `is_busy` recognises it so that pages
and the API answer "busy, try again" instead of an error page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import apps
from django.db import InterfaceError, OperationalError, connection
from django.db.models import Prefetch
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from tournaments.models import PrintJob, Round, Table, Tournament


def _model(label: str):
    # Looked up by name when a lock is taken, not imported: the lock order is shared by
    # every app, so it depends on none of them (their models import freely from here).
    return apps.get_model(label)


# SQLSTATEs of a wait that was given up: lock_timeout (55P03), statement_timeout or a
# cancel (57014), and a deadlock PostgreSQL broke (40P01). Retrying each one works.
BUSY_SQLSTATES = frozenset({"55P03", "57014", "40P01"})
BUSY_MESSAGE = _(
    "The site is busy with another change to the same tables. Nothing of yours was "
    "stored: wait a moment and try again."
)
BUSY_RETRY_AFTER_SECONDS = 2
# The connection was refused or ended under the query: the server is restarting, or
# shut the session down (57P01-57P03), or the link broke (class 08). Nothing of the
# request was committed, and once the server is back a new connection works.
UNREACHABLE_SQLSTATES = frozenset({"57P01", "57P02", "57P03"})
UNREACHABLE_MESSAGE = _(
    "The site cannot reach its database just now. Nothing of yours was stored: wait a "
    "moment and try again."
)


def lock_tournament(tournament: Tournament) -> Tournament:
    """The tournament row: writes to its settings, players, teams and rotation, and
    starting a round (rounds start in order)."""
    return _model("tournaments.Tournament").objects.select_for_update().get(pk=tournament.pk)


def lock_round(rnd: Round) -> Round:
    """One round, to change its status (start or close it): NO KEY UPDATE."""
    # of=("self",): the joined tournament row is read, not locked (rule 1).
    return (
        _model("tournaments.Round")
        .objects.select_for_update(of=("self",), no_key=True)
        .select_related("tournament")
        .get(pk=rnd.pk)
    )


def lock_rounds(tournament: Tournament, *, after: int = 0) -> list[Round]:
    """The tournament's rounds numbered above `after`, FOR UPDATE: before a re-plan or a
    dropped rotation deletes them or their tables and seats. Take the tournament first."""
    return list(
        _model("tournaments.Round")
        .objects.select_for_update()
        .filter(tournament_id=tournament.pk, number__gt=after)
        .order_by("pk")
    )


def lock_round_and_tables(rnd: Round) -> tuple[Round, list[Table]]:
    """Closing a round: the round, then every table of it, so no result write is half-way
    while the round's results are checked and none is stored after it closed."""
    locked = lock_round(rnd)
    tables = list(
        _model("tournaments.Table").objects.select_for_update().filter(round=locked).order_by("pk")
    )
    return locked, tables


def lock_table(table: Table) -> tuple[Table, Round]:
    """A result write: the table's round in KEY SHARE mode, then the table FOR UPDATE.

    Returns the table (its seats and players loaded) and its round as it is once the
    locks are held, so a round closed meanwhile is seen closed.
    """
    _key_share(_model("tournaments.Round"), table.round_id, nowait=True)
    locked = (
        _model("tournaments.Table")
        .objects.select_for_update()
        .prefetch_related(
            Prefetch("seats", queryset=_model("tournaments.Seat").objects.select_related("player"))
        )
        .get(pk=table.pk)
    )
    rnd = _model("tournaments.Round").objects.select_related("tournament").get(pk=locked.round_id)
    # The round as read under the locks, so that locked.round is never an older copy.
    locked.round = rnd
    return locked, rnd


def lock_tables(tables: list[Table]) -> list[Table]:
    """Several tables FOR UPDATE, in one statement by ascending pk: two players
    swapping seats across tables of one round (take the round first, lock_round), or
    the tables of one player's rounds when their card is reissued (under the
    tournament, skipping the rounds: one table a round, so no close can wait on it
    while holding another)."""
    return list(
        _model("tournaments.Table")
        .objects.select_for_update()
        .filter(pk__in=[t.pk for t in tables])
        .order_by("pk")
    )


def lock_result(table: Table):
    """The table's result row, if there is one. Take the table first (lock_table)."""
    return _model("scoring.TableResult").objects.select_for_update().filter(table=table).first()


def lock_print_job(job_id: int) -> PrintJob:
    """A print job's row, alone: a worker counting finished parts."""
    return _model("tournaments.PrintJob").objects.select_for_update().get(pk=job_id)


# Any fixed number: PostgreSQL's advisory locks are named by a 64-bit key.
PRINT_QUEUE_KEY = 0x45554348_5052494E  # "EUCH" "PRIN"


def lock_print_queue() -> None:
    """The print queue as a whole, to the end of the transaction: counting an
    organiser's jobs and choosing which jobs go to the workers (an advisory lock:
    it guards no row). Taken last; under it only waiting jobs' rows are written,
    which no other writer locks."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [PRINT_QUEUE_KEY])
    else:
        # SQLite ignores FOR UPDATE; writing first takes its one write lock.
        _model("tournaments.PrintJob").objects.filter(pk=0).update(progress=0)


def lock_standings_settings(tournament: Tournament):
    """The tournament's standings settings, created when missing, alone or last."""
    settings, _created = (
        _model("scoring.StandingsSettings")
        .objects.select_for_update()
        .get_or_create(tournament=tournament)
    )
    return settings


def lock_season(season_pk: int):
    """A league season's row, taken first and alone: a season is no tournament's child,
    and its links and members change only under it (one person, one record a night)."""
    return _model("leagues.Season").objects.select_for_update().get(pk=season_pk)


def is_busy(error: BaseException) -> bool:
    """True for a database error that means "a lock was not had in time": worth retrying."""
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    return getattr(cause, "sqlstate", None) in BUSY_SQLSTATES


def database_unreachable(error: BaseException) -> bool:
    """True for a database error that means "the server is not there just now"."""
    if isinstance(error, InterfaceError):  # a connection already closed under us
        return True
    if not isinstance(error, OperationalError):
        return False
    sqlstate = getattr(error.__cause__, "sqlstate", None) or ""
    # No SQLSTATE at all: the client could not connect or lost the connection.
    return not sqlstate or sqlstate.startswith("08") or sqlstate in UNREACHABLE_SQLSTATES


def retry_message(error: BaseException):
    """What to tell the person whose request failed for a reason that passes, or None."""
    if is_busy(error):
        return BUSY_MESSAGE
    if connection.vendor == "postgresql" and database_unreachable(error):
        return UNREACHABLE_MESSAGE
    return None


def _key_share(model, pk: int, *, nowait: bool = False) -> None:
    # Django's select_for_update has no FOR KEY SHARE; the row is read afterwards.
    if connection.vendor != "postgresql":
        return
    wait = " NOWAIT" if nowait else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT 1 FROM "{model._meta.db_table}" WHERE "id" = %s FOR KEY SHARE{wait}', [pk]
        )
