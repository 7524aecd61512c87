"""`/healthz`: can this web process serve? For a load balancer or a process monitor.

200 `{"status": "ok", "database": "ok", "broker": "ok"}` when a query runs and the
broker answers; 503 with the failing part marked "unavailable" otherwise, so the
balancer sends players elsewhere. It is a middleware placed first (settings.base):
it answers before the host check (balancers probe by address), the HTTPS redirect,
sessions and every throttle, and it costs one `SELECT 1` and one broker ping. The
answer names no host, version or error: anyone may ask.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse

logger = logging.getLogger(__name__)

PATHS = frozenset({"/healthz", "/healthz/"})
BROKER_TIMEOUT_SECONDS = 2


def database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        logger.warning("health check: the database does not answer", exc_info=True)
        return False
    return True


def broker_ok() -> bool:
    """The broker takes a connection (Redis answers a ping as it does).

    With no broker configured, print jobs run in the web process itself: nothing to check.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return True
    from kombu import Connection

    try:
        with Connection(
            settings.CELERY_BROKER_URL,
            connect_timeout=BROKER_TIMEOUT_SECONDS,
            transport_options=getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}),
        ) as conn:
            conn.ensure_connection(max_retries=0, timeout=BROKER_TIMEOUT_SECONDS)
            conn.default_channel  # noqa: B018 - opening a channel is the round trip
    except Exception:
        logger.warning("health check: the broker does not answer", exc_info=True)
        return False
    return True


def health(request: HttpRequest) -> JsonResponse:
    checks = {"database": database_ok(), "broker": broker_ok()}
    healthy = all(checks.values())
    body = {"status": "ok" if healthy else "unavailable"}
    body.update({name: "ok" if ok else "unavailable" for name, ok in checks.items()})
    response = JsonResponse(body, status=200 if healthy else 503)
    response["Cache-Control"] = "no-store"
    # Answered before SecurityMiddleware, so it says this itself.
    response["X-Content-Type-Options"] = "nosniff"
    return response


class HealthCheckMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info in PATHS and request.method in ("GET", "HEAD"):
            return health(request)
        return self.get_response(request)
