"""The table's phone page: one small view per button. Thin: read a form, call a
service, show its error in the scorer's words; nothing here decides a rule.

Every button posts to the table's own address with an `action` field (the page's
forms, htmx and the offline queue in static/js/hand_queue.js alike), and
`table_entry` hands the post to that action's view."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from core.error_catalog import (
    ALREADY_CONFIRMED,
    ALREADY_DISPUTED,
    CONFLICT,
    OWN_RESULT,
    RESULT_CHANGED,
    WRONG_CODE,
)
from core.errors import DomainError
from tournaments import where_next
from tournaments.models import Player, Round, Seat, Table, Tournament

from . import offline, selectors, services
from .card_link import where_now
from .errors import RuleBroken
from .forms import (
    ConfirmAsForm,
    ConfirmForm,
    DisputeForm,
    HandForm,
    OutcomeForm,
    SeatChoiceForm,
    SubmissionForm,
    TotalsForm,
    fresh,
    new_idempotency_key,
)
from .messages import who_confirms
from .models import ResultChange, TableResult
from .outcome_buttons import detail_question, outcome_columns, tapped
from .refusals import flash_refusal, not_understood, on_form
from .throttle import confirming_sides, guessing_limited

Via = ResultChange.Via

# How often a phone on a played table asks where its players go next: the next round
# reaches the room within this many seconds of being published.
WHERE_NEXT_POLL_SECONDS = 10


@dataclass
class TablePage:
    """A request to the table's page: the table as read, and who is scoring on this
    phone (the seat link's seat, or the one remembered) and how that is known."""

    request: object
    table: Table
    summary: selectors.TableSummary
    scorer: Seat | None
    via: str
    seat_link: Seat | None

    @property
    def path(self) -> str:
        return self.request.path

    def proof(self) -> services.Proof | None:
        if self.scorer is not None and self.via in services.PROVEN_VIAS:
            return services.Proof(seat=self.scorer, via=self.via)
        return None


@dataclass
class Shown:
    """What a post puts back on the page it answers with: the forms posted (refused,
    or asking one more thing), a note, and the answer's status."""

    hand: HandForm | None = None
    outcome: OutcomeForm | None = None
    totals: TotalsForm | None = None
    seat: SeatChoiceForm | None = None
    confirm: ConfirmForm | None = None
    dispute: DisputeForm | None = None
    note: str = ""
    note_error: bool = False
    asking: dict | None = None
    status: int = 200
    # A hand just stored: the page shows the table as the write locked it.
    stored: TableResult | None = field(default=None, repr=False)

    def forms(self) -> list:
        posted = (self.hand, self.outcome, self.totals, self.seat, self.confirm, self.dispute)
        return [form for form in posted if form is not None]


def _session_key(table: Table) -> str:
    return f"scoring:seat:{table.pk}"


def _table(token: str) -> Table:
    try:
        return selectors.table_for_token(token)
    except Table.DoesNotExist:
        raise Http404(_("There is no table behind this link.")) from None


def _remember(request, table: Table, seat: Seat, via: str) -> None:
    """This phone's scorer at the table, and how it was shown: the seat link or a card
    code prove it (PLAYER_CODE, SEAT_LINK); a seat only chosen is TABLE_LINK. The
    player's card version is kept with it: a reissued card ends that proof."""
    remembered = {"seat": seat.pk, "via": via, "card": seat.player.card_version}
    # Unchanged, the session is not written again: a seat link's every tap would
    # otherwise cost a session write (three round trips to the database).
    if request.session.get(_session_key(table)) != remembered:
        request.session[_session_key(table)] = remembered


def _scorer(request, summary: selectors.TableSummary) -> tuple[Seat | None, str]:
    stored = request.session.get(_session_key(summary.table))
    if not isinstance(stored, dict):
        return None, Via.TABLE_LINK
    seat = next((s.seat for s in summary.seats if s.seat.pk == stored.get("seat")), None)
    via = stored.get("via")
    # Proven under a card since reissued (tournaments.services.reissue): the phone
    # may have been the lost card's finder's, so it proves nothing any more.
    # (Remembered before versions existed: the first card's.)
    reissued = seat is not None and stored.get("card", 1) != seat.player.card_version
    proven = via in services.PROVEN_VIAS and not reissued
    return seat, via if proven else Via.TABLE_LINK


@require_http_methods(["GET", "POST"])
def table_entry(request, token: str):
    return _entry(request, _table(token), seat_link=None)


@require_http_methods(["GET", "POST"])
def seat_entry(request, token: str):
    seat = get_object_or_404(
        Seat.objects.select_related("table", "player"), token=token, table__round__published=True
    )
    # The seat link speaks for that seat: entries from this phone are theirs.
    _remember(request, seat.table, seat, Via.SEAT_LINK)
    return _entry(request, _table(seat.table.token), seat_link=seat)


@require_GET
def table_history(request, token: str):
    summary = selectors.table_summary(_table(token))
    changes = selectors.history_entries(summary)
    return render(request, "scoring/table_history.html", {"summary": summary, "changes": changes})


def _entry(request, table: Table, *, seat_link: Seat | None):
    if request.method == "GET" and "where_next" in request.GET:
        return _where_next_part(request, table, seat_link)
    summary = selectors.table_summary(table)
    if seat_link is not None:
        scorer, via = seat_link, Via.SEAT_LINK
    else:
        scorer, via = _scorer(request, summary)
    page = TablePage(request, table, summary, scorer, via, seat_link)
    if request.method == "GET":
        if "confirm" in request.GET:
            return _confirm_step_page(page)
        return _show(page, Shown(), summary)
    response = ACTIONS.get(request.POST.get("action", ""), _unknown_action)(page)
    if offline.is_queued_send(request) and not isinstance(response, JsonResponse):
        # A hand from the phone's offline queue: a plain answer, not a page.
        return offline.queued_answer(request, table)
    return response


def _next_players(request, table: Table, seat_link: Seat | None) -> list[Player]:
    """Whose next seat this phone shows: the seat link's player, or the scorer this
    phone chose; else everyone at the table (a phone on the table link)."""
    seats = list(table.seats.all())
    if seat_link is not None:
        return [seat_link.player]
    stored = request.session.get(_session_key(table))
    chosen = stored.get("seat") if isinstance(stored, dict) else None
    mine = [s.player for s in seats if s.pk == chosen]
    return mine or [s.player for s in sorted(seats, key=lambda s: s.position)]


def _where_next_context(request, table: Table, seat_link: Seat | None) -> dict:
    players = _next_players(request, table, seat_link)
    lines = where_next.where_next(table.round.tournament, players, after=table.round.number)
    if len({line.words for line in lines}) == 1 and not lines[0].known:
        # "Not out yet" (or the night over) for all: said once, to the whole table.
        lines = lines[:1]
    return {
        "where_next": lines,
        "where_next_names": len(lines) > 1,
        "where_next_poll": WHERE_NEXT_POLL_SECONDS,
    }


def _where_next_part(request, table: Table, seat_link: Seat | None) -> HttpResponse:
    """The "where next" box alone, for the phone's poll: a few queries, no result read."""
    return render(
        request, "scoring/_where_next.html", _where_next_context(request, table, seat_link)
    )


def _again(page: TablePage, shown: Shown) -> HttpResponse:
    """The page again after a post, with what the post puts back on it; for a hand from
    the offline queue, the queue's plain answer. A refused post answers with its
    status (htmx swaps it in all the same), never 200."""
    if offline.is_queued_send(page.request):
        return offline.queued_answer(
            page.request,
            page.table,
            forms=shown.forms(),
            note=shown.note if shown.note_error else "",
            asking=shown.asking,
        )
    summary = (
        selectors.table_summary(shown.stored.table, result=shown.stored)
        if shown.stored is not None
        else selectors.table_summary(page.table)
    )
    return _show(page, shown, summary)


def _show(page: TablePage, shown: Shown, summary: selectors.TableSummary) -> HttpResponse:
    return render(
        page.request,
        "scoring/table_entry.html",
        _context(page, summary, shown),
        status=shown.status,
    )


def _context(page: TablePage, summary: selectors.TableSummary, shown: Shown) -> dict:
    request, scorer, seat_link = page.request, page.scorer, page.seat_link
    editing = None
    edit = request.GET.get("edit", "")
    if edit.isdigit() and 1 <= int(edit) <= len(summary.hands) and shown.hand is None:
        editing = int(edit)
    hand_form = shown.hand or HandForm.for_hand(summary, editing)
    totals_initial = {}
    if summary.result is not None and summary.result.scores and not summary.result.hands:
        totals_initial = {f"side_{side.index}": side.score for side in summary.sides}
    totals_form = shown.totals or TotalsForm(
        initial=fresh(totals_initial, version=summary.version), summary=summary
    )
    proof = page.proof()
    offered = {seat.pk for seat in _offered(summary, [proof] if proof else [])}
    by_outcome = summary.tournament.hand_entry == Tournament.HandEntry.OUTCOME
    # While disputed, only the disputing side's phone enters (its own version).
    own_version = (
        summary.state == selectors.DISPUTED
        and proof is not None
        and proof.seat.side == summary.result.disputed_side
    )
    return {
        "by_outcome": by_outcome,
        "note": shown.note,
        "note_error": shown.note_error,
        "summary": summary,
        # The players this phone may be handed to, each tapping their own name.
        "handoff": [view for view in summary.seats if view.seat.pk in offered],
        "my_code": seat_link.player.code if seat_link is not None else "",
        "scorer": scorer,
        "scorer_proven": proof is not None,
        "seat_link": seat_link,
        "editing": editing or (hand_form.data.get("hand_number") if hand_form.is_bound else None),
        "by_hands": summary.tournament.entry_mode == Tournament.EntryMode.HANDS,
        "hand_form": hand_form,
        "totals_form": totals_form,
        "seat_form": shown.seat
        or SeatChoiceForm(initial={"seat": scorer.pk if scorer else None}, summary=summary),
        "confirm_form": shown.confirm
        or ConfirmForm(initial=fresh(version=summary.version), summary=summary, proof=proof),
        "dispute_form": shown.dispute or _dispute_form(summary, proof),
        "own_version": own_version,
        "remove_form": {"version": summary.version, "idempotency_key": new_idempotency_key()},
        # A closed round's page is no dead end: it leads to where the player sits now.
        "where_now": where_now((seat_link or scorer).player, seat_link=seat_link is not None)
        if summary.round.status == Round.Status.CLOSED and (seat_link or scorer)
        else "",
        # A table whose result is in says where its players go next, and keeps asking
        # until that is out: the room moves on while the phone lies on the table.
        **(
            _where_next_context(request, page.table, seat_link)
            if summary.round.status == Round.Status.CLOSED
            or summary.state in (selectors.PROVISIONAL, selectors.CONFIRMED)
            else {}
        ),
        "open_for_entry": summary.round.status == Round.Status.IN_PLAY
        and summary.state != selectors.CONFIRMED
        and (summary.state != selectors.DISPUTED or own_version),
        "queue_facts": offline.queue_facts(summary, by_outcome=by_outcome),
        **(_outcome_context(summary, shown, editing) if by_outcome else {}),
    }


def _hand_dealer(summary, number: int | None, chosen: int | None) -> int:
    """Who dealt the hand being entered: the stored dealer of a hand being changed, the
    seat left of the last dealer, or for the table's first hand the one chosen."""
    hands = summary.hands
    if number and 1 <= number <= len(hands):
        dealer = hands[number - 1].get("dealer")
        return dealer if isinstance(dealer, int) else 0
    if hands:
        return summary.next_dealer
    return chosen if isinstance(chosen, int) else 0


def _outcome_context(summary, shown: Shown, editing) -> dict:
    form = shown.outcome
    if form is not None and not editing:
        number = (getattr(form, "cleaned_data", None) or {}).get("hand_number")
        editing = number if number and 1 <= number <= len(summary.hands) else None
    if form is None:
        form = OutcomeForm(
            initial=fresh({"hand_number": editing, "dealer": 0}, version=summary.version),
            summary=summary,
        )
    chosen = (getattr(form, "cleaned_data", None) or {}).get("dealer")
    dealer = _hand_dealer(summary, editing, chosen)
    columns, passed = outcome_columns(summary, dealer)
    return {
        "outcome_form": form,
        "outcome_columns": columns,
        "passed_button": passed,
        "asking": shown.asking,
        "first_hand": not summary.hands and not editing,
        "dealer_name": summary.names[dealer] if dealer < len(summary.names) else "",
        "editing": editing,
    }


# ---------------------------------------------------------------- one view per button


def post_outcome(page: TablePage) -> HttpResponse:
    """A hand told by one tap on its result (and a tap per fact a rule then needs)."""
    summary = page.summary
    form = OutcomeForm(page.request.POST, summary=summary)
    if _need_scorer(page):
        return _again(page, Shown(outcome=form, status=403))
    if not form.is_valid():
        return _again(page, Shown(outcome=form, status=400))
    number = form.cleaned_data.get("hand_number")
    dealer = _hand_dealer(summary, number, form.cleaned_data.get("dealer"))
    detail = form.next_detail(dealer=dealer)
    if detail is not None:
        # A rule of this tournament turns on a fact the tap did not say: ask it, one
        # tap per answer (the engine says which fact, and only where it can matter).
        outcome, facts = form.cleaned_data["outcome"], form.facts()
        asking = {
            "outcome": tapped(summary, outcome),
            "question": detail_question(summary, outcome, detail, dealer=dealer, given=facts),
            "given": _given_facts(form),
            "number": number,
        }
        return _again(page, Shown(outcome=form, asking=asking))
    try:
        recorded = _record_hand(page, form, form.to_hand(dealer=dealer), number)
    except DomainError as error:
        if error.code == CONFLICT:
            # The page was stale: say so over a fresh one to tap again on.
            return _again(page, Shown(note=error.message, note_error=True, status=error.status))
        # Told in the sticky score box, away from the "Hand 3" heading: with its number.
        form.add_error(None, error.message)
        return _again(page, Shown(outcome=form, status=error.status))
    return _saved(page, recorded)


def post_hand(page: TablePage) -> HttpResponse:
    """A hand told in full (dealer, maker, bidding round, trump, tricks)."""
    request, summary = page.request, page.summary
    form = HandForm(request.POST, summary=summary)
    if _need_scorer(page):
        return _again(page, Shown(hand=form, status=403))
    if not form.is_valid():
        return _again(page, Shown(hand=form, status=400))
    number = form.cleaned_data.get("hand_number")
    try:
        recorded = _record_hand(page, form, form.to_hand(), number)
    except DomainError as error:
        # Refused, never dropped: the form comes back with the rule, even after the
        # round's last hand or the game's winning one (the page has no form then).
        words = _refusal(error, summary, number)
        form = on_form(error, HandForm, request, summary, form, words=words)
        return _again(page, Shown(hand=form, status=error.status))
    return _saved(page, recorded)


def post_remove_last(page: TablePage) -> HttpResponse:
    request = page.request
    if _need_scorer(page):
        return _again(page, Shown())
    form = SubmissionForm(request.POST)
    if not form.is_valid():
        not_understood(request)
        return redirect(page.path)
    try:
        services.remove_last_hand(
            table=page.table,
            seat=page.scorer,
            via=page.via,
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    except DomainError as error:
        if request.htmx:
            return _again(page, Shown(note=error.message, status=error.status))
        messages.error(request, error.message)
    else:
        if request.htmx:
            return _again(page, Shown(note=_("The last hand was removed.")))
        messages.success(request, _("The last hand was removed."))
    return redirect(page.path)


def post_totals(page: TablePage) -> HttpResponse:
    request, summary = page.request, page.summary
    form = TotalsForm(request.POST, summary=summary)
    if _need_scorer(page):
        return _again(page, Shown(totals=form, status=403))
    if not form.is_valid():
        return _again(page, Shown(totals=form, status=400))
    try:
        result = services.submit_totals(
            table=page.table,
            side_points=form.side_points(),
            seat=page.scorer,
            via=page.via,
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    except DomainError as error:
        form = on_form(error, TotalsForm, request, summary, form)
        return _again(page, Shown(totals=form, status=error.status))
    proven = result.submitted_side is not None
    messages.success(request, who_confirms(summary.rules, "saved", proven=proven))
    return redirect(page.path)


def post_seat(page: TablePage) -> HttpResponse:
    """Who is scoring on this phone: a seat chosen, proven by its card code if typed."""
    request, table = page.request, page.table
    form = SeatChoiceForm(request.POST, summary=page.summary)
    if not form.is_valid():
        return _again(page, Shown(seat=form))
    seat = form.chosen_seat()
    code = form.cleaned_data["code"]
    if not code:
        _remember(request, table, seat, Via.TABLE_LINK)
        return redirect(page.path)
    try:
        with guessing_limited(request, table, sides=[seat.side]):
            services.seat_for_code(table=table, code=code, seat=seat)
    except DomainError as error:
        form.add_error("code", error.message)
        return _again(page, Shown(seat=form))
    _remember(request, table, seat, Via.PLAYER_CODE)
    messages.success(
        request,
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        _("Card code checked: what you enter now counts as %(name)s's.")
        % {"name": seat.player.name},
    )
    return redirect(page.path)


def post_confirm(page: TablePage) -> HttpResponse:
    request, summary = page.request, page.summary
    proof = page.proof()
    form = ConfirmForm(request.POST, summary=summary, proof=proof)
    if not form.is_valid():
        return _again(page, Shown(confirm=form))
    try:
        with flash_refusal(request, codes=(RESULT_CHANGED,)) as refused:
            submitted_side = summary.result.submitted_side if summary.result else None
            _as_players(page, form, submitted_side, services.confirm_result)
    except DomainError as error:
        form.add_error(None, error.message)
        return _again(page, Shown(confirm=form))
    if not refused:
        messages.success(request, _("Result confirmed. Thank you!"))
    return redirect(page.path)


def post_dispute(page: TablePage) -> HttpResponse:
    request, summary = page.request, page.summary
    form = DisputeForm(request.POST, summary=summary, proof=page.proof())
    if not form.is_valid():
        return _again(page, Shown(dispute=form))
    entered = services.entering_side(summary.result) if summary.result else None
    dispute = partial(services.dispute_result, reason=form.cleaned_data["reason"])
    try:
        with flash_refusal(
            request, codes=(RESULT_CHANGED, ALREADY_DISPUTED, ALREADY_CONFIRMED)
        ) as refused:
            _as_players(page, form, entered, dispute)
    except DomainError as error:
        form.add_error("code" if error.code == WRONG_CODE else None, error.message)
        return _again(page, Shown(dispute=form))
    if not refused:
        messages.success(
            request,
            _(
                "You disputed the result. The organiser resolves it; the round cannot close "
                "until then."
            ),
        )
    return redirect(page.path)


def post_confirm_as(page: TablePage) -> HttpResponse:
    """An opponent handed the phone confirms on the confirm step with their own code."""
    request, summary = page.request, page.summary
    proof = page.proof()
    form = ConfirmAsForm(request.POST, seats=[v.seat for v in summary.seats])
    if not form.is_valid():
        if "confirmer" not in form.cleaned_data:
            not_understood(request)
            return redirect(page.path + "#confirm")
        return _confirm_step_page(page, form=form)
    try:
        with guessing_limited(request, page.table, sides=[form.seat().side]):
            services.confirm_result(
                table=page.table,
                proofs=[proof] if proof else [],
                claims=[services.Claim(seat=form.seat(), code=form.cleaned_data["code"])],
                expected_version=form.cleaned_data["version"],
                idempotency_key=form.cleaned_data["idempotency_key"],
            )
    except DomainError as error:
        if error.code == RESULT_CHANGED:
            # The same player looks again, at the result as it is now.
            messages.error(request, error.message)
            return redirect(f"{page.path}?confirm={form.seat().pk}#confirm-step")
        if error.code in (ALREADY_CONFIRMED, OWN_RESULT):
            # Nothing to retype: the table's page shows the result as it is now.
            messages.error(request, error.message)
            return redirect(page.path + "#confirm")
        form.add_error("code", error.message)
        return _confirm_step_page(page, form=form)
    messages.success(
        request,
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        _("Result confirmed by %(name)s. Thank you!") % {"name": form.seat().player.name},
    )
    return redirect(page.path)


def _unknown_action(page: TablePage) -> HttpResponse:
    messages.error(page.request, _("That button is not known here; reload the page."))
    return redirect(page.path)


# The page's buttons by their `action` field.
ACTIONS: dict[str, Callable[[TablePage], HttpResponse]] = {
    "seat": post_seat,
    "hand": post_hand,
    "outcome": post_outcome,
    "remove-last": post_remove_last,
    "totals": post_totals,
    "confirm": post_confirm,
    "confirm-as": post_confirm_as,
    "dispute": post_dispute,
}


# ---------------------------------------------------------------- the views' helpers


def _need_scorer(page: TablePage) -> bool:
    if page.scorer is None:
        messages.error(page.request, _("Choose your seat first: who is entering the result?"))
        return True
    return False


def _record_hand(page: TablePage, form, hand: dict, number: int | None):
    return services.record_hand(
        table=page.table,
        hand=hand,
        number=number,
        seat=page.scorer,
        via=page.via,
        expected_version=form.cleaned_data["version"],
        idempotency_key=form.cleaned_data["idempotency_key"],
    )


def _saved(page: TablePage, recorded: services.RecordedHand) -> HttpResponse:
    words = _saved_words(recorded, page.summary.rules)
    if page.request.htmx:
        return _again(page, Shown(note=words, stored=recorded.result))
    messages.success(page.request, words)
    # The page opens at the confirmation once the last hand is in (it sits above the
    # hands' form, out of sight on a phone), else at the form.
    return redirect(page.path + ("#confirm" if recorded.result.complete else "#entry"))


def _saved_words(recorded: services.RecordedHand, rules) -> str:
    result = recorded.result
    if recorded.changed:
        return _("Hand %(number)s changed.") % {"number": recorded.changed}
    if result.complete:
        return who_confirms(rules, "last_hand", proven=result.submitted_side is not None)
    return _("Hand %(number)s saved.") % {"number": len(result.hands)}


def _given_facts(form) -> dict[str, object]:
    """The facts already told, carried by the next question's hidden fields."""
    data = form.cleaned_data
    given = {
        name: data[name]
        for name in ("dealer", "maker", "round", "lone_maker")
        if data.get(name) is not None
    }
    if data.get("benny"):
        given["benny"] = "yes" if form.facts().benny else "no"
    return given


def _refusal(error: DomainError, summary, number: int | None) -> str:
    """A refused hand's rule as the hand form shows it: under the heading "Hand 3" (or
    "Change hand 3"), a problem in hand 3 is not told as "Hand 3: …" again."""
    if not isinstance(error, RuleBroken):
        return error.message
    stored = len(summary.hands)
    shown = number if number and 1 <= number <= stored else stored + 1
    return error.message_under(shown)


def _as_players(page: TablePage, form, entered_side: int | None, write) -> None:
    """A write players vouch for (confirming, disputing): this phone's proof and the
    codes typed, which count against the guessing limits of the sides facing the one
    that entered the result."""
    proof = page.proof()
    codes = form.codes()
    with guessing_limited(
        page.request,
        page.table,
        sides=confirming_sides(page.table, entered_side),
        typed=bool(codes),
    ):
        write(
            table=page.table,
            proofs=[proof] if proof else [],
            codes=codes,
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )


def _dispute_form(summary, proof) -> DisputeForm | None:
    """ "That is not what we played", offered where a player may say it: not on a phone
    proven for the side that entered the result (that side changes it instead)."""
    if summary.state != selectors.PROVISIONAL or summary.round.status != Round.Status.IN_PLAY:
        return None
    if proof is not None and not services.disputes_alone(summary.result, proof):
        return None
    return DisputeForm(initial=fresh(version=summary.version), summary=summary, proof=proof)


def _offered(summary, proofs) -> list[Seat]:
    if summary.round.status != Round.Status.IN_PLAY:
        return []
    return services.confirmers(
        result=summary.result, seats=[view.seat for view in summary.seats], proofs=proofs
    )


def _confirm_step_page(page: TablePage, *, form=None) -> HttpResponse:
    """The opponent who took the phone and tapped their name: the result (score and
    hands) in front of them, their code and one button. The code is checked with the
    confirmation itself, so no one's proof is left behind on a phone passed back."""
    request, summary = page.request, page.summary
    proof = page.proof()
    seats = {view.seat.pk: view for view in summary.seats}
    if form is None:
        wanted = request.GET.get("confirm", "")
        view = seats.get(int(wanted)) if wanted.isdigit() else None
        if (
            view is None
            or summary.state != selectors.PROVISIONAL
            or summary.round.status != Round.Status.IN_PLAY
        ):
            return redirect(page.path + "#confirm")
        with flash_refusal(request) as refused:
            services.require_confirmer(summary.result, view.seat, [proof] if proof else [])
        if refused:
            return redirect(page.path + "#confirm")
        form = ConfirmAsForm(
            initial=fresh({"confirmer": view.seat.pk}, version=summary.version),
            seats=[v.seat for v in summary.seats],
        )
    else:
        view = seats.get(form.cleaned_data.get("confirmer")) if form.is_bound else None
    return render(
        request,
        "scoring/confirm_step.html",
        {"summary": summary, "confirmer": view, "form": form, "seat_link": page.seat_link},
    )
