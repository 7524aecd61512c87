"""After a change of the night, the reprinted scorecards carry what was already played:
each played round's confirmed points and the running total, read back from the PDF
with pdfplumber as a player would read their card. Real PostgreSQL, the real rotation
engine, the print job run eagerly."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pdfplumber
import pytest
from django.conf import settings
from django.urls import reverse

from scoring.models import SeatResult
from tests.factories import UserFactory, sample_names
from tests.integration.test_standings import confirm_totals, start, tables
from tournaments import services
from tournaments.models import PrintJob, Tournament
from tournaments.printing.cards import event_of
from tournaments.printing.documents import card_layout

pytestmark = pytest.mark.django_db

PT = 72 / 25.4  # points a millimetre
ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts"


@pytest.fixture
def night() -> Tournament:
    """Nine players, four rounds: round 1 played and confirmed, round 2 in play."""
    tournament = services.create_tournament(
        owner=UserFactory(),
        name="Legion Hall Euchre",
        date=datetime.date(2026, 12, 2),
        venue="",
        variant=Tournament.Variant.NORTH_AMERICAN,
        options={},
        format=Tournament.Format.PROGRESSIVE,
        round_play=Tournament.RoundPlay.HANDS,
        entry_mode="totals",
        hands_per_round=8,
        rounds_planned=4,
    )
    services.import_players(tournament=tournament, text="\n".join(sample_names(9)))
    services.generate_rotation(tournament=tournament)
    start(tournament, 1)
    for table, points in zip(tables(tournament, 1), [(6, 2), (3, 5)], strict=True):
        confirm_totals(table, tournament.owner, points)
    start(tournament, 2)
    return tournament


def _cards(data: bytes, tournament: Tournament, per_page: int = 4) -> dict[str, list[tuple]]:
    """Each card's player and, per round, what its Pts and Total boxes print."""
    event = event_of(tournament, rounds=tournament.rounds.count())
    layout = card_layout(event, paper="a4", per_page=per_page)
    names = set(tournament.players.values_list("name", flat=True))
    columns = [(layout.left(i) * PT, layout.left(i + 1) * PT) for i in range(len(layout.columns))]
    points_col, total_col = columns[layout.sums_at], columns[layout.sums_at + 1]
    assert [layout.columns[layout.sums_at].header, layout.columns[layout.sums_at + 1].header] == [
        "Pts",
        "Total",
    ]
    found = {}
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            words = page.extract_words(x_tolerance=1.2, y_tolerance=1.0, use_text_flow=True)
            grids = [
                im for im in page.images if abs((im["x1"] - im["x0"]) - layout.inner_w * PT) < 2
            ]
            for grid in grids:
                gx, gy = grid["x0"], grid["top"]
                head = " ".join(
                    w["text"]
                    for w in words
                    if gx - 3 <= w["x0"] <= gx + layout.inner_w * PT
                    and gy - layout.header_h * PT - 6 <= w["top"] <= gy
                )
                (player,) = [n for n in names if n in head]
                rows = []
                for r in range(layout.rounds):
                    top = gy + (layout.head_row_h + r * layout.row_h) * PT
                    band = (top, top + layout.row_h * PT)
                    rows.append(
                        tuple(_cell(words, gx, col, band) for col in (points_col, total_col))
                    )
                found[player] = rows
    return found


def _cell(words, left: float, column: tuple[float, float], band: tuple[float, float]) -> str:
    """The words inside one column of one row of a card's grid."""
    return " ".join(
        w["text"]
        for w in words
        if left + column[0] - 0.5 <= w["x0"]
        and w["x1"] <= left + column[1] + 0.5
        and band[0] - 0.5 <= w["top"]
        and w["bottom"] <= band[1] + 0.5
    )


def test_a_reprinted_scorecard_shows_the_confirmed_points_of_the_rounds_played(
    client, night, eager, django_capture_on_commit_callbacks
):
    services.apply_change(tournament=night, arrive=["Late Larry"])
    client.force_login(night.owner)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("reprint-print", args=[night.pk]), {"kind": "scorecards"})
    job = PrintJob.objects.get(kind=PrintJob.Kind.SCORECARDS)
    assert job.status == PrintJob.Status.DONE, job.error
    with job.pdf.open("rb") as handle:
        data = handle.read()
    cards = _cards(data, night)
    # For a person to look at (pdftoppm makes it a picture).
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "changes-reprinted-scorecards.pdf").write_bytes(data)

    played = {
        share.seat.player.name: share.points_for
        for share in SeatResult.objects.filter(
            seat__table__round__tournament=night, seat__table__round__number=1
        ).select_related("seat__player")
    }
    reprinted = set(
        night.players.filter(pk__in=job.options["players"]).values_list("name", flat=True)
    )
    assert set(cards) == reprinted
    sat_in_round_1 = reprinted & set(played)
    assert sat_in_round_1, "the change moved nobody who played round 1"
    for name in sat_in_round_1:
        points = str(played[name])
        # Round 1's confirmed points and the total so far; round 2 is still in play.
        assert cards[name][0] == (points, points), name
        assert cards[name][1] == ("", ""), name
    # The newcomer and whoever sat out round 1 have nothing to carry over.
    for name in reprinted - set(played):
        assert cards[name][0] == ("", ""), name
