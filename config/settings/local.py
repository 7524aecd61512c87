"""`make run`: a developer's or a newcomer's machine."""

import os
import socket

from config.lan import lan_address

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = os.environ.get("SECRET_KEY", "local-development-key-not-for-production")

# `make run HOST=0.0.0.0:8000` serves players' phones on the venue's network: they
# ask for this machine by its LAN address (or its name), which Django must accept.
_lan = lan_address()
_name = socket.gethostname()
ALLOWED_HOSTS = [  # noqa: F405
    *ALLOWED_HOSTS,  # noqa: F405
    "[::1]",
    *([_lan] if _lan else []),
    *([_name, f"{_name}.local"] if _name else []),
]

# No collectstatic here: whitenoise serves from the app folders (finders) instead.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
