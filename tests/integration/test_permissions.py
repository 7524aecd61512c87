"""Who may do what, asked in one place (core.permissions) by every app's pages,
API and services: the answers, and the pages that rely on them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.urls import reverse

from core import permissions
from leagues.models import Season
from tests.factories import RoundFactory, SeatFactory, TableFactory, TournamentFactory, UserFactory
from tournaments import services
from tournaments.models import PrintJob

pytestmark = pytest.mark.django_db


def test_the_owner_and_co_organisers_organise_and_no_one_else():
    tournament = TournamentFactory()
    helper, stranger = UserFactory(), UserFactory()
    services.add_co_organiser(tournament=tournament, user=helper)
    assert permissions.can_organise(tournament.owner, tournament)
    assert permissions.can_organise(helper, tournament)
    assert not permissions.can_organise(stranger, tournament)
    assert not permissions.can_organise(AnonymousUser(), tournament)
    assert not permissions.can_organise(None, tournament)


def test_a_season_is_its_owners_alone():
    owner, stranger = UserFactory(), UserFactory()
    season = Season.objects.create(owner=owner, name="Winter league")
    assert permissions.owns(owner, season)
    assert not permissions.owns(stranger, season)
    assert not permissions.owns(AnonymousUser(), season)


def test_a_token_speaks_for_its_own_table_only_whether_the_tables_or_a_seats():
    rnd = RoundFactory()
    table, other = TableFactory(round=rnd), TableFactory(round=rnd)
    seat = SeatFactory(table=table)
    assert permissions.table_of(table) == table and permissions.table_of(seat) == table
    assert permissions.table_of(rnd.tournament.owner) is None
    assert permissions.speaks_for(table, table) and permissions.speaks_for(seat, table)
    assert not permissions.speaks_for(seat, other) and not permissions.speaks_for(other, table)
    assert not permissions.speaks_for(None, table)


def test_pages_get_a_404_for_nothing_there_and_a_403_for_someone_elses():
    tournament = TournamentFactory()
    job = PrintJob.objects.create(tournament=tournament, kind=PrintJob.Kind.SCORECARDS)
    stranger = UserFactory()
    owner = tournament.owner
    assert permissions.organised_tournament(pk=tournament.pk, user=owner) == tournament
    assert permissions.organised_print_job(pk=job.pk, user=owner) == job
    with pytest.raises(PermissionDenied):
        permissions.organised_tournament(pk=tournament.pk, user=stranger)
    with pytest.raises(PermissionDenied, match="see its printouts"):
        permissions.organised_print_job(pk=job.pk, user=stranger)
    with pytest.raises(Http404):
        permissions.organised_tournament(pk=tournament.pk + 1000, user=owner)
    with pytest.raises(Http404):
        permissions.organised_print_job(pk=job.pk + 1000, user=owner)


@pytest.mark.parametrize(
    "name",
    ["tournament-detail", "print-request", "standings-settings"],
)
def test_every_apps_organiser_pages_refuse_a_stranger_the_same_way(client, name):
    tournament = TournamentFactory()
    client.force_login(UserFactory())
    assert client.get(reverse(name, args=[tournament.pk])).status_code == 403
    client.force_login(tournament.owner)
    assert client.get(reverse(name, args=[tournament.pk])).status_code == 200
