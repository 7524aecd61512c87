"""`make serve` (or `python -m config.serve`): the production process set on this machine.

Checks the environment first and names every missing variable in one message, then
migrates, collects the static files and hands over to supervisor (config.procs),
which runs the Procfile's web (gunicorn) and worker (Celery) processes until stopped
and starts again any that exits.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from config.procs import exec_supervisor

ROOT = Path(__file__).resolve().parent.parent

# Name, what it is, an example.
REQUIRED = (
    ("SECRET_KEY", "signs sessions and links; long and random", "$(openssl rand -hex 32)"),
    ("DATABASE_URL", "the PostgreSQL database", "postgres://euchre:PASSWORD@db.internal/euchre"),
    (
        "CELERY_BROKER_URL",
        "the Redis the web and the print workers share",
        "redis://redis.internal:6379/0",
    ),
    ("ALLOWED_HOSTS", "the site's host names, comma-separated", "euchre.example.org"),
)
ADVISED = (
    ("CACHE_URL", "a Redis URL, so every web process counts wrong card codes together"),
    ("CSRF_TRUSTED_ORIGINS", "the site's https:// origin, as the reverse proxy serves it"),
    (
        "RATELIMIT_IP_META_KEY",
        "behind a reverse proxy, the header with the client's address, e.g. "
        "HTTP_X_FORWARDED_FOR; unset, every limit counts the proxy's address for all",
    ),
)


def missing_message(environ: dict[str, str]) -> str | None:
    """What to set before serving, or None when everything required is there."""
    missing = [item for item in REQUIRED if not environ.get(item[0], "").strip()]
    if not missing:
        return None
    lines = ["make serve: set these in the environment first:"]
    lines += [f"  {name:<18} {what}, e.g. {name}={example}" for name, what, example in missing]
    lines.append("See README.md, 'Deploying'.")
    return "\n".join(lines)


def warnings(environ: dict[str, str]) -> list[str]:
    notes = [f"note: {name} is not set ({why})." for name, why in ADVISED if not environ.get(name)]
    if environ.get("DATABASE_URL", "").startswith("sqlite"):
        notes.append("note: DATABASE_URL is SQLite; several processes need PostgreSQL.")
    return notes


def main() -> int:
    environ = dict(os.environ)
    if message := missing_message(environ):
        print(message, file=sys.stderr)
        return 2
    for note in warnings(environ):
        print(note, file=sys.stderr)
    # Always the production settings: importing this package (config/celery.py) has
    # already put the development default into os.environ.
    environ["DJANGO_SETTINGS_MODULE"] = "config.settings.production"
    manage = [sys.executable, str(ROOT / "manage.py")]
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput", "--verbosity", "0"]):
        if subprocess.run([*manage, *step], cwd=ROOT, env=environ).returncode:
            return 1
    # From here supervisor runs the Procfile's processes and restarts any that exits.
    environ.setdefault("PORT", "8000")  # gunicorn's (config/gunicorn.py)
    exec_supervisor(ROOT / "Procfile", environ)
    return 0  # not reached: supervisord runs in this process from here


if __name__ == "__main__":
    sys.exit(main())
