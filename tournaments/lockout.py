"""Sign-in guessing, slowed down without ever locking the right person out for long.

Wrong passwords are counted per (user name, address) pair and per user name, in the
cache (Redis in production, so every web process sees the same counts). After
LOGIN_FAILURE_LIMIT wrong passwords for one pair, each further one earns a wait that
doubles (LOGIN_FIRST_WAIT_SECONDS, twice that, ...) up to LOGIN_MAX_WAIT_SECONDS;
during a wait the password is not even checked (so a flood of guesses costs no hashing
either). Guesses from one address never slow down the same user name at another
address: each address adds at most LOGIN_FAILURE_LIMIT to the user name's own count,
which starts its growing waits at LOGIN_NAME_FAILURE_LIMIT, i.e. only when guesses come
from several addresses. Counts are forgotten FORGET_SECONDS after the last wrong password
and a pair's count when that pair signs in.

django-axes does the plumbing (the backend that refuses during a wait, the signals, the
middleware that shows the page); its own cache handler keeps a fixed cool-off per count,
which forgets the count when it ends, so this handler keeps counts and times itself.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from datetime import timedelta

import redis
from axes.handlers.base import AbstractAxesHandler, AxesBaseHandler
from axes.helpers import get_cache, get_client_username, get_credentials
from django.conf import settings
from django.core import checks
from django.shortcuts import render

logger = logging.getLogger(__name__)

# A guesser who pauses this long starts again from the free tries; at the longest wait
# that is still a dozen guesses an hour for one user name.
FORGET_SECONDS = 60 * 60
CACHE_ERRORS = (redis.RedisError, OSError)


def wait_after(failures: int, free: int) -> float:
    """Seconds to wait after `failures` wrong passwords when `free` are allowed: none
    before the limit, then the first wait, doubling with each further one, capped."""
    if failures < free:
        return 0.0
    first = settings.LOGIN_FIRST_WAIT_SECONDS
    cap = settings.LOGIN_MAX_WAIT_SECONDS
    return float(min(cap, first * 2 ** min(failures - free, 32)))


def wait_for(request) -> timedelta:
    """AXES_COOLOFF_TIME: the wait this request was told (django-axes asks for it)."""
    return timedelta(seconds=getattr(request, "login_wait", 0) or settings.LOGIN_MAX_WAIT_SECONDS)


def locked_out(request, original_response=None, credentials=None):
    """The page a paused sign-in gets: plain words and how long to wait, with 429 so
    scripts and proxies know it is a limit, not a server fault."""
    seconds = max(1, math.ceil(wait_for(request).total_seconds()))
    context = {"seconds": seconds if seconds < 60 else None, "minutes": math.ceil(seconds / 60)}
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response


class GrowingWaits(AbstractAxesHandler, AxesBaseHandler):
    """django-axes handler: growing waits per (user name, address) and per user name.
    When the cache (Redis) does not answer, sign-in goes on uncounted, as the card-code
    limits do (scoring.throttle), instead of every organiser's sign-in failing."""

    def __init__(self):
        self.cache = get_cache()

    # ------------------------------------------------------------ the counts

    @staticmethod
    def _scopes(request, credentials) -> list[tuple[str, int]]:
        """Cache key and free tries of each count this sign-in belongs to: the pair
        first, then the user name (hashed: a user name may be a typed password)."""
        username = get_client_username(request, credentials) or ""
        name = hashlib.sha256(username.encode()).hexdigest()[:32]
        address = getattr(request, "axes_ip_address", None) or "unknown"
        return [
            (f"login.pair:{name}:{address}", settings.AXES_FAILURE_LIMIT),
            (f"login.name:{name}", settings.LOGIN_NAME_FAILURE_LIMIT),
        ]

    def _wait_left(self, request, credentials) -> float:
        scopes = self._scopes(request, credentials)
        keys = [f"{key}:{part}" for key, _free in scopes for part in ("n", "at")]
        found = self.cache.get_many(keys)
        now = time.time()
        left = 0.0
        for key, free in scopes:
            failures = found.get(f"{key}:n") or 0
            since = now - (found.get(f"{key}:at") or now)
            left = max(left, wait_after(failures, free) - since)
        return left

    def _count(self, key: str) -> int:
        if self.cache.add(f"{key}:n", 1, FORGET_SECONDS):
            failures = 1
        else:
            failures = self.cache.incr(f"{key}:n")
            self.cache.touch(f"{key}:n", FORGET_SECONDS)
        self.cache.set(f"{key}:at", time.time(), FORGET_SECONDS)
        return failures

    # ------------------------------------------------------------ django-axes' contract

    def is_locked(self, request, credentials=None) -> bool:
        try:
            left = self._wait_left(request, credentials)
        except CACHE_ERRORS:
            logger.exception("sign-in waits unavailable: the cache does not answer")
            return False
        request.login_wait = math.ceil(left) if left > 0 else 0
        return left > 0

    def get_failures(self, request, credentials=None) -> int:
        try:
            pair, _name = self._scopes(request, credentials)
            return self.cache.get(f"{pair[0]}:n") or 0
        except CACHE_ERRORS:
            logger.exception("sign-in count unavailable: the cache does not answer")
            return 0

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        # A try refused during a wait was never checked: it neither counts nor
        # stretches the wait (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT is off).
        if request is None or getattr(request, "axes_locked_out", False):
            return
        if self.is_whitelisted(request, credentials):
            return
        (pair, free), (name, _name_free) = self._scopes(request, credentials)
        try:
            failures = self._count(pair)
            # One address adds at most its free tries to the user name's count, so
            # only guesses from several addresses slow the name down everywhere.
            if failures <= free:
                self._count(name)
            left = self._wait_left(request, credentials)
        except CACHE_ERRORS:
            logger.exception("sign-in failure not counted: the cache does not answer")
            return
        if left > 0:
            logger.warning("sign-in paused for %d s after %d wrong passwords", left, failures)
            request.login_wait = math.ceil(left)
            request.axes_locked_out = True
            request.axes_credentials = credentials

    def user_logged_in(self, sender, request, user, **kwargs):
        (pair, _free), _name = self._scopes(request, get_credentials(user.get_username()))
        try:
            self.cache.delete_many([f"{pair}:n", f"{pair}:at"])
        except CACHE_ERRORS:
            logger.exception("sign-in count not reset: the cache does not answer")

    def user_logged_out(self, sender, request, user, **kwargs):
        return None


@checks.register(checks.Tags.caches, deploy=True)
def shared_cache(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """Behind several web processes a cache in each process's memory multiplies every
    limit (sign-in lockout, wrong card codes, the API's rates) by their number."""
    if settings.CACHES["default"]["BACKEND"].endswith("LocMemCache"):
        return [
            checks.Warning(
                "The cache is this process's memory: sign-in lockout and rate limits "
                "are counted per web process.",
                hint="Set CACHE_URL to a Redis URL that every web process shares.",
                id="tournaments.W001",
            )
        ]
    return []
