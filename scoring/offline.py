"""Hands a phone kept while it was offline, sent again in order once it is back.

The phone's queue (static/js/hand_queue.js) posts each kept hand to the table page
exactly as its form would, with the header below, and needs a plain answer instead
of a page: was this hand stored (now, or already by an earlier send of the same
idempotency key), and if not, the rule's message. Saving itself stays in the view's
own handlers, so a queued hand is checked and stored the same way as a tapped one.

The answer carries versions so the phone can send the next kept hand: `version` is
the result's version right after this hand was stored (what the next hand of the
queue expects) and `current` the version now (what a hand sent again after a
refusal expects).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.utils.translation import gettext as _

from tournaments.models import Table

from .models import ResultChange, TableResult

QUEUE_HEADER = "X-Hand-Queue"


def is_queued_send(request) -> bool:
    return request.method == "POST" and request.headers.get(QUEUE_HEADER) == "1"


def queued_answer(request, table: Table, forms: dict) -> JsonResponse:
    """Whether the posted hand is stored, judged by its idempotency key alone: a
    change with that key at this table exists only if the hand was stored."""
    key = request.POST.get("idempotency_key", "")
    change = (
        ResultChange.objects.filter(table=table, idempotency_key=key).only("version").first()
        if key
        else None
    )
    current = TableResult.objects.filter(table=table).values_list("version", flat=True).first()
    current = current or 0
    errors = _drained_errors(request)
    if change is not None:
        # The success message stays for the page the phone shows next.
        return JsonResponse({"stored": True, "version": change.version, "current": current})
    errors = [*_form_errors(forms), *errors] or [
        _("This hand was not stored. Check it and enter it again.")
    ]
    return JsonResponse({"stored": False, "current": current, "errors": errors}, status=422)


def _form_errors(forms: dict) -> list[str]:
    """The refused forms' errors; a handler's note (a stale page, say) when it is one."""
    said = [str(forms["note"])] if forms.get("note_error") else []
    for form in forms.values():
        if not hasattr(form, "errors"):
            continue  # the answer's status, a note, a question for a missing detail
        for name, errors in form.errors.items():
            field = form.fields.get(name)
            for error in errors:
                said.append(f"{field.label}: {error}" if field is not None else str(error))
    return said


def _drained_errors(request) -> list[str]:
    """Error messages the handler left for the next page, taken out: the phone shows
    them beside the refused hand instead, and they would be stale on the next page."""
    storage = messages.get_messages(request)
    kept, errors = [], []
    for message in storage:
        (errors if message.level >= messages.ERROR else kept).append(message)
    for message in kept:
        messages.add_message(request, message.level, message.message, message.extra_tags)
    return [str(message.message) for message in errors]
