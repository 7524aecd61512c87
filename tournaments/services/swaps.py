"""Two players sat in each other's seats: the round in play is made to say so.

What happened at a seat stays with the seat: the hands, the points and the seat's
share of the result (scoring.SeatResult) are stored by seat, so once each seat names
the player who really sat there, the standings credit the right people. What names a
person moves with them instead: their seat link, and who entered or confirmed a
result from it, so the history still says who did what. One audit line per table.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from core import locking
from core.errors import DomainError
from scoring.services import follow_seat_swap
from tournaments import rotations

from .. import selectors
from ..models import Bye, Player, Round, Seat, new_table_token
from .common import lock


@dataclass(frozen=True)
class SeatSwap:
    round: Round
    first: Player
    second: Player
    # The tables whose audit trail has the swap (one or two).
    tables: tuple[int, ...]


@transaction.atomic
def swap_seats(*, round: Round, first: Player, second: Player, user) -> SeatSwap:
    """`first` and `second` swap places in `round`, which is in play: seats (or a
    seat and a bye) change hands, results already entered then count for whoever
    really sat there. Refused for the same player twice or anyone not in the round."""
    if first.pk == second.pk:
        raise DomainError("swap_same_player")
    tournament = lock(round.tournament)
    rnd = locking.lock_round(round)
    if rnd.status != Round.Status.IN_PLAY:
        raise DomainError("swap_not_in_play", number=rnd.number)
    places = {p.pk: _place(rnd, p) for p in (first, second)}
    seats = [place for place in places.values() if isinstance(place, Seat)]
    if not seats:
        raise DomainError("swap_both_on_bye", first=first.name, second=second.name)
    tables = locking.lock_tables([seat.table for seat in seats])
    for table in tables:
        locking.lock_result(table)
    # Read again under the locks: a result write in flight has finished.
    a, b = (_place(rnd, p) for p in (first, second))
    before = {t.pk: _names(t.pk) for t in tables}

    if isinstance(a, Seat) and isinstance(b, Seat):
        _swap_seat_rows(a, b)
    else:
        seat, bye = (a, b) if isinstance(a, Seat) else (b, a)
        sitter, bye_player = seat.player, bye.player
        Seat.objects.filter(pk=seat.pk).update(player=bye_player)
        Bye.objects.filter(pk=bye.pk).update(player=sitter)

    # Translators: %(first)s and %(second)s are any players, women or men: word it so that nothing
    # agrees with the names' gender.
    note = gettext("%(first)s and %(second)s sat in each other's seats.") % {
        "first": first.name,
        "second": second.name,
    }
    # Scoring keeps its own rows: the results' versions and who-did-what, and the audit.
    follow_seat_swap(
        round=rnd,
        tables=tables,
        moved=_moved_at_one_table(a, b),
        before=before,
        after={t.pk: _names(t.pk) for t in tables},
        user=user,
        note=note,
    )
    # The fairness figures count who partnered and met whom: they follow the seating
    # as it now is (a swap can make a repeated partner).
    tournament.rotation_quality = rotations.report(selectors.schedule_of(tournament)).as_dict()
    tournament.save(update_fields=["rotation_quality"])
    round.tournament.rotation_quality = tournament.rotation_quality
    return SeatSwap(round=rnd, first=first, second=second, tables=tuple(t.number for t in tables))


def _place(rnd: Round, player: Player) -> Seat | Bye:
    seat = Seat.objects.filter(table__round=rnd, player_id=player.pk).select_related("player")
    found = seat.first() or Bye.objects.filter(round=rnd, player_id=player.pk).first()
    if found is None:
        raise DomainError("swap_not_in_round", name=player.name, number=rnd.number)
    return found


def _names(table_pk: int) -> list[str]:
    return list(
        Seat.objects.filter(table_id=table_pk)
        .order_by("position")
        .values_list("player__name", flat=True)
    )


def _swap_seat_rows(a: Seat, b: Seat) -> None:
    # Each player's own seat link goes with them. Tokens are unique: park one first.
    Seat.objects.filter(pk=a.pk).update(token=new_table_token())
    Seat.objects.filter(pk=b.pk).update(player_id=a.player_id, token=a.token)
    Seat.objects.filter(pk=a.pk).update(player_id=b.player_id, token=b.token)


def _moved_at_one_table(a: Seat | Bye, b: Seat | Bye) -> dict[int, Seat]:
    """Seat pk -> the seat its person now has, for partners or opponents who swapped at
    one table (across tables, or with a bye, results stay with their own table)."""
    if isinstance(a, Seat) and isinstance(b, Seat) and a.table_id == b.table_id:
        return {a.pk: b, b.pk: a}
    return {}
