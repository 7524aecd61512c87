"""What the players and the room see of a night drawn round by round (issue 35): the
physical table link that follows the rounds, the phones' "where next", the public
pages and the projector's seating screen (published rounds only), and the printouts
made before the rounds are known. Through the pages and the API, on PostgreSQL, with
the real rotation and rules engines, in the trial format the test settings enable."""

from __future__ import annotations

import io
import itertools
import re
import shutil
import subprocess

import pdfplumber
import pytest
from django.conf import settings
from django.urls import reverse
from pypdf import PdfReader, PdfWriter
from rest_framework.test import APIClient

from core.errors import DomainError
from scoring import services as scoring_services
from tests.factories import TournamentFactory, players_for, sample_names
from tournaments import seat_names, services
from tournaments.card_links import card_token
from tournaments.models import Bye, Player, PrintJob, Round, Seat, Table, TableLink, Tournament
from tournaments.printing import tasks
from tournaments.printing.render import render_pdf
from tournaments.printing.services import request_print
from tournaments.rotations import formats
from tournaments.services.table_links import table_links

TEN = [
    "Ada Byron", "Ben Okafor", "Cara Lind", "Dev Patel", "Eve Novak",
    "Finn Walsh", "Gia Rossi", "Hal Berg", "Ivy Chen", "Jon Sato",
]  # fmt: skip
BASE = "http://testserver"
ARTIFACTS = settings.BASE_DIR / "test-artifacts"
_keys = itertools.count()


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def organiser(postgres_db, django_user_model):
    return django_user_model.objects.create_user("olive", password="cards-on-the-table")


@pytest.fixture
def api(organiser) -> APIClient:
    client = APIClient()
    client.force_authenticate(organiser)
    return client


def drawn_night(api: APIClient, names=TEN, *, rounds: int = 3) -> Tournament:
    body = {
        "name": "Drawn club night",
        "date": "2026-12-01",
        "variant": "north-american",
        "format": "seated-by-standings",
        "entry_mode": "totals",
        "seed": 7,
        "rounds_planned": rounds,
    }
    answer = api.post("/api/tournaments/", body, format="json")
    assert answer.status_code == 201, answer.json()
    tournament = Tournament.objects.get(pk=answer.json()["id"])
    services.import_players(tournament=tournament, text="\n".join(names))
    return tournament


def api_url(tournament: Tournament, tail: str) -> str:
    return f"/api/tournaments/{tournament.pk}/{tail}"


def confirm(tournament: Tournament, number: int) -> None:
    for table in Table.objects.filter(round__tournament=tournament, round__number=number):
        scoring_services.correct_result(
            table=table,
            user=tournament.owner,
            expected_version=0,
            idempotency_key=f"pages-{next(_keys)}",
            side_points=[6, 2] if table.number % 2 else [3, 5],
        )


def draw(api, tournament) -> int:
    answer = api.post(api_url(tournament, "draw-round/"))
    assert answer.status_code == 200, answer.json()
    return answer.json()["number"]


def publish(api, tournament, number) -> None:
    answer = api.post(api_url(tournament, f"rounds/{number}/publish/"))
    assert answer.status_code == 200, answer.json()


def play_and_close(api, tournament, number) -> None:
    """Start, confirm and close round `number`: closing draws the next as a draft."""
    assert api.post(api_url(tournament, f"rounds/{number}/start/")).status_code == 200
    confirm(tournament, number)
    closed = api.post(api_url(tournament, f"rounds/{number}/close/"), {}, format="json")
    assert closed.status_code == 200, closed.json()


def table_token(tournament, number, table=1) -> str:
    return Table.objects.get(round__tournament=tournament, round__number=number, number=table).token


def page(client, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status_code)
    return answer.content.decode()


def opens(client, link: TableLink) -> str:
    """Where the physical table's link leads now: a round's table page, or "idle"."""
    answer = client.get(reverse("table-link", args=[link.token]))
    if answer.status_code == 302:
        return answer["Location"]
    assert answer.status_code == 200
    assert f"Table {link.number} has no game this round." in answer.content.decode()
    return "idle"


def test_the_physical_table_link_follows_the_rounds_and_never_shows_a_draft(api, client):
    tournament = drawn_night(api)
    # Printed before the night: ten players make two tables (two sit out each round).
    request_print(tournament=tournament, kind=PrintJob.Kind.TABLE_CARDS, base_url=BASE)
    first, second = TableLink.objects.filter(tournament=tournament).order_by("number")
    assert (first.number, second.number) == (1, 2)
    assert opens(client, first) == "idle"

    draw(api, tournament)
    assert opens(client, first) == "idle", "a draft opens nothing"
    publish(api, tournament, 1)
    at_one = reverse("table-entry", args=[table_token(tournament, 1)])
    assert opens(client, first) == at_one
    assert opens(client, second) == reverse("table-entry", args=[table_token(tournament, 1, 2)])

    play_and_close(api, tournament, 1)
    assert Round.objects.get(tournament=tournament, number=2).published is False
    assert opens(client, first) == at_one, "round 2 is a draft: the card stays on round 1"
    publish(api, tournament, 2)
    assert opens(client, first) == reverse("table-entry", args=[table_token(tournament, 2)])
    api.post(api_url(tournament, "rounds/2/start/"))
    assert opens(client, first) == reverse("table-entry", args=[table_token(tournament, 2)])

    # A number this round has no table for says so plainly.
    (third,) = table_links(tournament=tournament, numbers=[3])
    assert opens(client, third) == "idle"
    # The links are made once: printing again keeps them.
    request_print(tournament=tournament, kind=PrintJob.Kind.TABLE_CARDS, base_url=BASE)
    assert TableLink.objects.get(pk=first.pk).token == first.token
    assert client.get("/tt/" + "x" * 43 + "/").status_code == 404


def test_the_physical_table_link_works_for_a_planned_night(postgres_db, client):
    tournament = TournamentFactory(rounds_planned=3)
    players_for(tournament, sample_names(8))
    services.generate_rotation(tournament=tournament)
    (link,) = table_links(tournament=tournament, numbers=[2])
    rounds = {r.number: r for r in Round.objects.filter(tournament=tournament)}
    assert opens(client, link) == reverse("table-entry", args=[table_token(tournament, 1, 2)])
    services.start_round(round=rounds[1], user=tournament.owner)
    assert opens(client, link) == reverse("table-entry", args=[table_token(tournament, 1, 2)])


def where_next_lines(client, path: str) -> list[str]:
    """The "where next" box of a table or seat page, as the phone's poll gets it."""
    html = page(client, path + "?where_next=1")
    assert 'id="where-next"' in html
    lines = re.findall(r'<p class="where-next-line[^"]*">(.*?)</p>', html, re.S)
    return [re.sub(r"<[^>]+>", "", line).strip() for line in lines]


def expected_line(tournament: Tournament, player: Player, number: int) -> str:
    """What a phone must say of `player`'s round `number`, read from the rows."""
    if Bye.objects.filter(round__tournament=tournament, round__number=number, player=player):
        return f"Round {number}: you sit out."
    mine = Seat.objects.select_related("table").get(
        table__round__tournament=tournament, table__round__number=number, player=player
    )
    seats = list(mine.table.seats.order_by("position").select_related("player"))
    label = seat_names.full_names(seat_names.layout_of(seats))[seats.index(mine)]
    partners = [s.player.name for s in seats if s.side == mine.side and s != mine]
    opponents = [s.player.name for s in seats if s.side != mine.side]
    words = f"Round {number}: table {mine.table.number}, {label}."
    if partners:
        words += f" Partner: {' and '.join(partners)}."
    if len(opponents) == 1:
        return words + f" Opponent: {opponents[0]}."
    return words + f" Opponents: {', '.join(opponents[:-1])} and {opponents[-1]}."


def test_a_played_table_says_where_each_player_goes_once_the_next_round_is_out(
    api, client, django_assert_max_num_queries
):
    tournament = drawn_night(api)
    draw(api, tournament)
    publish(api, tournament, 1)
    play_and_close(api, tournament, 1)
    table_page = reverse("table-entry", args=[table_token(tournament, 1)])
    # Round 2 is a draft: the phone says it is coming, and asks again by itself.
    html = page(client, table_page)
    assert "Round 2 is not out yet" in html
    assert 'hx-trigger="every 10s"' in html
    assert all("Round 2 is not out yet" in line for line in where_next_lines(client, table_page))

    publish(api, tournament, 2)
    # Every phone in the room asks every ten seconds: a few queries, whatever the size.
    with django_assert_max_num_queries(10):
        client.get(table_page + "?where_next=1")
    # The table link speaks for nobody: every player at the table gets a line.
    seats = Seat.objects.filter(
        table__round__tournament=tournament, table__round__number=1, table__number=1
    ).order_by("position")
    assert where_next_lines(client, table_page) == [
        f"{seat.player.name} · {expected_line(tournament, seat.player, 2)}" for seat in seats
    ]
    assert any("Partner: " in line for line in where_next_lines(client, table_page))

    # A seat link speaks for its player alone; a bye is said as one.
    sat_out = [
        seat
        for seat in Seat.objects.filter(table__round__tournament=tournament, table__round__number=1)
        if Bye.objects.filter(round__number=2, round__tournament=tournament, player=seat.player_id)
    ]
    assert sat_out, "byes rotate: someone seated in round 1 sits out round 2"
    seat_page = reverse("seat-entry", args=[sat_out[0].token])
    assert where_next_lines(client, seat_page) == ["Round 2: you sit out."]
    # The card link leads a player sitting out to their own page, which says so; a
    # seated player's card link opens their round 2 seat.
    player = sat_out[0].player
    own_page = reverse("player-seat", args=[tournament.pk, player.pk])
    assert client.get(reverse("card-link", args=[card_token(player.pk)]))["Location"] == own_page
    assert "Bye: you sit this round out." in page(client, own_page)
    seated = Seat.objects.filter(table__round__tournament=tournament, table__round__number=2)[0]
    card = client.get(reverse("card-link", args=[card_token(seated.player_id)]))
    assert card["Location"] == reverse("seat-entry", args=[seated.token])


@pytest.mark.parametrize(
    ("fmt", "players", "partner"),
    [("cutthroat", 6, False), ("heads-up", 4, False), ("progressive", 8, True)],
)
def test_where_next_in_each_format_shape(postgres_db, client, fmt, players, partner):
    spec = formats.spec(fmt)
    tournament = TournamentFactory(
        format=fmt,
        variant=spec.variants[0],
        rounds_planned=2,
        round_play=Tournament.RoundPlay.GAME,
        entry_mode=Tournament.EntryMode.TOTALS,
    )
    players_for(tournament, sample_names(players))
    services.generate_rotation(tournament=tournament)
    first = Round.objects.get(tournament=tournament, number=1)
    services.start_round(round=first, user=tournament.owner)
    table = first.tables.order_by("number").first()
    seat = table.seats.order_by("position").first()
    # Before the result is confirmed the page has no "where next"; once it is, it does.
    assert 'id="where-next"' not in page(client, reverse("seat-entry", args=[seat.token]))
    scoring_services.correct_result(
        table=table,
        user=tournament.owner,
        expected_version=0,
        idempotency_key=f"pages-{next(_keys)}",
        side_points=[10, 3] if fmt != "cutthroat" else [10, 3, 2],
    )
    (line,) = where_next_lines(client, reverse("seat-entry", args=[seat.token]))
    assert line == expected_line(tournament, seat.player, 2)
    assert ("Partner:" in line) is partner
    assert 'id="where-next"' in page(client, reverse("seat-entry", args=[seat.token]))
    # After the last round: nothing left, said plainly.
    second = Round.objects.get(tournament=tournament, number=2)
    last = second.tables.order_by("number").first().seats.order_by("position").first()
    scoring_services.close_round(round=first, user=tournament.owner, force=True)
    services.start_round(round=second, user=tournament.owner)
    scoring_services.correct_result(
        table=last.table,
        user=tournament.owner,
        expected_version=0,
        idempotency_key=f"pages-{next(_keys)}",
        side_points=[10, 3] if fmt != "cutthroat" else [10, 3, 2],
    )
    assert where_next_lines(client, reverse("seat-entry", args=[last.token])) == [
        "No more rounds for you tonight."
    ]


def screen(client, tournament) -> tuple[str, int, list[str]]:
    """The seating screen: its heading, the pages it reports and its lines."""
    html = page(client, reverse("seating-screen", args=[tournament.pk]))
    heading = re.search(r"<h1>(.*?)</h1>", html, re.S)[1]
    count = re.search(r'data-pages="(\d+)"', html)
    lines = re.findall(r'<span class="who">(.*?)</span> — <span class="where">(.*?)</span>', html)
    return heading, int(count[1]) if count else 0, [f"{who} — {where}" for who, where in lines]


def test_public_pages_and_the_seating_screen_show_published_rounds_only(api, client):
    tournament = drawn_night(api)
    ada = Player.objects.get(tournament=tournament, name="Ada Byron")
    mine = reverse("player-seat", args=[tournament.pk, ada.pk])
    draw(api, tournament)
    assert "The seating has not been published yet." in page(
        client, reverse("seating-screen", args=[tournament.pk])
    )
    assert "Round 1 is not out yet" in page(client, mine)

    publish(api, tournament, 1)
    heading, pages, lines = screen(client, tournament)
    assert "Round 1" in heading and pages == 1
    assert [line.split(" — ")[0] for line in lines] == sorted(TEN)
    assert sum(line.endswith("sits out") for line in lines) == 2
    expected = expected_line(tournament, ada, 1)
    if "sit out" not in expected:
        table_and_seat = expected.split(": ", 1)[1].split(".")[0]  # "table 2, North"
        assert f"Ada Byron — {table_and_seat}" in lines

    play_and_close(api, tournament, 1)  # round 2 drawn, a draft
    assert "Round 1" in screen(client, tournament)[0]
    public = page(client, reverse("tournament-public", args=[tournament.pk]) + "?round=2")
    draft = Table.objects.filter(round__tournament=tournament, round__number=2)
    assert not any(t.token in public for t in draft)
    assert "Round 2 is not out yet" in page(client, mine)
    assert "Round 2" not in page(client, mine).split("Your night")[1]

    publish(api, tournament, 2)
    assert "Round 2" in screen(client, tournament)[0]
    # The organiser's round page and the standings' projector lead to the screen.
    client.force_login(tournament.owner)
    seating = reverse("seating-screen", args=[tournament.pk])
    assert seating in page(client, reverse("round-detail", args=[tournament.pk, 2]))
    assert seating in page(client, reverse("standings-projector", args=[tournament.pk]))
    client.logout()
    assert "Next, round 2" in page(client, mine)
    assert 'hx-trigger="every 10s"' in page(client, mine)


def test_the_seating_screen_pages_a_big_room_by_itself(api, client):
    names = sample_names(130)
    tournament = drawn_night(api, names)
    draw(api, tournament)
    publish(api, tournament, 1)
    _heading, pages, lines = screen(client, tournament)
    # Sixty names a page at 28 px on a 1920 x 1080 screen: 130 players make three pages.
    assert pages == 3
    assert len(lines) == 130
    assert [line.split(" — ")[0] for line in lines] == sorted(names, key=str.casefold)
    html = page(client, reverse("seating-screen", args=[tournament.pk]))
    assert "Page 3 of 3" in html
    assert html.count('class="seating-page" hidden') == 2


def render_job(tournament: Tournament, kind: str, **options) -> bytes:
    job = PrintJob(tournament=tournament, kind=kind, options={"base_url": BASE, **options})
    writer = PdfWriter()
    for part in tasks.job_parts(job):
        writer.append(PdfReader(io.BytesIO(render_pdf(part.template, part.context, base_url=BASE))))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def pdf_pages(name: str, data: bytes) -> list[str]:
    """The PDF's text page by page; the PDF and its first pages as PNGs are kept in
    test-artifacts/ for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"{name}.pdf"
    pdf.write_bytes(data)
    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-l", "2", str(pdf), str(ARTIFACTS / name)],
            check=False,
        )
    with pdfplumber.open(io.BytesIO(data)) as doc:
        return [p.extract_text() or "" for p in doc.pages]


def test_per_round_table_cards_carry_the_physical_link_and_no_round_grid(api, client, organiser):
    tournament = drawn_night(api)
    # Asked for on the print page before any round is drawn: not refused.
    client.force_login(organiser)
    asked = client.post(
        reverse("print-request", args=[tournament.pk]),
        {"kind": "table-cards", "paper": "a4", "per_page": "4"},
    )
    assert asked.status_code == 302 and "/print/jobs/" in asked["Location"]
    client.logout()
    pages = pdf_pages("drawn-table-cards", render_job(tournament, PrintJob.Kind.TABLE_CARDS))
    # Two tables for ten players, two cards a page.
    assert len(pages) == 1
    text = pages[0]
    links = TableLink.objects.filter(tournament=tournament).order_by("number")
    for link in links:
        url = f"{BASE}/tt/{link.token}/"
        assert url in text.replace("\n", "")
        assert client.get(url.removeprefix(BASE)).status_code == 200  # nothing published yet
    assert text.count("Scan to enter the result") == 2
    assert "Round" not in text and not any(name in text for name in TEN)


def test_per_round_scorecards_print_the_code_and_blank_seats(api, client):
    tournament = drawn_night(api)
    draw(api, tournament)
    publish(api, tournament, 1)  # a published round is not printed ahead either
    data = render_job(tournament, PrintJob.Kind.SCORECARDS, per_page=4)
    pages = pdf_pages("drawn-scorecards", data)
    text = "\n".join(pages)
    for player in Player.objects.filter(tournament=tournament):
        assert player.name in text and player.code in text
    # Blank lines to write the rounds in as they are drawn, not "not seated".
    assert "not seated" not in text
    # No partner or opponent printed ahead: each name is on its own card only.
    for name in TEN:
        assert text.count(name) == 1, name


def test_find_your_seat_prints_a_round_once_it_is_published(api, organiser, client):
    tournament = drawn_night(api)
    draw(api, tournament)
    publish(api, tournament, 1)
    play_and_close(api, tournament, 1)  # round 2: a draft
    with pytest.raises(DomainError) as refused:
        request_print(tournament=tournament, kind=PrintJob.Kind.FIND_YOUR_SEAT, rounds=[2])
    assert "not published yet" in refused.value.message
    sheets = pdf_pages("drawn-find-your-seat", render_job(tournament, "find-your-seat"))
    assert all("Round 2" not in sheet for sheet in sheets)
    publish(api, tournament, 2)
    job = request_print(tournament=tournament, kind=PrintJob.Kind.FIND_YOUR_SEAT, rounds=[2])
    assert job.options["rounds"] == [2]
    # The print page lets the organiser pick a published round.
    client.force_login(organiser)
    html = page(client, reverse("print-request", args=[tournament.pk]))
    assert 'name="round" value="2"' in html
