"""Every API error as one JSON shape: {"error": code, "message": words, "details": [...]}.

The codes and messages are the ones the services raise, so a phone app shows a
scorer exactly the sentence the table's page would; clients branch on `error`.
Set as REST_FRAMEWORK["EXCEPTION_HANDLER"]; the API's views also use it directly
(ApiErrorsMixin) so their errors keep this shape whatever the project setting says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import ngettext
from django.views import csrf, defaults
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from core.errors import DomainError
from core.locking import BUSY_RETRY_AFTER_SECONDS, retry_message
from scoring.errors import RuleBroken


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = _lazy("The request is too large.")


class Unavailable(exceptions.APIException):
    """A service the request needs is down (e.g. the print queue); try again later."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "unavailable"
    default_detail = _lazy("This is unavailable right now; try again in a few minutes.")


def error_body(code: str, message: str, details: list[str] | None = None, **extra: Any) -> dict:
    return {"error": code, "message": str(message), "details": list(details or []), **extra}


def api_exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response | None:
    if (busy := retry_message(exc)) is not None:
        # A row lock not had within the lock timeout, or the database restarting:
        # nothing was stored, try again.
        set_rollback()
        return Response(
            error_body("busy", busy),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(BUSY_RETRY_AFTER_SECONDS)},
        )
    if isinstance(exc, DomainError):
        # Its status comes from its kind in the catalog (core.error_catalog).
        set_rollback()
        extra = {}
        if isinstance(exc, RuleBroken) and exc.engine_error.hand is not None:
            # The scorer's app highlights the hand to fix.
            extra["hand"] = exc.engine_error.hand
        headers = {"Retry-After": str(exc.wait)} if getattr(exc, "wait", None) else None
        return Response(
            error_body(exc.code, exc.message, exc.details, **extra),
            status=exc.status,
            headers=headers,
        )
    if isinstance(exc, RequestDataTooBig):
        exc = BodyTooLarge()
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    if not isinstance(exc, exceptions.APIException):
        return None
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = f"{int(exc.wait)}"
    set_rollback()
    if isinstance(exc, exceptions.ValidationError):
        body = _validation_body(exc.detail)
    else:
        body = error_body(_code_of(exc), str(exc.detail))
    return Response(body, status=exc.status_code, headers=headers)


def _code_of(exc: exceptions.APIException) -> str:
    codes = exc.get_codes()
    return codes if isinstance(codes, str) else exc.default_code


def _validation_body(detail: Any) -> dict:
    fields: dict[str, list[str]] = {}
    _flatten(detail, "", fields)
    details = [
        f"{name}: {message}" if name else message
        for name, messages in fields.items()
        for message in messages
    ]
    if len(details) == 1:
        message = details[0]
    else:
        # Never one: a single problem is given as the message itself (above).
        message = ngettext(
            "The request has %(count)s problem; see details.",
            "The request has %(count)s problems; see details.",
            len(details),
        ) % {"count": len(details)}
    return error_body("invalid", message, details, field_errors=fields)


def _flatten(detail: Any, prefix: str, into: dict[str, list[str]]) -> None:
    """Nested serializer errors as dotted field paths ("hands.2.tricks") -> messages."""
    if isinstance(detail, Mapping):
        for key, value in detail.items():
            name = "" if key == "non_field_errors" else str(key)
            _flatten(value, f"{prefix}.{name}" if prefix and name else prefix or name, into)
    elif isinstance(detail, list):
        if all(not isinstance(item, list | Mapping) for item in detail):
            into.setdefault(prefix, []).extend(str(item) for item in detail)
        else:
            for index, item in enumerate(detail):
                if item:
                    _flatten(item, f"{prefix}.{index}" if prefix else str(index), into)
    else:
        into.setdefault(prefix, []).append(str(detail))


class ErrorSerializer(serializers.Serializer):
    """For the schema only: what every refused request answers."""

    error = serializers.CharField(help_text="Stable code to branch on, e.g. `conflict`.")
    message = serializers.CharField(help_text="The same sentence the pages show, translated.")
    details = serializers.ListField(
        child=serializers.CharField(),
        help_text="One sentence per problem when there are several (e.g. each bad import line).",
    )
    hand = serializers.IntegerField(
        required=False, help_text="For rule errors: the 1-based hand that breaks the rule."
    )
    field_errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="For `invalid`: messages per field path.",
    )


# ---------------------------------------------------------------- outside DRF's views
# Django answers some requests before (or instead of) any API view: a path that names
# no endpoint, a CSRF refusal, an unhandled error. Under /api/ they answer the same
# JSON shape as everything else; the pages keep Django's own.


def is_api_request(request) -> bool:
    return request.path_info.startswith("/api/")


def _json(code: str, message: str, status_code: int) -> JsonResponse:
    return JsonResponse(error_body(code, message), status=status_code)


@csrf_exempt  # it changes nothing; a POST to a wrong path is told so, not about CSRF
def unknown_endpoint(request, *args: object, **kwargs: object) -> JsonResponse:
    """A path under /api/ that names no endpoint: the same JSON shape as every API error,
    so a client never has to parse an HTML page."""
    return _json(
        "not_found",
        _("There is no such API endpoint: %(path)s") % {"path": request.path},
        status.HTTP_404_NOT_FOUND,
    )


def bad_request(request, exception: Exception) -> HttpResponse:
    if is_api_request(request):
        if isinstance(exception, RequestDataTooBig):
            return _json("too_large", str(BodyTooLarge.default_detail), 413)
        return _json("bad_request", _("The request could not be understood."), 400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception: Exception) -> HttpResponse:
    if is_api_request(request):
        message = str(exception) if exception and str(exception) else None
        return _json("permission_denied", message or _("You are not allowed to do that."), 403)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception: Exception) -> HttpResponse:
    if is_api_request(request):
        return unknown_endpoint(request)
    return defaults.page_not_found(request, exception)


def server_error(request) -> HttpResponse:
    if is_api_request(request):
        return _json(
            "server_error",
            _(
                "Something went wrong on the server. Try again; if it keeps happening, "
                "tell the site's administrator."
            ),
            500,
        )
    return defaults.server_error(request)


def csrf_failure(request, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW."""
    if is_api_request(request):
        return _json(
            "csrf_failed",
            _(
                "This request was refused because it came without the site's security "
                "token (CSRF). Reload the page and try again, or use a table or seat token."
            ),
            403,
        )
    return csrf.csrf_failure(request, reason=reason)
