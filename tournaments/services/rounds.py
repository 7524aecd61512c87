"""A round's life cycle: planned, in play, closed.

A round starts here (start_round). It closes only through scoring.services.close_round
(or force_close_round), which checks the tables' results and writes the audit entry,
then calls mark_round_closed under its locks: a round never closes bare.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy

from core import locking
from core.errors import DomainError

from ..models import Round, RoundStartOverride, Tournament
from .common import clean_name, lock

REASON_MAX = RoundStartOverride._meta.get_field("reason").max_length


@transaction.atomic
def start_round(*, round: Round, user=None, start_anyway_reason: str = "") -> Round:
    """Put a planned round in play once the round before it is closed.

    Rounds go in order. Only a teams event, where each table moves on as soon as it
    finishes, may start a round while an earlier one is still in play: the organiser
    (`user`) says why in `start_anyway_reason`, and that is kept as a
    RoundStartOverride. No round starts before an earlier one has started.
    """
    locked = lock(round.tournament)
    row = locking.lock_round(round)
    if row.status != Round.Status.PLANNED:
        raise DomainError("round_already_started", number=row.number)
    earlier = list(
        Round.objects.filter(tournament=locked, number__lt=row.number)
        .exclude(status=Round.Status.CLOSED)
        .order_by("number")
        .values_list("number", "status")
    )
    waiting = [n for n, status in earlier if status == Round.Status.PLANNED]
    if waiting:
        raise DomainError("earlier_round_not_started", number=waiting[0])
    open_rounds = [n for n, _status in earlier]
    if open_rounds:
        _start_out_of_order(locked, row, open_rounds, user, clean_name(start_anyway_reason))
    row.status = Round.Status.IN_PLAY
    # A drawn round still a draft is published by starting it: it is being played.
    row.published = True
    row.save(update_fields=["status", "published"])
    round.status, round.published = row.status, row.published
    return row


def _start_out_of_order(
    tournament: Tournament, row: Round, open_rounds: list[int], user, reason: str
) -> None:
    """Refuse a start while `open_rounds` are in play, unless this is the audited
    override of a teams event."""
    refusal = DomainError(
        "previous_round_not_closed",
        count=len(open_rounds),
        number=row.number,
        open=", ".join(str(n) for n in open_rounds),
    )
    may_overlap = tournament.spec.rounds_may_overlap
    if not reason:
        details = (
            [
                gettext_lazy(
                    "In a teams event a table that has finished may move on: start the "
                    "round anyway and give the reason."
                )
            ]
            if may_overlap
            else []
        )
        raise DomainError("previous_round_not_closed", details=details, **refusal.params)
    if not may_overlap:
        raise DomainError("rounds_cannot_overlap", refusal=refusal)
    if len(reason) > REASON_MAX:
        raise DomainError("reason_too_long", max=REASON_MAX)
    if user is None:
        raise TypeError("start_round(start_anyway_reason=...) needs the organiser as user")
    RoundStartOverride.objects.create(round=row, open_rounds=open_rounds, reason=reason, user=user)


def mark_round_closed(rnd: Round) -> Round:
    """Mark a round in play closed. Only scoring.services.close_round calls this, inside
    its transaction and holding the round's locks: a round closes through the check of
    its results and leaves an entry in the audit trail, never bare."""
    if rnd.status != Round.Status.IN_PLAY:
        raise DomainError("round_not_in_play", number=rnd.number)
    rnd.status = Round.Status.CLOSED
    rnd.save(update_fields=["status"])
    return rnd
