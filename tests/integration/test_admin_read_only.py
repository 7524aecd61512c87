"""The admin shows staff what the services wrote and changes none of it.

A confirmed result deleted from the admin used to drop out of the standings with no
audit entry; a round's status or tournament could be edited around the services.
This walks every admin page of every model the tournaments, scoring and leagues
apps register: add, change, delete, the bulk delete action, with real POSTs.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from leagues.models import Member, PlayerLink, Season, SeasonNight
from scoring.models import ResultChange, SeatResult, StandingsSettings, TableResult
from tests.factories import TournamentFactory
from tournaments.models import Bye, Player, Round, RoundStartOverride, Seat, Table, Team

pytestmark = pytest.mark.django_db

SERVICE_APPS = ("tournaments", "scoring", "leagues")


def service_owned_admins() -> list[tuple[type, admin.ModelAdmin]]:
    return sorted(
        (
            (model, model_admin)
            for model, model_admin in admin.site._registry.items()
            if model._meta.app_label in SERVICE_APPS
        ),
        key=lambda item: item[0]._meta.label,
    )


@pytest.fixture
def night(django_user_model):
    """One row of every model the services own: a night with a confirmed result, a bye,
    a team, a round started out of order, standings settings and a season."""
    owner = django_user_model.objects.create_user("olive", password="cards-on-the-table")
    tournament = TournamentFactory(owner=owner, format="teams")
    team = Team.objects.create(tournament=tournament, name="Aces")
    players = [
        Player.objects.create(tournament=tournament, name=name, team=team if i < 2 else None)
        for i, name in enumerate(["Ann", "Bob", "Cy", "Di", "Eve"])
    ]
    first = Round.objects.create(tournament=tournament, number=1, status=Round.Status.CLOSED)
    Round.objects.create(tournament=tournament, number=2, status=Round.Status.PLANNED)
    table = Table.objects.create(round=first, number=1)
    seats = [
        Seat.objects.create(table=table, player=player, position=i, side=i % 2)
        for i, player in enumerate(players[:4])
    ]
    Bye.objects.create(round=first, player=players[4])
    result = TableResult.objects.create(
        table=table,
        kind=TableResult.Kind.ROUND_TOTALS,
        scores=[9, 5, 9, 5],
        complete=True,
        status=TableResult.Status.CONFIRMED,
        version=8,
        submitted_side=0,
        submitted_by_seat=seats[0],
    )
    SeatResult.objects.create(
        result=result,
        seat=seats[0],
        engine_seat=0,
        side=0,
        points_for=9,
        points_against=5,
        outcome=SeatResult.Outcome.WON,
        loners_made=0,
        euchres_made=0,
    )
    ResultChange.objects.create(
        round=first, table=table, action="submitted", via="seat-link", seat=seats[0], version=8
    )
    RoundStartOverride.objects.create(round=first, open_rounds=[], reason="Table 3 was slow")
    StandingsSettings.objects.create(tournament=tournament, metrics=["wins"])
    season = Season.objects.create(name="Winter league", owner=owner)
    SeasonNight.objects.create(season=season, tournament=tournament)
    member = Member.objects.create(season=season, name="Ann")
    PlayerLink.objects.create(player=players[0], member=member)
    return tournament


@pytest.fixture
def staff(client, django_user_model):
    # A superuser holds every permission Django knows: whatever staff could do, this can.
    user = django_user_model.objects.create_superuser("root", password="x", email="r@x.org")
    client.force_login(user)
    return client


def everything() -> dict[str, list[dict]]:
    """Every row of every service-owned model, to compare before and after."""
    return {
        model._meta.label: list(model.objects.order_by("pk").values())
        for app in SERVICE_APPS
        for model in apps.get_app_config(app).get_models()
    }


def bulk_delete(pk: int) -> dict:
    return {"action": "delete_selected", "_selected_action": [pk], "index": "0", "post": "yes"}


def url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def test_the_walk_covers_results_rounds_tables_seats_and_byes():
    registered = {model for model, _ in service_owned_admins()}
    assert {
        TableResult,
        ResultChange,
        SeatResult,
        Round,
        Table,
        Seat,
        Bye,
        Player,
        Team,
    } <= registered
    assert {Season, SeasonNight, Member, PlayerLink, StandingsSettings} - registered == {
        SeasonNight
    }  # season nights show inside their season


def test_staff_can_read_every_service_owned_row(staff, night):
    for model, _model_admin in service_owned_admins():
        obj = model.objects.first()
        assert obj is not None, f"the fixture has no {model._meta.label}"
        listing = staff.get(url(model, "changelist"))
        assert listing.status_code == 200, model
        page = staff.get(url(model, "change", obj.pk))
        assert page.status_code == 200, model
        # The view-only page: no save buttons, no form inputs to type into.
        assert b'name="_save"' not in page.content, model
        assert b'name="_continue"' not in page.content, model


def test_no_admin_page_adds_changes_or_deletes_anything(staff, night):
    before = everything()
    for model, _model_admin in service_owned_admins():
        obj = model.objects.first()
        assert staff.get(url(model, "add")).status_code == 403, model
        assert staff.post(url(model, "add"), {}).status_code == 403, model

        # Every field posted, a round's status and number among them.
        data = {field.attname: "" for field in model._meta.concrete_fields}
        data.update({"status": "planned", "number": "7", "name": "Renamed", "scores": "[0]"})
        assert staff.post(url(model, "change", obj.pk), data).status_code == 403, model

        assert staff.get(url(model, "delete", obj.pk)).status_code == 403, model
        assert staff.post(url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403

        listing = staff.get(url(model, "changelist"))
        assert b"delete_selected" not in listing.content, model
        bulk = staff.post(url(model, "changelist"), bulk_delete(obj.pk))
        assert bulk.status_code in (200, 302), model
    assert everything() == before


def test_a_confirmed_result_cannot_be_deleted_from_the_admin(staff, night):
    result = TableResult.objects.get(table__round__tournament=night)
    staff.post(url(TableResult, "delete", result.pk), {"post": "yes"})
    staff.post(url(TableResult, "changelist"), bulk_delete(result.pk))
    assert TableResult.objects.filter(pk=result.pk, status="confirmed", version=8).exists()


def test_a_round_keeps_its_status_and_its_tournament(staff, night):
    rnd = Round.objects.get(tournament=night, number=1)
    elsewhere = TournamentFactory(owner=night.owner)
    response = staff.post(
        url(Round, "change", rnd.pk),
        {"tournament": elsewhere.pk, "number": 1, "status": "planned"},
    )
    assert response.status_code == 403
    rnd.refresh_from_db()
    assert (rnd.tournament_id, rnd.status) == (night.pk, Round.Status.CLOSED)
