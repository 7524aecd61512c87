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

REDACTED = "[redacted]"
_TOKEN = r"[-_A-Za-z0-9]{20,64}"
_PATTERNS = (
    # The token converter's shape (scoring/urls.py) after the scorers' path prefixes.
    (re.compile(rf"(/(?:t|s|api/tables)/){_TOKEN}"), rf"\1{REDACTED}"),
    # An Authorization header's credential (scoring/api/authentication.py).
    (re.compile(rf"\b((?:Table|Seat)\s+){_TOKEN}"), rf"\1{REDACTED}"),
    # Card codes or tokens given in a query string.
    (re.compile(r"([?&](?:code|codes|token)=)[^&\s\"'<>]*"), rf"\1{REDACTED}"),
)


def redact(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


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
