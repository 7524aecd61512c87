"""`make run`: a developer's or a newcomer's machine."""

import os

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = os.environ.get("SECRET_KEY", "local-development-key-not-for-production")

# No collectstatic here: whitenoise serves from the app folders (finders) instead.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
