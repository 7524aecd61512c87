"""Issue 33: no wrong entry of the translation review of 2026-12-06 is still shown.

For every entry (tests/unit/translation_review_2026_12_06.py) the reviewed text must be gone
from the compiled catalogue of its language: not the translation of its own msgid any more,
and not the translation of any other msgid either, so an English msgid that is reworded
(for instance "%(name)s added." into "Player added: %(name)s.") cannot carry the wrong text
over with it."""

from __future__ import annotations

import gettext
from collections import defaultdict
from pathlib import Path

import pytest

from tests.unit.translation_review_2026_12_06 import COUNTS, ENTRIES, Wrong

LOCALE = Path(__file__).resolve().parents[2] / "locale"


def _shown(folder: str) -> dict[str, set[tuple[str | None, str]]]:
    """Each translation the compiled catalogues hold (every plural form), with the
    (msgctxt, msgid) pairs it translates."""
    shown: dict[str, set[tuple[str | None, str]]] = defaultdict(set)
    for domain in ("django", "djangojs"):
        with (LOCALE / folder / "LC_MESSAGES" / f"{domain}.mo").open("rb") as mo:
            catalog = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
        for key, text in catalog.items():
            msgid = key[0] if isinstance(key, tuple) else key
            if not msgid:  # the header
                continue
            ctxt, _, msgid = msgid.rpartition("\x04")
            shown[text].add((ctxt or None, msgid))
    return shown


def _remaining(entry: Wrong, shown: dict[str, set[tuple[str | None, str]]]) -> str | None:
    """One line saying where the entry's wrong text is still shown, or None once it is gone."""
    own = (entry.msgctxt, entry.msgid)
    still, moved = [], []
    for text in entry.wrong:
        holders = {h for h in shown.get(text, ()) if h == own or h[1] not in entry.right_for}
        if own in holders:
            still.append(f"“{text}”")
        moved += [
            f"“{text}” now translates {ctxt + ' | ' if ctxt else ''}{msgid!r}"
            for ctxt, msgid in sorted(holders - {own}, key=str)
        ]
    if not still and not moved:
        return None
    where = f"{entry.msgctxt} | {entry.msgid!r}" if entry.msgctxt else repr(entry.msgid)
    found = (["still " + " / ".join(still)] if still else []) + moved
    return f"{entry.language} {where}: " + "; ".join(found)


@pytest.mark.parametrize("folder", sorted(COUNTS))
def test_no_entry_the_review_found_wrong_is_still_shown(folder):
    shown = _shown(folder)
    remaining = [_remaining(entry, shown) for entry in ENTRIES if entry.language == folder]
    left = [line for line in remaining if line]
    assert not left, f"{len(left)} of {len(remaining)} reviewed entries still wrong:\n" + "\n".join(
        left
    )


def test_the_data_holds_every_entry_of_the_review():
    """The review counts 28 / 42 / 33 wrong entries, plus 2 Italian and 1 Portuguese marked
    optional, which issue 33 applies too."""
    per_language = {folder: 0 for folder in COUNTS}
    for entry in ENTRIES:
        per_language[entry.language] += 1
        assert entry.wrong and all(entry.wrong), entry
    assert per_language == COUNTS == {"it": 30, "pt_BR": 43, "pl": 33}
    assert len({(e.language, e.msgctxt, e.msgid) for e in ENTRIES}) == len(ENTRIES)


def test_a_reworded_msgid_does_not_hide_the_wrong_text():
    entry = Wrong("it", None, "%(name)s added.", ("%(name)s aggiunto.",))
    reworded = {"%(name)s aggiunto.": {(None, "Player added: %(name)s.")}}
    assert _remaining(entry, reworded) == (
        "it '%(name)s added.': “%(name)s aggiunto.” now translates 'Player added: %(name)s.'"
    )
    assert _remaining(entry, {"Giocatore aggiunto: %(name)s.": {(None, "%(name)s added.")}}) is None
    right = Wrong("it", None, "Seating", ("Posti",), right_for=("Seats",))
    assert _remaining(right, {"Posti": {(None, "Seats")}}) is None
    assert _remaining(right, {"Posti": {(None, "Seats"), (None, "Seating")}}) == (
        "it 'Seating': still “Posti”"
    )
