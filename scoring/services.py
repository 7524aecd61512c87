"""Writes for table results: submit, confirm, dispute, correct or resolve, close the round.

Every write locks the table's row before it reads the result,
so two phones, a double tap and an organiser all queue on the same lock: checks
such as "the version you edited is still the current one" and "you cannot confirm
your own result" are made on rows nobody else can change until we commit.

Who may confirm (as at-table scoring systems do it: North enters, East verifies):
a result is confirmed when players of two different sides have vouched for the
version shown to them. A seat link or a player's card code proves a side; the
table's link proves nothing (anyone at the table holds it). So a submission from
a proven seat needs one proof from another side to be confirmed, and an unproven
one (the table link, a seat merely chosen) needs proofs from two sides. No single
side, whatever links and codes it holds, brings a result to "confirmed" alone.

Instead of confirming, a side that did not enter the result may dispute it, proven
the same way: then only the organiser settles it (as entered, or corrected) or that
side enters its own version, and the round cannot close, not even by force.

The locks come from core.locking, in its one order (round, table, result),
so a round closing while tables submit waits for them instead of deadlocking.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from core import locking
from core.errors import DomainError
from core.locking import lock_table as _lock_table
from core.permissions import can_organise
from scoring.engine import EngineError, check_totals, seat_scores
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.services.draw import draw_after_close
from tournaments.services.rounds import mark_round_closed

from . import selectors
from .errors import RuleBroken
from .models import DISPUTE_REASON_MAX, ResultChange, SeatResult, TableResult
from .seat_results import seat_result_rows

Via = ResultChange.Via


def submit_hands(
    *,
    table: Table,
    hands: Sequence[dict],
    seat: Seat | None,
    expected_version: int,
    idempotency_key: str,
    via: str = Via.TABLE_LINK,
    code: str = "",
) -> TableResult:
    """Stores the table's hands so far (the whole list), checked by the rules engine.

    The scorer sends every hand of the game each time (usually the stored ones plus
    one), so adding, editing or removing a hand are the same write.

    `via` says how the caller knows `seat`: SEAT_LINK (the seat's own token) or
    PLAYER_CODE (a code checked earlier, e.g. once per phone) prove it; TABLE_LINK
    means the seat was only chosen. A `code` is the scorer's card code, checked
    here: it proves (and names) the seat.
    """
    return _write_result(
        table=table,
        seat=seat,
        user=None,
        via=via,
        code=code,
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        hands=hands,
        side_points=None,
        note="",
    )


def submit_totals(
    *,
    table: Table,
    side_points: Sequence[int],
    seat: Seat | None,
    expected_version: int,
    idempotency_key: str,
    via: str = Via.TABLE_LINK,
    code: str = "",
) -> TableResult:
    """Stores each side's points (round totals, or a finished game's final score).

    `side_points` follows selectors.engine_sides: partnerships give two numbers
    (the side of engine seat 0 first), cutthroat and heads-up one per player.
    """
    return _write_result(
        table=table,
        seat=seat,
        user=None,
        via=via,
        code=code,
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        hands=None,
        side_points=side_points,
        note="",
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
        table=table,
        seat=None,
        user=user,
        via=Via.ORGANISER,
        code="",
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        hands=hands,
        side_points=side_points,
        note=note,
    )


@dataclass(frozen=True)
class RecordedHand:
    """A hand stored: the result as written, and the number of the hand changed (None
    when the hand was added after the last one)."""

    result: TableResult
    changed: int | None


def record_hand(
    *,
    table: Table,
    hand: dict,
    expected_version: int,
    idempotency_key: str,
    number: int | None = None,
    seat: Seat | None = None,
    user=None,
    via: str = Via.TABLE_LINK,
    code: str = "",
    note: str = "",
) -> RecordedHand:
    """Stores one hand: in place of hand `number` where the table has one, else after
    the last one. A scorer at the table gives `seat` (see submit_hands), an organiser
    correcting it `user` (see correct_result).

    The hand goes into the list as stored under the table's lock: the version check
    has made sure that is the list the page showed."""
    changed: list[int | None] = [None]

    def spliced(hands: list[dict]) -> list[dict]:
        if number and 1 <= number <= len(hands):
            changed[0] = number
            return [*hands[: number - 1], hand, *hands[number:]]
        return [*hands, hand]

    result = _write_hands(
        table=table,
        edit=spliced,
        seat=seat,
        user=user,
        via=via,
        code=code,
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        note=note,
    )
    if getattr(result, "replayed", False) and number and 1 <= number <= len(result.hands):
        # Sent again (a double tap): the hand was changed by the first send.
        changed[0] = number
    return RecordedHand(result=result, changed=changed[0])


def remove_last_hand(
    *,
    table: Table,
    seat: Seat | None,
    expected_version: int,
    idempotency_key: str,
    via: str = Via.TABLE_LINK,
    code: str = "",
) -> TableResult:
    """Takes the table's last hand back (a scorer's slip, or a hand entered twice)."""
    return _write_hands(
        table=table,
        edit=lambda hands: hands[:-1],
        seat=seat,
        user=None,
        via=via,
        code=code,
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        note="",
    )


def remove_hand(
    *, table: Table, number: int, user, expected_version: int, idempotency_key: str, note: str = ""
) -> TableResult:
    """An organiser's correction that takes hand `number` out; the later hands move up."""
    return _write_hands(
        table=table,
        edit=lambda hands: [h for i, h in enumerate(hands, start=1) if i != number],
        seat=None,
        user=user,
        via=Via.ORGANISER,
        code="",
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        note=note,
    )


def _write_hands(
    *,
    table: Table,
    edit: Callable[[list[dict]], list[dict]],
    seat: Seat | None,
    user,
    via: str,
    code: str,
    expected_version: int,
    idempotency_key: str,
    note: str,
) -> TableResult:
    return _write_result(
        table=table,
        seat=seat if user is None else None,
        user=user,
        via=Via.ORGANISER if user is not None else via,
        code=code if user is None else "",
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        hands=edit,
        side_points=None,
        note=note,
    )


PROVEN_VIAS = frozenset({Via.SEAT_LINK, Via.PLAYER_CODE})
# Every refusal of a typed code shares one code and one sentence per form, so an
# answer never tells whether a guess belongs to someone at the table; callers count
# these against the guessing limits (scoring.throttle).
WRONG_CODE = "wrong_code"


@dataclass(frozen=True)
class Proof:
    """A seat shown to be present: by its own link (SEAT_LINK) or by its player's card
    code (PLAYER_CODE). A caller builds one only from a token or code it checked."""

    seat: Seat
    via: str

    def __post_init__(self):
        if self.via not in PROVEN_VIAS:
            raise ValueError(f"{self.via!r} proves no seat")


@dataclass(frozen=True)
class Claim:
    """A player who took the phone, tapped their own name and typed their card code:
    the code is checked against that seat only (see confirm_result)."""

    seat: Seat
    code: str


def confirms_alone(result: TableResult | None, proofs: Sequence[Proof]) -> bool:
    """Whether `proofs`, with the side that entered `result`, make the two sides a
    confirmation needs: a phone holding such a proof confirms with one tap."""
    if result is None or not proofs:
        return False
    return _two_sides(result, proofs)


def sides_vouching(result: TableResult | None, proofs: Sequence[Proof]) -> set[int]:
    """The sides already vouching for `result`: the side that entered it, if that
    side was proven, and the side of each proof."""
    entered = result.submitted_side if result is not None else None
    return ({entered} - {None}) | {proof.seat.side for proof in proofs}


def proofs_still_needed(result: TableResult | None, proofs: Sequence[Proof]) -> int:
    """How many more players (a card code or a seat link each) confirm `result` with
    `proofs`: none, one of another side once a side is known, else one of each side."""
    if result is not None and proofs and _two_sides(result, proofs):
        return 0
    return 1 if sides_vouching(result, proofs) else 2


def confirmers(
    *, result: TableResult | None, seats: Sequence[Seat], proofs: Sequence[Proof] = ()
) -> list[Seat]:
    """The players the phone may be handed to: each seat whose own proof, added to
    `proofs`, would confirm `result`. Never a seat of the side that entered it.

    Empty when `proofs` already confirm it (nobody else is needed) or when one more
    player cannot (nobody proved who entered it and the phone proves no seat: then
    a player of each side types their code)."""
    if result is None or not result.complete or result.is_confirmed:
        return []
    if proofs and _two_sides(result, proofs):
        return []
    return [
        seat
        for seat in seats
        if _two_sides(result, [*proofs, Proof(seat=seat, via=Via.PLAYER_CODE)])
    ]


def require_confirmer(result: TableResult, seat: Seat, proofs: Sequence[Proof] = ()) -> None:
    """Refuses, in the rule's words, a player who could not confirm `result` even with
    their code: one of the side that entered it, or one alone when a side must join."""
    _require_two_sides(result, [*proofs, Proof(seat=seat, via=Via.PLAYER_CODE)], typed=0)


def confirm_result(
    *,
    table: Table,
    expected_version: int,
    proofs: Sequence[Proof] = (),
    codes: Sequence[str] = (),
    claims: Sequence[Claim] = (),
    user=None,
    idempotency_key: str | None = None,
    resolving: bool = False,
    note: str = "",
) -> TableResult:
    """Confirms the version of the result the confirmer was shown.

    Players confirm with `proofs` (seat links, or codes checked before), card
    `codes` of anyone at the table and `claims` (a named seat and its code), both
    checked here: with the side that entered the result, if that side was proven,
    they must make two different sides. An organiser (`user`) confirms alone; on a
    disputed result that resolves the dispute as entered (`resolving` insists on a
    dispute, `note` says why in the history). Players never confirm a disputed result.
    """
    if user is not None and (proofs or codes or claims):
        raise ValueError("an organiser confirms without seats or codes")
    with transaction.atomic():
        table, rnd = _lock_table(table)
        replayed = _replayed(table, idempotency_key)
        if replayed is not None:
            return replayed
        if user is not None:
            _require_organiser(rnd.tournament, user)
        elif not proofs and not _typed(codes) and not claims:
            raise DomainError("no_proof")
        if rnd.status != Round.Status.IN_PLAY and user is None:
            raise _round_not_open(rnd)
        result = locking.lock_result(table)
        if result is None:
            raise _not_finished()
        if result.is_confirmed:
            raise DomainError("already_confirmed")
        if resolving and not result.is_disputed:
            raise DomainError("not_disputed")
        if result.is_disputed and user is None:
            # Players no longer settle it between them: the organiser does, or the
            # disputing side enters its own version.
            raise DomainError("disputed")
        if expected_version != result.version:
            raise DomainError("result_changed")
        if not result.complete:
            raise _not_finished()
        proofs = [*proofs, *_proofs_from_codes(table, codes), *_proofs_from_claims(table, claims)]
        for proof in proofs:
            _require_seat_at(table, proof.seat)
        if user is None:
            _require_two_sides(result, proofs, typed=len(_typed(codes)))
        old = _snapshot(result)
        was_disputed = _end_dispute(result)
        result.status = TableResult.Status.CONFIRMED
        confirmer = next(
            (p.seat for p in reversed(proofs) if p.seat.side != result.submitted_side), None
        )
        result.confirmed_by_seat = confirmer
        result.confirmed_by_user = user
        result.confirmed_at = timezone.now()
        result.version += 1
        result.save()
        new = _snapshot(result)
        # One line per player who vouched, so the history names each of them; the
        # last carries the change and the request's key.
        for proof in proofs[:-1]:
            _audit(
                rnd=rnd,
                table=table,
                action=ResultChange.Action.CONFIRMED,
                via=proof.via,
                user=None,
                seat=proof.seat,
                old=None,
                new=None,
                version=result.version,
                idempotency_key=None,
            )
        last = proofs[-1] if proofs else None
        _audit(
            rnd=rnd,
            table=table,
            action=(
                ResultChange.Action.DISPUTE_CONFIRMED
                if was_disputed
                else ResultChange.Action.CONFIRMED
            ),
            via=last.via if last else Via.ORGANISER,
            user=user,
            seat=last.seat if last else None,
            old=old,
            new=new,
            version=result.version,
            idempotency_key=idempotency_key,
            note=note,
        )
        return result


def dispute_result(
    *,
    table: Table,
    expected_version: int,
    reason: str,
    proofs: Sequence[Proof] = (),
    codes: Sequence[str] = (),
    claims: Sequence[Claim] = (),
    idempotency_key: str | None = None,
) -> TableResult:
    """ "That is not what we played": a side that did not enter the result answers the
    version shown to it with a short reason instead of confirming it.

    Its player is proven as a confirmer is (`proofs`, card `codes`, `claims`, checked
    here). The table is then disputed until the organiser resolves it
    (resolve_dispute, or a correction) or that side enters its own version (which is
    then provisional, for the other side to confirm); the round cannot close meanwhile.
    """
    reason = " ".join((reason or "").split())
    with transaction.atomic():
        table, rnd = _lock_table(table)
        replayed = _replayed(table, idempotency_key)
        if replayed is not None:
            return replayed
        if not reason:
            raise DomainError("dispute_reason_missing")
        if len(reason) > DISPUTE_REASON_MAX:
            raise DomainError("dispute_reason_too_long", max=DISPUTE_REASON_MAX)
        if not proofs and not _typed(codes) and not claims:
            raise DomainError("dispute_no_proof")
        if rnd.status != Round.Status.IN_PLAY:
            raise _round_not_open(rnd, doing="dispute")
        result = locking.lock_result(table)
        if result is None or not result.complete:
            raise DomainError("not_finished:dispute")
        if result.is_confirmed:
            raise DomainError("already_confirmed:organiser_only")
        if result.is_disputed:
            raise DomainError("already_disputed")
        if expected_version != result.version:
            raise DomainError("result_changed:dispute")
        proofs = [*proofs, *_proofs_from_codes(table, codes), *_proofs_from_claims(table, claims)]
        for proof in proofs:
            _require_seat_at(table, proof.seat)
        entered_by = entering_side(result)
        disputer = next((p for p in proofs if p.seat.side != entered_by), None)
        if disputer is None:
            # A typed code of the side that entered it is refused as any wrong code,
            # so an answer never tells whose a guessed code is.
            raise _wrong_confirm_code(1) if _typed(codes) else DomainError("own_result:dispute")
        old = _snapshot(result)
        result.status = TableResult.Status.DISPUTED
        result.disputed_side = disputer.seat.side
        result.disputed_by_seat = disputer.seat
        result.dispute_reason = reason
        result.version += 1
        result.save()
        _audit(
            rnd=rnd,
            table=table,
            action=ResultChange.Action.DISPUTED,
            via=disputer.via,
            user=None,
            seat=disputer.seat,
            old=old,
            new=_snapshot(result),
            version=result.version,
            idempotency_key=idempotency_key,
            note=reason,
        )
        return result


def resolve_dispute(
    *,
    table: Table,
    user,
    expected_version: int,
    idempotency_key: str | None = None,
    hands: Sequence[dict] | None = None,
    side_points: Sequence[int] | None = None,
    note: str = "",
) -> TableResult:
    """The organiser settles a disputed result: confirmed as entered (neither `hands`
    nor `side_points`), or corrected to them. Either ends the dispute, in the history."""
    if hands is None and side_points is None:
        return confirm_result(
            table=table,
            user=user,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
            resolving=True,
            note=note,
        )
    if hands is not None and side_points is not None:
        raise ValueError("give either hands or side_points")
    return _write_result(
        table=table,
        seat=None,
        user=user,
        via=Via.ORGANISER,
        code="",
        expected_version=expected_version,
        idempotency_key=idempotency_key or "",
        hands=hands,
        side_points=side_points,
        note=note,
        resolving=True,
    )


def disputes_alone(result: TableResult | None, proof: Proof | None) -> bool:
    """Whether `proof` (the phone's seat link or checked code) is of a side that may
    dispute `result`: a side other than the one that entered it."""
    return result is not None and proof is not None and proof.seat.side != entering_side(result)


def entering_side(result: TableResult) -> int | None:
    """The side that entered `result`: proven, or else the side of the seat it was
    entered as (the only side known to stand behind it)."""
    if result.submitted_side is not None:
        return result.submitted_side
    seat = result.submitted_by_seat
    return seat.side if seat is not None else None


def _end_dispute(result: TableResult) -> bool:
    """Clears the dispute (the history keeps it); whether there was one."""
    was_disputed = result.is_disputed
    result.disputed_side = None
    result.disputed_by_seat = None
    result.dispute_reason = ""
    return was_disputed


def _require_disputing_side(result: TableResult, seat: Seat, via: str) -> None:
    """While a table is disputed, only the side that disputed it writes at the table:
    its own version ends the dispute. An unproven phone could be anyone's."""
    if via not in PROVEN_VIAS or seat.side != result.disputed_side:
        raise DomainError("disputed:own_version")


def _typed(codes: Sequence[str]) -> list[str]:
    return [code for code in ((c or "").strip().upper() for c in codes) if code]


def _proofs_from_codes(table: Table, codes: Sequence[str]) -> list[Proof]:
    wanted = _typed(codes)
    by_code = {seat.player.code.upper(): seat for seat in table.seats.all()}
    seats = [by_code.get(code) for code in wanted]
    if any(seat is None for seat in seats) or len(set(wanted)) != len(wanted):
        raise _wrong_confirm_code(len(wanted))
    return [Proof(seat=seat, via=Via.PLAYER_CODE) for seat in seats]


def _proofs_from_claims(table: Table, claims: Sequence[Claim]) -> list[Proof]:
    """A named seat's code proves that seat, or nothing: the refusal is the same as
    for any wrong code, so it never tells whose code a guess was."""
    proofs = []
    for claim in claims:
        wanted = (claim.code or "").strip().upper()
        seat = next((s for s in table.seats.all() if s.pk == claim.seat.pk), None)
        if seat is None or not wanted or seat.player.code.upper() != wanted:
            raise DomainError("wrong_code:own_card")
        proofs.append(Proof(seat=seat, via=Via.PLAYER_CODE))
    return proofs


def _two_sides(result: TableResult, proofs: Sequence[Proof]) -> bool:
    """The rule: the sides vouching (the proven side that entered it and every proof)
    are at least two, and at least one proof is not of the side that entered it."""
    entered_by = {result.submitted_side} - {None}
    proof_sides = {proof.seat.side for proof in proofs}
    return len(entered_by | proof_sides) >= 2 and bool(proof_sides - entered_by)


def _require_two_sides(result: TableResult, proofs: Sequence[Proof], *, typed: int) -> None:
    if _two_sides(result, proofs):
        return
    entered_by = {result.submitted_side} - {None}
    proof_sides = {proof.seat.side for proof in proofs}
    if typed:
        raise _wrong_confirm_code(typed)
    if proof_sides <= entered_by:
        raise DomainError("own_result")
    raise DomainError("needs_both_sides")


def _wrong_confirm_code(typed: int) -> DomainError:
    if typed > 1:
        return DomainError("wrong_code:each_side")
    return DomainError("wrong_code")


def _not_finished() -> DomainError:
    return DomainError("not_finished")


def close_round(
    *, round: Round, user, force: bool = False, idempotency_key: str | None = None
) -> Round:
    """Closes the round once every table's result is confirmed.

    `force` closes it anyway (a table that never sent a result, a dispute the
    organiser settled otherwise); the audit trail keeps which tables were open.
    """
    with transaction.atomic():
        per_round = round.tournament.spec.per_round
        if per_round:
            # Closing draws the next round, which writes under the tournament's lock:
            # taken first, as core.locking orders it.
            locking.lock_tournament(round.tournament)
        # Every table too: a result write in flight finishes first, later ones see
        # the round closed.
        rnd, _tables = locking.lock_round_and_tables(round)
        _require_organiser(rnd.tournament, user)
        if (
            idempotency_key
            and ResultChange.objects.filter(idempotency_key=idempotency_key).exists()
        ):
            return rnd
        if rnd.status != Round.Status.IN_PLAY:
            raise _round_not_open(rnd)
        open_tables = selectors.unconfirmed_tables(rnd)
        disputed = [entry for entry in open_tables if entry.state == selectors.DISPUTED]
        if disputed:
            # Not even by force: a dispute is settled by the organiser, never by closing.
            raise DomainError(
                "tables_disputed",
                tables=", ".join(str(entry.table.number) for entry in disputed),
                count=len(disputed),
            )
        if open_tables and not force:
            raise DomainError(
                "tables_not_confirmed", tables=", ".join(str(entry.table) for entry in open_tables)
            )
        # The tournament app owns the round's life cycle; this module only decides
        # whether the results allow it to end (and is the only caller).
        rnd = mark_round_closed(rnd)
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
        if per_round:
            # Round N closed: round N+1 is drawn as a draft, unless the night is over.
            draw_after_close(tournament=rnd.tournament)
        return rnd


def force_close_round(*, round: Round, user, idempotency_key: str | None = None) -> Round:
    return close_round(round=round, user=user, force=True, idempotency_key=idempotency_key)


def _write_result(
    *,
    table: Table,
    seat: Seat | None,
    user,
    via: str,
    code: str,
    expected_version: int,
    idempotency_key: str,
    hands: Sequence[dict] | Callable[[list[dict]], list[dict]] | None,
    side_points: Sequence[int] | None,
    note: str,
    resolving: bool = False,
) -> TableResult:
    """`hands`: the whole list, or an edit of the stored list (made once the version
    check has shown it is the list the writer saw)."""
    with transaction.atomic():
        table, rnd = _lock_table(table)
        replayed = _replayed(table, idempotency_key)
        if replayed is not None:
            return replayed
        tournament = rnd.tournament
        if user is not None:
            _require_organiser(tournament, user)
        else:
            seat, via = _scorer_seat(table, seat, via, code)
            if rnd.status != Round.Status.IN_PLAY:
                raise _round_not_open(rnd)
        _require_entry_mode(tournament, hands=hands)
        result = locking.lock_result(table)
        current = result.version if result is not None else 0
        if expected_version != current:
            raise DomainError("conflict")
        if result is not None and result.is_confirmed and user is None:
            raise DomainError("already_confirmed:organiser_only")
        if resolving and (result is None or not result.is_disputed):
            raise DomainError("not_disputed")
        if result is not None and result.is_disputed and user is None:
            _require_disputing_side(result, seat, via)
        if callable(hands):
            hands = hands(list(result.hands or []) if result is not None else [])
        fields = _checked_fields(
            table=table, tournament=tournament, hands=hands, side_points=side_points
        )
        old = _snapshot(result) if result is not None else None
        created = result is None
        if created:
            result = TableResult(table=table)
        was_disputed = _end_dispute(result)
        # The table as locked (seats, players, round): callers answer with it.
        result.table = table
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
            # The seat as named; its side only when proven, since the side that
            # entered the result is the one that cannot confirm it alone.
            result.submitted_by_seat = seat
            result.submitted_by_user = None
            result.submitted_side = seat.side if via in PROVEN_VIAS else None
            if was_disputed:
                # The disputing side's own version: now the other side confirms it.
                _unconfirm(result)
        result.save()
        _store_seat_results(result, table, tournament)
        _audit(
            rnd=rnd,
            table=table,
            action=_write_action(user, was_disputed),
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


def _write_action(user, was_disputed: bool) -> str:
    if user is None:
        return ResultChange.Action.SUBMITTED
    if was_disputed:
        return ResultChange.Action.DISPUTE_CORRECTED
    return ResultChange.Action.CORRECTED


def _store_seat_results(result: TableResult, table: Table, tournament: Tournament) -> None:
    """Each seat's share of the result, replaced with the result itself, for standings."""
    rows = seat_result_rows(
        SeatResult,
        result=result,
        seats=selectors.engine_seats(table),
        rules=selectors.tournament_rules(tournament),
    )
    SeatResult.objects.filter(result=result).delete()
    SeatResult.objects.bulk_create(rows)


def seat_for_code(*, table: Table, code: str, seat: Seat | None = None) -> Seat:
    """The seat at `table` whose player's card code this is (and, given `seat`, that
    seat's): how a phone holding only the table's link proves whose seat it is."""
    wanted = (code or "").strip().upper()
    found = next((s for s in table.seats.all() if wanted and s.player.code.upper() == wanted), None)
    if found is None or (seat is not None and seat.pk != found.pk):
        raise DomainError("wrong_code:own_card")
    return found


def _scorer_seat(table: Table, seat: Seat | None, via: str, code: str) -> tuple[Seat, str]:
    """The seat entering a result and how we know it (see submit_hands)."""
    if (code or "").strip() and via != Via.SEAT_LINK:
        return seat_for_code(table=table, code=code, seat=seat), Via.PLAYER_CODE
    _require_seat_at(table, seat)
    return seat, via


def _require_entry_mode(tournament: Tournament, *, hands: Sequence[dict] | None) -> None:
    """The tournament's entry mode is a rule: a write of the other kind would replace
    what the table stored (hands by totals, or the reverse)."""
    by_hands = tournament.entry_mode == Tournament.EntryMode.HANDS
    if by_hands and hands is None:
        raise DomainError("hands_only")
    if not by_hands and hands is not None:
        raise DomainError("totals_only")


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
            raise DomainError("wrong_table_size", seats=len(seats), players=rules.players)
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
            raise DomainError("bad_totals", count=len(sides))
        scores = list(seat_scores(rules, side_points))
        spec = selectors.round_spec(tournament)
        winners = list(check_totals(rules, spec, scores))
        kind = TableResult.Kind.FINAL_SCORE if spec.is_game else TableResult.Kind.ROUND_TOTALS
    except EngineError as error:
        # Worded when shown, in the language of whoever reads it.
        raise RuleBroken(error, seat_names=names) from None
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
        raise DomainError("duplicate_submission:other_table")
    result = TableResult.objects.get(table=table)
    result.table = table
    result.replayed = True
    return result


def _require_organiser(tournament: Tournament, user) -> None:
    if not can_organise(user, tournament):
        raise DomainError("not_organiser")


def _require_seat_at(table: Table, seat: Seat | None) -> None:
    if seat is None or seat.table_id != table.pk:
        raise DomainError("not_at_table")


def _round_not_open(rnd: Round, *, doing: str = "") -> DomainError:
    suffix = f":{doing}" if doing else ""
    if rnd.status == Round.Status.CLOSED:
        return DomainError("round_closed" + suffix)
    return DomainError("round_not_started")


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
        # No savepoint of its own (two round trips on every write): a key stored by a
        # racing request raises, and every caller's transaction ends with that error.
        return ResultChange.objects.create(
            round=rnd,
            table=table,
            action=action,
            via=via,
            user=user,
            seat=seat,
            old=old,
            new=new,
            version=version,
            note=note[:200],
            idempotency_key=idempotency_key or None,
        )
    except IntegrityError:
        raise DomainError("duplicate_submission") from None


def follow_seat_swap(
    *,
    round: Round,
    tables: Sequence[Table],
    moved: Mapping[int, Seat],
    before: Mapping[int, list[str]],
    after: Mapping[int, list[str]],
    user,
    note: str,
) -> None:
    """Two players of `round` swapped seats (tournaments.services.swaps, which holds the
    round's, the tables' and their results' locks). Results stay with the seats; what
    names a person follows them: where `moved` maps a seat to the seat its person now
    has (a swap at one table), the records of who entered or confirmed point at the
    new seat, and the submitting side is that seat's side. Every table's result gets a
    new version (phones showing the old names reload first) and one audit line, with
    the players `before` and `after` by table pk."""
    results = {r.table_id: r for r in TableResult.objects.filter(table__in=tables)}
    if moved:
        for pk, ids in {
            pk: list(ResultChange.objects.filter(seat_id=pk).values_list("pk", flat=True))
            for pk in moved
        }.items():
            ResultChange.objects.filter(pk__in=ids).update(seat_id=moved[pk].pk)
        for result in results.values():
            fields = {}
            for name in ("submitted_by_seat_id", "confirmed_by_seat_id"):
                if getattr(result, name) in moved:
                    fields[name] = moved[getattr(result, name)].pk
            if "submitted_by_seat_id" in fields:
                fields["submitted_side"] = moved[result.submitted_by_seat_id].side
            if fields:
                TableResult.objects.filter(pk=result.pk).update(**fields)
    for table in tables:
        result = results.get(table.pk)
        version = 0
        if result is not None:
            version = result.version + 1
            TableResult.objects.filter(pk=result.pk).update(version=version)
        ResultChange.objects.create(
            round=round,
            table=table,
            action=ResultChange.Action.SEATS_SWAPPED,
            via=Via.ORGANISER,
            user=user if getattr(user, "is_authenticated", False) else None,
            old={"players": before[table.pk]},
            new={"players": after[table.pk]},
            version=version,
            note=note[:200],
        )
