"""`make run`'s demo data: the organiser can log in, the tournaments are seated, and running
the command again changes nothing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments import selectors
from tournaments.models import Player, Round, Seat, Table, Team, Tournament

pytestmark = pytest.mark.django_db


def load_demo() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def counts() -> tuple[int, ...]:
    return tuple(
        model.objects.count()
        for model in (get_user_model(), Tournament, Player, Team, Round, Table, Seat)
    )


def test_load_demo_creates_the_organiser_and_prints_the_login(client):
    output = load_demo()
    assert "organiser" in output and "euchre-demo" in output
    assert client.login(username="organiser", password="euchre-demo")


def test_load_demo_seats_a_progressive_night_and_a_teams_cup():
    load_demo()
    organiser = get_user_model().objects.get(username="organiser")
    progressive, teams = (
        Tournament.objects.get(owner=organiser, format=fmt) for fmt in ("progressive", "teams")
    )

    assert progressive.variant == "north-american"
    assert progressive.players.count() == 13
    schedule = selectors.schedule_of(progressive)
    assert len(schedule.rounds) == 8
    assert all(len(r.tables) == 3 and len(r.byes) == 1 for r in schedule.rounds)
    assert progressive.rotation_quality["max_partner_meetings"] == 1

    assert teams.teams.count() == 8
    assert all(team.members.count() == 2 for team in teams.teams.all())
    schedule = selectors.schedule_of(teams)
    assert schedule.rounds and all(len(r.tables) == 4 for r in schedule.rounds)
    assert teams.rotation_quality


def test_load_demo_is_idempotent_and_prints_the_login_every_time():
    load_demo()
    before = counts()
    tokens = set(Table.objects.values_list("token", flat=True))
    output = load_demo()
    assert counts() == before
    assert set(Table.objects.values_list("token", flat=True)) == tokens
    assert "euchre-demo" in output


def test_load_demo_puts_a_changed_demo_password_back(client):
    load_demo()
    user = get_user_model().objects.get(username="organiser")
    user.set_password("something else")
    user.save()
    load_demo()
    assert client.login(username="organiser", password="euchre-demo")
