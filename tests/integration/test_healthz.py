"""/healthz, which a load balancer asks before sending players to a web process."""

from __future__ import annotations

import socket

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_healthy_site_answers_ok_in_plain_json(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}
    assert response["Cache-Control"] == "no-store"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_balancer_probing_by_address_is_answered(client, settings):
    # Balancers ask by the machine's address, which ALLOWED_HOSTS does not list, and
    # over plain HTTP even where the site redirects to HTTPS.
    settings.ALLOWED_HOSTS = ["euchre.example.org"]
    settings.SECURE_SSL_REDIRECT = True

    response = client.get("/healthz/", HTTP_HOST="10.0.0.7:8000")

    assert response.status_code == 200
    assert client.get("/", HTTP_HOST="10.0.0.7:8000").status_code == 400


def test_many_probes_are_never_throttled(client):
    statuses = {client.get("/healthz").status_code for _ in range(120)}

    assert statuses == {200}


@pytest.mark.services
def test_broker_down_is_still_200_and_names_the_broker(client, redis_url, settings):
    # Pages and scores work without Redis (only printing waits): a Redis blip must not
    # take every web process out of the load balancer.
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port()}/0"

    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "ok", "broker": "unavailable"}


@pytest.mark.services
def test_strict_broker_down_is_503_naming_the_broker(client, redis_url, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port()}/0"

    response = client.get("/healthz?strict=1")

    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "ok", "broker": "unavailable"}


@pytest.mark.services
def test_strict_healthy_site_is_200(client, redis_url, settings):
    response = client.get("/healthz?strict=1")

    assert response.status_code == 200
    assert response.json()["status"] == "ok"


@pytest.mark.django_db(transaction=True)
def test_database_down_is_503_naming_the_database(client):
    saved = dict(connection.settings_dict)
    connection.close()
    if connection.vendor == "postgresql":
        connection.settings_dict["PORT"] = closed_port()
    else:
        connection.settings_dict["NAME"] = "/nonexistent-folder/db.sqlite3"
    try:
        response = client.get("/healthz")
        strict = client.get("/healthz?strict=1")
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)

    assert response.status_code == 503
    assert response.json()["database"] == "unavailable"
    assert response.json()["status"] == "unavailable"
    assert strict.status_code == 503
