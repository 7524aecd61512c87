"""`/healthz`: can this web process serve? For a load balancer or a process monitor.

200 while a query runs, with each part in the JSON: `{"status": "ok", "database":
"ok", "broker": "ok"}`. The broker (Redis) only carries print jobs, and pages and
scores work without it, so a broker that does not answer makes the answer
`"status": "degraded", "broker": "unavailable"` but still 200: a Redis blip must not
take every web node out of the balancer. A database that does not answer is a 503.
`/healthz?strict=1` is a 503 when either part fails, for a monitor that should
page someone. It is a middleware placed first (settings.base): it answers before the
host check (balancers probe by address), the HTTPS redirect, sessions and every
throttle, and it costs one `SELECT 1` and one broker ping. The answer names no host,
version or error: anyone may ask.
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
    strict = request.GET.get("strict") not in (None, "", "0")
    if all(checks.values()):
        status, code = "ok", 200
    elif checks["database"] and not strict:
        status, code = "degraded", 200
    else:
        status, code = "unavailable", 503
    body = {"status": status}
    body.update({name: "ok" if ok else "unavailable" for name, ok in checks.items()})
    response = JsonResponse(body, status=code)
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
