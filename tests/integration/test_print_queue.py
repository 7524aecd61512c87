"""Fair printing: each organiser has one printout at the workers and two waiting at
most, and organisers take turns, so one organiser's flood never holds another's small
job behind more than one of theirs."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.integration.test_printing import make_event
from tests.integration.test_printing_worker import wait_until_finished
from tournaments import services
from tournaments.models import PrintJob
from tournaments.printing.queue import PrintQueueFull
from tournaments.printing.services import request_print
from tournaments.printing.tasks import dispatch

FULL = "You already have a printout being made and two waiting."


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def night(db):
    """A tournament with its owner (Ann) and a co-organiser (Bob)."""
    tournament = make_event(players=9, rounds=2)
    bob = UserFactory()
    services.add_co_organiser(tournament=tournament, user=bob)
    return tournament, tournament.owner, bob


def started_in_order() -> list[int]:
    return list(PrintJob.objects.order_by("started_at").values_list("pk", flat=True))


def test_another_organisers_job_starts_after_at_most_one_of_a_flood(
    night, media_root, eager, django_capture_on_commit_callbacks
):
    tournament, ann, bob = night
    # All four asked before any is sent (a busy minute), then sent as each commits.
    with django_capture_on_commit_callbacks(execute=False) as sends:
        anns = [
            request_print(tournament=tournament, kind="rotation-chart", requested_by=ann)
            for _ in range(3)
        ]
        with pytest.raises(PrintQueueFull):
            request_print(tournament=tournament, kind="rotation-chart", requested_by=ann)
        bobs = request_print(tournament=tournament, kind="table-cards", requested_by=bob)
    for send in sends:
        send()

    assert set(PrintJob.objects.values_list("status", flat=True)) == {"done"}
    order = started_in_order()
    assert order.index(bobs.pk) <= 1, order
    # Ann's own jobs went in the order she asked for them.
    assert [pk for pk in order if pk != bobs.pk] == [job.pk for job in anns]


def test_organisers_take_turns_the_one_served_longest_ago_first(
    night, media_root, eager, django_capture_on_commit_callbacks
):
    tournament, ann, bob = night
    cyd = UserFactory()
    services.add_co_organiser(tournament=tournament, user=cyd)
    with django_capture_on_commit_callbacks(execute=False):
        a = [request_print(tournament=tournament, kind="rotation-chart", requested_by=ann)]
        a += [request_print(tournament=tournament, kind="rotation-chart", requested_by=ann)]
        b = [request_print(tournament=tournament, kind="rotation-chart", requested_by=bob)]
        b += [request_print(tournament=tournament, kind="rotation-chart", requested_by=bob)]
        c = [request_print(tournament=tournament, kind="rotation-chart", requested_by=cyd)]
    dispatch()
    assert started_in_order() == [a[0].pk, b[0].pk, c[0].pk, a[1].pk, b[1].pk]


def test_a_fourth_job_is_refused_in_plain_words_on_the_page_and_the_api(night, client):
    tournament, ann, bob = night
    # No commit in this test: the three stay unfinished, one sent and two waiting.
    asked = [
        request_print(tournament=tournament, kind="rotation-chart", requested_by=ann)
        for _ in range(3)
    ]
    # The first went to the workers (its send is no part of this test).
    PrintJob.objects.filter(pk=asked[0].pk).update(dispatched_at=timezone.now())
    client.force_login(ann)
    waiting = client.get(reverse("print-job", args=[asked[2].pk])).content.decode()
    assert "Waiting for your earlier printout to be made first" in waiting
    page = client.post(
        reverse("print-request", args=[tournament.pk]),
        {"kind": "rotation-chart", "paper": "a4", "per_page": "4"},
    )
    assert page.status_code == 429
    assert FULL in page.content.decode()
    api = APIClient()
    api.force_login(ann)
    answer = api.post(f"/api/tournaments/{tournament.pk}/print-jobs/", {"kind": "table-cards"})
    assert answer.status_code == 429
    assert answer.json()["error"] == "print_queue_full" and FULL in answer.json()["message"]
    polled = api.get(f"/api/print-jobs/{asked[2].pk}/").json()
    assert polled["status"] == "queued" and polled["waiting"] is True
    assert PrintJob.objects.count() == 3
    # A co-organiser is an organiser of their own: Bob may still print.
    api.force_login(bob)
    answer = api.post(f"/api/tournaments/{tournament.pk}/print-jobs/", {"kind": "table-cards"})
    assert answer.status_code == 202


@pytest.mark.services
def test_with_a_live_worker_a_small_job_goes_before_the_flood_it_came_after(
    celery_worker_session, transactional_db, media_root
):
    tournament = make_event(players=13, rounds=4)
    ann, bob = tournament.owner, UserFactory()
    services.add_co_organiser(tournament=tournament, user=bob)
    anns = [
        request_print(tournament=tournament, kind="scorecards", requested_by=ann) for _ in range(3)
    ]
    bobs = request_print(tournament=tournament, kind="rotation-chart", requested_by=bob)
    for job in [*anns, bobs]:
        wait_until_finished(job)
        assert job.status == PrintJob.Status.DONE, job.error
    finished_before_bob = [job for job in anns if job.finished_at <= bobs.started_at]
    assert len(finished_before_bob) <= 1
    # One of Ann's at a time.
    assert anns[0].finished_at <= anns[1].started_at and anns[1].finished_at <= anns[2].started_at
