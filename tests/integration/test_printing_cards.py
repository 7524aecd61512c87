"""Scorecards and table cards read back from the PDF as a player reads them (issue 17).

pdfplumber gives every printed word with its box. For 13, 40 and 100 players, in every
language the site offers, these tests check that each player's name is printed whole,
that no word crosses a rule of the scorecard's grid or leaves its card, and that on a
table card no name runs into the QR codes. The grid of a scorecard is one image
(see layout.py), so its cells are computed from the layout and placed at the image's
printed position. Pages are saved as PNGs in test-artifacts/ for a person to look at.
"""

from __future__ import annotations

import datetime
import io
import random
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.factories import UserFactory, sample_names
from tournaments.card_links import card_of, card_token
from tournaments.models import Bye, Player, PrintJob, Round, Seat, Table, Tournament
from tournaments.printing import tasks
from tournaments.printing.cards import event_of
from tournaments.printing.documents import card_layout
from tournaments.printing.fit import width_mm
from tournaments.printing.layout import CardLayout
from tournaments.printing.render import render_pdf

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts"
BASE = "http://testserver"
PT = 72 / 25.4  # points in a millimetre
LANGUAGES = [code for code, _name in settings.LANGUAGES]
# Each language's words at a club's field (13); a full room (40) and a big event (100)
# in Polish, whose headings are the longest: more names page the same way whatever the
# language, and rendering every size four times took over a minute of the suite.
FIELDS_AND_LANGUAGES = [
    *((13, language) for language in LANGUAGES),
    (40, "pl"),
    pytest.param(100, "pl", marks=pytest.mark.slow),
]
# Names a club really has: long double-barrelled ones, and letters beyond ASCII.
LONG_NAMES = [
    "Karen Smith-Jones",
    "Anne-Marie Vandenberghe-Dupont",
    "João da Conceição Albuquerque",
    "Łukasz Żółkiewski-Wiśniewski",
    "Maximiliano Fitzgerald-Kowalczyk",
    "Małgorzata Brzęczyszczykiewicz",
    "Jack Thompson",
    "Mona Pate",
]


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def seated_event(players: int, *, rounds: int = 8, hands: int = 8) -> Tournament:
    """A progressive night seated directly (the rotation optimiser is not under test)."""
    tournament = Tournament.objects.create(
        name="Legion Hall Spring Euchre",
        date=datetime.date(2026, 3, 14),
        venue="Legion Hall",
        owner=UserFactory(),
        format=Tournament.Format.PROGRESSIVE,
        round_play=Tournament.RoundPlay.HANDS,
        hands_per_round=hands,
    )
    names = LONG_NAMES + [n for n in sample_names(players + 8) if n not in LONG_NAMES]
    people = Player.objects.bulk_create(
        Player(tournament=tournament, name=name) for name in names[:players]
    )
    rng = random.Random(players)
    seats, byes = [], []
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=tournament, number=number)
        order = people[:]
        rng.shuffle(order)
        sitting = len(order) - len(order) % 4
        tables = Table.objects.bulk_create(
            Table(round=rnd, number=t + 1) for t in range(sitting // 4)
        )
        for index, player in enumerate(order[:sitting]):
            position = index % 4
            seats.append(
                Seat(table=tables[index // 4], player=player, position=position, side=position % 2)
            )
        byes += [Bye(round=rnd, player=player) for player in order[sitting:]]
    Seat.objects.bulk_create(seats)
    Bye.objects.bulk_create(byes)
    return tournament


def render_job(tournament: Tournament, kind: str, **options) -> bytes:
    from pypdf import PdfReader, PdfWriter

    job = PrintJob(tournament=tournament, kind=kind, options={"base_url": BASE, **options})
    writer = PdfWriter()
    for part in tasks.job_parts(job):
        writer.append(PdfReader(io.BytesIO(render_pdf(part.template, part.context, base_url=BASE))))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def save_pngs(name: str, data: bytes, *, pages: int = 2) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"{name}.pdf"
    pdf.write_bytes(data)
    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-l", str(pages), str(pdf), str(ARTIFACTS / name)],
            check=True,
        )
    pdf.unlink()


# --- reading a scorecard back ---------------------------------------------------------


def inside(word: dict, box: tuple[float, float, float, float], slack: float = 0.6) -> bool:
    x0, top, x1, bottom = box
    return (
        word["x0"] >= x0 - slack
        and word["x1"] <= x1 + slack
        and word["top"] >= top - slack
        and word["bottom"] <= bottom + slack
    )


def text_of(words: list[dict]) -> str:
    return " ".join(w["text"] for w in sorted(words, key=lambda w: (round(w["top"]), w["x0"])))


def read_scorecards(data: bytes, layout: CardLayout) -> list[dict]:
    """Each card as its words: header, and per round the table, seat and names cells.

    Also checks, as it goes, that every word on the page lies in one card, and every
    word of a grid in one cell of it (between two rules of the grid, never across).
    """
    cards = []
    grid_w = layout.inner_w * PT
    columns = [(layout.left(i) * PT, layout.left(i + 1) * PT) for i in range(len(layout.columns))]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            words = page.extract_words(x_tolerance=1.2, y_tolerance=1.0, use_text_flow=True)
            grids = [im for im in page.images if abs((im["x1"] - im["x0"]) - grid_w) < 2]
            assert grids, f"page {number}: no scorecard grid"
            placed = set()
            for grid in sorted(grids, key=lambda g: (round(g["top"]), g["x0"])):
                gx, gy = grid["x0"], grid["top"]
                pad = layout.padding * PT
                card_box = (
                    gx - pad,
                    gy - layout.header_h * PT - pad,
                    gx - pad + layout.card_w * PT,
                    gy - layout.header_h * PT - pad + layout.card_h * PT,
                )
                mine = [i for i, w in enumerate(words) if inside(w, card_box)]
                placed.update(mine)
                head = [words[i] for i in mine if words[i]["bottom"] <= gy + 0.6]
                rows = []
                for r in range(layout.rounds):
                    top = gy + (layout.head_row_h + r * layout.row_h) * PT
                    band = (gx, top, gx + grid_w, top + layout.row_h * PT)
                    in_row = [words[i] for i in mine if inside(words[i], band)]
                    cells = []
                    for left, right in columns[1:4]:
                        cell = (gx + left, band[1], gx + right, band[3])
                        cells.append([w for w in in_row if inside(w, cell, slack=0.3)])
                    stray = [w["text"] for w in in_row if not any(w in c for c in cells)]
                    assert not stray, f"page {number}: words across a rule of the grid: {stray}"
                    rows.append(tuple(text_of(c) for c in cells))
                cards.append({"head": text_of(head), "rows": rows})
            outside = [w["text"] for i, w in enumerate(words) if i not in placed]
            assert not outside, f"page {number}: words outside every card: {outside}"
    return cards


def expected_names(tournament: Tournament) -> dict[str, list[set[str]]]:
    """For each player, per round: the names their card must print in that row."""
    expect: dict[str, list[set[str]]] = {}
    rounds = tournament.rounds.count()
    players = {p.pk: p.name for p in tournament.players.all()}
    for name in players.values():
        expect[name] = [set() for _ in range(rounds)]
    seats = Seat.objects.filter(table__round__tournament=tournament).values_list(
        "table_id", "player_id", "table__round__number"
    )
    at_table: dict[int, list[tuple[int, int]]] = {}
    for table_id, player_id, number in seats:
        at_table.setdefault(table_id, []).append((player_id, number))
    for sitting in at_table.values():
        for player_id, number in sitting:
            expect[players[player_id]][number - 1] = {
                players[other] for other, _n in sitting if other != player_id
            }
    return expect


LAYOUTS = [("letter", 4), ("a4", 4), ("letter", 1), ("a4", 1)]


def check_scorecards(tournament: Tournament, *, paper: str, per_page: int, language: str):
    with translation.override(language):
        data = render_job(tournament, "scorecards", paper=paper, per_page=per_page)
        event = event_of(tournament, rounds=tournament.rounds.count())
        layout = card_layout(event, paper=paper, per_page=per_page)
    cards = read_scorecards(data, layout)
    expect = expected_names(tournament)
    assert len(cards) == len(expect)
    printed = set()
    for card in cards:
        # The player's name is whole in the header (wrapped lines read with a space).
        named = [n for n in expect if n in card["head"]]
        assert named, card["head"]
        name = max(named, key=len)
        printed.add(name)
        for number, (names_expected, (_table, _seat, who)) in enumerate(
            zip(expect[name], card["rows"], strict=True), start=1
        ):
            for other in names_expected:
                assert other in who, (name, number, other, who)
    assert printed == set(expect)
    return data


@pytest.mark.parametrize(("players", "language"), FIELDS_AND_LANGUAGES)
def test_every_name_prints_whole_on_four_up_letter_cards_in_every_language(db, players, language):
    tournament = seated_event(players)
    data = check_scorecards(tournament, paper="letter", per_page=4, language=language)
    if players == 13:
        save_pngs(f"issue17-scorecards-letter-4-{language}", data, pages=1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("paper", "per_page"), LAYOUTS[1:])
def test_every_name_prints_whole_in_every_layout_the_print_page_offers(
    db, paper, per_page, language
):
    tournament = seated_event(13)
    data = check_scorecards(tournament, paper=paper, per_page=per_page, language=language)
    save_pngs(f"issue17-scorecards-{paper}-{per_page}-{language}", data, pages=1)


def test_a_twelve_round_night_still_fits_every_name(db):
    tournament = seated_event(13, rounds=12)
    data = check_scorecards(tournament, paper="letter", per_page=4, language="pl")
    save_pngs("issue17-scorecards-letter-4-twelve-rounds-pl", data, pages=1)


def test_hand_boxes_take_a_written_digit_and_headings_fit_in_every_language(db):
    tournament = seated_event(13)
    event = event_of(tournament, rounds=8)
    shapes = set()
    for language in LANGUAGES:
        with translation.override(language):
            layout = card_layout(event, paper="letter", per_page=4)
        hands = [c for c in layout.columns if c.header.isdigit()]
        assert len(hands) == 8 and all(c.width >= 5.0 for c in hands)
        for column in layout.columns:
            # Heading lines are measured in the font they are drawn in.
            assert column.heading is not None
            assert all(
                width_mm(line, column.heading.size_pt) <= column.width
                for line in column.heading.lines
            ), (language, column.header)
        shapes.add(tuple(round(c.width, 2) for c in layout.columns))
    # The longest translation sets each width: the card has one shape in all languages.
    assert len(shapes) == 1


# --- the seat link on the card ---------------------------------------------------------


def test_each_card_carries_the_players_seat_link_and_code(db):
    tournament = seated_event(13)
    data = render_job(tournament, "scorecards", paper="letter", per_page=4)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        qr_codes = [im for im in page.images if im["x1"] - im["x0"] < 80]
    first = tournament.players.order_by("name", "pk")[:4]
    for player in first:
        assert player.code in text
    # One QR code a card, at least 15 mm across: a phone reads it at arm's length.
    assert len(qr_codes) == 4
    assert all(im["x1"] - im["x0"] >= 15 * PT for im in qr_codes)


def test_the_seat_link_opens_the_seat_the_player_holds_now(db, client):
    tournament = seated_event(13, rounds=3)
    bye = Bye.objects.filter(round__tournament=tournament, round__number=1).first()
    player = (
        Player.objects.filter(tournament=tournament).exclude(pk=bye.player_id).order_by("pk")[0]
    )
    link = reverse("card-link", kwargs={"token": card_token(player.pk)})
    seat = Seat.objects.get(player=player, table__round__number=1)
    assert client.get(link)["Location"] == reverse("seat-entry", kwargs={"token": seat.token})
    Round.objects.filter(tournament=tournament, number=1).update(status=Round.Status.CLOSED)
    seat = Seat.objects.filter(player=player, table__round__number=2).first()
    if seat is not None:
        assert client.get(link)["Location"] == reverse("seat-entry", kwargs={"token": seat.token})
    # Sitting out the round in play: the player's page says so.
    bye_link = reverse("card-link", kwargs={"token": card_token(bye.player_id)})
    Round.objects.filter(tournament=tournament).update(status=Round.Status.PLANNED)
    assert client.get(bye_link)["Location"] == reverse(
        "player-seat", kwargs={"pk": tournament.pk, "player_pk": bye.player_id}
    )


def test_a_made_up_seat_link_is_not_found(db, client):
    tournament = seated_event(5, rounds=1)
    player = tournament.players.first()
    forged = f"{player.pk}-{'A' * 20}"
    assert card_of(forged) is None
    assert client.get(f"/c/{forged}/").status_code == 404
    other = f"{player.pk + 1000}-{card_token(player.pk).split('-', 1)[1]}"
    assert client.get(f"/c/{other}/").status_code == 404


# --- table cards -----------------------------------------------------------------------


def check_table_cards(tournament: Tournament, *, paper: str, language: str) -> bytes:
    with translation.override(language):
        data = render_job(tournament, "table-cards", paper=paper)
    tables = Table.objects.filter(round__tournament=tournament).values_list("number", flat=True)
    numbers = sorted(set(tables))
    seated: dict[int, set[str]] = {n: set() for n in numbers}
    for number, name in Seat.objects.filter(table__round__tournament=tournament).values_list(
        "table__number", "player__name"
    ):
        seated[number].add(name)
    rounds = tournament.rounds.count()
    found: dict[int, str] = {}
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            words = page.extract_words(
                x_tolerance=1.2, y_tolerance=1.0, use_text_flow=True, extra_attrs=["size"]
            )
            qrs = list(page.images)
            margin = 12 * PT - 0.6
            for w in words:
                assert inside(w, (margin, margin, page.width - margin, page.height - margin))
                for qr in qrs:
                    overlaps = (
                        w["x1"] > qr["x0"]
                        and w["x0"] < qr["x1"]
                        and (w["bottom"] > qr["top"] and w["top"] < qr["bottom"])
                    )
                    assert not overlaps, (w["text"], "runs into a QR code")
            # Two cards a page are told apart by their halves.
            middle = page.height / 2
            two = len([w for w in words if w["size"] > 30]) == 2
            halves = [(0, middle), (middle, page.height)] if two else [(0, page.height)]
            for low, high in halves:
                mine = [w for w in words if low <= w["top"] < high]
                # The table's number is the largest print on its card.
                number = int(max(mine, key=lambda w: w["size"])["text"])
                # In the order printed, each seat's name reads whole (wrapped or not).
                text = " ".join(w["text"] for w in mine)
                found[number] = text
                assert len([q for q in qrs if low <= q["top"] < high]) == rounds
    assert sorted(found) == numbers
    for number in numbers:
        for name in seated[number]:
            assert name in found[number], (number, name)
    return data


@pytest.mark.parametrize(("players", "language"), FIELDS_AND_LANGUAGES)
def test_table_cards_print_each_name_whole_one_table_a_page(db, players, language):
    tournament = seated_event(players)
    data = check_table_cards(tournament, paper="letter", language=language)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        # Eight rounds: one page a table, nothing spilt onto a second.
        assert len(pdf.pages) == players // 4
    if players == 13:
        save_pngs(f"issue17-table-cards-letter-{language}", data, pages=1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_twelve_rounds_fit_one_page_and_a_short_night_prints_two_tables_a_page(db, language):
    long_night = seated_event(13, rounds=12)
    data = check_table_cards(long_night, paper="a4", language=language)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 3
    save_pngs(f"issue17-table-cards-twelve-rounds-a4-{language}", data, pages=1)
    short = seated_event(16, rounds=4)
    data = check_table_cards(short, paper="letter", language=language)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2
    save_pngs(f"issue17-table-cards-two-a-page-{language}", data, pages=1)
