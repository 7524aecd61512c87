"""The production process set as `make serve` runs it, driven over HTTP for a whole night.

The Procfile's processes (gunicorn with two workers, a Celery worker) run as
subprocesses under `config.settings.production`, on a fresh PostgreSQL database and
the real Redis, the web process and the worker each with a MEDIA_ROOT of its own as
on two machines (tools/production_set.py). An organiser signs in and runs a night
through the API; the scorers enter and confirm totals with their seat links; the
scorecards are printed by the worker and downloaded from the web process.
"""

from __future__ import annotations

import io
import os
import time

import pytest
from pypdf import PdfReader

from tests.conftest import missing_service
from tools.production_set import Visitor, production_set

pytestmark = [pytest.mark.services, pytest.mark.production]

PASSWORD = "a-long-organiser-password"


@pytest.fixture(scope="module")
def prod(redis_url, tmp_path_factory, production_reuse):
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    with production_set(
        scratch=tmp_path_factory.mktemp("production-set"),
        database_url=database_url,
        broker_url=redis_url,
        web_workers=2,
        worker_concurrency=2,
        # Hashed names as in production; compressing them would add a minute.
        extra_env={"STATIC_COMPRESS": "0"},
        **production_reuse,
    ) as running:
        running.create_user("organiser", PASSWORD)
        yield running


def wait_for_print(organiser: Visitor, job_id: int, timeout: float = 45) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = organiser.get(f"/api/print-jobs/{job_id}/").json()
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(0.3)
    raise AssertionError(f"print job {job_id} not finished in {timeout} s: {job}")


def test_a_whole_night_over_http_against_gunicorn_and_the_worker(prod):
    organiser = Visitor(prod.base_url)
    organiser.sign_in("organiser", PASSWORD)

    created = organiser.post(
        "/api/tournaments/",
        {
            "name": "Production night",
            "date": "2026-12-04",
            "variant": "north-american",
            "format": "progressive",
            "round_play": "hands",
            "hands_per_round": 8,
            "entry_mode": "totals",
            "rounds_planned": 2,
        },
    )
    assert created.status_code == 201, created.text
    tournament = created.json()["id"]
    base = f"/api/tournaments/{tournament}"
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"):
        assert organiser.post(f"{base}/players/", {"name": name}).status_code == 201

    rotation = organiser.post(f"{base}/generate-rotation/")
    assert rotation.status_code == 200, rotation.text
    first_round = rotation.json()["rounds"][0]
    assert organiser.post(f"{base}/rounds/1/start/").json()["status"] == "in-play"

    tokens = []
    for table in first_round["tables"]:
        seats = sorted(table["seats"], key=lambda seat: seat["position"])
        north = seats[0]
        east = next(seat for seat in seats if seat["side"] != north["side"])
        tokens += [table["token"], north["token"], east["token"]]
        scorer = Visitor(prod.base_url, authorization=f"Seat {north['token']}")
        entry = {
            "side_points": [9, 4],
            "expected_version": 0,
            "idempotency_key": f"e-{table['token']}",
        }
        entered = scorer.post(f"/api/tables/{table['token']}/totals/", entry)
        assert entered.status_code == 200, entered.text
        assert entered.json()["state"] == "provisional"
        # The phone lost the answer and sends the same entry again: stored once.
        again = scorer.post(f"/api/tables/{table['token']}/totals/", entry)
        assert again.status_code == 200 and again.json()["version"] == entered.json()["version"]
        opponent = Visitor(prod.base_url, authorization=f"Seat {east['token']}")
        confirmed = opponent.post(
            f"/api/tables/{table['token']}/confirm/",
            {
                "expected_version": entered.json()["version"],
                "idempotency_key": f"c-{table['token']}",
            },
        )
        assert confirmed.status_code == 200, confirmed.text
        assert confirmed.json()["state"] == "confirmed"

    closed = organiser.post(f"{base}/rounds/1/close/", {"idempotency_key": "close-1"})
    assert closed.status_code == 200, closed.text
    assert closed.json()["status"] == "closed"

    asked = organiser.post(f"{base}/print-jobs/", {"kind": "scorecards"})
    assert asked.status_code == 202, asked.text
    job = wait_for_print(organiser, asked.json()["id"])
    assert job["status"] == "done", job
    pdf = organiser.get(f"/api/print-jobs/{job['id']}/download/")
    assert pdf.status_code == 200
    assert pdf.headers["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) >= 2
    # The worker rendered it with a MEDIA_ROOT the web process never sees: it came
    # from the database, and neither folder holds a file.
    for folder in prod.media_roots.values():
        assert not [path for path in folder.rglob("*") if path.is_file()]

    # Tokens reach gunicorn in every table's and seat's address; its log has none.
    web_log = prod.log("web")
    assert "/api/tables/[redacted]/totals/" in web_log
    assert not [token for token in tokens if token in web_log]


def test_pages_carry_the_security_headers_and_cookies(prod):
    visitor = Visitor(prod.base_url)
    home = visitor.get("/")
    assert home.status_code == 200
    assert home.headers["X-Frame-Options"] == "DENY"
    assert home.headers["X-Content-Type-Options"] == "nosniff"
    assert home.headers["Referrer-Policy"] == "same-origin"
    assert home.headers["Cross-Origin-Opener-Policy"] == "same-origin"

    organiser = Visitor(prod.base_url)
    signed_in = organiser.sign_in("organiser", PASSWORD)
    session_cookie = next(
        c for c in signed_in.raw.headers.getlist("Set-Cookie") if "sessionid" in c
    )
    assert "Secure" in session_cookie and "HttpOnly" in session_cookie

    # collectstatic ran: static files have hashed names and are cached for good.
    stylesheet = next(
        line.split('href="')[1].split('"')[0]
        for line in home.text.splitlines()
        if 'rel="stylesheet"' in line and "/static/" in line
    )
    assert stylesheet != "/static/css/site.css"
    static = visitor.get(stylesheet)
    assert static.status_code == 200
    assert "immutable" in static.headers["Cache-Control"]

    assert visitor.get("/no-such-page/").status_code == 404


def test_healthz_answers_a_balancer_probing_by_address(prod):
    # No X-Forwarded-Proto, a Host the site does not serve: as a balancer asks.
    import requests

    response = requests.get(f"{prod.base_url}/healthz", headers={"Host": "10.1.2.3"}, timeout=5)
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}
    refused = requests.get(f"{prod.base_url}/", headers={"Host": "10.1.2.3"}, timeout=5)
    assert refused.status_code == 400
