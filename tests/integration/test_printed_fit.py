"""Printouts read back as paper: every name whole, no text running out of its cell, in
every language the site speaks, for a small, a middling and a big room.

Each PDF is made through the print job's own parts (as a worker makes it), read back
with pdfplumber (tests/pdf_layout.py), and its pages are left as PNGs in
test-artifacts/printed-fit-<kind>-<players>-<language>-<page>.png for a person to look
at. More kinds join by adding a line to KINDS (scorecards, table cards).
"""

from __future__ import annotations

import datetime
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader, PdfWriter
from rest_framework.test import APIClient

from tests.factories import UserFactory, sample_names
from tests.pdf_layout import flat, missing_names, overflows, read_pages
from tournaments import rotations, services
from tournaments.models import PrintJob, Round, Tournament
from tournaments.printing import tasks
from tournaments.printing.cards import StandingsTable
from tournaments.printing.render import render_pdf
from tournaments.printing.services import request_print

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts"
BASE = "http://testserver"
LANGUAGES = [code for code, _name in settings.LANGUAGES]
KINDS = [
    PrintJob.Kind.ROTATION_CHART,
    PrintJob.Kind.FIND_YOUR_SEAT,
    PrintJob.Kind.STANDINGS,
]
# A big room's 100 names once, on the wall chart (the printout with most to fit, so its
# 100 cover its 40); the others page the same way at 40.
SIZES = [
    (kind, players)
    for kind in KINDS
    for players in ((13, 100) if kind == PrintJob.Kind.ROTATION_CHART else (13, 40))
]


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def make_event(*, players: int, fmt: str = "progressive", rounds: int = 8) -> Tournament:
    variant = rotations.spec(fmt).variants[0]
    tournament = services.create_tournament(
        owner=UserFactory(),
        name="Legion Hall Spring Euchre",
        date=datetime.date(2026, 3, 14),
        venue="Legion Hall",
        variant=variant,
        options={},
        format=fmt,
        round_play="hands",
        hands_per_round=8,
        rounds_planned=rounds,
    )
    for name in sample_names(players):
        services.add_player(tournament=tournament, name=name)
    if fmt in ("teams", "six-handed"):
        services.pair_teams_at_random(tournament=tournament, seed=1)
    services.generate_rotation(tournament=tournament)
    return tournament


def printed(tournament: Tournament, kind: str, *, paper: str = "a4") -> tuple[bytes, int]:
    """The job's PDF as its worker makes it, and how many pages its layout planned."""
    job = request_print(tournament=tournament, kind=kind, paper=paper)
    parts = tasks.job_parts(job)
    # Rendered here rather than by a worker: the job is not left waiting in its
    # organiser's print queue (three unfinished jobs and a fourth is refused).
    job.delete()
    writer = PdfWriter()
    for part in parts:
        data = render_pdf(part.template, part.context, base_url=BASE + "/")
        writer.append(PdfReader(io.BytesIO(data)))
    out = io.BytesIO()
    writer.write(out)
    planned = sum(len(part.context.get("pages", ())) for part in parts)
    return out.getvalue(), planned


def save_pngs(name: str, data: bytes) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"{name}.pdf"
    pdf.write_bytes(data)
    for old in ARTIFACTS.glob(f"{name}-*.png"):
        old.unlink()
    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", str(pdf), str(ARTIFACTS / name)], check=True
        )


def expected_names(tournament: Tournament) -> list[str]:
    return list(
        tournament.players.filter(Q(active=True) | Q(seats__isnull=False))
        .distinct()
        .values_list("name", flat=True)
    )


@pytest.mark.parametrize(
    ("kind", "players"),
    [pytest.param(*size, marks=[pytest.mark.slow] if size[1] == 100 else []) for size in SIZES],
)
def test_every_name_prints_whole_and_no_text_leaves_its_cell(db, kind, players):
    tournament = make_event(players=players)
    names = expected_names(tournament)
    # Every language's headings at a club's field; the bigger rooms page the same way in
    # any language, so they are printed in Polish, whose headings are the longest.
    for language in LANGUAGES if players == 13 else ["pl"]:
        with translation.override(language):
            data, planned = printed(tournament, kind)
        pages = read_pages(data)
        assert missing_names(pages, names) == [], language
        assert overflows(pages) == [], language
        if planned:
            # The layout cut the pages itself: none spilled onto an extra sheet.
            assert len(pages) == planned, language
        save_pngs(f"printed-fit-{kind}-{players}-{language}", data)


@pytest.mark.parametrize("fmt", ["teams", "six-handed", "cutthroat", "heads-up"])
@pytest.mark.parametrize("kind", KINDS)
def test_each_format_prints_whole_names_in_polish(db, kind, fmt):
    # Polish has the longest headings; each format has its own columns.
    tournament = make_event(players=12, fmt=fmt, rounds=5)
    with translation.override("pl"):
        data, planned = printed(tournament, kind)
    pages = read_pages(data)
    assert missing_names(pages, expected_names(tournament)) == []
    assert overflows(pages) == []
    if planned:
        assert len(pages) == planned
    save_pngs(f"printed-fit-{kind}-{fmt}-pl", data)


@pytest.mark.parametrize("kind", KINDS)
def test_letter_paper_fits_as_well_as_a4(db, kind):
    tournament = make_event(players=40)
    with translation.override("pl"):
        data, planned = printed(tournament, kind, paper="letter")
    pages = read_pages(data)
    assert round(pages[0].width) in (612, 792)  # US letter, either way up
    assert missing_names(pages, expected_names(tournament)) == []
    assert overflows(pages) == []
    if planned:
        assert len(pages) == planned
    save_pngs(f"printed-fit-{kind}-letter-pl", data)


def test_the_wall_chart_gives_each_player_a_numbered_row_with_table_seat_and_partner(db):
    tournament = make_event(players=13, rounds=4)
    data, _planned = printed(tournament, PrintJob.Kind.ROTATION_CHART)
    pages = read_pages(data)
    text = " ".join(" ".join(r.text for r in page.runs) for page in pages)
    assert all(f"Round {n}" in text for n in range(1, 5))
    first = tournament.players.order_by("name").first()
    seat = first.seats.select_related("table__round").get(table__round__number=1)
    partner = (
        seat.table.seats.filter(side=seat.side).exclude(pk=seat.pk).select_related("player").get()
    )
    cells = [flat(t) for t in pages[0].cell_texts()]
    # Row 1 is the first name in alphabetical order; its round 1 cell names the partner.
    assert "1" in cells and first.name in cells
    assert any(t.startswith(f"{seat.table.number} · ") and partner.player.name in t for t in cells)
    # 13 players at tables of four: someone sits out each round, and the chart says so.
    assert text.count("Bye") >= 4


@pytest.mark.parametrize(("rounds", "landscape"), [(4, False), (12, True)])
def test_the_wall_chart_turns_landscape_only_when_its_rounds_need_the_width(db, rounds, landscape):
    """A short night's chart hangs upright; twelve rounds across need the page turned.
    Either way each player's own row reads from a step away: the name a player looks
    for is 10 pt at the least (partners, in the round cells, are smaller)."""
    tournament = make_event(players=13, rounds=rounds)
    data, _planned = printed(tournament, PrintJob.Kind.ROTATION_CHART)
    pages = read_pages(data)
    assert all((page.width > page.height) == landscape for page in pages)
    largest: dict[str, float] = {}
    for page in pages:
        for run in page.runs:
            name = run.text.strip()
            largest[name] = max(largest.get(name, 0.0), run.size)
    names = expected_names(tournament)
    assert all(largest.get(name, 0.0) >= 10 for name in names), largest


def test_a_chart_for_a_big_room_repeats_its_headings_on_every_page(db):
    tournament = make_event(players=40, rounds=8)
    with translation.override("pt-br"):
        data, planned = printed(tournament, PrintJob.Kind.ROTATION_CHART)
        heading = translation.gettext("Player")
    pages = read_pages(data)
    assert len(pages) == planned >= 2
    for page in pages:
        loose = " ".join(page.loose_texts())
        assert "Legion Hall Spring Euchre" in loose
        assert heading in " ".join(page.cell_texts())


def test_find_your_seat_has_a_page_for_each_round_sorted_by_name(db):
    tournament = make_event(players=13, rounds=3)
    data, _planned = printed(tournament, PrintJob.Kind.FIND_YOUR_SEAT)
    pages = read_pages(data)
    assert len(pages) == 3
    for number, page in enumerate(pages, start=1):
        assert f"Round {number}" in " ".join(page.loose_texts())
        # The first column: partners further right are names too.
        in_order = [
            r.text.strip()
            for r in sorted(page.runs, key=lambda r: r.box[1])
            if r.text.strip() in set(expected_names(tournament)) and r.box[0] < page.width / 3
        ]
        assert in_order == sorted(in_order, key=str.casefold) and len(in_order) == 13


def test_standings_say_after_which_round_and_put_the_small_print_under_the_table(db):
    tournament = make_event(players=13, rounds=3)
    Round.objects.filter(tournament=tournament, number__lte=2).update(status="closed")
    Round.objects.filter(tournament=tournament, number=3).update(status="in-play")
    data, _planned = printed(tournament, PrintJob.Kind.STANDINGS)
    pages = read_pages(data)
    loose = pages[0].loose_texts()
    assert "After round 2 · provisional" in loose
    heading = " ".join(loose)
    assert "Legion Hall Spring Euchre" in heading
    assert "14 March 2026" in heading or "March 14, 2026" in heading, heading
    headers = " ".join(pages[0].cell_texts())
    assert all(word in headers for word in ("Place", "Played", "W–D–L", "Byes"))
    # The note is below the last row, not squeezed between the heading and the table.
    last = pages[-1]
    note = next(r for r in last.runs if r.text.strip().startswith("Ranking order:"))
    assert note.box[1] > max(cell[3] for cell in last.cells)


def test_the_overflow_check_catches_text_running_out_of_its_cell(db):
    # The check itself must be able to fail: a name too long for a narrow, clipped cell.
    html = (
        "<style>@page { size: A4; margin: 10mm } td { border: .2mm solid #000;"
        " width: 12mm; max-width: 12mm; overflow: hidden; white-space: nowrap }"
        " table { table-layout: fixed; width: 24mm; border-collapse: collapse }</style>"
        "<table><tr><td>Karen Smith-Jones</td><td>3</td></tr></table>"
    )
    from weasyprint import HTML

    pages = read_pages(HTML(string=html).write_pdf())
    assert overflows(pages)
    assert missing_names(pages, ["Karen Smith-Jones"]) == ["Karen Smith-Jones"]


# --- asked for from the print page and the API -----------------------------------------


def test_the_print_page_offers_the_wall_chart_and_the_door_sheets(
    db, client, eager, django_capture_on_commit_callbacks
):
    tournament = make_event(players=13, rounds=2)
    client.force_login(tournament.owner)
    url = reverse("print-request", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert 'value="rotation-chart"' in page and 'value="find-your-seat"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"kind": "find-your-seat", "paper": "letter", "per_page": 4})
    job = PrintJob.objects.get()
    assert response.status_code == 302 and job.kind == "find-your-seat"
    job.refresh_from_db()
    assert job.status == "done", job.error
    with job.pdf.open("rb") as handle:
        pages = read_pages(handle.read())
    assert len(pages) == 2
    assert missing_names(pages, expected_names(tournament)) == []


def test_the_api_prints_the_door_sheets(db, eager, django_capture_on_commit_callbacks):
    tournament = make_event(players=13, rounds=2)
    api = APIClient()
    api.force_login(tournament.owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            f"/api/tournaments/{tournament.pk}/print-jobs/",
            {"kind": "find-your-seat"},
            format="json",
        )
    assert response.status_code == 202, response.json()
    job = api.get(f"/api/print-jobs/{response.json()['id']}/").json()
    assert job["status"] == "done" and job["kind"] == "find-your-seat"
    pdf = api.get(f"/api/print-jobs/{job['id']}/download/")
    pages = read_pages(b"".join(pdf.streaming_content))
    assert missing_names(pages, expected_names(tournament)) == []


@pytest.mark.services
@pytest.mark.parametrize("kind", [PrintJob.Kind.ROTATION_CHART, PrintJob.Kind.FIND_YOUR_SEAT])
def test_a_live_worker_builds_the_wall_sheets_through_redis(
    celery_worker_session, transactional_db, kind
):
    from tests.integration.test_printing_worker import cutthroat_event, wait_until_finished

    tournament = cutthroat_event(15)
    job = request_print(tournament=tournament, kind=kind, paper="a4")
    wait_until_finished(job)
    assert job.status == PrintJob.Status.DONE, job.error
    with job.pdf.open("rb") as handle:
        pages = read_pages(handle.read())
    assert missing_names(pages, [f"Player {n}" for n in range(1, 16)]) == []


def test_a_place_a_tie_break_decided_is_marked_and_explained_under_the_table(db):
    tournament = make_event(players=13, rounds=2)
    standings = StandingsTable(
        columns=(("place", "Place"), ("name", "Player"), ("played", "Played")),
        rows=(
            {"place": 1, "name": "Ann Adams", "played": 2},
            {"place": 2, "name": "Bob Baker", "played": 2, "tie_break": "behind on games won"},
        ),
        title="Standings",
        note="Only confirmed results are counted.",
    )
    job = request_print(tournament=tournament, kind="standings", standings=standings)
    part = tasks.job_parts(job)[0]
    pages = read_pages(render_pdf(part.template, part.context, base_url=BASE + "/"))
    cells = [flat(t) for t in pages[0].cell_texts()]
    assert "Ann Adams" in cells and any("Bob Baker" in t and "1" in t for t in cells)
    note = next(r for r in pages[0].runs if r.text.strip() == "Behind on games won")
    assert note.box[1] > max(cell[3] for cell in pages[0].cells)
    assert overflows(pages) == []


@pytest.mark.parametrize("way", ["print page", "api"])
@pytest.mark.parametrize("kind", PrintJob.Kind.values)
def test_every_printout_comes_from_the_print_page_and_the_api(
    db, client, eager, django_capture_on_commit_callbacks, kind, way
):
    """What an organiser prints from the pages, an app prints through the API: each kind
    comes out whole either way, with every player's name in it. Standings are printed
    from the standings page, the others from the print page."""
    tournament = make_event(players=13, rounds=2)
    if way == "print page":
        client.force_login(tournament.owner)
        if kind == PrintJob.Kind.STANDINGS:
            url, data = reverse("standings-print", args=[tournament.pk]), {"paper": "letter"}
        else:
            url = reverse("print-request", args=[tournament.pk])
            data = {"kind": kind, "paper": "letter", "per_page": 4}
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(url, data)
        assert response.status_code == 302
        job = PrintJob.objects.get()
    else:
        api = APIClient()
        api.force_login(tournament.owner)
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(
                f"/api/tournaments/{tournament.pk}/print-jobs/", {"kind": kind}, format="json"
            )
        assert response.status_code == 202, response.json()
        job = PrintJob.objects.get(pk=response.json()["id"])
    job.refresh_from_db()
    assert job.kind == kind and job.status == PrintJob.Status.DONE, job.error
    with job.pdf.open("rb") as handle:
        pages = read_pages(handle.read())
    assert pages
    assert missing_names(pages, expected_names(tournament)) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", [PrintJob.Kind.SCORECARDS, PrintJob.Kind.TABLE_CARDS])
def test_every_printed_heading_stays_inside_its_column_in_every_language(db, kind, language):
    """Read back from the PDF as WeasyPrint drew it: no heading, seat label or legend
    crosses a drawn cell border or leaves the page, in any language. The columns' own
    widths are held to their headings, line by line in the drawing font, by
    test_printing_cards.py's test_hand_boxes_take_a_written_digit_and_headings_fit_in_every_language
    (Polish "Miejsce" once took 7.4 mm of a 7 mm column, "Inicj. przec." 11.4 mm of 11)."""
    tournament = make_event(players=13)
    with translation.override(language):
        data, _planned = printed(tournament, kind)
    assert overflows(read_pages(data)) == []
    save_pngs(f"printed-headings-{kind}-{language}", data)


SEAT_KINDS = [
    PrintJob.Kind.SCORECARDS,
    PrintJob.Kind.TABLE_CARDS,
    PrintJob.Kind.ROTATION_CHART,
    PrintJob.Kind.FIND_YOUR_SEAT,
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", SEAT_KINDS)
def test_the_seat_labels_print_whole_inside_their_cells_in_every_language(db, kind, language):
    """Every printout that names seats prints each compass label of the reader's
    language (a letter, or Polish "Wsch", "Zach") whole inside its cell, and the legend
    that names them in full whole on the page. Polish never prints a lone W: a Pole
    reads it as Wschód (East)."""
    from tests.integration.test_printing_cards import read_scorecards
    from tournaments import seat_names
    from tournaments.printing.cards import event_of
    from tournaments.printing.documents import card_layout
    from tournaments.printing.fit import width_mm
    from tournaments.printing.layout import SEAT_LABEL_PT

    tournament = make_event(players=13, rounds=4)
    with translation.override(language):
        labels = seat_names.short_labels([(0, 0), (1, 1), (2, 0), (3, 1)])
        legend = seat_names.legend()
        data, _planned = printed(tournament, kind)
        layout = card_layout(event_of(tournament, rounds=4), paper="a4", per_page=4)
    if language == "pl":
        assert "W" not in labels
    save_pngs(f"printed-seat-labels-{kind}-{language}", data)
    if kind == PrintJob.Kind.SCORECARDS:
        # The seat column holds the widest label, in the bold it is printed in, with a
        # gap to the rules ("Wsch" once touched both).
        widest = max(
            width_mm(label, SEAT_LABEL_PT * layout.scale, style="bold") for label in labels
        )
        assert layout.columns[2].width >= widest + 1.0, (labels, layout.columns[2].width)
        # The grid is one image: read_scorecards holds every word inside one cell of it.
        cards = read_scorecards(data, layout)
        seats = {seat for card in cards for _table, seat, _who in card["rows"]}
        assert set(labels) <= seats, seats
        assert seats - set(labels) <= {""}, seats  # a bye row has no seat
        pages = read_pages(data)
    else:
        pages = read_pages(data)
        assert overflows(pages) == [], language
        cells = [flat(t) for page in pages for t in page.cell_texts()]
        for label in labels:
            shown = re.compile(rf"(^|[\s·]){re.escape(label)}(\s|$)")
            assert any(shown.search(t) for t in cells), (label, cells[:20])
    # The legend, possibly wrapped onto a second line, reads whole.
    printed_text = flat(" ".join(" ".join(r.text for r in page.runs) for page in pages))
    assert legend in printed_text, (legend, printed_text[:400])
