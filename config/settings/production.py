"""A real deployment: gunicorn + whitenoise, PostgreSQL and Redis from the environment."""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

from .base import *  # noqa: F403

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY in the environment for production.")

SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
STORAGES = {
    # Process model (issue 19): printed PDFs where every process reads them (base.py).
    "default": {"BACKEND": FILE_STORAGE_BACKEND},  # noqa: F405
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# ---------------------------------------------------------------- hardening (issue 19)
# TLS ends at the reverse proxy in front (it sets X-Forwarded-Proto): plain-HTTP visits
# are sent to https, and browsers are told to come back only over https. Both from the
# environment, so a first try over plain HTTP on a LAN can turn them off
# (SECURE_SSL_REDIRECT=0, SECURE_HSTS_SECONDS=0).
SECURE_SSL_REDIRECT = os.environ.get("SECURE_SSL_REDIRECT", "1") != "0"
# A load balancer checks /healthz over plain HTTP inside the network.
SECURE_REDIRECT_EXEMPT = [r"^healthz/?$"]
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = os.environ.get("SECURE_HSTS_INCLUDE_SUBDOMAINS", "1") != "0"
# Preloading puts the domain on browsers' built-in lists, which is the club's own
# decision (and hard to undo): off unless SECURE_HSTS_PRELOAD=1, and the check that
# asks for it is silenced while it is off.
SECURE_HSTS_PRELOAD = os.environ.get("SECURE_HSTS_PRELOAD", "0") == "1"
if not SECURE_HSTS_PRELOAD:
    SILENCED_SYSTEM_CHECKS = [*globals().get("SILENCED_SYSTEM_CHECKS", []), "security.W021"]

# --- Process model (issue 19) ---
# collectstatic's target; the CI test of the production process set uses a scratch one.
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))  # noqa: F405
# collectstatic compresses every static file twice (brotli, gzip): a minute or more.
# Source maps are fetched only by developer tools, so they are left as they are.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
# STATIC_COMPRESS=0 hashes the files without compressing them: for the CI test of the
# process set, where the minute matters and the bytes on the wire do not.
if os.environ.get("STATIC_COMPRESS", "1") == "0":
    STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
    )
