"""The organiser's result pages: a round's board, closing it, confirming, resolving
and correcting a table. Thin: read a form, call a service, show its error; nothing
here decides a rule. The table's phone page is scoring.table_page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.error_catalog import TABLES_DISPUTED
from core.errors import DomainError
from core.permissions import organised_tournament
from tournaments.models import Round, Table, Tournament
from tournaments.selectors import night_progress

from . import selectors, services
from .forms import (
    CorrectionNoteForm,
    HandForm,
    KeyForm,
    OrganiserConfirmForm,
    RemoveHandForm,
    ResolveForm,
    TotalsForm,
    fresh,
    new_idempotency_key,
)
from .refusals import flash_refusal, not_understood, on_form


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
            # A night drawn round by round draws the next round as this one closes.
            "closing_draws": night_progress(
                rnd.tournament, list(Round.objects.filter(tournament=rnd.tournament_id))
            ).closing_draws,
        },
    )


@login_required
@require_POST
def round_results_close(request, pk: int, number: int):
    rnd = _organiser_round(request, pk, number)
    force = request.POST.get("force") == "1"
    form = KeyForm(request.POST)
    if not form.is_valid():
        not_understood(request)
        return redirect("round-results", pk=pk, number=number)
    with flash_refusal(request) as refused:
        services.close_round(
            round=rnd,
            user=request.user,
            force=force,
            idempotency_key=form.cleaned_data["idempotency_key"] or None,
        )
    if refused:
        if refused.error and refused.error.code == TABLES_DISPUTED and _pressed_on(request):
            # Nothing to force: the page pressed on flags the disputed tables.
            return _closed_back(request, rnd)
        # The results board says which tables are open and offers to close anyway.
        return redirect("round-results", pk=pk, number=number)
    messages.success(request, _closed_message(rnd))
    return _closed_back(request, rnd)


def _closed_message(rnd: Round) -> str:
    drawn = Round.objects.filter(
        tournament_id=rnd.tournament_id, number=rnd.number + 1, published=False
    ).exists()
    if drawn:
        return _(
            "Round %(number)s closed. Round %(next)s is drawn: only organisers see it "
            "until it is published."
        ) % {"number": rnd.number, "next": rnd.number + 1}
    return _("Round %(number)s closed.") % {"number": rnd.number}


def _pressed_on(request) -> str:
    """The page "Close round" was pressed on, when not the results board: "round" or
    "tournament" (in the form, or in the address tournaments' old close URL sends)."""
    where = request.POST.get("next") or request.GET.get("next") or ""
    return where if where in ("round", "tournament") else ""


def _closed_back(request, rnd: Round):
    # The round's page offers the next step (start the next round, or the final
    # standings); from the tournament's page the organiser stays there.
    if _pressed_on(request) == "tournament":
        return redirect(rnd.tournament)
    return redirect("round-detail", pk=rnd.tournament_id, number=rnd.number)


@login_required
@require_POST
def result_confirm(request, pk: int, number: int, table_number: int):
    rnd = _organiser_round(request, pk, number)
    table = get_object_or_404(Table, round=rnd, number=table_number)
    form = OrganiserConfirmForm(request.POST)
    if not form.is_valid():
        not_understood(request)
        return redirect("round-results", pk=pk, number=number)
    with flash_refusal(request) as refused:
        services.confirm_result(
            table=table,
            user=request.user,
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    if not refused:
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
            not_understood(request)
            return redirect("result-resolve", pk=pk, number=number, table_number=table_number)
        with flash_refusal(request) as refused:
            services.resolve_dispute(
                table=table,
                user=request.user,
                expected_version=form.cleaned_data["version"],
                idempotency_key=form.cleaned_data["idempotency_key"],
                note=form.cleaned_data["note"],
            )
        if refused:
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
            "form": ResolveForm(initial=fresh(version=summary.version)),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def result_correct(request, pk: int, number: int, table_number: int):
    rnd = _organiser_round(request, pk, number)
    table = get_object_or_404(Table, round=rnd, number=table_number)
    summary = selectors.table_summary(selectors.table_for_token(table.token))
    # Corrections follow the entry mode as the table's own entries do.
    by_hands = rnd.tournament.entry_mode == Tournament.EntryMode.HANDS
    wanted = request.GET.get("hand", "")
    editing = int(wanted) if wanted.isdigit() and 1 <= int(wanted) <= len(summary.hands) else None
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
            not_understood(request)
        elif note_form.is_valid() and form.is_valid():
            try:
                _correct(action, form, table=table, user=request.user, note_form=note_form)
            except DomainError as error:
                if action == "remove":
                    messages.error(request, error.message)
                else:
                    form = on_form(error, form_class, request, summary, form)
            else:
                messages.success(request, _("Correction saved; it is in the table's history."))
                return redirect("result-correct", pk=pk, number=number, table_number=table_number)
        if action == "hand":
            hand_form = form
            form.is_valid()  # cleaned_data then holds every field that was right
            editing = form.cleaned_data.get("hand_number")
        elif action != "remove":
            totals_form = form
    if totals_form is None:
        totals_form = TotalsForm(
            initial=fresh(
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
            "hand_form": hand_form or HandForm.for_hand(summary, editing),
            "totals_form": totals_form,
            "note_form": note_form,
            "editing": editing,
            "remove_key": new_idempotency_key(),
        },
    )


def _correct(action: str, form, *, table: Table, user, note_form) -> None:
    """The organiser's change: a hand changed or added, a hand taken out, or totals."""
    written = {
        "table": table,
        "user": user,
        "expected_version": form.cleaned_data["version"],
        "idempotency_key": form.cleaned_data["idempotency_key"],
        "note": note_form.cleaned_data["note"],
    }
    if action == "hand":
        services.record_hand(
            hand=form.to_hand(), number=form.cleaned_data.get("hand_number"), **written
        )
    elif action == "remove":
        services.remove_hand(number=form.cleaned_data["hand_number"], **written)
    else:
        services.correct_result(side_points=form.side_points(), **written)
