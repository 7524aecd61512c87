"""`make run`: a developer's or a newcomer's machine."""

import os
import socket
import sys

from config.lan import beyond_loopback, lan_address, listen_address
from config.local_secrets import secret_key

from .base import *  # noqa: F403

# Debug pages show settings and code to whoever asks: only while nobody else can ask.
DEBUG = not beyond_loopback(listen_address(os.environ, sys.argv))
# Made on this machine on first start (config/local_secrets.py), never committed.
SECRET_KEY = secret_key()

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
