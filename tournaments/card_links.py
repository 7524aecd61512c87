"""A player's own seat link for the whole night, printed as a QR code on their scorecard.

Seat links (/s/<token>/) belong to one seat in one round, but a scorecard lasts the
night. So the card carries one link per player that opens whichever seat the player
holds in their first round not yet closed. It proves the player's side just as their
seat link or their printed confirmation code does, so it is as secret as the code:
an HMAC of the player's id and card version under the site's SECRET_KEY (nothing to
store, nothing to guess).

The version is Player.card_version: reissuing a card (tournaments.services.reissue)
raises it, and the old card's link no longer matches. A first card's token is
"<id>-<mac>", as before versions existed, so cards printed then still work; a
reissued one is "<id>v<version>-<mac>".
"""

from __future__ import annotations

import base64
import hmac
import re
from functools import lru_cache
from typing import NamedTuple

from django.urls import reverse
from django.utils.crypto import salted_hmac

_SALT = "tournaments.card_links"
_ID_AND_VERSION = re.compile(r"(\d{1,12})(?:v(\d{1,9}))?")


class Card(NamedTuple):
    player_id: int
    version: int


def _mac(player_id: int, version: int) -> str:
    # Version 1 signs the id alone (the format before versions); later ones "id-version",
    # which no bare id can spell.
    message = str(player_id) if version == 1 else f"{player_id}-{version}"
    digest = salted_hmac(_SALT, message, algorithm="sha256").digest()[:15]
    return base64.urlsafe_b64encode(digest).decode()


def card_token(player_id: int, version: int = 1) -> str:
    label = str(player_id) if version == 1 else f"{player_id}v{version}"
    return f"{label}-{_mac(player_id, version)}"


def card_of(token: str) -> Card | None:
    """The player and card version a token was made for, or None when it was not made
    here. Whether that version is still the player's card is the caller's to check."""
    label, _sep, mac = token.partition("-")
    match = _ID_AND_VERSION.fullmatch(label)
    if match is None:
        return None
    player_id = int(match[1])
    version = int(match[2]) if match[2] else 1
    if match[2] and version < 2:
        return None  # "v1" is never written: one token per card
    return Card(player_id, version) if hmac.compare_digest(mac, _mac(player_id, version)) else None


_PLACEHOLDER = "0-" + "A" * 20


@lru_cache(maxsize=1)
def _path_around_token() -> tuple[str, str]:
    # reverse() costs milliseconds against this site's URL list: once, not per card.
    path = reverse("card-link", kwargs={"token": _PLACEHOLDER})
    before, _sep, after = path.partition(_PLACEHOLDER)
    return before, after


def card_link_path(player_id: int, version: int = 1) -> str:
    before, after = _path_around_token()
    return f"{before}{card_token(player_id, version)}{after}"
