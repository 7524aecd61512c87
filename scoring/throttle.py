"""Limits on guessing players' card codes, counted in the shared cache (every web
process sees the same counts when CACHES points at Redis).

Wrong codes are counted per table and side: the side whose code is being typed (the
seat chosen, the player who took the phone), or the side that must confirm when free
codes are typed. A venue often puts every phone behind one address, so the address
limit is sized far beyond a room's typos and only stops one machine sweeping every
table; a flood at one table delays that table alone, and the round page flags it.

Why guessing stays hopeless at these rates: a code is 6 symbols of 31, 31**6 =
887,503,681 codes. One table side at 30 wrong codes a minute for a 5-hour night is
9,000 guesses; with the (at most) 4 codes at a table that is 36,000/887.5 million,
about 1 chance in 25,000 of ever finding one. One address at 300 a minute across
every table, all night, is 90,000 guesses, about 1 in 2,500, and each table it
floods is flagged on the organiser's round page.

Only wrong codes count: a table whose players type their codes right is never
slowed down, and a seat link (which types no code) is never refused here.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager

import redis
from django.conf import settings
from django.core.cache import cache
from django_ratelimit.core import get_usage

from core.errors import DomainError
from tournaments.models import Table

from .services import WRONG_CODE

logger = logging.getLogger(__name__)


class TooManyTries(DomainError):
    """Refused before looking at the code; `wait` is the seconds until the next try."""

    def __init__(self, wait: int):
        self.wait = max(1, wait)
        super().__init__("too_many_tries")


def client_address(request) -> str:
    """The client's address, as every limit counts it (card codes, the scorers' API,
    sign-in lockout). Behind a reverse proxy REMOTE_ADDR is the proxy's, so the header
    RATELIMIT_IP_META_KEY names is read instead; of an X-Forwarded-For list the last
    entry is the one our own proxy added, the only one a client cannot forge."""
    key = settings.RATELIMIT_IP_META_KEY
    forwarded = request.META.get(key, "") if key else ""
    address = forwarded.split(",")[-1].strip() if forwarded else ""
    # A WSGI server always sets REMOTE_ADDR, but a request without one (a test client,
    # an odd gateway) must be counted too, not crash the confirmation.
    return address or request.META.get("REMOTE_ADDR") or "unknown"


def _client_address(_group: str, request) -> str:
    return client_address(request)


# How long the round page flags a table after one of its sides used up its wrong codes.
FLAG_SECONDS = 15 * 60


def _flag_key(table_id: int) -> str:
    return f"scoring.codes.flooded:{table_id}"


def _limits(table: Table, sides: Iterable[int]) -> list[dict]:
    def side_key(side: int):
        return lambda _group, _request: f"{table.pk}:{side}"

    return [
        *(
            {
                "group": "scoring.codes.side",
                "key": side_key(side),
                "rate": settings.CODE_TRIES_PER_SIDE,
            }
            for side in sorted(set(sides))
        ),
        {
            "group": "scoring.codes.address",
            "key": _client_address,
            "rate": settings.CODE_TRIES_PER_ADDRESS,
        },
    ]


def _usages(request, table: Table, sides: Iterable[int], *, increment: bool) -> list[dict]:
    try:
        usages = [
            (limit["group"], get_usage(request, increment=increment, **limit))
            for limit in _limits(table, sides)
        ]
        full = [
            usage
            for group, usage in usages
            if usage is not None
            and group == "scoring.codes.side"
            and usage["count"] >= usage["limit"]
        ]
        if full:
            cache.set(_flag_key(table.pk), True, FLAG_SECONDS)
    except (redis.RedisError, OSError):
        # The cache is down: let the scorer through rather than stop every table's
        # confirmations; 887 million codes still take far longer than an outage.
        logger.exception("code guessing limits unavailable: the cache does not answer")
        return []
    return [usage for _group, usage in usages if usage is not None]


def all_sides(table: Table) -> set[int]:
    """Every side at `table`: a code typed with no seat named may be any player's."""
    return {seat.side for seat in table.seats.all()}


def confirming_sides(table: Table, submitted_side: int | None) -> set[int]:
    """The sides whose codes confirm a result: those facing the side that entered it,
    or, when nobody proved which side that was, every side at the table."""
    sides = all_sides(table)
    return sides - {submitted_side} if submitted_side in sides else sides


def flooded_tables(table_ids: Collection[int]) -> set[int]:
    """The tables where a side has used up its wrong codes in the last FLAG_SECONDS:
    someone may be guessing there, and the organiser's round page says so."""
    if not table_ids:
        return set()
    try:
        flagged = cache.get_many([_flag_key(pk) for pk in table_ids])
    except (redis.RedisError, OSError):
        logger.exception("code guessing flags unavailable: the cache does not answer")
        return set()
    return {pk for pk in table_ids if flagged.get(_flag_key(pk))}


@contextmanager
def guessing_limited(
    request, table: Table, *, sides: Iterable[int], typed: bool = True
) -> Iterator[None]:
    """Refuses with TooManyTries when one of `sides` (the sides whose codes are being
    typed) at this table, or this address, has used up its wrong codes; counts the
    wrapped call's wrong code (DomainError WRONG_CODE) against each if any."""
    if not typed:
        yield
        return
    sides = set(sides)
    for usage in _usages(request, table, sides, increment=False):
        if usage["count"] >= usage["limit"]:
            raise TooManyTries(wait=usage["time_left"])
    try:
        yield
    except DomainError as error:
        if error.code == WRONG_CODE:
            _usages(request, table, sides, increment=True)
        raise
