"""The table's phone pages and the organiser's result pages. Thin: read a form, call a
service, show its error in the scorer's words; nothing here decides a rule."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.models import Round, Seat, Table, Tournament
from tournaments.permissions import organised_tournament

from . import offline, selectors, services
from .card_link import where_now
from .errors import RuleBroken, ScoringError
from .forms import (
    NOT_UNDERSTOOD,
    ConfirmAsForm,
    ConfirmForm,
    CorrectionNoteForm,
    DisputeForm,
    HandForm,
    KeyForm,
    OrganiserConfirmForm,
    OutcomeForm,
    RemoveHandForm,
    ResolveForm,
    SeatChoiceForm,
    SubmissionForm,
    TotalsForm,
    new_idempotency_key,
)
from .messages import who_confirms
from .models import ResultChange
from .outcome_buttons import detail_question, outcome_columns, tapped
from .throttle import confirming_sides, guessing_limited

Via = ResultChange.Via


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


def _phone_proof(seat: Seat | None, via: str) -> services.Proof | None:
    return services.Proof(seat=seat, via=via) if seat and via in services.PROVEN_VIAS else None


def _fresh(initial: dict | None = None, *, version: int) -> dict:
    return {**(initial or {}), "version": version, "idempotency_key": new_idempotency_key()}


def _rebound(form_class, request, summary, **extra):
    """The posted form against the result as it is now: typed values kept, new version."""
    data = request.POST.copy()
    data["version"] = summary.version
    data["idempotency_key"] = new_idempotency_key()
    form = form_class(data, summary=summary, **extra)
    form.is_valid()
    return form


@require_http_methods(["GET", "POST"])
def table_entry(request, token: str):
    return _entry(request, _table(token), seat_link=None)


@require_http_methods(["GET", "POST"])
def seat_entry(request, token: str):
    seat = get_object_or_404(Seat.objects.select_related("table", "player"), token=token)
    # The seat link speaks for that seat: entries from this phone are theirs.
    _remember(request, seat.table, seat, Via.SEAT_LINK)
    return _entry(request, _table(seat.table.token), seat_link=seat)


def _entry(request, table: Table, *, seat_link: Seat | None):
    summary = selectors.table_summary(table)
    if seat_link is not None:
        scorer, via = seat_link, Via.SEAT_LINK
    else:
        scorer, via = _scorer(request, summary)
    forms = {}
    if request.method == "GET" and "confirm" in request.GET:
        return _confirm_step_page(request, summary, scorer=scorer, via=via, seat_link=seat_link)
    if request.method == "POST":
        action = request.POST.get("action", "")
        handler = _ACTIONS.get(action, _unknown_action)
        response, forms = handler(request, summary, scorer=scorer, seat_link=seat_link, via=via)
        if offline.is_queued_send(request):
            # A hand from the phone's offline queue: a plain answer, not a page.
            return offline.queued_answer(request, table, forms)
        if response is not None:
            return response
        # A hand just stored comes back with the table as the write locked it.
        stored = forms.pop("stored", None)
        summary = (
            selectors.table_summary(stored.table, result=stored)
            if stored is not None
            else selectors.table_summary(table)
        )
    # A refused hand answers with its status (htmx swaps it in all the same), never 200.
    status = forms.pop("status", 200)
    return render(
        request,
        "scoring/table_entry.html",
        _entry_context(request, summary, scorer, via, seat_link, forms),
        status=status,
    )


def _entry_context(request, summary, scorer, via, seat_link, forms) -> dict:
    editing = None
    hands = summary.hands
    edit = request.GET.get("edit", "")
    if edit.isdigit() and 1 <= int(edit) <= len(hands) and "hand" not in forms:
        editing = int(edit)
    hand_form = forms.get("hand") or HandForm(
        initial=_fresh(
            {
                **HandForm.initial_for(
                    hands[editing - 1] if editing else None, dealer=summary.next_dealer
                ),
                "hand_number": editing,
            },
            version=summary.version,
        ),
        summary=summary,
    )
    totals_initial = {}
    if summary.result is not None and summary.result.scores and not summary.result.hands:
        totals_initial = {f"side_{side.index}": side.score for side in summary.sides}
    totals_form = forms.get("totals") or TotalsForm(
        initial=_fresh(totals_initial, version=summary.version), summary=summary
    )
    proof = _phone_proof(scorer, via)
    proofs = [proof] if proof else []
    offered = {seat.pk for seat in _offered(summary, proofs)}
    by_outcome = summary.tournament.hand_entry == Tournament.HandEntry.OUTCOME
    # While disputed, only the disputing side's phone enters (its own version).
    own_version = (
        summary.state == selectors.DISPUTED
        and proof is not None
        and proof.seat.side == summary.result.disputed_side
    )
    return {
        "by_outcome": by_outcome,
        "note": forms.get("note", ""),
        "note_error": forms.get("note_error", False),
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
        "seat_form": forms.get("seat")
        or SeatChoiceForm(initial={"seat": scorer.pk if scorer else None}, summary=summary),
        "confirm_form": forms.get("confirm")
        or ConfirmForm(initial=_fresh(version=summary.version), summary=summary, proof=proof),
        "dispute_form": forms.get("dispute") or _dispute_form(summary, proof),
        "own_version": own_version,
        "remove_form": {"version": summary.version, "idempotency_key": new_idempotency_key()},
        # A closed round's page is no dead end: it leads to where the player sits now.
        "where_now": where_now((seat_link or scorer).player, seat_link=seat_link is not None)
        if summary.round.status == Round.Status.CLOSED and (seat_link or scorer)
        else "",
        "open_for_entry": summary.round.status == Round.Status.IN_PLAY
        and summary.state != selectors.CONFIRMED
        and (summary.state != selectors.DISPUTED or own_version),
        "queue_facts": offline.queue_facts(summary, by_outcome=by_outcome),
        **(_outcome_context(summary, forms, editing) if by_outcome else {}),
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


def _outcome_context(summary, forms, editing) -> dict:
    form = forms.get("outcome")
    if form is not None and not editing:
        number = (getattr(form, "cleaned_data", None) or {}).get("hand_number")
        editing = number if number and 1 <= number <= len(summary.hands) else None
    if form is None:
        form = OutcomeForm(
            initial=_fresh({"hand_number": editing, "dealer": 0}, version=summary.version),
            summary=summary,
        )
    chosen = (getattr(form, "cleaned_data", None) or {}).get("dealer")
    dealer = _hand_dealer(summary, editing, chosen)
    columns, passed = outcome_columns(summary, dealer)
    return {
        "outcome_form": form,
        "outcome_columns": columns,
        "passed_button": passed,
        "asking": forms.get("asking"),
        "first_hand": not summary.hands and not editing,
        "dealer_name": summary.names[dealer] if dealer < len(summary.names) else "",
        "editing": editing,
    }


def _submit_outcome(request, summary, *, scorer, via, **_kwargs):
    form = OutcomeForm(request.POST, summary=summary)
    if _need_scorer(request, scorer):
        return None, {"outcome": form, "status": 403}
    if not form.is_valid():
        return None, {"outcome": form, "status": 400}
    number = form.cleaned_data.get("hand_number")
    dealer = _hand_dealer(summary, number, form.cleaned_data.get("dealer"))
    detail = form.next_detail(dealer=dealer)
    if detail is not None:
        # A rule of this tournament turns on a fact the tap did not say: ask it, one
        # tap per answer (the engine says which fact, and only where it can matter).
        outcome, facts = form.cleaned_data["outcome"], form.facts()
        return None, {
            "outcome": form,
            "asking": {
                "outcome": tapped(summary, outcome),
                "question": detail_question(summary, outcome, detail, dealer=dealer, given=facts),
                "given": _given_facts(form),
                "number": number,
            },
        }
    try:
        result, number = _store_hand(
            summary, form.to_hand(dealer=dealer), number, form=form, scorer=scorer, via=via
        )
    except ScoringError as error:
        if error.code == "conflict":
            # The page was stale: say so over a fresh one to tap again on.
            return None, {"note": error.message, "note_error": True, "status": error.status}
        # Told in the sticky score box, away from the "Hand 3" heading: with its number.
        form.add_error(None, error.message)
        return None, {"outcome": form, "status": error.status}
    if request.htmx:
        return None, {"note": _saved_words(result, number, summary.rules), "stored": result}
    messages.success(request, _saved_words(result, number, summary.rules))
    return redirect(_after_saving(request, result)), {}


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


def _store_hand(summary, hand: dict, number: int | None, *, form, scorer, via):
    """Stores `hand` in place of hand `number` (a change) or after the last one; returns
    the result and the number changed (None for a new hand)."""
    hands = summary.hands
    if number and 1 <= number <= len(hands):
        hands[number - 1] = hand
    else:
        number = None
        hands.append(hand)
    result = services.submit_hands(
        table=summary.table,
        hands=hands,
        seat=scorer,
        via=via,
        expected_version=form.cleaned_data["version"],
        idempotency_key=form.cleaned_data["idempotency_key"],
    )
    return result, number


def _choose_seat(request, summary, **_kwargs):
    form = SeatChoiceForm(request.POST, summary=summary)
    if not form.is_valid():
        return None, {"seat": form}
    seat = form.chosen_seat()
    code = form.cleaned_data["code"]
    if not code:
        _remember(request, summary.table, seat, Via.TABLE_LINK)
        return redirect(request.path), {}
    try:
        with guessing_limited(request, summary.table, sides=[seat.side]):
            services.seat_for_code(table=summary.table, code=code, seat=seat)
    except ScoringError as error:
        form.add_error("code", error.message)
        return None, {"seat": form}
    _remember(request, summary.table, seat, Via.PLAYER_CODE)
    messages.success(
        request,
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        _("Card code checked: what you enter now counts as %(name)s's.")
        % {"name": seat.player.name},
    )
    return redirect(request.path), {}


def _need_scorer(request, scorer) -> bool:
    if scorer is None:
        messages.error(request, _("Choose your seat first: who is entering the result?"))
        return True
    return False


def _submit_hand(request, summary, *, scorer, via, **_kwargs):
    form = HandForm(request.POST, summary=summary)
    if _need_scorer(request, scorer):
        return None, {"hand": form, "status": 403}
    if not form.is_valid():
        return None, {"hand": form, "status": 400}
    number = form.cleaned_data.get("hand_number")
    try:
        result, number = _store_hand(
            summary, form.to_hand(), number, form=form, scorer=scorer, via=via
        )
    except ScoringError as error:
        # Refused, never dropped: the form comes back with the rule, even after the
        # round's last hand or the game's winning one (the page has no form then).
        words = _refusal(error, summary, number)
        form = _with_error(error, HandForm, request, summary, form, words=words)
        return None, {"hand": form, "status": error.status}
    if request.htmx:
        return None, {"note": _saved_words(result, number, summary.rules), "stored": result}
    _saved_message(request, result, number, summary.rules)
    return redirect(_after_saving(request, result)), {}


def _after_saving(request, result) -> str:
    """Where the page opens after a saved hand: at the confirmation once the last hand
    is in (it sits above the hands' form, out of sight on a phone), else at the form."""
    return request.path + ("#confirm" if result.complete else "#entry")


def _unknown_action(request, summary, **_kwargs):
    messages.error(request, _("That button is not known here; reload the page."))
    return redirect(request.path), {}


def _not_understood(request) -> None:
    messages.error(request, NOT_UNDERSTOOD)


def _remove_last(request, summary, *, scorer, via, **_kwargs):
    if _need_scorer(request, scorer):
        return None, {}
    form = SubmissionForm(request.POST)
    if not form.is_valid():
        _not_understood(request)
        return redirect(request.path), {}
    try:
        services.submit_hands(
            table=summary.table,
            hands=summary.hands[:-1],
            seat=scorer,
            via=via,
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    except ScoringError as error:
        if request.htmx:
            return None, {"note": error.message, "status": error.status}
        messages.error(request, error.message)
    else:
        if request.htmx:
            return None, {"note": _("The last hand was removed.")}
        messages.success(request, _("The last hand was removed."))
    return redirect(request.path), {}


def _submit_totals(request, summary, *, scorer, via, **_kwargs):
    form = TotalsForm(request.POST, summary=summary)
    if _need_scorer(request, scorer):
        return None, {"totals": form, "status": 403}
    if not form.is_valid():
        return None, {"totals": form, "status": 400}
    try:
        result = services.submit_totals(
            table=summary.table,
            side_points=form.side_points(),
            seat=scorer,
            via=via,
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    except ScoringError as error:
        form = _with_error(error, TotalsForm, request, summary, form)
        return None, {"totals": form, "status": error.status}
    proven = result.submitted_side is not None
    messages.success(request, who_confirms(summary.rules, "saved", proven=proven))
    return redirect(request.path), {}


def _with_error(error: ScoringError, form_class, request, summary, form, *, words=None):
    """`words`: what the form says, where it is not the error's own message."""
    if error.code in ("hands_only", "totals_only"):
        # The form of the other mode is not on the page: say it above everything.
        messages.error(request, error.message)
    if error.code == "conflict":
        form = _rebound(form_class, request, selectors.table_summary(summary.table))
    form.add_error(None, words or error.message)
    return form


def _refusal(error: ScoringError, summary, number: int | None) -> str:
    """A refused hand's rule as the hand form shows it: under the heading "Hand 3" (or
    "Change hand 3"), a problem in hand 3 is not told as "Hand 3: …" again."""
    if not isinstance(error, RuleBroken):
        return error.message
    stored = len(summary.hands)
    shown = number if number and 1 <= number <= stored else stored + 1
    return error.message_under(shown)


def _saved_message(request, result, number, rules) -> None:
    messages.success(request, _saved_words(result, number, rules))


def _saved_words(result, number, rules) -> str:
    if number:
        return _("Hand %(number)s changed.") % {"number": number}
    if result.complete:
        return who_confirms(rules, "last_hand", proven=result.submitted_side is not None)
    return _("Hand %(number)s saved.") % {"number": len(result.hands)}


def _confirm(request, summary, *, scorer, via, **_kwargs):
    proof = _phone_proof(scorer, via)
    form = ConfirmForm(request.POST, summary=summary, proof=proof)
    if not form.is_valid():
        return None, {"confirm": form}
    try:
        submitted_side = summary.result.submitted_side if summary.result else None
        _as_players(request, summary, form, proof, submitted_side, services.confirm_result)
    except ScoringError as error:
        if error.code == "result_changed":
            messages.error(request, error.message)
            return redirect(request.path), {}
        form.add_error(None, error.message)
        return None, {"confirm": form}
    messages.success(request, _("Result confirmed. Thank you!"))
    return redirect(request.path), {}


def _as_players(request, summary, form, proof, entered_side: int | None, write) -> None:
    """A write players vouch for (confirming, disputing): this phone's proof and the
    codes typed, which count against the guessing limits of the sides facing the one
    that entered the result."""
    codes = form.codes()
    with guessing_limited(
        request,
        summary.table,
        sides=confirming_sides(summary.table, entered_side),
        typed=bool(codes),
    ):
        write(
            table=summary.table,
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
    return DisputeForm(initial=_fresh(version=summary.version), summary=summary, proof=proof)


def _dispute(request, summary, *, scorer, via, **_kwargs):
    proof = _phone_proof(scorer, via)
    form = DisputeForm(request.POST, summary=summary, proof=proof)
    if not form.is_valid():
        return None, {"dispute": form}
    entered = services.entering_side(summary.result) if summary.result else None
    try:
        _as_players(
            request,
            summary,
            form,
            proof,
            entered,
            partial(services.dispute_result, reason=form.cleaned_data["reason"]),
        )
    except ScoringError as error:
        if error.code in ("result_changed", "already_disputed", "already_confirmed"):
            messages.error(request, error.message)
            return redirect(request.path), {}
        form.add_error("code" if error.code == "wrong_code" else None, error.message)
        return None, {"dispute": form}
    messages.success(
        request,
        _("You disputed the result. The organiser resolves it; the round cannot close until then."),
    )
    return redirect(request.path), {}


def _offered(summary, proofs) -> list[Seat]:
    if summary.round.status != Round.Status.IN_PLAY:
        return []
    return services.confirmers(
        result=summary.result, seats=[view.seat for view in summary.seats], proofs=proofs
    )


def _confirm_step_page(request, summary, *, scorer, via, seat_link, form=None):
    """The opponent who took the phone and tapped their name: the result (score and
    hands) in front of them, their code and one button. The code is checked with the
    confirmation itself, so no one's proof is left behind on a phone passed back."""
    proof = _phone_proof(scorer, via)
    seats = {view.seat.pk: view for view in summary.seats}
    wanted = request.GET.get("confirm", "")
    if form is None:
        view = seats.get(int(wanted)) if wanted.isdigit() else None
        if (
            view is None
            or summary.state != selectors.PROVISIONAL
            or summary.round.status != Round.Status.IN_PLAY
        ):
            return redirect(request.path + "#confirm")
        try:
            services.require_confirmer(summary.result, view.seat, [proof] if proof else [])
        except ScoringError as error:
            messages.error(request, error.message)
            return redirect(request.path + "#confirm")
        form = ConfirmAsForm(
            initial=_fresh({"confirmer": view.seat.pk}, version=summary.version),
            seats=[v.seat for v in summary.seats],
        )
    else:
        view = seats.get(form.cleaned_data.get("confirmer")) if form.is_bound else None
    return render(
        request,
        "scoring/confirm_step.html",
        {"summary": summary, "confirmer": view, "form": form, "seat_link": seat_link},
    )


def _confirm_as(request, summary, *, scorer, via, seat_link, **_kwargs):
    proof = _phone_proof(scorer, via)
    form = ConfirmAsForm(request.POST, seats=[v.seat for v in summary.seats])
    if not form.is_valid():
        if "confirmer" not in form.cleaned_data:
            _not_understood(request)
            return redirect(request.path + "#confirm"), {}
        return _confirm_step_page(
            request, summary, scorer=scorer, via=via, seat_link=seat_link, form=form
        ), {}
    try:
        with guessing_limited(request, summary.table, sides=[form.seat().side]):
            services.confirm_result(
                table=summary.table,
                proofs=[proof] if proof else [],
                claims=[services.Claim(seat=form.seat(), code=form.cleaned_data["code"])],
                expected_version=form.cleaned_data["version"],
                idempotency_key=form.cleaned_data["idempotency_key"],
            )
    except ScoringError as error:
        if error.code == "result_changed":
            # The same player looks again, at the result as it is now.
            messages.error(request, error.message)
            return redirect(f"{request.path}?confirm={form.seat().pk}#confirm-step"), {}
        if error.code in ("already_confirmed", "own_result"):
            # Nothing to retype: the table's page shows the result as it is now.
            messages.error(request, error.message)
            return redirect(request.path + "#confirm"), {}
        form.add_error("code", error.message)
        return _confirm_step_page(
            request, summary, scorer=scorer, via=via, seat_link=seat_link, form=form
        ), {}
    messages.success(
        request,
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        _("Result confirmed by %(name)s. Thank you!") % {"name": form.seat().player.name},
    )
    return redirect(request.path), {}


_ACTIONS = {
    "seat": _choose_seat,
    "hand": _submit_hand,
    "outcome": _submit_outcome,
    "remove-last": _remove_last,
    "totals": _submit_totals,
    "confirm": _confirm,
    "confirm-as": _confirm_as,
    "dispute": _dispute,
}


@require_GET
def table_history(request, token: str):
    summary = selectors.table_summary(_table(token))
    changes = selectors.history_entries(summary)
    return render(request, "scoring/table_history.html", {"summary": summary, "changes": changes})


# ---------------------------------------------------------------- organiser pages


def _organiser_round(request, pk: int, number: int) -> Round:
    tournament = organised_tournament(pk=pk, user=request.user)
    return get_object_or_404(
        Round.objects.select_related("tournament"), tournament=tournament, number=number
    )


@login_required
@require_GET
def round_results(request, pk: int, number: int):
    rnd = _organiser_round(request, pk, number)
    board = selectors.round_board(rnd)
    counts = {state: sum(1 for e in board if e.state == state) for state in selectors.STATE_LABELS}
    return render(
        request,
        "scoring/round_results.html",
        {
            "round": rnd,
            "tournament": rnd.tournament,
            "board": board,
            "counts": [(selectors.STATE_LABELS[state], n) for state, n in counts.items()],
            "all_confirmed": all(e.state == selectors.CONFIRMED for e in board),
            "disputed": [e.table.number for e in board if e.state == selectors.DISPUTED],
            "key_form": KeyForm(initial={"idempotency_key": new_idempotency_key()}),
        },
    )


@login_required
@require_POST
def round_results_close(request, pk: int, number: int):
    rnd = _organiser_round(request, pk, number)
    force = request.POST.get("force") == "1"
    form = KeyForm(request.POST)
    if not form.is_valid():
        _not_understood(request)
        return redirect("round-results", pk=pk, number=number)
    try:
        services.close_round(
            round=rnd,
            user=request.user,
            force=force,
            idempotency_key=form.cleaned_data["idempotency_key"] or None,
        )
    except ScoringError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Round %(number)s closed.") % {"number": rnd.number})
        # The round's page offers the next step (start the next round, or the final
        # standings); the results board has nothing more to do for a closed round.
        return redirect("round-detail", pk=pk, number=number)
    return redirect("round-results", pk=pk, number=number)


@login_required
@require_POST
def result_confirm(request, pk: int, number: int, table_number: int):
    rnd = _organiser_round(request, pk, number)
    table = get_object_or_404(Table, round=rnd, number=table_number)
    form = OrganiserConfirmForm(request.POST)
    if not form.is_valid():
        _not_understood(request)
        return redirect("round-results", pk=pk, number=number)
    try:
        services.confirm_result(
            table=table,
            user=request.user,
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    except ScoringError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(table)s confirmed.") % {"table": table})
    return redirect("round-results", pk=pk, number=number)


@login_required
@require_http_methods(["GET", "POST"])
def result_resolve(request, pk: int, number: int, table_number: int):
    """The organiser settles a disputed table: confirm it as entered here, or correct it
    on the correction page (which ends the dispute too)."""
    rnd = _organiser_round(request, pk, number)
    table = get_object_or_404(Table, round=rnd, number=table_number)
    summary = selectors.table_summary(selectors.table_for_token(table.token))
    if request.method == "POST":
        form = ResolveForm(request.POST)
        if not form.is_valid():
            _not_understood(request)
            return redirect("result-resolve", pk=pk, number=number, table_number=table_number)
        try:
            services.resolve_dispute(
                table=table,
                user=request.user,
                expected_version=form.cleaned_data["version"],
                idempotency_key=form.cleaned_data["idempotency_key"],
                note=form.cleaned_data["note"],
            )
        except ScoringError as error:
            messages.error(request, error.message)
            return redirect("result-resolve", pk=pk, number=number, table_number=table_number)
        messages.success(
            request,
            _("%(table)s confirmed as entered; the dispute is resolved.") % {"table": table},
        )
        return redirect("round-results", pk=pk, number=number)
    return render(
        request,
        "scoring/result_resolve.html",
        {
            "summary": summary,
            "round": rnd,
            "tournament": rnd.tournament,
            "form": ResolveForm(initial=_fresh(version=summary.version)),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def result_correct(request, pk: int, number: int, table_number: int):
    rnd = _organiser_round(request, pk, number)
    table = get_object_or_404(Table, round=rnd, number=table_number)
    summary = selectors.table_summary(selectors.table_for_token(table.token))
    hands = summary.hands
    # Corrections follow the entry mode as the table's own entries do.
    by_hands = rnd.tournament.entry_mode == Tournament.EntryMode.HANDS
    wanted = request.GET.get("hand", "")
    editing = int(wanted) if wanted.isdigit() and 1 <= int(wanted) <= len(hands) else None
    note_form = CorrectionNoteForm(request.POST or None)
    hand_form = totals_form = None
    if request.method == "POST":
        action = request.POST.get("action")
        form_class = HandForm if action in ("hand", "remove") else TotalsForm
        form = (
            RemoveHandForm(request.POST)
            if action == "remove"
            else form_class(request.POST, summary=summary)
        )
        if action == "remove" and not form.is_valid():
            _not_understood(request)
        elif note_form.is_valid() and form.is_valid():
            changed = _corrected(action, form, hands)
            try:
                services.correct_result(
                    table=table,
                    user=request.user,
                    expected_version=form.cleaned_data["version"],
                    idempotency_key=form.cleaned_data["idempotency_key"],
                    note=note_form.cleaned_data["note"],
                    **changed,
                )
            except ScoringError as error:
                if action == "remove":
                    messages.error(request, error.message)
                else:
                    form = _with_error(error, form_class, request, summary, form)
            else:
                messages.success(request, _("Correction saved; it is in the table's history."))
                return redirect("result-correct", pk=pk, number=number, table_number=table_number)
        if action == "hand":
            hand_form = form
            form.is_valid()  # cleaned_data then holds every field that was right
            editing = form.cleaned_data.get("hand_number")
        elif action == "totals":
            totals_form = form
    if hand_form is None:
        hand_form = HandForm(
            initial=_fresh(
                {
                    **HandForm.initial_for(
                        hands[editing - 1] if editing else None, dealer=summary.next_dealer
                    ),
                    "hand_number": editing,
                },
                version=summary.version,
            ),
            summary=summary,
        )
    if totals_form is None:
        totals_form = TotalsForm(
            initial=_fresh(
                {f"side_{s.index}": s.score for s in summary.sides}, version=summary.version
            ),
            summary=summary,
        )
    return render(
        request,
        "scoring/result_correct.html",
        {
            "summary": summary,
            "round": rnd,
            "tournament": rnd.tournament,
            "by_hands": by_hands,
            "hand_form": hand_form,
            "totals_form": totals_form,
            "note_form": note_form,
            "editing": editing,
            "remove_key": new_idempotency_key(),
        },
    )


def _corrected(action: str, form, hands: list[dict]) -> dict:
    if action == "totals":
        return {"side_points": form.side_points()}
    if action == "remove":
        number = form.cleaned_data["hand_number"]
        return {"hands": [h for i, h in enumerate(hands, start=1) if i != number]}
    number = form.cleaned_data.get("hand_number")
    if number and 1 <= number <= len(hands):
        hands[number - 1] = form.to_hand()
    else:
        hands.append(form.to_hand())
    return {"hands": hands}
