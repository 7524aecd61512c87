"""The production settings pass `manage.py check --deploy` with nothing left to warn
about, given the environment a deployment sets; and they really send browsers the
security headers (HSTS, https redirect, CSP, Permissions-Policy)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def production_env(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "SECURE_", "LOGIN_")) and key != "PYTEST_XDIST_WORKER"
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="euchre.example.org",
        DATABASE_URL=os.environ.get("DATABASE_URL") or "sqlite:///:memory:",
        # Several web processes share the sign-in and API counts only through Redis.
        CACHE_URL="redis://127.0.0.1:6379/0",
        **extra,
    )
    return env


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_under_the_production_settings():
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout, done.stdout


def test_check_deploy_still_warns_when_the_https_settings_are_turned_off():
    env = production_env(SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="0")
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert done.returncode != 0
    assert "security.W004" in done.stderr + done.stdout  # HSTS
    assert "security.W008" in done.stderr + done.stdout  # https redirect


def test_check_deploy_asks_for_a_shared_cache_behind_several_processes():
    env = production_env()
    env.pop("CACHE_URL")
    env.pop("REDIS_URL", None)
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert done.returncode != 0
    assert "tournaments.W001" in done.stderr + done.stdout


HEADERS_SCRIPT = """
import django
django.setup()
from django.test import Client
c = Client(HTTP_HOST="euchre.example.org")
# An answer that needs neither the database nor collected static files.
plain = c.get("/api/no-such-thing/")
print("REDIRECT", plain.status_code, plain.get("Location", ""))
secure = c.get("/api/no-such-thing/", secure=True)
print("STATUS", secure.status_code)
for name in ("Strict-Transport-Security", "Content-Security-Policy", "Permissions-Policy"):
    print(name, "=", secure.get(name, ""))
"""


def test_production_pages_send_https_only_csp_and_permissions_policy_headers():
    done = subprocess.run(
        [sys.executable, "-c", HEADERS_SCRIPT],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(" = ", 1) for line in done.stdout.splitlines() if " = " in line)
    assert "REDIRECT 301 https://euchre.example.org/api/no-such-thing/" in done.stdout
    assert "STATUS 404" in done.stdout
    assert lines["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    csp = lines["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "object-src 'none'" in csp
    assert "camera=()" in lines["Permissions-Policy"]
    assert "fullscreen=(self)" in lines["Permissions-Policy"]
