"""The process model's pieces that need no service: log redaction and `make serve`'s check."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

from config import gunicorn as gunicorn_settings
from config.redact import redact_url
from config.serve import missing_message

TOKEN = "Xq3-fT9_aLm2PzR8sVb1wQe7"


@pytest.mark.parametrize(
    ("logged", "expected"),
    [
        (f"/t/{TOKEN}/", "/t/[redacted]/"),
        (f"/s/{TOKEN}/", "/s/[redacted]/"),
        (f"/t/{TOKEN}/history/", "/t/[redacted]/history/"),
        (f"/api/tables/{TOKEN}/confirm/", "/api/tables/[redacted]/confirm/"),
        (f"GET /t/{TOKEN} HTTP/1.1", "GET /t/[redacted] HTTP/1.1"),
        (f"https://club.example/s/{TOKEN}/?code=K7Q2MX&lang=it", None),
        ("/tournaments/12/rounds/3/results/", "/tournaments/12/rounds/3/results/"),
        ("/static/css/site.3f2a1b9c8d7e.css", "/static/css/site.3f2a1b9c8d7e.css"),
    ],
)
def test_tokens_and_codes_leave_urls_and_nothing_else_does(logged, expected):
    redacted = redact_url(logged)

    assert TOKEN not in redacted and "K7Q2MX" not in redacted
    if expected is not None:
        assert redacted == expected
    else:
        assert redacted == "https://club.example/s/[redacted]/?code=[redacted]&lang=it"


def test_gunicorns_access_line_has_no_token_in_path_query_or_referer(capsys):
    config = Config()
    for name in ("accesslog", "access_log_format", "logger_class"):
        config.set(name, getattr(gunicorn_settings, name))
    logger = config.logger_class(config)
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": f"/api/tables/{TOKEN}/totals/?code=K7Q2MX",
        "PATH_INFO": f"/api/tables/{TOKEN}/totals/",
        "QUERY_STRING": "code=K7Q2MX",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "192.168.1.20",
        "HTTP_REFERER": f"https://club.example/t/{TOKEN}/",
        "HTTP_USER_AGENT": "phone",
    }
    response = SimpleNamespace(status="200 OK", sent=512, headers=[])
    request = SimpleNamespace(headers=[("REFERER", environ["HTTP_REFERER"])])

    logger.access(response, request, environ, datetime.timedelta(milliseconds=42))

    line = capsys.readouterr().out  # accesslog "-": stdout, one line
    assert "POST /api/tables/[redacted]/totals/?code=[redacted] HTTP/1.1" in line
    assert "https://club.example/t/[redacted]/" in line
    assert " 200 512 42ms " in line
    assert TOKEN not in line and "K7Q2MX" not in line


def test_gunicorns_error_line_after_a_timeout_has_no_token(capsys):
    config = Config()
    for name in ("errorlog", "loglevel", "logger_class"):
        config.set(name, getattr(gunicorn_settings, name))
    logger = config.logger_class(config)

    # What gunicorn's worker writes when a request dies (a timeout is a SystemExit).
    try:
        raise SystemExit(1)
    except SystemExit:
        logger.exception("Error handling request %s %s", "GET", f"/t/{TOKEN}/?code=K7Q2MX")

    line = capsys.readouterr().err  # errorlog "-": stderr
    assert "Error handling request GET /t/[redacted]/?code=[redacted]" in line
    assert "SystemExit: 1" in line  # the traceback is still there
    assert TOKEN not in line and "K7Q2MX" not in line


def test_make_serve_names_every_missing_variable_with_an_example():
    message = missing_message({"SECRET_KEY": "s", "DATABASE_URL": " "})

    assert message is not None
    assert "DATABASE_URL" in message and "postgres://" in message
    assert "CELERY_BROKER_URL" in message and "redis://" in message
    assert "ALLOWED_HOSTS" in message
    assert "SECRET_KEY " not in message
    assert "README.md" in message


def test_make_serve_goes_ahead_when_everything_is_set():
    environ = {
        "SECRET_KEY": "s",
        "DATABASE_URL": "postgres://db/euchre",
        "CELERY_BROKER_URL": "redis://redis:6379/0",
        "ALLOWED_HOSTS": "euchre.example.org",
    }

    assert missing_message(environ) is None


def test_make_serve_notes_an_unset_client_address_header():
    from config.serve import warnings

    environ = {"CACHE_URL": "redis://r/0", "CSRF_TRUSTED_ORIGINS": "https://x"}
    assert any("RATELIMIT_IP_META_KEY" in note for note in warnings(environ))
    environ["RATELIMIT_IP_META_KEY"] = "HTTP_X_FORWARDED_FOR"
    assert not any("RATELIMIT_IP_META_KEY" in note for note in warnings(environ))


def test_gunicorn_listens_on_loopback_unless_told_otherwise(monkeypatch):
    """Only the reverse proxy on this machine reaches gunicorn; a container says
    GUNICORN_BIND=0.0.0.0:8000 so its port mapping can."""
    import importlib

    monkeypatch.delenv("GUNICORN_BIND", raising=False)
    monkeypatch.setenv("PORT", "8123")
    try:
        assert importlib.reload(gunicorn_settings).bind == "127.0.0.1:8123"
        monkeypatch.setenv("GUNICORN_BIND", "0.0.0.0:8000")
        assert importlib.reload(gunicorn_settings).bind == "0.0.0.0:8000"
    finally:
        monkeypatch.undo()
        importlib.reload(gunicorn_settings)
