"""A night drawn round by round from the results (issue 35), in the trial format the
test settings enable, "seated by standings": each round the top four share table 1,
the next four table 2, and who sits out rotates.

Through the API and the services, on the real PostgreSQL database, with the real
rotation and rules engines: drafts only organisers see, one redraw, publishing,
closing a round draws the next, late arrivals and withdrawals change only the next
draw, and the night ends when the format says so."""

from __future__ import annotations

import datetime
import io
import itertools
import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from core.errors import DomainError
from scoring import services as scoring_services
from scoring.night_standings.drawn import night_so_far
from scoring.services import Via
from tournaments import selectors, services
from tournaments.card_links import card_link_path
from tournaments.models import Player, Round, Table, Tournament
from tournaments.services import late
from tournaments.services.draw import round_seed

TEN = [
    "Ada Byron", "Ben Okafor", "Cara Lind", "Dev Patel", "Eve Novak",
    "Finn Walsh", "Gia Rossi", "Hal Berg", "Ivy Chen", "Jon Sato",
]  # fmt: skip
LATE = "Kim Dahl"
FORMAT = "seated-by-standings"

_keys = itertools.count()


@pytest.fixture
def organiser(postgres_db, django_user_model):
    return django_user_model.objects.create_user("olive", password="cards-on-the-table")


@pytest.fixture
def api(organiser) -> APIClient:
    client = APIClient()
    client.force_authenticate(organiser)
    return client


def drawn_night(api: APIClient, *, rounds: int | None = 3) -> Tournament:
    """Ten players here and one marked late, created through the API."""
    body = {
        "name": "Drawn club night",
        "date": "2026-12-01",
        "variant": "north-american",
        "format": FORMAT,
        "entry_mode": "totals",
        "seed": 7,
    }
    if rounds is not None:
        body["rounds_planned"] = rounds
    answer = api.post("/api/tournaments/", body, format="json")
    assert answer.status_code == 201, answer.json()
    tournament = Tournament.objects.get(pk=answer.json()["id"])
    services.import_players(tournament=tournament, text="\n".join([*TEN, LATE]))
    late.mark_late(player=Player.objects.get(tournament=tournament, name=LATE))
    return tournament


def url(tournament: Tournament, tail: str = "") -> str:
    return f"/api/tournaments/{tournament.pk}/{tail}"


def the_round(tournament: Tournament, number: int) -> Round:
    return Round.objects.get(tournament=tournament, number=number)


def confirm_tables(tournament: Tournament, number: int, *, skip: int = 0) -> None:
    """The organiser enters each table's totals (side 0 ahead at table 1, and so on);
    the last `skip` tables are left without a result."""
    tables = list(Table.objects.filter(round__tournament=tournament, round__number=number))
    for table in tables[: len(tables) - skip]:
        scoring_services.correct_result(
            table=table,
            user=tournament.owner,
            expected_version=0,
            idempotency_key=f"drawn-{next(_keys)}",
            side_points=[6, 2] if table.number % 2 else [3, 5],
        )


def seated_and_byes(answer: dict) -> tuple[set[str], set[str]]:
    seated = {seat["player"]["name"] for t in answer["tables"] for seat in t["seats"]}
    return seated, {p["name"] for p in answer["byes"]}


def test_a_night_drawn_round_by_round_through_the_api(api, client, organiser):
    tournament = drawn_night(api)
    detail = reverse("tournament-detail", args=[tournament.pk])
    client.force_login(organiser)
    assert "Draw round 1" in client.get(detail).content.decode()

    # Round 1: ten players here (one late), two tables of four and two byes, a draft.
    first = api.post(url(tournament, "draw-round/"))
    assert first.status_code == 200, first.json()
    body = first.json()
    assert (body["number"], body["published"], body["redraws"]) == (1, False, 0)
    assert body["seed"] == round_seed(tournament, 1)
    seated, byes = seated_and_byes(body)
    assert len(body["tables"]) == 2 and len(byes) == 2
    assert seated | byes == set(TEN)

    # The draft is the organisers' alone: no table link, public page or anonymous API.
    anonymous = APIClient()
    assert anonymous.get(url(tournament, "rounds/")).json() == []
    assert anonymous.get(url(tournament, "rounds/1/")).status_code == 404
    token = Table.objects.filter(round__tournament=tournament).first().token
    assert client.get(reverse("table-entry", args=[token])).status_code == 404
    linked = APIClient(HTTP_AUTHORIZATION=f"Table {token}")
    assert linked.get(f"/api/tables/{token}/").status_code == 401
    public_page = reverse("tournament-public", args=[tournament.pk])
    assert 'class="tables"' not in client.get(public_page).content.decode()

    # A second draw waits for the draft; one redraw, with the next seed, then no more.
    refused = api.post(url(tournament, "draw-round/"))
    assert refused.status_code == 400
    assert "publish it before drawing another" in refused.json()["message"]
    again = api.post(url(tournament, "rounds/1/redraw/"))
    assert again.status_code == 200
    assert (again.json()["redraws"], again.json()["seed"]) == (1, body["seed"] + 1)
    once = api.post(url(tournament, "rounds/1/redraw/"))
    assert once.status_code == 400
    assert once.json()["message"] == "Round 1 has already been drawn again once."

    # Published: everyone sees it, and it can no longer be drawn again.
    assert api.post(url(tournament, "rounds/1/publish/")).json()["published"] is True
    assert [r["number"] for r in anonymous.get(url(tournament, "rounds/")).json()] == [1]
    assert linked.get(f"/api/tables/{token}/").status_code == 200
    assert 'class="tables"' in client.get(public_page).content.decode()
    assert api.post(url(tournament, "rounds/1/redraw/")).status_code == 400

    # Closing round 1 draws round 2 as a draft, from the standings.
    assert api.post(url(tournament, "rounds/1/start/")).status_code == 200
    confirm_tables(tournament, 1)
    board = client.get(reverse("round-results", args=[tournament.pk, 1])).content.decode()
    assert "Close and draw round 2" in board
    closed = client.post(
        reverse("round-results-close", args=[tournament.pk, 1]),
        {"idempotency_key": "close-1"},
        follow=True,
    ).content.decode()
    assert "Round 1 closed. Round 2 is drawn: only organisers see it until it is published." in (
        closed
    )
    second = the_round(tournament, 2)
    assert (second.published, second.seed) == (False, round_seed(tournament, 2))
    rounds = list(Round.objects.filter(tournament=tournament))
    progress = selectors.night_progress(tournament, rounds)
    assert not progress.finished and progress.draft == 2
    assert "The night is over" not in client.get(detail).content.decode()
    assert "Publish round 2" in client.get(detail).content.decode()
    # The draft shows each player's place and points going in: round 1's winners lead.
    draft_page = client.get(reverse("round-detail", args=[tournament.pk, 2])).content.decode()
    assert "place 1, 6 points" in draft_page

    # Round 2 starts (which publishes it); the late player arrives and Jon leaves: only
    # round 3's draw changes.
    assert api.post(url(tournament, "rounds/2/start/")).json()["published"] is True
    arrived = Player.objects.get(tournament=tournament, name=LATE)
    here = api.post(url(tournament, f"players/{arrived.pk}/late/"), {"late": False}, format="json")
    assert here.status_code == 200, here.json()
    jon = Player.objects.get(tournament=tournament, name="Jon Sato")
    preview = api.get(url(tournament, f"players/{jon.pk}/removal/")).json()
    removed = api.delete(url(tournament, f"players/{jon.pk}/?fingerprint={preview['fingerprint']}"))
    assert removed.status_code in (200, 204), removed.content
    assert Round.objects.filter(tournament=tournament).count() == 2

    # Nothing is drawn while a table of round 2 has no confirmed result.
    confirm_tables(tournament, 2, skip=1)
    waiting = api.post(url(tournament, "draw-round/"))
    assert waiting.status_code == 400
    assert waiting.json()["message"] == (
        "Round 3 cannot be drawn yet: table 2 has no confirmed result."
    )
    confirm_tables_left(tournament, 2)
    assert api.post(url(tournament, "rounds/2/close/"), {}, format="json").status_code == 200

    third = api.get(url(tournament, "rounds/3/")).json()
    seated, byes = seated_and_byes(third)
    assert seated | byes == (set(TEN) - {"Jon Sato"}) | {LATE}
    assert len(byes) == 2

    # Round 3 is the last of three: closing it draws nothing, and the night is over.
    api.post(url(tournament, "rounds/3/publish/"))
    assert api.post(url(tournament, "rounds/3/start/")).status_code == 200
    confirm_tables(tournament, 3)
    board = client.get(reverse("round-results", args=[tournament.pk, 3])).content.decode()
    assert "Close the round" in board and "Close and draw" not in board
    assert api.post(url(tournament, "rounds/3/close/"), {}, format="json").status_code == 200
    assert not Round.objects.filter(tournament=tournament, number=4).exists()
    over = api.post(url(tournament, "draw-round/"))
    assert over.status_code == 400
    assert over.json()["message"] == "The night is over: there is no round left to draw."
    assert "The night is over" in client.get(detail).content.decode()


def confirm_tables_left(tournament: Tournament, number: int) -> None:
    for table in Table.objects.filter(
        round__tournament=tournament, round__number=number, result__isnull=True
    ):
        scoring_services.correct_result(
            table=table,
            user=tournament.owner,
            expected_version=0,
            idempotency_key=f"drawn-{next(_keys)}",
            side_points=[4, 4],
        )


def test_a_disputed_table_holds_the_next_draw(api):
    tournament = drawn_night(api)
    services.draw_next_round(tournament=tournament)
    services.start_round(round=the_round(tournament, 1), user=tournament.owner)
    confirm_tables(tournament, 1, skip=1)
    table = Table.objects.get(round__tournament=tournament, round__number=1, number=2)
    seats = list(table.seats.select_related("player").order_by("position"))
    scoring_services.submit_totals(
        table=table,
        side_points=[5, 3],
        seat=seats[0],
        expected_version=0,
        idempotency_key="disputed-1",
        via=Via.SEAT_LINK,
    )
    scoring_services.dispute_result(
        table=table, expected_version=1, reason="We won that one", codes=[seats[1].player.code]
    )
    with pytest.raises(DomainError) as refused:
        services.draw_next_round(tournament=tournament)
    assert refused.value.message == (
        "Round 2 cannot be drawn while table 2 is disputed: settle it first."
    )


def test_the_rounds_of_a_drawn_format_default_to_eight(api):
    tournament = drawn_night(api, rounds=None)
    assert tournament.rounds_planned == 8


def test_a_planned_format_is_not_drawn_round_by_round(api, organiser):
    tournament = services.create_tournament(
        owner=organiser,
        name="Planned night",
        date=datetime.date(2026, 12, 1),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        rounds_planned=2,
    )
    answer = api.post(url(tournament, "draw-round/"))
    assert answer.status_code == 400
    assert "is not drawn round by round" in answer.json()["message"]


def test_the_organiser_draws_redraws_and_publishes_from_the_pages(api, client, organiser):
    tournament = drawn_night(api)
    client.force_login(organiser)
    drawn = client.post(reverse("round-draw", args=[tournament.pk]), follow=True)
    page = drawn.content.decode()
    assert "Round 1 is drawn. Only organisers see it until it is published." in page
    # Before round 1 nobody has a place: no figures beside the names.
    assert "Draft" in page and "place 1" not in page
    assert "Redraw" in page
    # Its tables are behind no link yet: no QR code leads to them.
    assert "Result entry link" not in page
    again = client.post(reverse("round-redraw", args=[tournament.pk, 1]), follow=True)
    assert "Round 1 is drawn again." in again.content.decode()
    assert "it cannot be drawn again" in again.content.decode()
    shown = client.post(reverse("round-publish", args=[tournament.pk, 1]), follow=True)
    assert "Round 1 is published: the players and the room see it now." in shown.content.decode()
    assert "place 1, 0 points" not in shown.content.decode()
    assert the_round(tournament, 1).published


def test_players_changing_while_a_draft_waits_change_only_that_draft(api):
    tournament = drawn_night(api)
    draft = services.draw_next_round(tournament=tournament)
    kim = Player.objects.get(tournament=tournament, name=LATE)
    late.here_now(player=kim)
    in_draft = selectors.round_with_seating(tournament, 1)
    names = {s.player.name for t in in_draft.tables.all() for s in t.seats.all()}
    names |= {b.player.name for b in in_draft.byes.all()}
    assert names == {*TEN, LATE}
    # Still the same draw: its seed, and its one redraw unused.
    assert (in_draft.seed, in_draft.redraws, in_draft.published) == (draft.seed, 0, False)

    # Ada is only in the draft: she is taken off the list, and the draft drawn without her.
    ada = Player.objects.get(tournament=tournament, name="Ada Byron")
    removal = services.preview_removal(player=ada)
    services.remove_player(player=ada, expected_fingerprint=removal.fingerprint)
    assert not Player.objects.filter(pk=ada.pk).exists()
    in_draft = selectors.round_with_seating(tournament, 1)
    assert len(in_draft.tables.all()) == 2 and len(in_draft.byes.all()) == 2
    assert "Ada Byron" not in {b.player.name for b in in_draft.byes.all()}


def test_a_drawn_night_has_no_rotation_to_generate_or_re_plan(api):
    tournament = drawn_night(api)
    answer = api.post(url(tournament, "generate-rotation/"))
    assert answer.status_code == 400
    assert answer.json()["message"].endswith(
        "is drawn round by round from the results: there is no rotation to generate or "
        "re-plan. Late arrivals and withdrawals change only the next draw."
    )
    with pytest.raises(DomainError) as refused:
        services.preview_change(tournament=tournament, arrive=["Lou Marsh"])
    assert refused.value.code == "drawn_not_planned"


def test_the_form_offers_the_trial_format_where_the_settings_enable_it(client, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournament-create")).content.decode()
    assert f'value="{FORMAT}"' in page
    assert "Seated by standings (1-4, 5-8, … each round)" in page


def test_the_format_is_shown_each_table_s_points_and_the_standings_order(api):
    tournament = drawn_night(api)
    services.draw_next_round(tournament=tournament)
    services.publish_round(round=the_round(tournament, 1))
    services.start_round(round=the_round(tournament, 1), user=tournament.owner)
    confirm_tables(tournament, 1, skip=1)
    so_far = night_so_far(tournament)
    first, second = so_far.results.rounds[0].tables
    assert first.points == (6, 2) and second.points is None
    assert so_far.results.rounds[0].byes and not so_far.results.all_confirmed
    # Table 1's winners lead the standings, its losers follow them.
    assert set(so_far.ranking[:2]) == set(first.sides[0])
    assert set(so_far.ranking[2:4]) == set(first.sides[1])
    assert so_far.results.players[: len(TEN)] == tuple(TEN)


def test_the_removal_page_says_only_the_next_draw_changes(api, client, organiser):
    tournament = drawn_night(api)
    services.draw_next_round(tournament=tournament)
    services.start_round(round=the_round(tournament, 1), user=organiser)
    seated = the_round(tournament, 1).tables.first().seats.first().player
    client.force_login(organiser)
    address = reverse("player-remove", args=[tournament.pk, seated.pk])
    page = client.get(address).content.decode()
    assert "the next draw leaves them out." in page
    assert f"Withdraw {seated.name}</button>" in page
    fingerprint = services.preview_removal(player=seated).fingerprint
    done = client.post(address, {"fingerprint": fingerprint}, follow=True).content.decode()
    assert f"{seated.name} has left; the next draw leaves them out." in done
    seated.refresh_from_db()
    assert not seated.active


def test_a_phone_is_sent_to_a_round_only_once_it_is_published(api, client):
    tournament = drawn_night(api)
    draft = services.draw_next_round(tournament=tournament)
    seat = draft.tables.first().seats.select_related("player").first()
    card = card_link_path(seat.player.pk, seat.player.card_version)
    public_page = reverse("player-seat", args=[tournament.pk, seat.player.pk])
    assert client.get(card)["Location"] == public_page
    assert "Table 1" not in client.get(public_page).content.decode()
    assert client.get(reverse("seat-entry", args=[seat.token])).status_code == 404

    services.publish_round(round=draft)
    assert client.get(card)["Location"] == reverse("seat-entry", args=[seat.token])
    assert client.get(reverse("seat-entry", args=[seat.token])).status_code == 200
    assert "Table 1" in client.get(public_page).content.decode()


def drawn_again_off_the_site(client, tournament: Tournament, number: int, tmp_path) -> None:
    """The night's history as the site offers it, up to round `number`, drawn again by
    `next_round` with the seed the round keeps: the same tables, seats and byes."""
    answer = client.get(reverse("draw-history-export", args=[tournament.pk]))
    assert answer.status_code == 200
    document = json.loads(answer.content)
    stored = document["rounds"][number - 1]
    document["rounds"] = document["rounds"][: number - 1]
    path = tmp_path / f"history-{number}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    seed = the_round(tournament, number).seed
    out = io.StringIO()
    call_command(
        "next_round",
        "--format",
        FORMAT,
        "--history",
        str(path),
        "--seed",
        str(seed),
        "--set",
        f"rounds={tournament.rounds_planned}",
        stdout=out,
    )
    drawn = json.loads(out.getvalue())
    assert drawn["tables"] == [{"table": t["table"], "teams": t["teams"]} for t in stored["tables"]]
    assert sorted(drawn["byes"]) == sorted(stored["byes"])


def test_next_round_draws_again_each_round_the_site_drew_from_its_history(api, client, tmp_path):
    tournament = drawn_night(api)
    assert api.post(url(tournament, "draw-round/")).status_code == 200
    api.post(url(tournament, "rounds/1/publish/"))
    api.post(url(tournament, "rounds/1/start/"))
    confirm_tables(tournament, 1)
    assert api.post(url(tournament, "rounds/1/close/"), {}, format="json").status_code == 200
    api.post(url(tournament, "rounds/2/publish/"))
    drawn_again_off_the_site(client, tournament, 2, tmp_path)

    # A late arrival and a withdrawal: the history says who plays now and who left.
    api.post(url(tournament, "rounds/2/start/"))
    arrived = Player.objects.get(tournament=tournament, name=LATE)
    api.post(url(tournament, f"players/{arrived.pk}/late/"), {"late": False}, format="json")
    jon = Player.objects.get(tournament=tournament, name="Jon Sato")
    preview = api.get(url(tournament, f"players/{jon.pk}/removal/")).json()
    api.delete(url(tournament, f"players/{jon.pk}/?fingerprint={preview['fingerprint']}"))
    confirm_tables(tournament, 2)
    assert api.post(url(tournament, "rounds/2/close/"), {}, format="json").status_code == 200
    api.post(url(tournament, "rounds/3/publish/"))
    history = json.loads(client.get(reverse("draw-history-export", args=[tournament.pk])).content)
    assert history["left"] == ["Jon Sato"] and LATE in history["players"]
    drawn_again_off_the_site(client, tournament, 3, tmp_path)


def test_a_planned_night_has_its_rounds_and_points_in_the_same_shape(client, organiser):
    planned = Tournament.objects.create(
        name="Planned", date=datetime.date(2026, 12, 1), owner=organiser
    )
    services.import_players(tournament=planned, text="\n".join(TEN[:8]))
    services.generate_rotation(tournament=planned)
    answer = client.get(reverse("draw-history-export", args=[planned.pk]))
    document = json.loads(answer.content)
    assert document["format"] == "progressive" and document["players"] == TEN[:8]
    assert [r["round"] for r in document["rounds"]] == list(range(1, 8))
    assert all("points" not in t for r in document["rounds"] for t in r["tables"])
