"""QR codes on screen and on paper: a table's result-entry link, a player's card link."""

from __future__ import annotations

import segno
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .card_links import card_link_path
from .models import Player, Table
from .site_address import public_url


def table_entry_url(*, request, table: Table) -> str:
    """The absolute entry link, at SITE_URL when set: the address phones reach."""
    return public_url(request, reverse("table-entry", args=[table.token]))


def table_qr_svg(*, url: str, title: str = "") -> SafeString:
    """An inline SVG QR code for `url`, sized by CSS (it carries a viewBox, no width).

    Error level M survives a creased or wine-stained card better than the default L
    while keeping the code small enough to scan from across a table.
    """
    code = segno.make(url, error="m", micro=False)
    # segno escapes the title and writes only path data otherwise, so the markup is safe.
    svg = code.svg_inline(scale=4, border=2, omitsize=True, title=title or None)
    return mark_safe(svg)


def qr_png_uri(url: str) -> str:
    """A QR code as a PNG data URI of one pixel a module, for printing (pixelated).

    A printed sheet carries hundreds of these, so the mask pattern is fixed instead of
    chosen by scoring all eight (that scoring was about 40% of a scorecard's
    preparation); every mask makes a valid code that phones read.
    """
    return segno.make(url, error="m", micro=False, mask=0).png_data_uri(scale=1, border=2)


def table_qr(*, request, table: Table) -> tuple[str, SafeString]:
    url = table_entry_url(request=request, table=table)
    title = _("Result entry for %(table)s") % {"table": table}
    return url, table_qr_svg(url=url, title=title)


def card_qr(*, request, player: Player) -> tuple[str, SafeString]:
    """The player's card link, absolute, and its QR code: the same link their printed
    scorecard carries, for the player to scan from the organiser's screen."""
    url = public_url(request, card_link_path(player.pk, player.card_version))
    # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
    # name's gender.
    title = _("%(name)s's card link") % {"name": player.name}
    return url, table_qr_svg(url=url, title=title)
