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
