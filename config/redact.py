"""Secrets that travel in URLs, taken out before a URL is written to a log.

A table's and a seat's link is its key (`/t/<token>/`, `/s/<token>/`,
`/api/tables/<token>/...`): anyone who reads it in a log can enter results for that
table. Tokens are long random strings (scoring.urls.TokenConverter: 20-64 of
`-_A-Za-z0-9`) and no other path segment of ours is that long without a dot, so every
such segment goes, wherever it sits: a new token-bearing URL is covered without being
listed here. Query parameters that name a code or a token lose their value too.
"""

from __future__ import annotations

import re

REDACTED = "[redacted]"

# A path may sit inside a JSON log line or a quoted access-log field: quotes end it too.
_TOKEN_SEGMENT = re.compile(r"(?<=/)[-_A-Za-z0-9]{20,}(?=[/?#\s\"'<>]|$)")
_SECRET_PARAMETER = re.compile(
    r"(?i)(?<=[?&])((?:[a-z_]*_)?(?:token|code|codes|key|password|secret|sessionid|csrftoken))=[^&#\s\"'<>]*"
)


def redact_url(text: str) -> str:
    """`text` (a path, a request line, a referer) with tokens and codes replaced."""
    text = _TOKEN_SEGMENT.sub(REDACTED, text)
    return _SECRET_PARAMETER.sub(lambda match: f"{match.group(1)}={REDACTED}", text)


def redact_query(query: str) -> str:
    """A bare query string (no leading `?`), redacted as `redact_url` does."""
    return redact_url(f"?{query}")[1:] if query else query
