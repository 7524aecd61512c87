"""HTML templates to PDF bytes with WeasyPrint, reading static files from disk only.

Rendering happens inside a worker with no business talking to the network: a
stylesheet or image that is not one of our static files is refused rather than
fetched, so a template can never make the worker call the site (or anyone else).
"""

from __future__ import annotations

import mimetypes
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse


class RefusedURL(ValueError):
    """A template asked for something that is not a local static file."""


class RenderError(RuntimeError):
    """The PDF could not be made; the message says why in plain words."""


def static_path(url_path: str) -> Path | None:
    """The file on disk behind a /static/... path, or None when there is none."""
    prefix = "/" + settings.STATIC_URL.lstrip("/")
    if not url_path.startswith(prefix):
        return None
    relative = unquote(url_path[len(prefix) :])
    if ".." in Path(relative).parts:
        return None
    found = finders.find(relative)
    if found:
        return Path(found)
    if settings.STATIC_ROOT:
        candidate = Path(settings.STATIC_ROOT) / relative
        if candidate.is_file():
            return candidate
    return None


class StaticFileFetcher(URLFetcher):
    """Serves /static/ URLs from disk and data: URIs; refuses everything else."""

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        if url.startswith("data:"):
            return super().fetch(url, headers)
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https", "file"):
            raise RefusedURL(f"refused to fetch {url!r}: only static files are allowed")
        path = static_path(parts.path)
        if path is None:
            raise RefusedURL(f"refused to fetch {url!r}: not one of the site's static files")
        mime_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), headers={"Content-Type": mime_type})


_local = threading.local()


def _font_config() -> FontConfiguration:
    # Font lookups are the slow part of a small document; one configuration per
    # thread lets every part of a print job reuse what the first one found, without
    # sharing Pango state between the threads of a threaded worker pool.
    config = getattr(_local, "font_config", None)
    if config is None:
        config = _local.font_config = FontConfiguration()
    return config


def render_html(template_name: str, context: dict) -> str:
    return render_to_string(template_name, context)


def render_pdf(template_name: str, context: dict, *, base_url: str) -> bytes:
    """Render a Django template to PDF bytes.

    `base_url` is the site's address: relative links in the template (the print
    stylesheet at /static/...) resolve against it and are then read from disk.
    """
    html = render_html(template_name, context)
    try:
        document = HTML(
            string=html,
            base_url=base_url,
            url_fetcher=StaticFileFetcher(fail_on_errors=True),
        )
        return document.write_pdf(font_config=_font_config())
    except FatalURLFetchingError as exc:
        # WeasyPrint raises this as a BaseException, past ordinary error handling;
        # turned into an Exception, a worker records it on the job like any failure.
        raise RenderError(
            _("a file the layout needs could not be read (%(detail)s)") % {"detail": exc.__cause__}
        ) from exc
