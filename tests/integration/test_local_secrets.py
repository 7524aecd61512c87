"""`make run` is the site clubs run on the night: nothing that signs its links is public,
and the debug pages are off whenever other devices can reach it.

Each test runs the development settings in real processes, as `make run` does, with the
key and password files under tmp_path instead of the repository root.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
import requests

from tools.production_set import ROOT, free_port

# What config/settings/local.py used before stop 30, so every card link was computable.
OLD_PUBLIC_KEY = "local-development-key-not-for-production"

SHOW_KEY_AND_CARD = """
import django
django.setup()
from django.conf import settings
from tournaments.card_links import card_of, card_token
print(settings.SECRET_KEY, card_token(7), card_of({forged!r}) is not None)
"""


def local_env(tmp_path, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST", "DJANGO_", "DATABASE_URL", "CACHE_URL", "CELERY_"))
        and key not in ("SECRET_KEY", "LISTEN")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.local",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        SECRET_KEY_FILE=str(tmp_path / "secret_key"),
        DEMO_PASSWORD_FILE=str(tmp_path / "demo_password"),
    )
    env.update(extra)
    return env


def forged_card_token(tmp_path) -> str:
    """Player 7's card link as anyone could compute it under the repository's old key."""
    env = local_env(tmp_path / "old", SECRET_KEY=OLD_PUBLIC_KEY)
    [[_key, card, _forged]] = start_together(env, "7-x", count=1)
    return card


def start_together(env: dict[str, str], forged: str, count: int) -> list[list[str]]:
    """`count` processes loading the settings at once, as the site and the worker do."""
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", SHOW_KEY_AND_CARD.format(forged=forged)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    outputs = []
    for process in processes:
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0, err
        outputs.append(out.split())
    return outputs


def test_make_run_signs_with_a_key_of_its_own_that_the_site_and_worker_share(tmp_path):
    forged = forged_card_token(tmp_path)
    first_machine = start_together(local_env(tmp_path / "one"), forged, count=3)
    (tmp_path / "two").mkdir()
    second_machine = start_together(local_env(tmp_path / "two"), forged, count=1)

    keys = {key for key, _card, _forged in first_machine}
    assert len(keys) == 1, "the processes of one machine must sign alike"
    (key,) = keys
    assert key != OLD_PUBLIC_KEY and len(key) >= 50
    assert (tmp_path / "one" / "secret_key").read_text().strip() == key
    assert (tmp_path / "one" / "secret_key").stat().st_mode & 0o077 == 0
    # Another machine's key, so another card link for the same player.
    assert second_machine[0][0] != key and second_machine[0][1] != first_machine[0][1]
    # A card link computed from the repository's old key opens nothing.
    assert {forged_result for _key, _card, forged_result in first_machine} == {"False"}


def test_a_secret_key_in_the_environment_wins(tmp_path):
    env = local_env(tmp_path, SECRET_KEY="k" * 60)
    [[key, _card, _forged]] = start_together(env, "7-x", count=1)
    assert key == "k" * 60 and not (tmp_path / "secret_key").exists()


def test_the_key_survives_a_restart(tmp_path):
    env = local_env(tmp_path)
    [[before, card_before, _]] = start_together(env, "7-x", count=1)
    [[after, card_after, _]] = start_together(env, "7-x", count=1)
    assert before == after and card_before == card_after


def serve(env: dict[str, str], address: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", address],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def wait_for(url: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, "runserver stopped"
        try:
            requests.get(url, timeout=2)
            return
        except requests.ConnectionError:
            time.sleep(0.2)
    pytest.fail(f"{url} did not answer within a minute")


@pytest.mark.parametrize(
    ("listen", "debug_pages"),
    [("0.0.0.0", False), ("127.0.0.1", True)],
    ids=["on the venue network", "this computer only"],
)
def test_debug_pages_only_while_nobody_else_can_reach_the_site(tmp_path, listen, debug_pages):
    port = free_port()
    server = serve(local_env(tmp_path), f"{listen}:{port}")
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/healthz", server)
        missing = requests.get(f"{base}/no-such-page/", timeout=10)
        assert missing.status_code == 404
        # Django's debug 404 lists every URL pattern of the site.
        assert ("Using the URLconf" in missing.text) is debug_pages
        # The styles are served either way: whitenoise, not DEBUG, serves them.
        style = requests.get(f"{base}/static/css/site.css", timeout=10)
        assert style.status_code == 200 and "text/css" in style.headers["Content-Type"]
    finally:
        server.terminate()
        server.wait(timeout=20)
