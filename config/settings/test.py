"""The test suite: real services when the environment names them, embedded defaults otherwise."""

import os

from .base import *  # noqa: F403

SECRET_KEY = "test-key-not-for-production"
# A format drawn round by round from the standings, offered here only: it proves the
# per-round branch end to end (pages, API, phones) without being offered to clubs.
TRIAL_FORMATS = ("seated-by-standings", "dynamic-progressive", "ranked-progressive")
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Under REQUIRE_SERVICES=1 (CI) a test that needs PostgreSQL, Redis or a worker fails
# when the service is missing instead of skipping.
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"

# No collectstatic here: whitenoise serves from the app folders (finders) instead.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True

# `make test` runs the suite in several processes (pytest-xdist workers gw0, gw1, ...),
# each with a test database of its own (test_<name>_gw0, ...) but the same Redis. So each
# gets its own queue: a worker thread must never take a task whose rows are in another
# process's database (the ids repeat from one database to the next).
TEST_PROCESS = os.environ.get("PYTEST_XDIST_WORKER", "main")
CELERY_TASK_DEFAULT_QUEUE = f"tests-{TEST_PROCESS}"
# Rate-limit counters are keyed by table id and address, which repeat across processes
# too; on a Redis cache (CACHE_URL) each process counts under a prefix of its own.
if CACHES["default"]["BACKEND"].endswith("RedisCache"):  # noqa: F405
    CACHES["default"]["KEY_PREFIX"] = f"tests-{TEST_PROCESS}"  # noqa: F405

# ---------------------------------------------------------------- hardening (issue 19)
# The suite signs in hundreds of times from 127.0.0.1 (and test clients' login() passes
# no request, which axes needs): the sign-in lockout is off here, and
# tests/integration/test_hardening.py turns it on to prove it locks out.
AXES_ENABLED = False
# Every test client is 127.0.0.1 and a process runs thousands of API requests a minute:
# the scorers' API rates are out of reach here, and test_hardening.py sets real ones.
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {  # noqa: F405
    scope: "1000000/min"
    for scope in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # noqa: F405
}

# The browser tests open the live server under a name that is not localhost too
# (club.test, mapped to 127.0.0.1 in the browser), so the page is served over plain
# http to a non-secure context, as on a club's LAN: no service worker there.
ALLOWED_HOSTS = [*ALLOWED_HOSTS, "club.test"]  # noqa: F405
