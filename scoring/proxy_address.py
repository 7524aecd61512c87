"""A warning, once a process, when the site sits behind a proxy it was not told about.

Every limit (wrong card codes, the scorers' API, sign-in waits) counts per client
address (scoring.throttle.client_address). Behind a reverse proxy REMOTE_ADDR is the
proxy's own, so unless RATELIMIT_IP_META_KEY names the header holding the client's
address, every client shares one count. A request carrying X-Forwarded-For is the sign.
"""

from __future__ import annotations

import logging

from django.conf import settings

logger = logging.getLogger(__name__)


class UnreadForwardedFor:
    """Logs one warning (per process: Django builds its middleware once) the first
    time a request carries X-Forwarded-For while RATELIMIT_IP_META_KEY is unset."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.warned = False

    def __call__(self, request):
        if (
            not self.warned
            and "HTTP_X_FORWARDED_FOR" in request.META
            and not settings.RATELIMIT_IP_META_KEY
        ):
            self.warned = True
            logger.warning(
                "A request came through a proxy (X-Forwarded-For: %s) but "
                "RATELIMIT_IP_META_KEY is not set: every limit counts the proxy's address "
                "%s for all its clients. Set RATELIMIT_IP_META_KEY=HTTP_X_FORWARDED_FOR "
                "(see README, 'Real services').",
                request.META["HTTP_X_FORWARDED_FOR"][:100],
                request.META.get("REMOTE_ADDR", "?"),
            )
        return self.get_response(request)
