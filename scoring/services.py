"""Writes for table results: submit, confirm, correct, close the round.

Every write locks the table's row before it reads the result, so two phones, a
double tap and an organiser all queue on the same lock: checks such as "the version
you edited is still the current one" and "you cannot confirm your own result" are
made on rows nobody else can change until we commit. The locks come from
tournaments.locking, in its one order (round, table, result), so a round closing
while tables submit waits for them instead of deadlocking.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import EngineError, check_final_score, check_round_totals
from tournaments import locking
from tournaments.locking import lock_table as _lock_table
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.services.rotation import _mark_closed

from . import selectors
from .errors import ScoringError
from .messages import rule_broken
from .models import ResultChange, TableResult

Via = ResultChange.Via


def submit_hands(
    *,
    table: Table,
    hands: Sequence[dict],
    seat: Seat,
    expected_version: int,
    idempotency_key: str,
    via: str = Via.TABLE_LINK,
) -> TableResult:
    """Stores the table's hands so far (the whole list), checked by the rules engine.

    The scorer sends every hand of the game each time (usually the stored ones plus
    one), so adding, editing or removing a hand are the same write.
    """
    return _write_result(
        table=table, seat=seat, user=None, via=via, expected_version=expected_version,
        idempotency_key=idempotency_key, hands=hands, side_points=None, note="",
    )


def submit_totals(
    *,
    table: Table,
    side_points: Sequence[int],
    seat: Seat,
    expected_version: int,
    idempotency_key: str,
    via: str = Via.TABLE_LINK,
) -> TableResult:
    """Stores each side's points (round totals, or a finished game's final score).

    `side_points` follows selectors.engine_sides: partnerships give two numbers
    (the side of engine seat 0 first), cutthroat and heads-up one per player.
    """
    return _write_result(
        table=table, seat=seat, user=None, via=via, expected_version=expected_version,
        idempotency_key=idempotency_key, hands=None, side_points=side_points, note="",
    )


def correct_result(
    *,
    table: Table,
    user,
    expected_version: int,
    idempotency_key: str,
    hands: Sequence[dict] | None = None,
    side_points: Sequence[int] | None = None,
    note: str = "",
) -> TableResult:
    """An organiser's correction (or a result entered for a table that sent none).

    The organiser's word confirms a complete result. Closed rounds can still be
    corrected: mistakes are often found after the round.
    """
    if (hands is None) == (side_points is None):
        raise ValueError("give either hands or side_points")
    return _write_result(
        table=table, seat=None, user=user, via=Via.ORGANISER,
        expected_version=expected_version, idempotency_key=idempotency_key, hands=hands,
        side_points=side_points, note=note,
    )


def confirm_result(
    *,
    table: Table,
    seat: Seat | None = None,
    user=None,
    via: str = Via.SEAT_LINK,
    idempotency_key: str | None = None,
) -> TableResult:
    """The other side (a seat) or an organiser (a user) confirms the table's result."""
    if (seat is None) == (user is None):
        raise ValueError("give either seat or user")
    with transaction.atomic():
        table, rnd = _lock_table(table)
        replayed = _replayed(table, idempotency_key)
        if replayed is not None:
            return replayed
        if user is not None:
            _require_organiser(rnd.tournament, user)
            via = Via.ORGANISER
        else:
            _require_seat_at(table, seat)
        if rnd.status != Round.Status.IN_PLAY and user is None:
            raise _round_not_open(rnd)
        result = locking.lock_result(table)
        if result is None or not result.complete:
            raise ScoringError(
                "not_finished",
                _("There is no finished result at this table to confirm yet."),
            )
        if result.is_confirmed:
            raise ScoringError("already_confirmed", _("This result is already confirmed."))
        if seat is not None and seat.side == result.submitted_side:
            raise ScoringError(
                "own_result",
                _("Your side entered this result, so the other side must confirm it."),
            )
        old = _snapshot(result)
        result.status = TableResult.Status.CONFIRMED
        result.confirmed_by_seat = seat
        result.confirmed_by_user = user
        result.confirmed_at = timezone.now()
        result.version += 1
        result.save()
        _audit(
            rnd=rnd, table=table, action=ResultChange.Action.CONFIRMED, via=via, user=user,
            seat=seat, old=old, new=_snapshot(result), version=result.version,
            idempotency_key=idempotency_key,
        )
        return result


def confirm_with_code(
    *, table: Table, code: str, idempotency_key: str | None = None
) -> TableResult:
    """Confirms from the table's page with the confirming player's card code."""
    wanted = (code or "").strip().upper()
    seat = (
        Seat.objects.select_related("player")
        .filter(table=table, player__code__iexact=wanted)
        .first()
        if wanted
        else None
    )
    if seat is None:
        raise ScoringError(
            "unknown_code",
            _("That code does not belong to anyone at this table; check the player's card."),
        )
    return confirm_result(
        table=table, seat=seat, via=Via.PLAYER_CODE, idempotency_key=idempotency_key
    )


def close_round(
    *, round: Round, user, force: bool = False, idempotency_key: str | None = None
) -> Round:
    """Closes the round once every table's result is confirmed.

    `force` closes it anyway (a table that never sent a result, a dispute the
    organiser settled otherwise); the audit trail keeps which tables were open.
    """
    with transaction.atomic():
        # Every table too: a result write in flight finishes first, later ones see
        # the round closed.
        rnd, _tables = locking.lock_round_and_tables(round)
        _require_organiser(rnd.tournament, user)
        if idempotency_key and ResultChange.objects.filter(
            idempotency_key=idempotency_key
        ).exists():
            return rnd
        if rnd.status != Round.Status.IN_PLAY:
            raise _round_not_open(rnd)
        open_tables = selectors.unconfirmed_tables(rnd)
        if open_tables and not force:
            raise ScoringError(
                "tables_not_confirmed",
                _("The round cannot close: %(tables)s not confirmed yet.")
                % {"tables": ", ".join(str(entry.table) for entry in open_tables)},
            )
        # The tournament app owns the round's life cycle; this module only decides
        # whether the results allow it to end (and is the only caller).
        rnd = _mark_closed(rnd)
        _audit(
            rnd=rnd,
            table=None,
            action=(
                ResultChange.Action.ROUND_FORCE_CLOSED
                if open_tables
                else ResultChange.Action.ROUND_CLOSED
            ),
            via=Via.ORGANISER,
            user=user,
            seat=None,
            old={"status": Round.Status.IN_PLAY.value},
            new={
                "status": Round.Status.CLOSED.value,
                "open_tables": {str(e.table.number): e.state for e in open_tables},
            },
            version=0,
            idempotency_key=idempotency_key,
        )
        return rnd


def force_close_round(*, round: Round, user, idempotency_key: str | None = None) -> Round:
    return close_round(round=round, user=user, force=True, idempotency_key=idempotency_key)


def _write_result(
    *,
    table: Table,
    seat: Seat | None,
    user,
    via: str,
    expected_version: int,
    idempotency_key: str,
    hands: Sequence[dict] | None,
    side_points: Sequence[int] | None,
    note: str,
) -> TableResult:
    with transaction.atomic():
        table, rnd = _lock_table(table)
        replayed = _replayed(table, idempotency_key)
        if replayed is not None:
            return replayed
        tournament = rnd.tournament
        if user is not None:
            _require_organiser(tournament, user)
        else:
            _require_seat_at(table, seat)
            if rnd.status != Round.Status.IN_PLAY:
                raise _round_not_open(rnd)
        result = locking.lock_result(table)
        current = result.version if result is not None else 0
        if expected_version != current:
            raise ScoringError(
                "conflict",
                _("Someone else changed this table's result while you were entering yours. "
                  "Nothing of yours was stored: check the result as it is now and enter "
                  "your change again."),
            )
        if result is not None and result.is_confirmed and user is None:
            raise ScoringError(
                "already_confirmed",
                _("This result is confirmed; only an organiser can change it now."),
            )
        fields = _checked_fields(table=table, tournament=tournament, hands=hands,
                                 side_points=side_points)
        old = _snapshot(result) if result is not None else None
        created = result is None
        if created:
            result = TableResult(table=table)
        for name, value in fields.items():
            setattr(result, name, value)
        result.version = current + 1
        if user is not None:
            result.submitted_by_user = user
            if result.complete:
                result.status = TableResult.Status.CONFIRMED
                result.confirmed_by_user = user
                result.confirmed_by_seat = None
                result.confirmed_at = timezone.now()
            else:
                # A game the organiser reopened (a hand removed) is played on and
                # confirmed again like any other.
                _unconfirm(result)
        else:
            result.submitted_by_seat = seat
            result.submitted_by_user = None
            result.submitted_side = seat.side
        result.save()
        _audit(
            rnd=rnd,
            table=table,
            action=(
                ResultChange.Action.CORRECTED if user is not None
                else ResultChange.Action.SUBMITTED
            ),
            via=via,
            user=user,
            seat=seat,
            old=old,
            new=_snapshot(result),
            version=result.version,
            idempotency_key=idempotency_key,
            note=note,
        )
        return result


def _checked_fields(
    *,
    table: Table,
    tournament: Tournament,
    hands: Sequence[dict] | None,
    side_points: Sequence[int] | None,
) -> dict:
    seats = selectors.engine_seats(table)
    names = [seat.player.name for seat in seats]
    try:
        rules = selectors.tournament_rules(tournament)
        if len(seats) != rules.players:
            raise ScoringError(
                "wrong_table_size",
                _("This table has %(seats)s players but the game needs %(players)s.")
                % {"seats": len(seats), "players": rules.players},
            )
        if hands is not None:
            evaluation = selectors.evaluate_hands(
                tournament=tournament, rules=rules, hands=list(hands)
            )
            return {
                "kind": TableResult.Kind.HANDS,
                "hands": [line.hand for line in evaluation.lines],
                "scores": list(evaluation.scores),
                "winners": list(evaluation.winners),
                "complete": evaluation.complete,
            }
        sides = selectors.engine_sides(rules)
        if len(side_points) != len(sides) or any(
            isinstance(p, bool) or not isinstance(p, int) for p in side_points
        ):
            raise ScoringError(
                "bad_totals",
                _("Give one whole number of points for each of the %(count)s sides.")
                % {"count": len(sides)},
            )
        scores = [0] * rules.players
        for side, points in zip(sides, side_points, strict=True):
            for engine_seat in side:
                scores[engine_seat] = points
        if tournament.round_play == Tournament.RoundPlay.GAME:
            winners = list(check_final_score(rules, scores))
            kind = TableResult.Kind.FINAL_SCORE
        else:
            check_round_totals(rules, scores, tournament.hands_per_round)
            best = max(scores)
            winners = [s for s in rules.seats if scores[s] == best] if best else []
            kind = TableResult.Kind.ROUND_TOTALS
    except EngineError as error:
        raise rule_broken(error, names) from None
    return {"kind": kind, "hands": [], "scores": scores, "winners": winners, "complete": True}


def _unconfirm(result: TableResult) -> None:
    result.status = TableResult.Status.PROVISIONAL
    result.confirmed_by_user = None
    result.confirmed_by_seat = None
    result.confirmed_at = None


def _replayed(table: Table, idempotency_key: str | None) -> TableResult | None:
    """The result as it stands when this submission was already applied, else None."""
    if not idempotency_key:
        return None
    earlier = ResultChange.objects.filter(idempotency_key=idempotency_key).first()
    if earlier is None:
        return None
    if earlier.table_id != table.pk:
        raise ScoringError(
            "duplicate_submission", _("This form was already used for another table.")
        )
    result = TableResult.objects.get(table=table)
    result.replayed = True
    return result


def _require_organiser(tournament: Tournament, user) -> None:
    if user is None or not tournament.is_organiser(user):
        raise ScoringError(
            "not_organiser", _("Only the organisers of this tournament can do that.")
        )


def _require_seat_at(table: Table, seat: Seat | None) -> None:
    if seat is None or seat.table_id != table.pk:
        raise ScoringError(
            "not_at_table", _("Choose your own seat at this table first.")
        )


def _round_not_open(rnd: Round) -> ScoringError:
    if rnd.status == Round.Status.CLOSED:
        return ScoringError("round_closed", _("This round is closed; results can no longer "
                                              "be entered or confirmed here."))
    return ScoringError("round_not_started", _("This round has not started yet."))


def _snapshot(result: TableResult) -> dict:
    return {
        "kind": result.kind,
        "hands": list(result.hands),
        "scores": list(result.scores),
        "status": result.status,
        "complete": result.complete,
    }


def _audit(
    *,
    rnd: Round,
    table: Table | None,
    action: str,
    via: str,
    user,
    seat: Seat | None,
    old: dict | None,
    new: dict | None,
    version: int,
    idempotency_key: str | None,
    note: str = "",
) -> ResultChange:
    try:
        # A savepoint: a key stored by a racing request surfaces as our own error
        # instead of breaking the surrounding transaction.
        with transaction.atomic():
            return ResultChange.objects.create(
                round=rnd, table=table, action=action, via=via, user=user, seat=seat,
                old=old, new=new, version=version, note=note[:200],
                idempotency_key=idempotency_key or None,
            )
    except IntegrityError:
        raise ScoringError(
            "duplicate_submission", _("This form was already sent; it was stored once.")
        ) from None
