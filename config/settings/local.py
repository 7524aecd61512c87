"""`make run`: a developer's or a newcomer's machine."""

import os

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = os.environ.get("SECRET_KEY", "local-development-key-not-for-production")
