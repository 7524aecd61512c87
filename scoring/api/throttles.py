"""Request-rate limits on the scorers' API (DRF throttles), counted in the shared cache
(Redis in production, so every web process counts together).

They sit beside scoring.throttle's limits on wrong card codes, and count as it does:
per client address (scoring.throttle.client_address) and, when the cache is down,
they let the scorer through rather than stop every table. Rates are the settings'
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read on each request.
"""

from __future__ import annotations

import hashlib
import logging

import redis
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from scoring.throttle import client_address

logger = logging.getLogger(__name__)


class _SharedCacheThrottle(SimpleRateThrottle):
    def get_rate(self) -> str | None:
        # DRF copies the rates when the class is made; read them now, as settings say.
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view) -> bool:
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        try:
            return super().allow_request(request, view)
        except (redis.RedisError, OSError):
            logger.exception("API rate limits unavailable: the cache does not answer")
            return True

    def key(self, request, view) -> str | None:
        raise NotImplementedError

    def get_cache_key(self, request, view) -> str | None:
        ident = self.key(request, view)
        if ident is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": ident}


class TableAddressThrottle(_SharedCacheThrottle):
    """Every request to a table's endpoints from one client address."""

    scope = "table_address"

    def key(self, request, view) -> str | None:
        return client_address(request)


class TableLinkThrottle(_SharedCacheThrottle):
    """Every request for one table, whichever phone or address it comes from."""

    scope = "table_link"

    def key(self, request, view) -> str | None:
        token = view.kwargs.get("token")
        # The token is a credential: the cache holds only its digest.
        return hashlib.sha256(token.encode()).hexdigest()[:32] if token else None


class TableConfirmThrottle(TableLinkThrottle):
    """Confirmations of one table, where card codes are typed: tighter than the rest."""

    scope = "table_confirm"

    def allow_request(self, request, view) -> bool:
        if getattr(view, "action", None) != "confirm":
            return True
        return super().allow_request(request, view)
