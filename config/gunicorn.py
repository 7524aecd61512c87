"""gunicorn's settings for the web process (Procfile: `gunicorn -c config/gunicorn.py`).

Every figure comes from the environment, so one file serves a laptop and a fleet:
- `WEB_CONCURRENCY`: worker processes (default 2). Each is one Django process with its
  own database connection; requests are short (a result is well under a second), so
  about two per core is right, and PostgreSQL's `max_connections` bounds the total
  over every machine.
- `PORT` (set by supervisor and most platforms, default 8000): gunicorn listens on
  127.0.0.1 at that port, for the reverse proxy on the same machine, and nobody else
  reaches it without the proxy's TLS and request buffering. `GUNICORN_BIND` replaces
  the whole address, e.g. `0.0.0.0:8000` in a container, whose port mapping reaches it
  from outside (the proxy in front must still buffer request bodies: README).
- `GUNICORN_TIMEOUT` (default 30 s): a worker silent that long is killed and replaced.
  Pages never wait on a PDF (workers render them), and the database's own statement
  timeout (DB_STATEMENT_TIMEOUT_MS, 15 s) answers "busy" well before this.
The access log goes to stdout, one line a request, with table and seat tokens and any
code in a query string redacted (config.redact): the log is read by more people than
the tables' players. The error log (stderr) is redacted too: after a worker timeout or
an error gunicorn writes "Error handling request GET <path>" with the raw path.
"""

from __future__ import annotations

import logging
import os

from gunicorn.glogging import Logger

from config.logs import redact
from config.redact import redact_query, redact_url

bind = os.environ.get("GUNICORN_BIND") or f"127.0.0.1:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# A worker being replaced (deploy, HUP) finishes the request it is in first.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
# Behind a reverse proxy that keeps connections open to us.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# A worker replaced now and then returns whatever memory rendering or big pages left.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10
# Django is imported once, before forking: workers start fast and share its memory.
preload_app = True
# The reverse proxy on the same machine is trusted to say who the client was.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# gunicorn's control socket (for `gunicornc`) sits at one path per user by default, which
# a second gunicorn on the machine (a test, a benchmark) would take over: off unless
# GUNICORN_CONTROL_SOCKET names a path of this instance's own.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket

accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Client (as the proxy saw it), request line, status, bytes, milliseconds, referer, agent.
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(f)s" "%(a)s"'


class _RedactedLines(logging.Formatter):
    """Whatever formatter a handler had, with tokens and codes out of its lines."""

    def __init__(self, inner: logging.Formatter) -> None:
        super().__init__()
        self.inner = inner

    def format(self, record: logging.LogRecord) -> str:
        return redact(self.inner.format(record))


class RedactingLogger(Logger):
    """gunicorn's logger, with tokens and codes out of every URL it would write."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        # The error log's lines are formatted text, not atoms: the whole line (message
        # and traceback) is redacted. setup runs again on a reload, with new handlers.
        for handler in self.error_log.handlers:
            if not isinstance(handler.formatter, _RedactedLines):
                handler.setFormatter(_RedactedLines(handler.formatter or logging.Formatter()))

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        for name in ("r", "U", "f"):
            if isinstance(atoms.get(name), str):
                atoms[name] = redact_url(atoms[name])
        if isinstance(atoms.get("q"), str):
            atoms["q"] = redact_query(atoms["q"])
        # Request headers and environ entries (`{referer}i`, `{raw_uri}e`, ...).
        for name, value in atoms.items():
            if name.startswith("{") and isinstance(value, str):
                atoms[name] = redact_url(value)
        return atoms


logger_class = RedactingLogger
