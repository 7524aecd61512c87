"""Seat names in the reader's language, from the one place that names seats
(tournaments.seat_names): pages, printed cards and their PDFs all read it.

Polish writes Płn / Wsch / Płd / Zach, never a lone W: a Pole reads W as Wschód (East),
the opposite of the bridge letter's West. The printed cards also name each label in a
legend, in every language.

The Polish expectations wait for the Polish catalogue's "seat letter" entries (issue 33)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

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

POLISH_FULL = ["Północ", "Wschód", "Południe", "Zachód"]
POLISH_SHORT = ["Płn", "Wsch", "Płd", "Zach"]
POLISH_LEGEND = "Płn – Północ · Wsch – Wschód · Płd – Południe · Zach – Zachód"
ITALIAN_LEGEND = "N – Nord · E – Est · S – Sud · O – Ovest"
# (position, side) round a table of two partnerships of two.
FOUR = [(0, 0), (1, 1), (2, 0), (3, 1)]
BASE = "http://testserver"


def _need(tool: str) -> None:
    if shutil.which(tool) is None:
        missing_service(f"needs GNU gettext's {tool} (Debian package gettext)")


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


def test_the_short_labels_and_their_legend_are_in_the_readers_language(db):
    with translation.override("pl"):
        assert seat_names.short_labels(FOUR) == POLISH_SHORT
        assert "W" not in seat_names.short_labels(FOUR)
        assert seat_names.full_names(FOUR) == POLISH_FULL
        assert seat_names.legend() == POLISH_LEGEND
    with translation.override("it"):
        assert seat_names.legend() == ITALIAN_LEGEND
    with translation.override("en"):
        assert seat_names.short_labels(FOUR) == ["N", "E", "S", "W"]
        assert seat_names.legend() == "N – North · E – East · S – South · W – West"
    # Italian and Portuguese say O for West (Ovest, Oeste), Portuguese L for East
    # (Leste); the four stay distinct in every language the site speaks.
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
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


def test_a_polish_scorecard_prints_the_labels_with_their_legend(db):
    tournament = make_event(players=8, rounds=3)
    seat = first_seat(tournament)
    seating = read_seating(tournament)
    event = event_of(tournament, rounds=3)
    with translation.override("en"):
        english = card_layout(event, paper="letter", per_page=4).columns[2].width
    with translation.override("pl"):
        table_seats = list(seat.table.seats.select_related("player").order_by("position"))
        assert set(seat_labels(table_seats).values()) == set(POLISH_SHORT)
        polish = card_layout(event, paper="letter", per_page=4).columns[2].width
        (part,) = scorecards_document(seating, paper="letter", per_page=4)
        data = render_pdf(part.template, part.context, base_url=BASE)
    # The card has one shape whatever language it is printed in.
    assert polish == english
    printed = flat(" ".join(pdf_text(data)))
    # Every one of the eight players' cards carries the legend, under its grid.
    assert printed.count(POLISH_LEGEND) == 8, printed
    save_pngs("scorecards-polish-seat-labels", data)


def _table_cards_pdf(language: str) -> tuple[object, bytes]:
    from tournaments.models import PrintJob
    from tournaments.printing import tasks

    tournament = make_event(players=8, rounds=2)
    job = PrintJob(
        tournament=tournament, kind="table-cards", options={"paper": "a4", "base_url": BASE}
    )
    with translation.override(language):
        (part,) = tasks.job_parts(job)
        return part, render_pdf(part.template, part.context, base_url=BASE)


def test_a_polish_table_card_names_the_seat_letters_in_a_legend(db):
    part, data = _table_cards_pdf("pl")
    first_card = part.context["pages"][0][0]
    seated = {s.seat for r in first_card.rounds for side in r.sides for s in side}
    assert seated == set(POLISH_SHORT)
    printed = flat(pdf_text(data)[0])
    # One legend for each of the page's two cards.
    assert printed.count(POLISH_LEGEND) == 2, printed
    save_pngs("table-cards-polish-seat-labels", data)


def test_an_italian_table_card_names_ovest_o(db):
    _part, data = _table_cards_pdf("it")
    assert ITALIAN_LEGEND in flat(pdf_text(data)[0])
    save_pngs("table-cards-italian-seat-labels", data)


def test_a_card_with_numbered_seats_has_no_compass_legend(db):
    from tournaments.printing.documents import seat_legend

    with translation.override("pl"):
        assert seat_legend(["1", "2", "3"]) == ""
        assert seat_legend(["2", "Zach"]) == POLISH_LEGEND


def test_the_wall_chart_and_door_sheets_name_the_seat_letters(db):
    from tournaments.printing.sheets import chart_legend, find_your_seat_document, night_of

    seating = read_seating(make_event(players=8, rounds=2))
    with translation.override("pl"):
        assert chart_legend(night_of(seating)).endswith(POLISH_LEGEND)
        part = find_your_seat_document(seating, paper="a4")[0]
        data = render_pdf(part.template, part.context, base_url=BASE)
    assert POLISH_LEGEND in flat(pdf_text(data)[0])
