"""Settings shared by every environment; everything that differs comes from the environment."""

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.db import use_timeouts

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "")
# Formats offered beside the public ones (tournaments.rotations.formats.TRIAL_SPECS):
# TRIAL_FORMATS=seated-by-standings make run shows a night drawn round by round.
TRIAL_FORMATS = tuple(env_list("TRIAL_FORMATS"))
DEBUG = False
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "core",
    "scoring",
    "tournaments",
    "leagues",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Warns once when a proxy's X-Forwarded-For arrives unread (RATELIMIT_IP_META_KEY).
    "scoring.proxy_address.UnreadForwardedFor",
    # Innermost, so it sees the views' errors first: a lock not had in time is "busy".
    "tournaments.middleware.BusyDatabaseMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # Every page shows dates one way: {{ value|day }}, {{ value|moment }}.
            "builtins": ["tournaments.templatetags.dates"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# A SQLite file keeps `make run` free of services; deployments and CI set DATABASE_URL.
# A connection kept between requests is checked before a request reuses it, so after
# the database restarts each web process reconnects instead of answering a 500.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# A row lock held elsewhere (a stuck request, an organiser's long re-plan) must not stall
# the site: a query waits at most DB_LOCK_TIMEOUT_MS for a lock and runs at most
# DB_STATEMENT_TIMEOUT_MS, then the page or the API answers "busy, try again"
# (core.locking.is_busy). Every result write takes well under a second. Celery
# workers (config/celery.py) get DB_WORKER_STATEMENT_TIMEOUT_MS instead: their queries
# read whole tournaments for printing, and nobody stands waiting on them. 0 turns a
# limit off (e.g. for a long data migration: DB_STATEMENT_TIMEOUT_MS=0 manage.py migrate).
DB_LOCK_TIMEOUT_MS = int(os.environ.get("DB_LOCK_TIMEOUT_MS", "5000"))
DB_STATEMENT_TIMEOUT_MS = int(os.environ.get("DB_STATEMENT_TIMEOUT_MS", "15000"))
DB_WORKER_STATEMENT_TIMEOUT_MS = int(os.environ.get("DB_WORKER_STATEMENT_TIMEOUT_MS", "120000"))

use_timeouts(DATABASES["default"], lock_ms=DB_LOCK_TIMEOUT_MS, statement_ms=DB_STATEMENT_TIMEOUT_MS)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# E-mail carries one thing: an organiser's link to set a new password. With no
# EMAIL_HOST (or EMAIL_BACKEND) the site sends none, and the "forgotten password" page
# says who can set one instead of claiming to have sent a mail.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_SSL = os.environ.get("EMAIL_USE_SSL", "0") == "1"
EMAIL_USE_TLS = not EMAIL_USE_SSL and os.environ.get("EMAIL_USE_TLS", "1") != "0"
EMAIL_TIMEOUT = 10
if os.environ.get("EMAIL_BACKEND"):
    EMAIL_BACKEND = os.environ["EMAIL_BACKEND"]
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
PASSWORD_RESET_BY_EMAIL = bool(EMAIL_HOST or os.environ.get("EMAIL_BACKEND"))

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("it", _("Italian")),
    ("pt-br", _("Brazilian Portuguese")),
    ("pl", _("Polish")),
]
# The language menu names each language in itself. Django's name for pt-br is
# "Português Brasileiro"; Brazilians write "Português (Brasil)".
LANGUAGE_MENU_NAMES = {
    "en": "English",
    "it": "italiano",
    "pt-br": "Português (Brasil)",
    "pl": "polski",
}
LOCALE_PATHS = [BASE_DIR / "locale"]
# Our own date formats where Django's are not how the language writes dates (Italian
# "1 dicembre 2026", not "01 Dicembre 2026"): config/formats/<language>/formats.py.
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Files browsers ask for at the site's root (/favicon.ico), served by WhiteNoise.
WHITENOISE_ROOT = BASE_DIR / "public"
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
# Absolute links printed on paper (table cards' QR codes) point here; empty means the
# address the organiser is browsing from, which phones on the same network can reach.
SITE_URL = os.environ.get("SITE_URL", "")

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
    ],
    # Bodies are bounded in size and nesting: hostile JSON is a 400, not a 500.
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Errors speak the same codes and messages as the pages.
    "EXCEPTION_HANDLER": "tournaments.api.errors.api_exception_handler",
}
# Django's own error pages and CSRF refusal answer the API's JSON shape under /api/.
CSRF_FAILURE_VIEW = "tournaments.api.errors.csrf_failure"
SPECTACULAR_SETTINGS = {
    "TITLE": "Euchre tournament manager API",
    "VERSION": "1.0.0",
    # The docs page's scripts come from our own static files: no CDN at a club's venue.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two models have a `kind`: results (how recorded) and printouts (what is printed).
    "ENUM_NAME_OVERRIDES": {
        "ResultKindEnum": "scoring.models.TableResult.Kind",
        "PrintKindEnum": "tournaments.models.PrintJob.Kind",
    },
}

# No broker means no worker to wait for: tasks then run in-process, as they are queued.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
# Results matter only to health checks; real work reports through job rows in the database.
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else None
)
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker takes a task from Redis only when it has a free process to run it in, so at a
# broker outage it holds no task that is taken but not started. Celery 5.7.0 crashes the
# whole worker ("Unrecoverable error: AttributeError ... 'hostname'") when it has to put
# such tasks back while Redis is down (issue 30; upstream kin: celery/kombu #582, #970).
# It also keeps one organiser's big printout from queueing up inside one worker.
CELERY_WORKER_DISABLE_PREFETCH = CELERY_BROKER_URL.startswith(("redis://", "rediss://"))
# A print job no worker has touched for this long is shown as stalled, with Retry:
# its worker died or none is running. Parts render in seconds, so this is generous.
PRINT_JOB_STALL_SECONDS = int(os.environ.get("PRINT_JOB_STALL_SECONDS", "600"))
# Finished printouts (their PDFs and rows) are deleted this many days after they were
# made, by Celery beat; 0 keeps them for ever.
PRINT_RETENTION_DAYS = int(os.environ.get("PRINT_RETENTION_DAYS", "30"))
# Workers take one task at a time and acknowledge it once done, so tasks wait in the
# broker, in the order the print queue sent them (tournaments/printing/queue.py), not
# in one worker's prefetch buffer while another is idle.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ACKS_LATE = True
# Celery beat (the Procfiles' `beat` process) runs periodic work: failing stalled print
# jobs (pages only read) and deleting old printouts. Its schedule file records when each
# ran last: under .celery/ (gitignored) unless CELERY_BEAT_SCHEDULE_FILENAME names a
# writable place (production: e.g. /var/lib/euchre/beat-schedule).
CELERY_BEAT_SCHEDULE_FILENAME = os.environ.get(
    "CELERY_BEAT_SCHEDULE_FILENAME", str(BASE_DIR / ".celery" / "beat-schedule")
)
CELERY_BEAT_SCHEDULER = "config.celery:BeatSchedule"
CELERY_BEAT_SCHEDULE = {
    "fail-stalled-print-jobs": {
        "task": "tournaments.printing.periodic.fail_stalled_print_jobs",
        "schedule": float(os.environ.get("PRINT_STALL_CHECK_SECONDS", "60")),
    },
    "delete-old-printouts": {
        "task": "tournaments.printing.periodic.delete_old_printouts",
        "schedule": float(os.environ.get("PRINT_RETENTION_CHECK_SECONDS", "3600")),
    },
}
# Planning work (drawing a rotation, a change of the night) with more seats to plan than
# this (active players x rounds still to plan) runs in the Celery worker, the page
# showing its progress; smaller work answers in the request (tournaments/planning).
PLANNING_INLINE_SEAT_ROUNDS = int(os.environ.get("PLANNING_INLINE_SEAT_ROUNDS", "120"))
PLANNING_JOB_STALL_SECONDS = int(os.environ.get("PLANNING_JOB_STALL_SECONDS", "300"))

# The cache holds counters every web process must share (wrong card codes per table
# and per address): Redis when CACHE_URL (or REDIS_URL) names one, as in production
# with several web processes; otherwise this process's memory, enough for `make run`.
CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "euchre",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Wrong card codes allowed per minute (django-ratelimit rates), counted per table and
# side (scoring.throttle, which also says why guessing stays hopeless at these rates).
# A room's typos never reach them: a side types two codes at most per confirmation.
# A venue often puts every phone behind one address, so the address rate is far above
# a 60-table room's typos; it only stops one machine sweeping every table.
CODE_TRIES_PER_SIDE = os.environ.get("CODE_TRIES_PER_SIDE", "30/m")
CODE_TRIES_PER_ADDRESS = os.environ.get("CODE_TRIES_PER_ADDRESS", "300/m")
# Behind a reverse proxy REMOTE_ADDR is the proxy's: name the header holding the
# client's address (e.g. HTTP_X_REAL_IP) so each client is counted on its own.
RATELIMIT_IP_META_KEY = os.environ.get("RATELIMIT_IP_META_KEY") or None

# ---------------------------------------------------------------- hardening (issue 19)
# Kept in one block: sign-in lockout, the page policies (CSP, Permissions-Policy) and
# structured logs with credentials taken out.
INSTALLED_APPS += ["axes", "csp"]  # noqa: F405
# The policies go on every answer, errors included, so they sit just inside
# SecurityMiddleware; axes turns a locked-out sign-in into its page, so it comes last.
MIDDLEWARE.insert(  # noqa: F405
    MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,  # noqa: F405
    "csp.middleware.CSPMiddleware",
)
MIDDLEWARE.insert(  # noqa: F405
    MIDDLEWARE.index("csp.middleware.CSPMiddleware") + 1,  # noqa: F405
    "django_permissions_policy.PermissionsPolicyMiddleware",
)
MIDDLEWARE.append("axes.middleware.AxesMiddleware")  # noqa: F405

# Sign-in guessing (tournaments.lockout): after LOGIN_FAILURE_LIMIT wrong passwords for
# one (user name, address) pair, each further one earns a wait that doubles from
# LOGIN_FIRST_WAIT_SECONDS up to LOGIN_MAX_WAIT_SECONDS, the password not even checked
# meanwhile. A venue puts every phone behind one address, so nothing is counted by
# address alone: a phone guessing there never slows the organiser down elsewhere. A
# user name guessed from several addresses (each adding at most LOGIN_FAILURE_LIMIT)
# gets the same growing waits after LOGIN_NAME_FAILURE_LIMIT, never a long lock.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = os.environ.get("LOGIN_THROTTLE", "1") != "0"
AXES_HANDLER = "tournaments.lockout.GrowingWaits"
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
LOGIN_NAME_FAILURE_LIMIT = int(os.environ.get("LOGIN_NAME_FAILURE_LIMIT", "30"))
LOGIN_FIRST_WAIT_SECONDS = float(os.environ.get("LOGIN_FIRST_WAIT_SECONDS", "2"))
LOGIN_MAX_WAIT_SECONDS = float(os.environ.get("LOGIN_MAX_WAIT_SECONDS", "300"))
# The wait each refused sign-in was told (the page and Retry-After say it).
AXES_COOLOFF_TIME = "tournaments.lockout.wait_for"
# A try refused during a wait is not counted and does not stretch the wait.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "scoring.throttle.client_address"
AXES_LOCKOUT_CALLABLE = "tournaments.lockout.locked_out"
AXES_RESET_ON_SUCCESS = True
# The admin shows only what the services own (tournaments/read_only_admin.py).
AXES_ENABLE_ADMIN = False

# DRF throttles on the scorers' API (scoring.api.throttles), counted in the same cache.
# A venue's phones often share one address, so the address rate leaves room for every
# table of a big night; the per-link rate is what one table's phones ever need.
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {  # noqa: F405
    "table_link": os.environ.get("API_TABLE_LINK_RATE", "120/min"),
    "table_address": os.environ.get("API_TABLE_ADDRESS_RATE", "1200/min"),
    "table_confirm": os.environ.get("API_TABLE_CONFIRM_RATE", "30/min"),
}

# Content-Security-Policy: scripts and styles come from our own static files only (no
# inline script, no style="" attribute; htmx is told not to inject its <style>, see
# base.html). QR codes are inline SVG; printed previews use data: images.
from csp.constants import NONE, SELF  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# The site asks a phone for nothing but full screen (the projector page).
PERMISSIONS_POLICY = {
    "accelerometer": [],
    "camera": [],
    "geolocation": [],
    "gyroscope": [],
    "magnetometer": [],
    "microphone": [],
    "payment": [],
    "usb": [],
    "fullscreen": ["self"],
}

# Logs: one JSON object a line on stdout (LOG_FORMAT=text for plain lines), table and
# seat tokens and codes taken out of every line (config.logs). Django's loggers are
# named here so that its request lines (django.request, and runserver's django.server)
# go through the same handler instead of Django's default plain-text ones.
DJANGO_LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "config.logs.RedactingJsonFormatter",
            "fmt": "{levelname}{name}{message}",
            "style": "{",
            "timestamp": "time",
            "rename_fields": {"levelname": "level", "name": "logger"},
        },
        "text": {
            "()": "config.logs.RedactingFormatter",
            "format": "{asctime} {levelname} {name}: {message}",
            "style": "{",
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "text" if os.environ.get("LOG_FORMAT") == "text" else "json",
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {"handlers": ["console"], "level": DJANGO_LOG_LEVEL, "propagate": False},
        "django.server": {
            "handlers": ["console"],
            "level": DJANGO_LOG_LEVEL,
            "propagate": False,
        },
    },
}

# --- Process model (issue 19): one place for what web processes and workers share ---
# Printed PDFs live where every process can read them: the database by default, since
# web processes and workers on different machines share nothing else
# (tournaments/file_storage.py). FILE_STORAGE=filesystem keeps them under MEDIA_ROOT
# (one machine); any other value is a storage class's dotted path (django-storages').
FILE_STORAGE = os.environ.get("FILE_STORAGE", "database")
FILE_STORAGE_BACKEND = {
    "database": "tournaments.file_storage.DatabaseStorage",
    "filesystem": "django.core.files.storage.FileSystemStorage",
}.get(FILE_STORAGE, FILE_STORAGE)
STORAGES = {
    "default": {"BACKEND": FILE_STORAGE_BACKEND},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# `make run` gives its worker a broker that needs no service: kombu's filesystem
# transport, messages as files in CELERY_FILESYSTEM_DIR (default .celery/).
if CELERY_BROKER_URL.startswith("filesystem://"):
    _queue_folder = Path(os.environ.get("CELERY_FILESYSTEM_DIR", BASE_DIR / ".celery"))
    for _sub in ("queue", "control"):
        (_queue_folder / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_folder / "queue"),
        "data_folder_out": str(_queue_folder / "queue"),
        "control_folder": str(_queue_folder / "control"),
        # Seconds between looks at the folder: a print job starts within half a second.
        "polling_interval": 0.5,
    }
# The queue web processes send to and workers take from; one Redis may serve several.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
# /healthz answers a load balancer before anything else runs: no host check (it probes
# by address), no HTTPS redirect, no session; it reads nothing a visitor could not.
MIDDLEWARE.insert(0, "config.health.HealthCheckMiddleware")

# A Celery worker keeps the handler above (JSON on stdout, redacted) instead of putting
# its own plain-text one on the root logger; `celery worker -l INFO` still sets the level.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
