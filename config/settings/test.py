"""The test suite: real services when the environment names them, embedded defaults otherwise."""

import os

from .base import *  # noqa: F403

SECRET_KEY = "test-key-not-for-production"
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
