"""How a page tells a refused write: flashed above the page it goes back to, or kept
on the form that was posted. One way for every scoring page; the other apps' pages
may use `flash_refusal` as well (it knows nothing of scoring)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib import messages

from core.error_catalog import CONFLICT, HANDS_ONLY, TOTALS_ONLY
from core.errors import DomainError

from . import selectors
from .forms import NOT_UNDERSTOOD, new_idempotency_key


class Refusal:
    """What `flash_refusal` caught: true when the write was refused."""

    error: DomainError | None = None

    def __bool__(self) -> bool:
        return self.error is not None


@contextmanager
def flash_refusal(request, *, codes: tuple[str, ...] = ()) -> Iterator[Refusal]:
    """Runs a write; a refusal is flashed as an error message instead of raised, and
    the block's `Refusal` is true, so the page answers with a redirect:

        with flash_refusal(request) as refused:
            services.close_round(...)
        if refused:
            return redirect(...)

    `codes`: flash only refusals with these codes; others are raised for the page to
    put on its form."""
    refusal = Refusal()
    try:
        yield refusal
    except DomainError as error:
        if codes and error.code not in codes:
            raise
        messages.error(request, error.message)
        refusal.error = error


def not_understood(request) -> None:
    """A post the page's own forms cannot have sent (a hidden field lost or edited)."""
    messages.error(request, NOT_UNDERSTOOD)


def rebound(form_class, request, summary, **extra):
    """The posted form against the result as it is now: typed values kept, new version."""
    data = request.POST.copy()
    data["version"] = summary.version
    data["idempotency_key"] = new_idempotency_key()
    form = form_class(data, summary=summary, **extra)
    form.is_valid()
    return form


def on_form(error: DomainError, form_class, request, summary, form, *, words=None):
    """A refused write told on its form. `words`: what the form says, where it is not
    the error's own message."""
    if error.code in (HANDS_ONLY, TOTALS_ONLY):
        # The form of the other mode is not on the page: say it above everything.
        messages.error(request, error.message)
    if error.code == CONFLICT:
        form = rebound(form_class, request, selectors.table_summary(summary.table))
    form.add_error(None, words or error.message)
    return form
