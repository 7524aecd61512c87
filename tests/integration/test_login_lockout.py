"""Sign-in guessing is stopped: after the allowed wrong passwords an address gets a
plain "wait, then try again" page (429), the password is no longer even checked, and
other addresses sign in as usual."""

from __future__ import annotations

import uuid

import pytest
from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.test import Client, override_settings

from tests.factories import DEFAULT_PASSWORD, UserFactory

LOCKED = "Too many wrong passwords were typed from here."


def sign_in(client: Client, username: str, password: str):
    return client.post("/accounts/login/", {"username": username, "password": password})


@pytest.fixture(params=["memory", "redis"])
def lockout_on(request):
    """The lockout as `make run` counts it (this process's memory) and as production
    does, in Redis that every web process shares."""
    caches = settings.CACHES
    prefix = f"lockout-{uuid.uuid4().hex}"
    if request.param == "redis":
        url = request.getfixturevalue("redis_url")
        caches = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                "KEY_PREFIX": prefix,
            }
        }
    with override_settings(AXES_ENABLED=True, CACHES=caches):
        AxesProxyHandler.get_implementation(force=True)
        try:
            yield
        finally:
            if request.param == "redis":
                from django.core.cache import cache

                client = cache._cache.get_client(write=True)
                for key in client.scan_iter(f"{prefix}:*"):
                    client.delete(key)
    AxesProxyHandler.get_implementation(force=True)


@pytest.mark.django_db
def test_sixty_wrong_passwords_lock_the_address_out_with_a_plain_page(lockout_on):
    organiser = UserFactory(username="organiser")
    attacker = Client(REMOTE_ADDR="203.0.113.7")
    answers = [sign_in(attacker, "organiser", f"guess-{n}") for n in range(60)]

    assert all(answer.status_code < 500 for answer in answers)
    limit = settings.AXES_FAILURE_LIMIT
    assert limit < 60
    # Below the limit each wrong password gets the form back with its error.
    assert {a.status_code for a in answers[: limit - 1]} == {200}
    locked = answers[-1]
    assert locked.status_code == 429
    page = locked.content.decode()
    assert LOCKED in page
    assert "15 minutes" in page
    assert int(locked["Retry-After"]) == 15 * 60
    assert sum(a.status_code == 429 for a in answers) >= 60 - limit

    # While locked out, even the right password does not get in from that address ...
    right = sign_in(attacker, "organiser", DEFAULT_PASSWORD)
    assert right.status_code == 429
    assert "_auth_user_id" not in attacker.session
    # ... but the organiser at another address signs in as usual.
    elsewhere = Client(REMOTE_ADDR="198.51.100.20")
    answer = sign_in(elsewhere, "organiser", DEFAULT_PASSWORD)
    assert answer.status_code == 302
    assert elsewhere.session["_auth_user_id"] == str(organiser.pk)


@pytest.mark.django_db
def test_a_typo_or_two_then_the_right_password_signs_in(lockout_on):
    UserFactory(username="organiser")
    client = Client(REMOTE_ADDR="203.0.113.8")
    for _ in range(2):
        assert sign_in(client, "organiser", "typo").status_code == 200
    assert sign_in(client, "organiser", DEFAULT_PASSWORD).status_code == 302


@pytest.mark.django_db
def test_behind_a_proxy_each_client_address_is_counted_on_its_own(lockout_on):
    UserFactory(username="organiser")
    with override_settings(RATELIMIT_IP_META_KEY="HTTP_X_FORWARDED_FOR"):
        proxy = "10.0.0.1"
        attacker = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.9")
        for n in range(settings.AXES_FAILURE_LIMIT + 1):
            sign_in(attacker, "organiser", f"guess-{n}")
        assert sign_in(attacker, "organiser", DEFAULT_PASSWORD).status_code == 429
        # Another player behind the same proxy is not locked out with the attacker.
        player = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.10")
        assert sign_in(player, "organiser", DEFAULT_PASSWORD).status_code == 302


@pytest.mark.django_db
def test_with_the_cache_down_sign_in_still_works_uncounted():
    """Redis not answering costs the lockout, never the organisers' sign-in."""
    down = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            # Nothing listens on port 1: every cache call fails at once.
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    UserFactory(username="organiser")
    with override_settings(AXES_ENABLED=True, CACHES=down):
        AxesProxyHandler.get_implementation(force=True)
        client = Client(REMOTE_ADDR="203.0.113.11")
        try:
            wrong = sign_in(client, "organiser", "typo")
            right = sign_in(client, "organiser", DEFAULT_PASSWORD)
        finally:
            AxesProxyHandler.get_implementation(force=True)
    assert wrong.status_code == 200
    assert right.status_code == 302
