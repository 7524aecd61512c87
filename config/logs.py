"""Log lines on stdout, one JSON object each (python-json-logger on the standard
logging that Django, Celery and gunicorn all use), with credentials taken out.

Table and seat tokens are the scorers' keys and sit in URL paths (/t/<token>/,
/s/<token>/, /api/tables/<token>/), so every line a formatter here writes, message,
extras (django.request's `request`) and traceback alike, has them replaced, as it has
`Table <token>` / `Seat <token>` credentials and code or token query values.
Gunicorn's access log can use the same formatters.
"""

from __future__ import annotations

import logging
import re

from pythonjsonlogger.json import JsonFormatter

from config.redact import REDACTED, redact_url

# An Authorization header's credential (scoring/api/authentication.py); URL paths and
# query strings are config.redact's, shared with gunicorn's access log.
_CREDENTIAL = re.compile(r"\b((?:Table|Seat)\s+)[-_A-Za-z0-9]{20,64}")


def redact(text: str) -> str:
    return _CREDENTIAL.sub(rf"\1{REDACTED}", redact_url(text))


class RedactingFormatter(logging.Formatter):
    """Plain text lines (LOG_FORMAT=text), for a developer's terminal."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class RedactingJsonFormatter(JsonFormatter):
    """One JSON object a line: time, level, logger, message and the record's extras."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))

    def add_fields(self, log_data, record, message_dict) -> None:
        super().add_fields(log_data, record, message_dict)
        # Django's request records carry the request object: its method and path say
        # all a reader needs (and the path is redacted with the rest of the line).
        request = log_data.get("request")
        if request is not None and hasattr(request, "get_full_path"):
            log_data["request"] = f"{request.method} {request.get_full_path()}"
        elif request is not None and not isinstance(request, str):
            # django.server passes the socket: nothing worth a field.
            log_data.pop("request")
