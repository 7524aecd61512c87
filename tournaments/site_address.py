"""The address players' phones reach the site at: the one QR codes and printed links use.

A deployment sets SITE_URL, and it wins. Without it the address the organiser is
browsing from is all there is, and when that is a loopback one (127.0.0.1 under
`make run`) no phone can reach it: the pages that show or print QR codes say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from config.lan import is_loopback, lan_address


def public_base_url(request) -> str:
    """SITE_URL when set, otherwise the address this request came in on; no trailing slash."""
    configured = getattr(settings, "SITE_URL", "")
    return (configured or request.build_absolute_uri("/")).rstrip("/")


def public_url(request, path: str) -> str:
    """An absolute link for a phone: it has no page to be relative to."""
    return public_base_url(request) + path


@dataclass(frozen=True)
class Unreachable:
    """A base address only this machine can reach, and where phones could reach it."""

    address: str
    port: str
    lan_url: str | None


def unreachable(base_url: str) -> Unreachable | None:
    """Why phones cannot follow links to `base_url`, or None when they can."""
    parts = urlsplit(base_url if "//" in base_url else f"//{base_url}")
    if not parts.hostname or not is_loopback(parts.hostname):
        return None
    port = str(parts.port or "8000")
    lan = lan_address()
    return Unreachable(
        address=parts.netloc, port=port, lan_url=f"http://{lan}:{port}/" if lan else None
    )


def unreachable_for(request) -> Unreachable | None:
    return unreachable(public_base_url(request))
