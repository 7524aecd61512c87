"""`make run`'s demo data: the organiser can log in, the tournaments are seated, and running
the command again changes nothing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from config.local_secrets import demo_password
from tournaments import selectors
from tournaments.models import Player, Round, Seat, Table, Team, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _password_file(tmp_path, monkeypatch):
    """Each test's own `.demo_password`, as on a machine where make run never ran."""
    monkeypatch.setenv("DEMO_PASSWORD_FILE", str(tmp_path / "demo_password"))
    return tmp_path / "demo_password"


def load_demo() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def counts() -> tuple[int, ...]:
    return tuple(
        model.objects.count()
        for model in (get_user_model(), Tournament, Player, Team, Round, Table, Seat)
    )


def test_load_demo_creates_the_organiser_with_a_password_of_this_machine(client, _password_file):
    output = load_demo()
    password = _password_file.read_text().strip()
    assert len(password) >= 14 and password != "euchre-demo"
    assert "organiser" in output and password in output
    assert client.login(username="organiser", password=password)
    assert not client.login(username="organiser", password="euchre-demo")


def test_another_machine_gets_another_demo_password(tmp_path):
    one, two = (demo_password({"DEMO_PASSWORD_FILE": str(tmp_path / name)}) for name in "ab")
    assert one != two
    assert demo_password({"DEMO_PASSWORD_FILE": str(tmp_path / "a")}) == one


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


def test_load_demo_is_idempotent_and_prints_the_login_every_time(_password_file):
    load_demo()
    before = counts()
    tokens = set(Table.objects.values_list("token", flat=True))
    output = load_demo()
    assert counts() == before
    assert set(Table.objects.values_list("token", flat=True)) == tokens
    assert _password_file.read_text().strip() in output


def test_a_changed_demo_password_is_never_put_back(client, _password_file):
    load_demo()
    user = get_user_model().objects.get(username="organiser")
    user.set_password("the club's own secret")
    user.save()
    output = load_demo()
    assert client.login(username="organiser", password="the club's own secret")
    assert _password_file.read_text().strip() not in output
    assert "changepassword organiser" in output


def test_the_old_public_demo_password_is_replaced(client, _password_file):
    """A database from before stop 30 still has the password the README printed."""
    get_user_model().objects.create_user(username="organiser", password="euchre-demo")
    output = load_demo()
    assert not client.login(username="organiser", password="euchre-demo")
    password = _password_file.read_text().strip()
    assert password in output and client.login(username="organiser", password=password)
