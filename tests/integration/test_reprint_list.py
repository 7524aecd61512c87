"""The scorecards a change of the night made out of date stay listed on the tournament
page until a scorecards printout with them in it has been made."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tests.integration.test_late_players import progressive_night
from tournaments import services
from tournaments.models import PrintJob, Tournament
from tournaments.printing import reprints
from tournaments.printing.services import fail_stalled, print_reprints

pytestmark = pytest.mark.django_db


@pytest.fixture
def night() -> Tournament:
    tournament = progressive_night(9)
    services.generate_rotation(tournament=tournament)
    services.start_round(round=tournament.rounds.get(number=1))
    return tournament


def _listed(client, tournament) -> list[str]:
    page = client.get(tournament.get_absolute_url()).content.decode()
    if 'id="reprint"' not in page:
        return []
    notice = page[page.index('id="reprint"') : page.index('id="players-section"')]
    if 'class="reprint-scorecards"' not in notice:
        return []
    help_line = notice[notice.index('<p class="help">') + len('<p class="help">') :]
    return help_line[: help_line.index("</p>")].split(", ")


def _arrive(tournament, name):
    change = services.apply_change(tournament=tournament, arrive=[name])
    return {p for p in change.moved_players if p != name} | {name}


def test_the_list_stays_on_every_visit_and_grows_over_several_changes(client, night):
    client.force_login(night.owner)
    first = _arrive(night, "Late Larry")
    assert set(_listed(client, night)) == first
    assert set(_listed(client, night)) == first  # a second visit still shows it
    second = _arrive(night, "Later Lena")
    assert set(_listed(client, night)) == first | second


def test_one_tap_prints_exactly_the_listed_cards_and_then_the_list_is_gone(
    client, night, eager, django_capture_on_commit_callbacks
):
    moved = _arrive(night, "Late Larry")
    client.force_login(night.owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("reprint-print", args=[night.pk]))
    job = PrintJob.objects.get()
    assert response["Location"] == reverse("print-job", args=[job.pk])
    assert job.kind == "scorecards" and job.status == "done"
    printed = night.players.filter(pk__in=job.options["players"])
    printed = set(printed.values_list("name", flat=True))
    assert printed == moved
    assert _listed(client, night) == []
    assert "reprint-scorecards" not in client.get(night.get_absolute_url()).content.decode()


def test_a_failed_printout_keeps_the_list(client, night, django_capture_on_commit_callbacks):
    moved = _arrive(night, "Late Larry")
    client.force_login(night.owner)
    # Sent to the workers, but no worker ever takes it: it stalls and is marked failed.
    with django_capture_on_commit_callbacks(execute=False):
        client.post(reverse("reprint-print", args=[night.pk]))
    an_hour_ago = timezone.now() - datetime.timedelta(hours=1)
    PrintJob.objects.update(touched_at=an_hour_ago, dispatched_at=an_hour_ago)
    assert fail_stalled(PrintJob.objects.all()) == 1
    assert set(_listed(client, night)) == moved


def test_a_change_made_after_the_printout_was_asked_for_stays_listed(
    night, eager, django_capture_on_commit_callbacks
):
    _arrive(night, "Late Larry")
    with django_capture_on_commit_callbacks(execute=False) as queued:
        print_reprints(tournament=night)
    second = _arrive(night, "Later Lena")
    for callback in queued:
        callback()
    assert PrintJob.objects.get().status == "done"
    # Those the second change moved may not be on the cards just printed.
    still = set(reprints.players_to_reprint(night).values_list("name", flat=True))
    assert "Later Lena" in still and still <= second


def test_printing_with_nothing_listed_is_refused_in_words(client, night):
    client.force_login(night.owner)
    response = client.post(reverse("reprint-print", args=[night.pk]), follow=True)
    assert "No scorecard is waiting to be reprinted." in response.content.decode()
    assert not PrintJob.objects.exists()


def test_only_an_organiser_may_print_the_list(client, night):
    _arrive(night, "Late Larry")
    client.force_login(UserFactory())
    assert client.post(reverse("reprint-print", args=[night.pk])).status_code == 403
    assert not PrintJob.objects.exists()


def _printouts(client, tournament) -> dict[str, str]:
    """The printouts listed besides scorecards, by kind: their words."""
    page = client.get(tournament.get_absolute_url()).content.decode()
    found = re.findall(r'<li class="reprint-([a-z-]+)">\s*<p>([^<]+)</p>', page)
    return {kind: words for kind, words in found if kind != "scorecards"}


def test_the_list_covers_the_table_cards_chart_and_sheets_the_change_made_wrong(
    client, night, eager, django_capture_on_commit_callbacks
):
    change = services.apply_change(tournament=night, arrive=["Late Larry"])
    tables = sorted(change.moves.tables)
    rounds = sorted(change.moves.rounds)
    assert tables and rounds and 1 not in rounds  # round 1 is under way: it never changes
    client.force_login(night.owner)
    listed = _printouts(client, night)
    assert listed == {
        "table-cards": (
            "The table cards of tables " if len(tables) > 1 else "The table card of table "
        )
        + ", ".join(map(str, tables)),
        "rotation-chart": "The rotation chart",
        "find-your-seat": (
            "The find-your-seat sheets of rounds "
            if len(rounds) > 1
            else "The find-your-seat sheet of round "
        )
        + ", ".join(map(str, rounds)),
    }
    # One tap each prints exactly those tables and rounds, and takes them off the list.
    for kind, option, numbers in (
        ("table-cards", "tables", tables),
        ("find-your-seat", "rounds", rounds),
        ("rotation-chart", None, None),
    ):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("reprint-print", args=[night.pk]), {"kind": kind})
        job = PrintJob.objects.get(kind=kind)
        assert response["Location"] == reverse("print-job", args=[job.pk])
        assert job.status == "done", job.error
        if option:
            assert job.options[option] == numbers
        assert kind not in _printouts(client, night)
    assert _printouts(client, night) == {}


def test_printing_a_printout_not_on_the_list_is_refused_in_words(client, night):
    client.force_login(night.owner)
    response = client.post(
        reverse("reprint-print", args=[night.pk]), {"kind": "table-cards"}, follow=True
    )
    assert "That printout is up to date: nothing to print again." in response.content.decode()
    assert not PrintJob.objects.exists()
