"""Printing: PDFs of scorecards, table cards, the rotation chart and standings.

PDF text is read back with pypdf, so these tests check what a player would read on
paper. Each printable is also rendered to PNG in test-artifacts/ (when pdftoppm is
installed) for a person to look at.
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
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader
from rest_framework.test import APIClient

from tests.factories import UserFactory, sample_names
from tests.integration.test_printing_cards import read_scorecards
from tournaments import services
from tournaments.models import Bye, Player, PrintJob, Seat, Tournament
from tournaments.printing import tasks
from tournaments.printing.cards import StandingsTable, event_of, read_seating, scorecards
from tournaments.printing.documents import card_layout, scorecards_document
from tournaments.printing.render import RefusedURL, RenderError, StaticFileFetcher, render_pdf
from tournaments.printing.services import PrintRequestError, request_print, retry_print

ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts"
BASE = "http://testserver"


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def pdf_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def save_pngs(name: str, data: bytes, *, pages: int = 1) -> None:
    """PNG renders for a person to look at; skipped quietly without poppler."""
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.pdf").write_bytes(data)
    if shutil.which("pdftoppm"):
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                "90",
                "-png",
                "-l",
                str(pages),
                str(ARTIFACTS / f"{name}.pdf"),
                str(ARTIFACTS / name),
            ],
            check=True,
        )


def make_event(
    *,
    fmt: str = Tournament.Format.PROGRESSIVE,
    players: int = 9,
    rounds: int | None = 3,
    round_play: str = Tournament.RoundPlay.HANDS,
    hands: int = 8,
    owner=None,
) -> Tournament:
    variant = {
        Tournament.Format.CUTTHROAT: Tournament.Variant.THREE_HANDED,
        Tournament.Format.HEADS_UP: Tournament.Variant.TWO_HANDED,
        Tournament.Format.SIX_HANDED: Tournament.Variant.SIX_HANDED,
    }.get(fmt, Tournament.Variant.NORTH_AMERICAN)
    tournament = services.create_tournament(
        owner=owner or UserFactory(),
        name="Legion Hall Spring Euchre",
        date=datetime.date(2026, 3, 14),
        venue="Legion Hall",
        variant=variant,
        options={},
        format=fmt,
        round_play=round_play,
        hands_per_round=hands,
        rounds_planned=rounds,
    )
    names = sample_names(players)
    for name in names:
        services.add_player(tournament=tournament, name=name)
    if fmt in (Tournament.Format.TEAMS, Tournament.Format.SIX_HANDED):
        services.pair_teams_at_random(tournament=tournament, seed=1)
    services.generate_rotation(tournament=tournament)
    return tournament


def unseated_event(*, owner=None) -> Tournament:
    """A tournament with no players and no rotation yet."""
    return services.create_tournament(
        owner=owner or UserFactory(),
        name="Not seated yet",
        date=datetime.date(2026, 1, 1),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        rounds_planned=None,
    )


def render_scorecards(tournament: Tournament, *, paper="letter", per_page=4) -> bytes:
    parts = tasks.job_parts(
        PrintJob(
            tournament=tournament, kind="scorecards", options={"paper": paper, "per_page": per_page}
        )
    )
    assert len(parts) == 1
    return render_pdf(parts[0].template, parts[0].context, base_url=BASE)


def cards_text(data: bytes, tournament: Tournament, *, paper="letter", per_page=4) -> str:
    """The cards as a player reads them: header, then each round's table, seat and names.

    (The table and seat numbers are each printed as one column, so the PDF's own text
    order runs down the columns rather than along the rows.)
    """
    event = event_of(tournament, rounds=tournament.rounds.count())
    layout = card_layout(event, paper=paper, per_page=per_page)
    cards = read_scorecards(data, layout)
    rows = [
        [card["head"], *(" ".join(filter(None, row)) for row in card["rows"])] for card in cards
    ]
    return flat(" ".join(" ".join(card) for card in rows))


def render_card(player: Player) -> str:
    """One player's card alone, as text."""
    seating = read_seating(player.tournament, player_ids=[player.pk])
    (part,) = scorecards_document(seating, paper="a4", per_page=1, player_ids=[player.pk])
    data = render_pdf(part.template, part.context, base_url=BASE)
    return cards_text(data, player.tournament, paper="a4", per_page=1)


def first_seat(tournament: Tournament, *, round_number: int = 1) -> Seat:
    return (
        Seat.objects.filter(table__round__tournament=tournament, table__round__number=round_number)
        .select_related("player", "table")
        .order_by("table__number", "position")
        .first()
    )


# --- render_pdf --------------------------------------------------------------


def test_render_pdf_returns_pdf_bytes_from_a_template(db):
    tournament = make_event()
    data = render_scorecards(tournament)
    assert data.startswith(b"%PDF-")
    assert len(PdfReader(io.BytesIO(data)).pages) == 3  # 9 cards, four to a sheet


def test_the_url_fetcher_reads_static_files_from_disk_and_refuses_the_rest():
    fetcher = StaticFileFetcher()
    css = fetcher.fetch(f"{BASE}/static/css/print.css")
    assert css.read().startswith(b"/* Print stylesheet") and css.content_type == "text/css"
    for url in (
        f"{BASE}/admin/",
        "https://example.org/static/css/print.css/../../../etc/passwd",
        f"{BASE}/static/../config/settings/base.py",
        "ftp://example.org/x",
    ):
        with pytest.raises(RefusedURL):
            fetcher.fetch(url)
    assert fetcher.fetch("data:text/plain,hi").read() == b"hi"


def test_a_template_linking_a_remote_file_fails_instead_of_fetching_it(db, tmp_path, settings):
    (tmp_path / "printing").mkdir()
    (tmp_path / "printing" / "remote.html").write_text(
        '<link rel="stylesheet" href="https://example.org/x.css"><p>x</p>'
    )
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path]}]
    with pytest.raises(RenderError, match="example.org"):
        render_pdf("printing/remote.html", {}, base_url=BASE)


# --- scorecards --------------------------------------------------------------


def test_a_scorecard_names_the_players_partner_and_opponents_each_round(db):
    tournament = make_event(players=8, rounds=3)
    seat = first_seat(tournament, round_number=2)
    seats = list(seat.table.seats.select_related("player"))
    partner = next(s.player.name for s in seats if s.side == seat.side and s.pk != seat.pk)
    opponents = [s.player.name for s in seats if s.side != seat.side]

    card = next(c for c in scorecards(read_seating(tournament)) if c.player == seat.player.name)
    line = card.rounds[1]
    assert (line.table, line.partners, set(line.opponents)) == (
        seat.table.number,
        (partner,),
        set(opponents),
    )

    card_text = render_card(seat.player)
    assert seat.player.name in card_text and seat.player.code in card_text
    # Round numbers are drawn with the grid; each round's text reads "table seat w/ … v …".
    rows = re.findall(r"(\d+) ([NESW]) w/ (.+?) v (.+?)(?= \d+ [NESW] w/| BYE|$)", card_text)
    assert len(rows) == 3, card_text
    table, label, partner_text, opponents_text = rows[1]
    assert (int(table), label) == (seat.table.number, line.seat)
    assert partner_text == partner
    assert sorted(opponents_text.split(", ")) == sorted(opponents)


def test_scorecards_mark_byes(db):
    tournament = make_event(players=9, rounds=3)
    bye = Bye.objects.filter(round__tournament=tournament).select_related("player", "round").first()
    card = next(c for c in scorecards(read_seating(tournament)) if c.player == bye.player.name)
    assert card.rounds[bye.round.number - 1].bye
    text = render_card(bye.player)
    assert text.count("BYE") == sum(r.bye for r in card.rounds) >= 1
    # The rows run in round order, so the bye sits after the rounds played before it.
    assert len(re.findall(r"\d+ [NESW] w/", text.split("BYE")[0])) == bye.round.number - 1


def test_scorecards_read_the_seating_in_a_fixed_number_of_queries(
    db, django_assert_max_num_queries
):
    small, large = make_event(players=8, rounds=2), make_event(players=16, rounds=4)
    for tournament in (small, large):
        with django_assert_max_num_queries(5):
            cards = scorecards(read_seating(tournament))
        assert len(cards) == tournament.players.count()


def headings(tournament: Tournament) -> list[str]:
    """The card's column headings (drawn as one image with the rules, so not PDF text)."""
    event = event_of(tournament, rounds=tournament.rounds.count())
    return [c.header for c in card_layout(event, paper="letter", per_page=4).columns]


def test_hand_boxes_follow_hands_per_round_and_a_game_round_gets_one_points_box(db):
    by_hand = make_event(players=8, rounds=2, hands=6)
    assert headings(by_hand) == [
        "Rd",
        "Table",
        "Seat",
        "Partner · opponents",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "Pts",
        "Total",
        "Loners",
        "Opp. initials",
    ]
    by_game = make_event(players=8, rounds=2, round_play=Tournament.RoundPlay.GAME)
    assert headings(by_game)[3:] == [
        "Partner · opponents",
        "Points",
        "Total",
        "Loners",
        "Opp. initials",
    ]
    layout = card_layout(event_of(by_hand, rounds=2), paper="letter", per_page=4)
    # The columns fill the card exactly, whatever the number of hands.
    assert sum(c.width for c in layout.columns) == pytest.approx(layout.inner_w)


def test_cutthroat_cards_list_two_opponents_and_no_partner_or_loners(db):
    tournament = make_event(fmt=Tournament.Format.CUTTHROAT, players=9, rounds=2)
    card = scorecards(read_seating(tournament))[0]
    assert all(len(r.opponents) == 2 and r.partners == () for r in card.rounds if r.seated)
    data = render_scorecards(tournament)
    text = cards_text(data, tournament)
    assert headings(tournament)[3] == "Opponents" and "Loners" not in headings(tournament)
    assert "w/" not in text
    assert re.search(r"\b\d+ [123] v \w+ \w+, \w+ \w+", text)
    save_pngs("scorecards-cutthroat", data)


def test_heads_up_cards_list_one_opponent(db):
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=6, rounds=3)
    card = scorecards(read_seating(tournament))[0]
    assert all(len(r.opponents) == 1 and r.partners == () for r in card.rounds)
    data = render_scorecards(tournament)
    text = cards_text(data, tournament)
    assert "Loners" not in headings(tournament) and "w/" not in text
    assert len(re.findall(r"\b\d+ [12] v \w+ \w+", text)) == 6 * 3  # 6 cards, 3 rounds
    save_pngs("scorecards-heads-up", data)


def test_teams_cards_name_the_team_once_and_the_opposing_team_each_round(db):
    tournament = make_event(fmt=Tournament.Format.TEAMS, players=8, rounds=3)
    player = Player.objects.filter(tournament=tournament).select_related("team").first()
    mate = Player.objects.filter(team=player.team).exclude(pk=player.pk).get()
    card = next(c for c in scorecards(read_seating(tournament)) if c.player == player.name)
    assert card.teammates == (mate.name,)
    assert all(len(r.opponents) == 2 for r in card.rounds if r.seated)
    data = render_scorecards(tournament)
    text = flat(" ".join(pdf_text(data)))
    assert f"Partner: {mate.name}" in text
    save_pngs("scorecards-teams", data)


def test_one_card_a_page_on_a4(db):
    tournament = make_event(players=8, rounds=3)
    data = render_scorecards(tournament, paper="a4", per_page=1)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 8
    box = reader.pages[0].mediabox
    # A4 landscape in points.
    assert (round(float(box.width)), round(float(box.height))) == (842, 595)
    save_pngs("scorecards-one-a-page-a4", data)


def test_four_cards_a_letter_page_render_for_looking_at(db):
    tournament = make_event(players=9, rounds=8, hands=8)
    data = render_scorecards(tournament, paper="letter", per_page=4)
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (792, 612)
    save_pngs("scorecards-progressive-letter", data)


# --- table cards, rotation chart, standings ----------------------------------


def test_table_cards_carry_the_number_the_seating_and_a_qr_link_per_round(db):
    tournament = make_event(players=8, rounds=2)
    job = PrintJob(
        tournament=tournament,
        kind="table-cards",
        options={"paper": "a4", "base_url": "https://euchre.example.org"},
    )
    parts = tasks.job_parts(job)
    card = parts[0].context["pages"][0][0]
    table = tournament.rounds.get(number=1).tables.get(number=card.number)
    url = "https://euchre.example.org" + reverse("table-entry", kwargs={"token": table.token})
    assert card.rounds[0].url == url
    assert card.rounds[0].qr_png.startswith("data:image/png;base64,")
    data = render_pdf(parts[0].template, parts[0].context, base_url=BASE)
    text = flat(pdf_text(data)[0])
    assert f"TABLE {card.number}" in text
    for seat in table.seats.select_related("player"):
        assert seat.player.name in text
    save_pngs("table-cards", data)


def test_rotation_chart_lists_every_round_and_table(db):
    tournament = make_event(players=9, rounds=4)
    job = PrintJob(tournament=tournament, kind="rotation-chart", options={"paper": "a4"})
    part = tasks.job_parts(job)[0]
    data = render_pdf(part.template, part.context, base_url=BASE)
    text = flat(" ".join(pdf_text(data)))
    for n in range(1, 5):
        assert f"Round {n}" in text
    for player in tournament.players.all():
        assert player.name in text
    save_pngs("rotation-chart", data)


def test_standings_print_the_rows_they_are_given(db):
    tournament = make_event(players=8, rounds=1)
    standings = StandingsTable(
        columns=(("place", "Place"), ("name", "Player"), ("points", "Points"), ("wins", "Wins")),
        rows=(
            {"place": 1, "name": "Ann Adams", "points": 61, "wins": 5},
            {"place": 2, "name": "Bob Baker", "points": 58, "wins": 4},
            {"place": "3=", "name": "Cy Cole", "points": 40},
        ),
        title="Standings",
        note="A bye scores nothing.",
    )
    job = request_print(tournament=tournament, kind="standings", standings=standings)
    part = tasks.job_parts(job)[0]
    data = render_pdf(part.template, part.context, base_url=BASE)
    text = flat(pdf_text(data)[0])
    # The heading is short; what counts is a footnote (below the table: see
    # test_printed_fit), not part of the title.
    assert text.startswith("Standings ") and "* A bye scores nothing." in text
    assert "Place Player Points Wins" in text
    assert "1 Ann Adams 61 5" in text and "3= Cy Cole 40" in text
    save_pngs("standings", data)


# --- jobs: services and tasks ------------------------------------------------


def test_a_job_is_queued_and_runs_once_the_request_commits(
    db, eager, django_capture_on_commit_callbacks
):
    tournament = make_event(players=8, rounds=2)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = request_print(
            tournament=tournament, kind="scorecards", paper="letter", requested_by=tournament.owner
        )
    job.refresh_from_db()
    assert (job.status, job.progress, job.options["paper"]) == ("queued", 0, "letter")
    assert len(callbacks) == 1

    seen: list[tuple[str, int]] = []
    original = tasks._count_part

    def spy(job_id: int, total: int) -> bool:
        seen.append(PrintJob.objects.values_list("status", "progress").get(pk=job_id))
        return original(job_id, total)

    tasks._count_part = spy
    try:
        callbacks[0]()
    finally:
        tasks._count_part = original
    job.refresh_from_db()
    assert seen and seen[0][0] == "running"
    assert (job.status, job.progress, job.error) == ("done", 100, "")
    assert job.finished_at is not None
    with job.pdf.open("rb") as handle:
        assert len(PdfReader(handle).pages) == 2


def test_without_a_broker_the_job_is_built_in_process_in_parts(
    db, eager, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr("tournaments.printing.documents.CARDS_PER_PART", 4)
    tournament = make_event(players=12, rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        job = request_print(tournament=tournament, kind="scorecards", per_page=1)
    job.refresh_from_db()
    assert job.status == "done" and job.options["parts"] == 3
    with job.pdf.open("rb") as handle:
        text = " ".join(pdf_text(handle.read()))
    assert all(p.name in text for p in tournament.players.all())
    parts = Path(settings.MEDIA_ROOT, "print", "parts")
    assert not parts.exists() or not any(parts.iterdir())


def test_a_job_prints_in_the_language_it_was_asked_in(db, eager):
    """The worker runs in the site's language; the organiser asked in Polish."""
    from django.utils import translation

    tournament = make_event(players=8, rounds=2)
    with translation.override("pl"):
        job = request_print(tournament=tournament, kind="table-cards")
    assert translation.get_language() != "pl"
    tasks.build_print_job(job.pk)
    job.refresh_from_db()
    with job.pdf.open("rb") as handle:
        text = " ".join(pdf_text(handle.read()))
    assert "Kto gdzie siedzi" in text and "Who sits where" not in text


def test_a_failing_job_is_marked_failed_with_a_plain_message(
    db, eager, django_capture_on_commit_callbacks, monkeypatch
):
    tournament = make_event(players=8, rounds=1)

    def broken(*args, **kwargs):
        raise OSError("the disk is full")

    monkeypatch.setattr(tasks, "render_pdf", broken)
    with django_capture_on_commit_callbacks(execute=True):
        job = request_print(tournament=tournament, kind="rotation-chart")
    job.refresh_from_db()
    assert job.status == "failed" and job.finished_at is not None
    assert "the disk is full" in job.error and "Retry" in job.error
    assert not job.pdf

    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        again = retry_print(job=job)
    again.refresh_from_db()
    assert again.pk != job.pk and again.status == "done" and again.kind == "rotation-chart"


def test_a_print_request_needs_a_rotation_and_sane_options(db):
    tournament = unseated_event()
    with pytest.raises(PrintRequestError, match="rotation"):
        request_print(tournament=tournament, kind="scorecards")
    with pytest.raises(PrintRequestError):
        request_print(tournament=tournament, kind="scorecards", paper="a3")


def test_only_scorecards_of_this_tournaments_players_can_be_chosen(db):
    tournament = make_event(players=9, rounds=2)
    other = make_event(players=9, rounds=2).players.first()
    player = tournament.players.first()
    with pytest.raises(PrintRequestError, match="only applies to scorecards"):
        request_print(tournament=tournament, kind="table-cards", players=[player.pk])
    with pytest.raises(PrintRequestError, match=f"No player with id {other.pk} in this"):
        request_print(tournament=tournament, kind="scorecards", players=[player.pk, other.pk])
    assert not PrintJob.objects.exists()
    job = request_print(tournament=tournament, kind="scorecards", players=[player.pk])
    assert job.options["players"] == [player.pk]


def test_standings_asked_for_without_their_rows_are_printed_as_they_are_now(db):
    from scoring.night_standings import tournament_standings

    tournament = make_event(players=9, rounds=2)
    job = request_print(tournament=tournament, kind="standings")
    printed = job.options["standings"]["rows"]
    # The sheet lists everyone the standings page lists, in the page's order.
    assert [row["name"] for row in printed] == [
        row.name for row in tournament_standings(tournament).rows
    ]
    assert len(printed) == 9


# --- pages -------------------------------------------------------------------


def test_only_organisers_reach_the_print_pages(db, client):
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=4, rounds=1)
    co_organiser, stranger = UserFactory(), UserFactory()
    tournament.co_organisers.add(co_organiser)
    url = reverse("print-request", args=[tournament.pk])

    assert client.get(url).status_code == 302  # to the login page
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    assert client.post(url, {"kind": "scorecards", "paper": "a4", "per_page": 4}).status_code == 403
    assert not PrintJob.objects.exists()
    client.force_login(co_organiser)
    response = client.get(url)
    assert response.status_code == 200 and "Scorecards" in response.content.decode()


def test_an_organiser_prints_watches_the_progress_and_downloads(
    db, client, eager, django_capture_on_commit_callbacks
):
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=4, rounds=2)
    client.force_login(tournament.owner)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(
            reverse("print-request", args=[tournament.pk]),
            {"kind": "scorecards", "paper": "letter", "per_page": 1},
        )
    job = PrintJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("print-job", args=[job.pk])
    assert (job.kind, job.options["paper"], job.options["per_page"]) == ("scorecards", "letter", 1)
    assert job.requested_by == tournament.owner

    page = client.get(reverse("print-job", args=[job.pk])).content.decode()
    assert 'hx-trigger="every 1s"' in page and "<progress" in page
    assert client.get(reverse("print-download", args=[job.pk])).status_code == 404

    for callback in callbacks:
        callback()
    partial = client.get(reverse("print-job", args=[job.pk]), HTTP_HX_REQUEST="true")
    body = partial.content.decode()
    assert "hx-trigger" not in body and reverse("print-download", args=[job.pk]) in body
    download = client.get(reverse("print-download", args=[job.pk]))
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert b"".join(download.streaming_content).startswith(b"%PDF-")

    stranger = UserFactory()
    client.force_login(stranger)
    assert client.get(reverse("print-download", args=[job.pk])).status_code == 403
    assert client.get(reverse("print-job", args=[job.pk])).status_code == 403


def test_a_failed_job_shows_its_message_and_retry_makes_a_new_job(
    db, client, eager, django_capture_on_commit_callbacks
):
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=4, rounds=1)
    job = PrintJob.objects.create(
        tournament=tournament,
        kind="table-cards",
        status="failed",
        options={"paper": "a4", "per_page": 4, "base_url": BASE},
        error="The PDF could not be made: the disk is full.",
    )
    client.force_login(tournament.owner)
    page = client.get(reverse("print-job", args=[job.pk])).content.decode()
    assert "the disk is full" in page and reverse("print-retry", args=[job.pk]) in page
    assert "hx-trigger" not in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("print-retry", args=[job.pk]))
    again = PrintJob.objects.exclude(pk=job.pk).get()
    assert response["Location"] == reverse("print-job", args=[again.pk])
    assert again.status == "done" and again.kind == "table-cards"


def test_six_handed_cards_name_two_team_mates_and_three_opponents(db):
    tournament = make_event(fmt=Tournament.Format.SIX_HANDED, players=12, rounds=2)
    cards = scorecards(read_seating(tournament))
    assert all(len(card.teammates) == 2 for card in cards)
    assert all(len(r.opponents) == 3 for card in cards for r in card.rounds if r.seated)
    data = render_scorecards(tournament)
    save_pngs("scorecards-six-handed", data)
    assert cards[0].teammates[0] in flat(pdf_text(data)[0])


def test_a_long_night_squeezes_partner_and_opponents_onto_one_line(db):
    tournament = make_event(players=9, rounds=14)
    event = event_of(tournament, rounds=14)
    assert card_layout(event, paper="a4", per_page=4).dense
    data = render_scorecards(tournament, paper="a4")
    text = cards_text(data, tournament, paper="a4")
    assert re.search(r"\d+ [NESW] w/ \w+ \w+ · v \w+ \w+, \w+ \w+", text)
    save_pngs("scorecards-fourteen-rounds-a4", data)


# --- reprinting some players' scorecards -------------------------------------------------


def test_the_card_link_beside_a_player_prints_only_that_players_scorecard(
    db, client, eager, django_capture_on_commit_callbacks
):
    tournament = make_event(players=9, rounds=3)
    ada = tournament.players.order_by("name").first()
    client.force_login(tournament.owner)
    detail = client.get(tournament.get_absolute_url()).content.decode()
    link = f"{reverse('print-request', args=[tournament.pk])}?players={ada.pk}"
    assert link in detail

    form = client.get(link).content.decode()
    # The player's box comes ticked and the choice comes open.
    assert '<details class="choose-players" open>' in form
    assert re.search(rf'value="{ada.pk}"[^>]*checked', form)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("print-request", args=[tournament.pk]),
            {"kind": "scorecards", "paper": "a4", "per_page": 1, "players": [ada.pk]},
        )
    job = PrintJob.objects.get()
    assert response["Location"] == reverse("print-job", args=[job.pk])
    assert job.options["players"] == [ada.pk] and job.status == "done"
    assert "1 player's card only" in client.get(response["Location"]).content.decode()
    with job.pdf.open("rb") as handle:
        pages = pdf_text(handle.read())
    # One card a page: the whole room would be nine pages.
    assert len(pages) == 1 and ada.name in pages[0]


def test_choosing_players_for_table_cards_is_refused_and_nothing_is_queued(db, client):
    tournament = make_event(players=9, rounds=2)
    player = tournament.players.first()
    client.force_login(tournament.owner)
    response = client.post(
        reverse("print-request", args=[tournament.pk]),
        {"kind": "table-cards", "paper": "a4", "per_page": 4, "players": [player.pk]},
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert "Choosing players only applies to scorecards" in body
    assert '<details class="choose-players" open>' in body
    assert not PrintJob.objects.exists()


def test_a_player_of_another_tournament_cannot_be_chosen(db, client):
    tournament = make_event(players=9, rounds=2)
    elsewhere = make_event(players=9, rounds=2).players.first()
    client.force_login(tournament.owner)
    response = client.post(
        reverse("print-request", args=[tournament.pk]),
        {"kind": "scorecards", "paper": "a4", "per_page": 4, "players": [elsewhere.pk]},
    )
    assert response.status_code == 200 and "valid choice" in response.content.decode()
    assert not PrintJob.objects.exists()


# --- a job whose worker is gone --------------------------------------------------------


# Marked failed once stalled: tests/integration/test_printing_outages.py.


def test_each_step_of_the_work_marks_the_job_as_alive(
    db, eager, django_capture_on_commit_callbacks
):
    tournament = make_event(fmt=Tournament.Format.HEADS_UP, players=4, rounds=1)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = request_print(tournament=tournament, kind="rotation-chart")
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    PrintJob.objects.filter(pk=job.pk).update(touched_at=long_ago)
    for callback in callbacks:
        callback()
    job.refresh_from_db()
    assert job.status == "done" and not job.is_stalled
    assert job.touched_at > long_ago + datetime.timedelta(minutes=59)


# --- the API ---------------------------------------------------------------------------


def test_the_api_queues_a_printout_reports_its_progress_and_serves_the_pdf(
    db, eager, django_capture_on_commit_callbacks
):
    tournament = make_event(players=9, rounds=2)
    player = tournament.players.order_by("name").first()
    api = APIClient()
    api.force_login(tournament.owner)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = api.post(
            f"/api/tournaments/{tournament.pk}/print-jobs/",
            {"kind": "scorecards", "paper": "letter", "per_page": 1, "players": [player.pk]},
            format="json",
        )
    assert response.status_code == 202, response.json()
    queued = response.json()
    assert (queued["status"], queued["download"], queued["players"]) == (
        "queued",
        None,
        [player.pk],
    )
    assert (queued["paper"], queued["per_page"], queued["stalled"]) == ("letter", 1, False)

    for callback in callbacks:
        callback()
    done = api.get(f"/api/print-jobs/{queued['id']}/").json()
    assert done["status"] == "done" and done["progress"] == 100
    assert done["download"].endswith(f"/api/print-jobs/{queued['id']}/download/")
    pdf = api.get(f"/api/print-jobs/{queued['id']}/download/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    pages = pdf_text(b"".join(pdf.streaming_content))
    assert len(pages) == 1 and player.name in pages[0]

    stranger = APIClient()
    stranger.force_login(UserFactory())
    assert stranger.get(f"/api/print-jobs/{queued['id']}/").status_code == 403
    assert stranger.get(f"/api/print-jobs/{queued['id']}/download/").status_code == 403
    assert (
        stranger.post(
            f"/api/tournaments/{tournament.pk}/print-jobs/", {"kind": "table-cards"}, format="json"
        ).status_code
        == 403
    )


def test_the_api_prints_the_standings_as_they_are(db, eager, django_capture_on_commit_callbacks):
    tournament = make_event(players=9, rounds=2)
    api = APIClient()
    api.force_login(tournament.owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            f"/api/tournaments/{tournament.pk}/print-jobs/", {"kind": "standings"}, format="json"
        )
    job = api.get(f"/api/print-jobs/{response.json()['id']}/").json()
    assert job["status"] == "done" and job["kind"] == "standings"


def test_the_api_refuses_a_print_request_that_cannot_be_honoured(db):
    tournament = make_event(players=9, rounds=2)
    unseated = unseated_event(owner=tournament.owner)
    api = APIClient()
    api.force_login(tournament.owner)
    player = tournament.players.first()

    def ask(target, body):
        return api.post(f"/api/tournaments/{target.pk}/print-jobs/", body, format="json")

    wrong_kind = ask(tournament, {"kind": "table-cards", "players": [player.pk]})
    assert wrong_kind.status_code == 400
    assert wrong_kind.json()["message"].startswith("players: Choosing players only applies")
    stranger = ask(tournament, {"kind": "scorecards", "players": [999999]})
    assert stranger.json()["message"] == "players: No player with id 999999 in this tournament."
    assert ask(tournament, {"kind": "poster"}).status_code == 400
    no_rotation = ask(unseated, {"kind": "scorecards"})
    assert no_rotation.status_code == 400
    assert "generate the rotation before printing" in no_rotation.json()["message"]
    assert not PrintJob.objects.exists()
