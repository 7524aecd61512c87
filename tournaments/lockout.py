"""The page a locked-out sign-in gets (django-axes calls it): plain words and how long
to wait, with 429 so scripts and proxies know it is a limit, not a server fault."""

from __future__ import annotations

import logging
import math

import redis
from axes.handlers.cache import AxesCacheHandler
from axes.helpers import get_cool_off
from django.conf import settings
from django.core import checks
from django.shortcuts import render

logger = logging.getLogger(__name__)


def locked_out(request, original_response=None, credentials=None):
    cool_off = get_cool_off(request)
    minutes = math.ceil(cool_off.total_seconds() / 60) if cool_off else None
    response = render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response


class SharedCacheLockout(AxesCacheHandler):
    """django-axes' cache handler, except when the cache (Redis) does not answer: then
    sign-in goes on without its count, as the card-code limits do (scoring.throttle),
    instead of every organiser's sign-in failing with a server error."""

    def get_failures(self, request, credentials=None) -> int:
        try:
            return super().get_failures(request, credentials)
        except (redis.RedisError, OSError):
            logger.exception("sign-in lockout unavailable: the cache does not answer")
            return 0

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        try:
            return super().user_login_failed(sender, credentials, request, **kwargs)
        except (redis.RedisError, OSError):
            logger.exception("sign-in failure not counted: the cache does not answer")

    def user_logged_in(self, sender, request, user, **kwargs):
        try:
            return super().user_logged_in(sender, request, user, **kwargs)
        except (redis.RedisError, OSError):
            logger.exception("sign-in count not reset: the cache does not answer")


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
