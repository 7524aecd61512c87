"""A player's own seat link for the whole night, printed as a QR code on their scorecard.

Seat links (/s/<token>/) belong to one seat in one round, but a scorecard lasts the
night. So the card carries one link per player that opens whichever seat the player
holds in their first round not yet closed. It proves the player's side just as their
seat link or their printed confirmation code does, so it is as secret as the code:
an HMAC of the player's id under the site's SECRET_KEY (nothing to store, nothing
to guess).
"""

from __future__ import annotations

import base64
import hmac
from functools import lru_cache

from django.urls import reverse
from django.utils.crypto import salted_hmac

_SALT = "tournaments.card_links"


def _mac(player_id: int) -> str:
    digest = salted_hmac(_SALT, str(player_id), algorithm="sha256").digest()[:15]
    return base64.urlsafe_b64encode(digest).decode()


def card_token(player_id: int) -> str:
    return f"{player_id}-{_mac(player_id)}"


def player_id_of(token: str) -> int | None:
    """The player a token was made for, or None when it was not made here."""
    number, _sep, mac = token.partition("-")
    if not number.isdigit() or len(number) > 12:
        return None
    player_id = int(number)
    return player_id if hmac.compare_digest(mac, _mac(player_id)) else None


_PLACEHOLDER = "0-" + "A" * 20


@lru_cache(maxsize=1)
def _path_around_token() -> tuple[str, str]:
    # reverse() costs milliseconds against this site's URL list: once, not per card.
    path = reverse("card-link", kwargs={"token": _PLACEHOLDER})
    before, _sep, after = path.partition(_PLACEHOLDER)
    return before, after


def card_link_path(player_id: int) -> str:
    before, after = _path_around_token()
    return f"{before}{card_token(player_id)}{after}"
