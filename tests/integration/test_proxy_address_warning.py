"""Behind a proxy nobody told the site about, every client would share the proxy's
address in every limit: the web process says so in its log, once."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

PROXIED = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "198.51.100.7"}


def warnings_in(caplog) -> list[str]:
    return [
        record.getMessage()
        for record in caplog.records
        if record.levelno == logging.WARNING and "RATELIMIT_IP_META_KEY" in record.getMessage()
    ]


@pytest.mark.django_db
def test_a_proxied_request_with_the_header_unread_is_logged_once(caplog, settings):
    settings.RATELIMIT_IP_META_KEY = None
    web = Client()  # one web process: Django builds its middleware once
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            assert web.get("/accounts/login/", **PROXIED).status_code == 200
    logged = warnings_in(caplog)
    assert len(logged) == 1
    assert "198.51.100.7" in logged[0] and "HTTP_X_FORWARDED_FOR" in logged[0]


@pytest.mark.django_db
def test_no_warning_when_the_header_is_read_or_absent(caplog, settings):
    with caplog.at_level(logging.WARNING):
        settings.RATELIMIT_IP_META_KEY = None
        assert Client().get("/accounts/login/", REMOTE_ADDR="192.0.2.1").status_code == 200
        settings.RATELIMIT_IP_META_KEY = "HTTP_X_FORWARDED_FOR"
        assert Client().get("/accounts/login/", **PROXIED).status_code == 200
    assert warnings_in(caplog) == []
