"""Seat names in the reader's language, from the one place that names seats
(tournaments.seat_names): pages, printed cards and their PDFs all read it.

The committed catalogs do not carry the short seat labels yet (the translators add
them), so these tests give Polish a catalog of their own for the "seat letter"
context, with the labels recommended for it, and check every reader shows them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tests.conftest import missing_service
from tests.integration.test_printing import (
    first_seat,
    flat,
    make_event,
    pdf_text,
    save_pngs,
)
from tests.integration.test_scoring_services import seated_table
from tournaments import seat_names
from tournaments.printing.cards import event_of, read_seating, seat_labels
from tournaments.printing.documents import card_layout, scorecards_document
from tournaments.printing.render import render_pdf

# In Polish the letters collide: Północ and Południe, and W is Wschód (East).
POLISH_SHORT = {"N": "Pn", "E": "Wsch", "S": "Pd", "W": "Zach"}
POLISH_FULL = ["Północ", "Wschód", "Południe", "Zachód"]
# (position, side) round a table of two partnerships of two.
FOUR = [(0, 0), (1, 1), (2, 0), (3, 1)]
BASE = "http://testserver"


def _need(tool: str) -> None:
    if shutil.which(tool) is None:
        missing_service(f"needs GNU gettext's {tool} (Debian package gettext)")


@pytest.fixture
def polish_seat_letters(settings, tmp_path):
    """A Polish catalog holding only the short seat labels, ahead of the committed one."""
    _need("msgfmt")
    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    entries = "".join(
        f'msgctxt "seat letter"\nmsgid "{letter}"\nmsgstr "{label}"\n\n'
        for letter, label in POLISH_SHORT.items()
    )
    (folder / "django.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Language: pl\\n"\n\n' + entries,
        encoding="utf-8",
    )
    subprocess.run(
        ["msgfmt", "-o", str(folder / "django.mo"), str(folder / "django.po")], check=True
    )
    # LOCALE_PATHS changing clears Django's loaded catalogs; the first path wins.
    settings.LOCALE_PATHS = [tmp_path, *settings.LOCALE_PATHS]
    yield


def test_seat_labels_are_marked_with_a_context_and_a_note_for_translators():
    _need("xgettext")
    source = Path(settings.BASE_DIR) / "tournaments" / "seat_names.py"
    extracted = subprocess.run(
        [
            "xgettext",
            "--language=Python",
            "--from-code=UTF-8",
            "--keyword=gettext_lazy",
            "--keyword=pgettext_lazy:1c,2",
            "--add-comments=Translators",
            "--omit-header",
            "-o",
            "-",
            str(source),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for letter, seat in (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")):
        entry = f'msgctxt "seat letter"\nmsgid "{letter}"'
        assert entry in extracted, extracted
        note = extracted[: extracted.index(entry)].rsplit("\n\n", 1)[-1]
        # Each says which seat it is and that it must not collide with the others.
        assert f"the {seat} seat" in note and "must" in note, note
        assert f'msgid "{seat}"' in extracted


def test_the_short_labels_are_read_in_the_readers_language(db, polish_seat_letters):
    with translation.override("pl"):
        assert seat_names.short_labels(FOUR) == ["Pn", "Wsch", "Pd", "Zach"]
        assert seat_names.full_names(FOUR) == POLISH_FULL
        assert seat_names.longest_short() == 4
    with translation.override("en"):
        assert seat_names.short_labels(FOUR) == ["N", "E", "S", "W"]
    # Italian and Portuguese already say O for West (Ovest, Oeste), Portuguese L for
    # East (Leste); the four stay distinct in every language the site speaks.
    for language in ("en", "it", "pt-br", "pl"):
        with translation.override(language):
            assert len(set(seat_names.short_labels(FOUR))) == 4
            assert len(set(seat_names.full_names(FOUR))) == 4


def test_partners_get_opposite_compass_points_whatever_the_positions(db):
    # Sides not alternating round the table still read North/South against East/West.
    with translation.override("en"):
        assert seat_names.full_names([(0, 0), (1, 0), (2, 1), (3, 1)]) == [
            "North",
            "South",
            "East",
            "West",
        ]
        # Without two partnerships of two, seats are numbered round the table.
        assert seat_names.full_names([(5, 0), (2, 1), (9, 2)]) == ["Seat 2", "Seat 1", "Seat 3"]
        assert seat_names.short_labels([(0, 0), (1, 1), (2, 2), (3, 3)]) == ["1", "2", "3", "4"]


def test_the_table_page_names_the_seats_in_the_readers_language(client, db):
    table, _seats = seated_table()
    html = client.get(f"/t/{table.token}/", headers={"accept-language": "pl"}).content.decode()
    for name in POLISH_FULL:
        assert f'<span class="scoring-seat-label">{name}</span>' in html


def test_the_players_own_page_names_the_seat_in_their_language(client, db):
    tournament = make_event(players=8, rounds=2)
    seat = first_seat(tournament)
    html = client.get(
        f"/t/{tournament.pk}/players/{seat.player.pk}/", headers={"accept-language": "pl"}
    ).content.decode()
    assert any(f"· {name}" in html for name in POLISH_FULL), html


def test_a_polish_scorecard_prints_the_longer_labels_whole(db, polish_seat_letters):
    tournament = make_event(players=8, rounds=3)
    seat = first_seat(tournament)
    seating = read_seating(tournament)
    event = event_of(tournament, rounds=3)
    with translation.override("en"):
        english = card_layout(event, paper="letter", per_page=4).columns[2].width
    with translation.override("pl"):
        table_seats = list(seat.table.seats.select_related("player").order_by("position"))
        assert set(seat_labels(table_seats).values()) == set(POLISH_SHORT.values())
        polish = card_layout(event, paper="letter", per_page=4).columns[2].width
        (part,) = scorecards_document(seating, paper="letter", per_page=4)
        data = render_pdf(part.template, part.context, base_url=BASE)
    # The seat column is wide enough for "Wsch" and "Zach" in every language: the card
    # has one shape whatever language it is printed in.
    assert polish == english
    assert polish >= 1.5 + 2.0 * 4
    printed = set(flat(" ".join(pdf_text(data))).split())
    assert set(POLISH_SHORT.values()) <= printed
    assert not {"N", "E", "W"} & printed
    save_pngs("scorecards-polish-seat-labels", data)


def test_a_polish_table_card_prints_the_seats_in_polish(db, polish_seat_letters):
    from tournaments.models import PrintJob
    from tournaments.printing import tasks

    tournament = make_event(players=8, rounds=2)
    job = PrintJob(
        tournament=tournament, kind="table-cards", options={"paper": "a4", "base_url": BASE}
    )
    with translation.override("pl"):
        (part,) = tasks.job_parts(job)
        data = render_pdf(part.template, part.context, base_url=BASE)
    first_card = part.context["pages"][0][0]
    seated = {s.seat for r in first_card.rounds for side in r.sides for s in side}
    assert seated == set(POLISH_SHORT.values())
    printed = flat(pdf_text(data)[0])
    assert all(f"{label} " in printed for label in POLISH_SHORT.values()), printed
    save_pngs("table-cards-polish-seat-labels", data)
