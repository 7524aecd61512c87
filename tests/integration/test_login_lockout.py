"""Sign-in guessing is slowed, never the right person locked out: after the allowed
wrong passwords for a user name from one address, each further one earns a wait that
doubles, up to a few minutes, with a plain "wait, then try again" page (429) meanwhile
and the password not even checked. Other user names at the same (venue) address and
the same user name at other addresses sign in as usual."""

from __future__ import annotations

import time
import uuid

import pytest
import time_machine
from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.test import Client, override_settings

from tests.factories import DEFAULT_PASSWORD, UserFactory

LOCKED = "Too many wrong passwords were typed for this user name."
VENUE = "203.0.113.50"


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


def wait_told(answer) -> int:
    """The wait a paused sign-in is told, in seconds (the page says it too)."""
    assert answer.status_code == 429
    page = answer.content.decode()
    assert LOCKED in page
    seconds = int(answer["Retry-After"])
    unit = "second" if seconds < 60 else "minute"
    assert f"You can try again in {seconds if seconds < 60 else -(-seconds // 60)} {unit}" in page
    return seconds


@pytest.mark.django_db
def test_a_phone_guessing_at_the_venue_never_pauses_the_organiser_there(lockout_on):
    """Every phone on the venue Wi-Fi shares one address: sixty wrong passwords from
    one of them, for any other user name, leave the organiser's sign-in alone."""
    organiser = UserFactory(username="organiser")
    phone = Client(REMOTE_ADDR=VENUE)
    answers = [sign_in(phone, "admin", f"guess-{n}") for n in range(60)]
    assert all(answer.status_code < 500 for answer in answers)
    assert answers[-1].status_code == 429

    laptop = Client(REMOTE_ADDR=VENUE)
    answer = sign_in(laptop, "organiser", DEFAULT_PASSWORD)
    assert answer.status_code == 302
    assert laptop.session["_auth_user_id"] == str(organiser.pk)


@pytest.mark.django_db
def test_ten_wrong_passwords_from_another_address_never_lock_the_organiser_out(lockout_on):
    organiser = UserFactory(username="organiser")
    attacker = Client(REMOTE_ADDR="203.0.113.7")
    answers = [sign_in(attacker, "organiser", f"guess-{n}") for n in range(60)]
    limit = settings.AXES_FAILURE_LIMIT
    assert limit <= 10
    # Below the limit each wrong password gets the form back with its error.
    assert {a.status_code for a in answers[: limit - 1]} == {200}
    wait_told(answers[limit - 1])
    # While the wait lasts, even the right password does not get in from there ...
    assert sign_in(attacker, "organiser", DEFAULT_PASSWORD).status_code == 429
    assert "_auth_user_id" not in attacker.session
    # ... but the organiser at another address signs in as usual.
    elsewhere = Client(REMOTE_ADDR="198.51.100.20")
    answer = sign_in(elsewhere, "organiser", DEFAULT_PASSWORD)
    assert answer.status_code == 302
    assert elsewhere.session["_auth_user_id"] == str(organiser.pk)


@pytest.mark.django_db
def test_repeated_guesses_get_growing_waits_never_a_long_lock(lockout_on):
    UserFactory(username="organiser")
    attacker = Client(REMOTE_ADDR="203.0.113.8")
    limit = settings.AXES_FAILURE_LIMIT
    with time_machine.travel(time.time(), tick=False) as clock:
        for n in range(limit - 1):
            assert sign_in(attacker, "organiser", f"guess-{n}").status_code == 200
        waits = [wait_told(sign_in(attacker, "organiser", "guess-limit"))]
        # Guessing on during the wait changes nothing: not checked, not counted.
        for _ in range(5):
            assert wait_told(sign_in(attacker, "organiser", "guess-during")) <= waits[0]
        for n in range(12):
            clock.shift(waits[-1])
            waits.append(wait_told(sign_in(attacker, "organiser", f"more-{n}")))
        # Each wrong password after a wait doubles the next one, up to a cap well
        # short of the old 15-minute lock.
        assert waits[:4] == [waits[0], 2 * waits[0], 4 * waits[0], 8 * waits[0]]
        assert all(b >= a for a, b in zip(waits, waits[1:], strict=False))
        cap = settings.LOGIN_MAX_WAIT_SECONDS
        assert waits[-1] == cap <= 5 * 60
        # Once the wait is over, the right password signs in from there too.
        clock.shift(waits[-1])
        assert sign_in(attacker, "organiser", DEFAULT_PASSWORD).status_code == 302


@pytest.mark.django_db
def test_a_name_guessed_from_many_addresses_gets_short_waits_everywhere(lockout_on):
    UserFactory(username="organiser")
    free = settings.AXES_FAILURE_LIMIT
    addresses = -(-settings.LOGIN_NAME_FAILURE_LIMIT // free)
    assert addresses > 1, "one address alone never slows the name down elsewhere"
    with time_machine.travel(time.time(), tick=False) as clock:
        for a in range(addresses):
            bot = Client(REMOTE_ADDR=f"192.0.2.{a + 1}")
            for n in range(free):
                sign_in(bot, "organiser", f"guess-{a}-{n}")
        # The name is being guessed from everywhere: a short wait at any address ...
        organiser = Client(REMOTE_ADDR="198.51.100.30")
        wait = wait_told(sign_in(organiser, "organiser", DEFAULT_PASSWORD))
        assert wait <= 10
        # ... then the organiser signs in.
        clock.shift(wait)
        assert sign_in(organiser, "organiser", DEFAULT_PASSWORD).status_code == 302


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
