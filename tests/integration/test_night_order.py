"""The night in order (issue 14): rounds start one after another, byes count once they
happen, removing a player asks and re-plans, and the pages offer the next step.

On the real PostgreSQL database, with the real rotation and rules engines."""

from __future__ import annotations

import csv
import datetime
import io
import itertools
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from core.errors import DomainError
from scoring import night_standings
from scoring import services as scoring_services
from scoring.models import TableResult
from tournaments import services
from tournaments.models import Bye, Player, Round, RoundStartOverride, Seat, Table, Tournament

THIRTEEN = [
    "Ada Byron", "Ben Okafor", "Cara Lind", "Dev Patel", "Eve Novak", "Finn Walsh", "Gia Rossi",
    "Hal Berg", "Ivy Chen", "Jon Sato", "Kim Dahl", "Lou Marsh", "Max Ortiz",
]  # fmt: skip

_keys = itertools.count()


@pytest.fixture
def organiser(postgres_db, django_user_model):
    return django_user_model.objects.create_user("olive", password="cards-on-the-table")


@pytest.fixture
def browser(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def api(organiser) -> APIClient:
    client = APIClient()
    client.force_authenticate(organiser)
    return client


def night(owner, *, names=THIRTEEN, fmt="progressive", rounds=8, rotation=True) -> Tournament:
    tournament = services.create_tournament(
        owner=owner,
        name="Tuesday club night",
        date=datetime.date(2026, 12, 1),
        variant="north-american",
        options={},
        format=fmt,
        round_play="hands",
        hands_per_round=8,
        entry_mode="totals",
        rounds_planned=rounds,
        seed=3,
    )
    if fmt == "teams":
        lines = [f"{name},Team {i // 2 + 1}" for i, name in enumerate(names)]
        services.import_players(tournament=tournament, text="\n".join(lines))
    else:
        services.import_players(tournament=tournament, text="\n".join(names))
    if rotation:
        services.generate_rotation(tournament=tournament)
    return tournament


def rnd(tournament: Tournament, number: int) -> Round:
    return Round.objects.get(tournament=tournament, number=number)


def close(tournament: Tournament, number: int) -> None:
    """The organiser closes the round (tables without a result are closed by force)."""
    scoring_services.close_round(round=rnd(tournament, number), user=tournament.owner, force=True)


def confirm_every_table(tournament: Tournament, number: int, points=(6, 2)) -> None:
    for table in Table.objects.filter(round__tournament=tournament, round__number=number):
        scoring_services.correct_result(
            table=table,
            user=tournament.owner,
            expected_version=0,
            idempotency_key=f"night-order-{next(_keys)}",
            side_points=list(points),
        )


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


# ------------------------------------------------------------------ rounds go in order


def test_a_round_starts_only_once_the_one_before_it_is_closed(organiser):
    tournament = night(organiser)
    services.start_round(round=rnd(tournament, 1), user=organiser)
    with pytest.raises(DomainError) as refused:
        services.start_round(round=rnd(tournament, 2), user=organiser)
    assert refused.value.code == "previous_round_not_closed"
    assert refused.value.message == "Round 2 cannot start until round 1 is closed."
    assert rnd(tournament, 2).status == Round.Status.PLANNED
    close(tournament, 1)
    services.start_round(round=rnd(tournament, 2), user=organiser)
    assert rnd(tournament, 2).status == Round.Status.IN_PLAY


def test_a_progressive_night_cannot_start_a_round_early_even_with_a_reason(organiser):
    tournament = night(organiser)
    services.start_round(round=rnd(tournament, 1), user=organiser)
    with pytest.raises(DomainError) as refused:
        services.start_round(
            round=rnd(tournament, 2), user=organiser, start_anyway_reason="we are in a hurry"
        )
    assert refused.value.code == "rounds_cannot_overlap"
    assert "Round 2 cannot start until round 1 is closed." in refused.value.message
    assert rnd(tournament, 2).status == Round.Status.PLANNED
    assert not RoundStartOverride.objects.exists()


def test_a_teams_event_starts_a_round_early_only_with_a_reason_and_it_is_audited(organiser):
    tournament = night(organiser, names=THIRTEEN[:12], fmt="teams", rounds=5)
    services.start_round(round=rnd(tournament, 1), user=organiser)
    with pytest.raises(DomainError) as refused:
        services.start_round(round=rnd(tournament, 2), user=organiser)
    assert refused.value.code == "previous_round_not_closed"
    assert "start the round anyway" in refused.value.details[0]
    with pytest.raises(DomainError) as blank:
        services.start_round(round=rnd(tournament, 2), user=organiser, start_anyway_reason="   ")
    assert blank.value.code == "previous_round_not_closed"

    services.start_round(
        round=rnd(tournament, 2), user=organiser, start_anyway_reason="Table 1 finished early"
    )

    assert rnd(tournament, 2).status == Round.Status.IN_PLAY
    (audit,) = RoundStartOverride.objects.all()
    assert audit.round == rnd(tournament, 2)
    assert audit.user == organiser
    assert audit.reason == "Table 1 finished early"
    assert audit.open_rounds == [1]
    assert audit.at is not None
    # Round 3 still needs round 2 started, which it is; never a round before its predecessor.
    with pytest.raises(DomainError) as skipping:
        services.start_round(round=rnd(tournament, 4), user=organiser, start_anyway_reason="x")
    assert skipping.value.code == "earlier_round_not_started"


def test_the_api_says_why_a_start_is_refused_and_takes_the_teams_override(organiser, api):
    tournament = night(organiser)
    base = f"/api/tournaments/{tournament.pk}/rounds"
    assert api.post(f"{base}/1/start/").status_code == 200
    refused = api.post(f"{base}/2/start/")
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "previous_round_not_closed",
        "message": "Round 2 cannot start until round 1 is closed.",
        "details": [],
    }

    teams = night(organiser, names=THIRTEEN[:12], fmt="teams", rounds=5)
    base = f"/api/tournaments/{teams.pk}/rounds"
    assert api.post(f"{base}/1/start/").status_code == 200
    refused = api.post(f"{base}/2/start/")
    assert refused.status_code == 400 and refused.json()["details"]
    started = api.post(
        f"{base}/2/start/", {"start_anyway_reason": "Table 3 is waiting"}, format="json"
    )
    assert started.status_code == 200 and started.json()["status"] == "in-play"
    assert RoundStartOverride.objects.get(round__tournament=teams).reason == "Table 3 is waiting"


def test_the_pages_say_why_a_start_is_refused_and_offer_no_early_start_button(organiser, browser):
    tournament = night(organiser)
    services.start_round(round=rnd(tournament, 1), user=organiser)
    start_2 = reverse("round-start", args=[tournament.pk, 2])

    response = browser.post(start_2, {"next": "round"}, follow=True)

    assert "Round 2 cannot start until round 1 is closed." in messages_of(response)
    assert rnd(tournament, 2).status == Round.Status.PLANNED
    page = response.content.decode()
    assert "Round 2 cannot start until round 1 is closed." in page
    assert f'action="{start_2}"' not in page  # no button that would be refused
    assert "start_anyway_reason" not in page  # no override outside a teams event
    detail = browser.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()
    assert f'action="{start_2}"' not in detail
    assert "after round 1 closes" in detail


def test_a_teams_event_page_offers_start_anyway_with_a_reason(organiser, browser):
    tournament = night(organiser, names=THIRTEEN[:12], fmt="teams", rounds=5)
    services.start_round(round=rnd(tournament, 1), user=organiser)
    page = browser.get(reverse("round-detail", args=[tournament.pk, 2])).content.decode()
    assert "Start round 2 anyway" in page and 'name="start_anyway_reason"' in page

    response = browser.post(
        reverse("round-start", args=[tournament.pk, 2]),
        {"next": "round", "start_anyway_reason": "Table 2 has finished"},
        follow=True,
    )

    assert "Round 2 started." in messages_of(response)
    page = response.content.decode()
    assert "Started while round 1 was still in play, by olive" in page
    assert "Table 2 has finished" in page


# ------------------------------------------------------------------ byes that happened


def _csv_byes(browser, tournament) -> dict[str, int]:
    response = browser.get(reverse("standings-export", args=[tournament.pk, "csv"]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header = rows[0]
    name, byes = header.index("Player") if "Player" in header else 1, header.index("Byes")
    return {row[name]: int(row[byes]) for row in rows[1:] if row}


def test_standings_and_exports_count_a_bye_only_once_its_round_has_started(organiser, browser):
    tournament = night(organiser)
    assert Bye.objects.filter(round__tournament=tournament).count() == 8  # one a round, planned
    services.start_round(round=rnd(tournament, 1), user=organiser)
    sat_out = Bye.objects.get(round__tournament=tournament, round__number=1).player.name

    standings = night_standings.tournament_standings(tournament)
    assert {row.name: row.record.byes for row in standings.rows if row.record.byes} == {sat_out: 1}
    assert {k: v for k, v in _csv_byes(browser, tournament).items() if v} == {sat_out: 1}
    exported = browser.get(reverse("standings-export", args=[tournament.pk, "json"])).json()
    assert sum(row["byes"] for row in exported["rows"]) == 1

    confirm_every_table(tournament, 1)
    close(tournament, 1)
    services.start_round(round=rnd(tournament, 2), user=organiser)
    standings = night_standings.tournament_standings(tournament)
    assert sum(row.record.byes for row in standings.rows) == 2


def test_a_players_page_charts_no_bye_of_a_round_not_started(organiser, browser):
    tournament = night(organiser)
    late_bye = Bye.objects.get(round__tournament=tournament, round__number=8)
    services.start_round(round=rnd(tournament, 1), user=organiser)
    confirm_every_table(tournament, 1)

    history = night_standings.player_night(tournament, late_bye.player_id)

    assert [line.round for line in history.lines if line.outcome == "bye"] == []
    assert all(line.round == 1 for line in history.lines)
    page = browser.get(
        reverse("standings-player", args=[tournament.pk, late_bye.player_id])
    ).content.decode()
    assert ">8<" not in page.replace(" ", "")


# ------------------------------------------------------------------ removing a player


def _removal_page(browser, tournament, player):
    path = reverse("player-remove", args=[tournament.pk, player.pk])
    response = browser.get(path)
    assert response.status_code == 200
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', response.content.decode())
    return path, response.content.decode(), fingerprint.group(1)


def test_before_a_rotation_removing_a_player_asks_then_deletes(organiser, browser):
    tournament = night(organiser, rotation=False)
    ada = tournament.players.get(name="Ada Byron")
    detail = browser.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()
    path = reverse("player-remove", args=[tournament.pk, ada.pk])
    assert f'href="{path}"' in detail  # a link to the question, not a button that deletes

    path, page, fingerprint = _removal_page(browser, tournament, ada)
    assert "not seated in any round" in page
    assert Player.objects.filter(pk=ada.pk).exists()  # asking removes nothing
    assert browser.post(path).status_code == 200  # no confirmation: asked again
    assert Player.objects.filter(pk=ada.pk).exists()

    response = browser.post(path, {"fingerprint": fingerprint}, follow=True)

    assert "Player removed: Ada Byron." in messages_of(response)
    assert not Player.objects.filter(pk=ada.pk).exists()


def test_before_play_removing_a_seated_player_re_plans_instead_of_discarding(organiser, browser):
    tournament = night(organiser)
    tokens = set(Table.objects.filter(round__tournament=tournament).values_list("token", flat=True))
    ada = tournament.players.get(name="Ada Byron")

    path, page, fingerprint = _removal_page(browser, tournament, ada)
    assert "planned again for everyone else" in page
    assert "Ada Byron" in page and "Before" in page  # the rounds that move, before → after
    assert Seat.objects.filter(player=ada).exists()  # nothing changed by asking

    browser.post(path, {"fingerprint": fingerprint})

    assert not Player.objects.filter(pk=ada.pk).exists()
    assert tournament.rounds.count() == 8  # the rotation is kept, re-planned for twelve
    for number in range(1, 9):
        seated = Seat.objects.filter(
            table__round__tournament=tournament, table__round__number=number
        )
        assert seated.count() == 12
    kept = set(Table.objects.filter(round__tournament=tournament).values_list("token", flat=True))
    assert kept <= tokens  # printed table cards still open their tables
    assert Tournament.objects.get(pk=tournament.pk).rotation_quality


def test_after_play_starts_a_player_with_results_is_withdrawn_never_deleted(organiser, browser):
    tournament = night(organiser)
    services.start_round(round=rnd(tournament, 1), user=organiser)
    confirm_every_table(tournament, 1)
    ada = tournament.players.get(name="Ada Byron")
    played = list(
        Seat.objects.filter(table__round__number=1, table__round__tournament=tournament)
        .order_by("pk")
        .values_list("pk", "player_id", "table_id")
    )
    results = TableResult.objects.filter(table__round__tournament=tournament).count()

    path, page, fingerprint = _removal_page(browser, tournament, ada)
    assert "so stays on the list" in page
    response = browser.post(path, {"fingerprint": fingerprint}, follow=True)

    assert any(
        said.startswith("Ada Byron has left; the rounds not started are re-planned.")
        for said in messages_of(response)
    )
    ada.refresh_from_db()
    assert ada.active is False
    assert (
        list(
            Seat.objects.filter(table__round__number=1, table__round__tournament=tournament)
            .order_by("pk")
            .values_list("pk", "player_id", "table_id")
        )
        == played
    )
    assert TableResult.objects.filter(table__round__tournament=tournament).count() == results
    assert not Seat.objects.filter(player=ada, table__round__number__gt=1).exists()
    assert not Bye.objects.filter(player=ada, round__number__gt=1).exists()
    standings = night_standings.tournament_standings(tournament)
    assert any(row.name == "Ada Byron" and row.record.played == 1 for row in standings.rows)


def test_a_stale_removal_page_changes_nothing(organiser, browser):
    tournament = night(organiser)
    ada = tournament.players.get(name="Ada Byron")
    path, _page, fingerprint = _removal_page(browser, tournament, ada)
    services.start_round(round=rnd(tournament, 1), user=organiser)  # meanwhile, play starts

    response = browser.post(path, {"fingerprint": fingerprint})

    assert response.status_code == 200  # asked again, with what happens now
    assert "so stays on the list" in response.content.decode()
    assert Player.objects.get(pk=ada.pk).active


def test_in_a_teams_event_before_play_a_broken_team_discards_the_rotation_after_asking(
    organiser,
):
    tournament = night(organiser, names=THIRTEEN[:12], fmt="teams", rounds=5)
    ada = tournament.players.get(name="Ada Byron")
    removal = services.preview_removal(player=ada)
    assert removal.outcome == services.RemovalOutcome.DISCARD
    assert "withdraw the whole team" in removal.reason
    services.remove_player(player=ada, expected_fingerprint=removal.fingerprint)
    assert not Player.objects.filter(pk=ada.pk).exists()
    assert not tournament.rounds.exists()


def test_the_api_asks_for_the_preview_before_a_removal_changes_the_rotation(organiser, api):
    tournament = night(organiser)
    ada = tournament.players.get(name="Ada Byron")
    path = f"/api/tournaments/{tournament.pk}/players/{ada.pk}/"

    unasked = api.delete(path)
    assert unasked.status_code == 400 and unasked.json()["error"] == "removal_not_confirmed"
    assert Seat.objects.filter(player=ada).exists()

    preview = api.get(f"{path}removal/").json()
    assert preview["outcome"] == "replan" and preview["change"]["withdrawn"] == ["Ada Byron"]
    done = api.delete(f"{path}?fingerprint={preview['fingerprint']}")

    assert done.status_code == 200 and done.json()["outcome"] == "replan"
    assert not Player.objects.filter(pk=ada.pk).exists()
    assert tournament.rounds.count() == 8


def test_only_the_organisers_may_ask_what_a_removal_would_do(organiser, django_user_model):
    """The preview re-plans the whole rotation: nobody else may set that work going."""
    tournament = night(organiser)
    ada = tournament.players.get(name="Ada Byron")
    path = f"/api/tournaments/{tournament.pk}/players/{ada.pk}/removal/"
    stranger, helper = APIClient(), APIClient()
    stranger.force_authenticate(django_user_model.objects.create_user("another-club"))
    co_organiser = django_user_model.objects.create_user("helper")
    services.add_co_organiser(tournament=tournament, user=co_organiser)
    helper.force_authenticate(co_organiser)

    anonymous = APIClient().get(path)
    other = stranger.get(path)

    assert anonymous.status_code in (401, 403)
    assert anonymous.json()["error"] == "not_authenticated"
    assert other.status_code == 403 and other.json()["error"] == "not_organiser"
    assert other.json()["message"] == "Only the organisers of this tournament can do that."
    assert helper.get(path).json()["outcome"] == "replan"


# ------------------------------------------------------------------ the next step


def test_after_a_round_closes_the_page_offers_to_start_the_next(organiser, browser):
    tournament = night(organiser, rounds=2)
    services.start_round(round=rnd(tournament, 1), user=organiser)
    confirm_every_table(tournament, 1)

    response = browser.post(
        reverse("round-close", args=[tournament.pk, 1]), {"next": "round"}, follow=True
    )

    page = response.content.decode()
    assert "Round 1 is closed" in page
    start_2 = reverse("round-start", args=[tournament.pk, 2])
    assert f'action="{start_2}"' in page and "Start round 2" in page
    detail = browser.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()
    assert f'action="{start_2}"' in detail

    response = browser.post(start_2, {"next": "round"}, follow=True)
    assert response.request["PATH_INFO"] == reverse("round-detail", args=[tournament.pk, 2])
    confirm_every_table(tournament, 2)
    response = browser.post(
        reverse("round-close", args=[tournament.pk, 2]), {"next": "round"}, follow=True
    )

    page = response.content.decode()
    assert "Every round is closed" in page
    assert reverse("standings-page", args=[tournament.pk]) in page
    assert reverse("standings-print", args=[tournament.pk]) in page


# ------------------------------------------------------------------ the edit form


def test_the_edit_form_shows_settings_fixed_by_play_as_read_only_with_the_reason(
    organiser, browser
):
    tournament = night(organiser)
    edit = reverse("tournament-edit", args=[tournament.pk])
    before = browser.get(edit).content.decode()
    assert "discards the planned rotation" in before
    assert not re.search(r'<select name="variant"[^>]*disabled', before)

    services.start_round(round=rnd(tournament, 1), user=organiser)
    page = browser.get(edit).content.decode()

    assert "The rules, format and rotation are fixed once the first round has started." in page
    for name in ("variant", "format"):
        assert re.search(rf'<select name="{name}"[^>]*disabled', page), name
    assert re.search(r'name="rounds_planned"[^>]*disabled', page)
    assert re.search(r'name="stick_the_dealer"[^>]*disabled', page)
    assert not re.search(r'name="name"[^>]*disabled', page)  # the name may still change

    form = {
        "name": "Renamed night", "date": "2026-12-01", "venue": "", "variant": "british",
        "format": "progressive", "round_play": "hands", "hands_per_round": "5",
        "entry_mode": "totals", "rounds_planned": "3", "seed": "9", "defender_alone": "allowed",
    }  # fmt: skip
    response = browser.post(edit, form)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Renamed night"
    assert (tournament.variant, tournament.hands_per_round, tournament.rounds_planned) == (
        "north-american", 8, 8,
    )  # fmt: skip
