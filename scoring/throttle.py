"""Limits on guessing players' card codes: a few wrong codes a minute per table and
per client address, counted in the shared cache (every web process sees the same
counts when CACHES points at Redis).

Only wrong codes count: a table whose players type their codes right is never
slowed down, and a seat link (which types no code) is never refused here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import redis
from django.conf import settings
from django_ratelimit.core import get_usage

from tournaments.models import Table

from .errors import ScoringError
from .services import WRONG_CODE

logger = logging.getLogger(__name__)


class TooManyTries(ScoringError):
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


def _limits(table: Table) -> list[dict]:
    return [
        {
            "group": "scoring.codes.table",
            "key": lambda _group, _request: str(table.pk),
            "rate": settings.CODE_TRIES_PER_TABLE,
        },
        {
            "group": "scoring.codes.address",
            "key": _client_address,
            "rate": settings.CODE_TRIES_PER_ADDRESS,
        },
    ]


def _usages(request, table: Table, *, increment: bool) -> list[dict]:
    try:
        usages = [get_usage(request, increment=increment, **limit) for limit in _limits(table)]
    except (redis.RedisError, OSError):
        # The cache is down: let the scorer through rather than stop every table's
        # confirmations; 887 million codes still take far longer than an outage.
        logger.exception("code guessing limits unavailable: the cache does not answer")
        return []
    return [usage for usage in usages if usage is not None]


@contextmanager
def guessing_limited(request, table: Table, *, typed: bool = True) -> Iterator[None]:
    """Refuses with TooManyTries when this table or address has used up its wrong
    codes; counts the wrapped call's wrong code (ScoringError WRONG_CODE) if any."""
    if not typed:
        yield
        return
    for usage in _usages(request, table, increment=False):
        if usage["count"] >= usage["limit"]:
            raise TooManyTries(wait=usage["time_left"])
    try:
        yield
    except ScoringError as error:
        if error.code == WRONG_CODE:
            _usages(request, table, increment=True)
        raise
