"""Pages answer "busy, try again" when the database gave up waiting for a lock, or
was not there (restarting): never an error page for a fault that passes."""

from __future__ import annotations

import logging

from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string

from core import locking

from .api.errors import error_body

logger = logging.getLogger(__name__)


class BusyDatabaseMiddleware:
    """A view that could not get its row locks within the lock timeout (or ran past the
    statement timeout), or whose database connection was refused or ended (a restart),
    gets a 503 with Retry-After instead of an error page: nothing of the request was
    stored, and sending it again a moment later works. API views answer
    through their exception handler; this covers the pages and any other /api/ path."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        message = locking.retry_message(exception)
        if message is None:
            return None
        logger.warning("busy answer for %s %s: %s", request.method, request.path, exception)
        message = str(message)
        if request.path.startswith("/api/"):
            response = JsonResponse(error_body("busy", message), status=503)
        else:
            response = HttpResponse(_busy_page(request, message), status=503)
        response["Retry-After"] = str(locking.BUSY_RETRY_AFTER_SECONDS)
        return response


def _busy_page(request, message: str) -> str:
    try:
        return render_to_string("busy.html", {"message": message}, request=request)
    except Exception:  # the page itself may need the busy database (the user's session)
        logger.exception("could not render the busy page")
        return message
