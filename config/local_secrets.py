"""`make run`'s own secrets, made on this machine on first start and never committed.

The secret key signs sessions, table and seat links and the players' card links. A key
written in the repository would let anyone compute every player's card link offline, so
`make run` makes a random one in `.secret_key` (gitignored, readable by this user only)
before the site and the worker start; both read the same file, so printed QR codes stay
valid across restarts. `SECRET_KEY` in the environment wins over the file.

The demo organiser's password is made the same way, in `.demo_password` beside it.

`python -m config.local_secrets` makes the key file if there is none (the Makefile runs
it before the processes start, so they never race to make two different keys).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Lower case letters and digits a person reads off a terminal and types without doubt:
# no 0/o, 1/l/i.
_PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def key_file(environ: Mapping[str, str] = os.environ) -> Path:
    return Path(environ.get("SECRET_KEY_FILE") or ROOT / ".secret_key")


def password_file(environ: Mapping[str, str] = os.environ) -> Path:
    return Path(environ.get("DEMO_PASSWORD_FILE") or ROOT / ".demo_password")


def read_or_make(path: Path, make: Callable[[], str]) -> str:
    """The file's value; made first if the file is missing or empty.

    Two processes starting together must end up with the same value: each writes its
    own temporary file and links it into place, which fails for all but the first.
    """
    try:
        value = path.read_text().strip()
    except FileNotFoundError:
        value = ""
    if value:
        return value
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(make() + "\n")
    try:
        if path.exists():  # there but empty: a start that was cut short
            os.replace(draft, path)
        else:
            os.link(draft, path)
    except FileExistsError:
        pass  # another process got there first: use its value
    finally:
        draft.unlink(missing_ok=True)
    return path.read_text().strip()


def new_secret_key() -> str:
    return secrets.token_urlsafe(50)


def new_password() -> str:
    groups = ("".join(secrets.choice(_PASSWORD_ALPHABET) for _ in range(4)) for _ in range(3))
    return "-".join(groups)


def secret_key(environ: Mapping[str, str] = os.environ) -> str:
    return environ.get("SECRET_KEY", "").strip() or read_or_make(key_file(environ), new_secret_key)


def demo_password(environ: Mapping[str, str] = os.environ) -> str:
    return read_or_make(password_file(environ), new_password)


if __name__ == "__main__":
    secret_key()
