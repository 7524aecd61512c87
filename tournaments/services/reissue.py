"""A player's card reissued: lost, left on a table, or seen by someone else.

What a card gives whoever holds it: the player's confirmation code, printed, and the
card link (its QR code), which opens the player's seat link of the moment. A seat
link proves the player's side as the code does, and its page shows the code, the
player's current one, to whoever opens it. So reissuing changes all three:

- a new code, so the printed one confirms nothing;
- card_version + 1, so the old card link (an HMAC of the id and the version,
  tournaments.card_links) opens nothing;
- a new token on every seat of the player, in every round: whoever opened the old
  card link has been sent to a seat link, and any of those, even a closed round's,
  would otherwise show them the new code. (scoring.table_page also forgets a phone's
  proof of that seat once the card version it was shown under is gone.)

The player goes on the reprint list, since their printed card is now useless.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from core import locking
from core.errors import DomainError
from core.permissions import can_organise

from ..models import Player, Round, Seat, new_player_code, new_table_token
from .common import lock


@transaction.atomic
def reissue_card(*, player: Player, by) -> Player:
    """A new card for `player`: new code, new card link, new seat links; the old ones
    stop working as this commits. Refused for a player who has left."""
    tournament = lock(player.tournament)
    if not can_organise(by, tournament):
        raise DomainError("not_organiser")
    player = Player.objects.get(pk=player.pk, tournament=tournament)
    if not player.active:
        raise DomainError("reissue_left", name=player.name)
    seats = list(Seat.objects.filter(player=player).select_related("table__round").order_by("pk"))
    # A result write in flight at one of their tables finishes first; any write after
    # this commits reads the new seat tokens and code.
    locking.lock_tables(
        [seat.table for seat in seats if seat.table.round.status != Round.Status.CLOSED]
    )
    for seat in seats:
        seat.token = new_table_token()
    Seat.objects.bulk_update(seats, ["token"])
    player.code = _new_code(old=player.code)
    player.card_version += 1
    player.reprint_since = timezone.now()
    player.save(update_fields=["code", "card_version", "reprint_since"])
    return player


def _new_code(*, old: str) -> str:
    # 31^6 codes: a repeat is unlikely, but "a new code" must never be the old one.
    while (code := new_player_code()) == old:
        pass
    return code
