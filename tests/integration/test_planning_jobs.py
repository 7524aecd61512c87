"""Big nights' planning work runs in the Celery worker: the organiser's request answers
at once with a job, the page shows its progress, then the plans (a preview) or what
was done (a change made, a rotation drawn); the API answers 202 with the job to poll.
Small nights still answer in the request (the other change tests cover those).

Real PostgreSQL, the real rotation engine, and for the first test a live worker on the
real Redis. The others lower PLANNING_INLINE_SEAT_ROUNDS so a small night takes the
same path, run at once by eager mode (no broker) or left queued (no worker)."""

from __future__ import annotations

import datetime
import re
import time

import pytest
from django.urls import reverse

from tournaments import selectors, services
from tournaments.models import PlanningJob, Player, Round, Seat, Tournament
from tournaments.planning import tasks

# Registered at collection, before the session's worker starts.
assert tasks.run_planning_job.name


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("olive", password="cards-on-the-table")


def night(organiser, players: int, rounds: int, *, generate: bool = True) -> Tournament:
    t = services.create_tournament(
        owner=organiser,
        name="Big club night",
        date=datetime.date(2026, 12, 6),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=rounds,
    )
    services.import_players(tournament=t, text="\n".join(f"Player {n:03d}" for n in range(players)))
    if generate:
        services.generate_rotation(tournament=t)
    return t


def job_of(response) -> PlanningJob:
    assert response.status_code == 302, response.content[:300]
    match = re.fullmatch(r"/planning/(\d+)/", response["Location"])
    assert match, response["Location"]
    return PlanningJob.objects.get(pk=int(match[1]))


def wait_until_finished(job: PlanningJob, *, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.finished:
            return
        time.sleep(0.1)
    pytest.fail(f"planning job still {job.status} at {job.progress}% after {timeout}s")


def fingerprints(page: str) -> dict[str, str]:
    return dict(re.findall(r'name="(fingerprint_\w+)" value="([0-9a-f]+)"', page))


def remaining_names(t: Tournament) -> set[str]:
    return set(
        Seat.objects.filter(
            table__round__tournament=t, table__round__status=Round.Status.PLANNED
        ).values_list("player__name", flat=True)
    )


@pytest.mark.services
def test_a_big_nights_preview_and_change_go_through_the_worker(
    celery_worker_session, transactional_db, organiser, client
):
    t = night(organiser, 104, 4)
    services.start_round(round=t.rounds.get(number=1))
    client.force_login(organiser)
    leaver = Player.objects.get(tournament=t, name="Player 050")
    change = {"withdraw": [leaver.pk], "arrive": "Late Larry"}

    job = job_of(client.post(reverse("change-preview", args=[t.pk]), change))
    assert job.kind == PlanningJob.Kind.PREVIEW and job.requested_by == organiser
    wait_until_finished(job)
    assert job.status == PlanningJob.Status.DONE, job.error
    page = client.get(reverse("planning-job", args=[job.pk])).content.decode()
    assert "Choose a plan" in page and "Late Larry" in page
    assert "Player 050" in page  # leaving
    shown = fingerprints(page)
    assert set(shown) == {"fingerprint_fewest", "fingerprint_balance"}
    assert remaining_names(t) >= {"Player 050"}  # nothing changed by the preview

    applied = job_of(
        client.post(reverse("change-apply", args=[t.pk]), {**change, "strategy": "fewest", **shown})
    )
    wait_until_finished(applied)
    assert applied.status == PlanningJob.Status.DONE, applied.error
    page = client.get(reverse("planning-job", args=[applied.pk])).content.decode()
    assert "The remaining rounds have been re-planned." in page
    leaver.refresh_from_db()
    assert not leaver.active
    assert "Player 050" not in remaining_names(t) and "Late Larry" in remaining_names(t)
    assert applied.result["change"]["fingerprint"] == shown["fingerprint_fewest"]


def test_the_page_shows_the_progress_while_the_job_waits(
    postgres_db, organiser, client, settings, django_capture_on_commit_callbacks
):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4)
    client.force_login(organiser)
    leaver = Player.objects.get(tournament=t, name="Player 004")
    # No worker takes it: the job stays queued.
    with django_capture_on_commit_callbacks(execute=False):
        job = job_of(client.post(reverse("change-preview", args=[t.pk]), {"withdraw": [leaver.pk]}))
    assert job.status == PlanningJob.Status.QUEUED
    page = client.get(reverse("planning-job", args=[job.pk])).content.decode()
    assert "Waiting for a worker" in page and "<progress" in page
    assert "planning_job.js" in page  # it polls
    PlanningJob.objects.filter(pk=job.pk).update(status="running", progress=50)
    partial = client.get(reverse("planning-job", args=[job.pk]), {"partial": 1}).content.decode()
    assert "Working it out" in partial and 'value="50"' in partial
    assert 'data-finished="0"' in partial


def test_a_job_no_worker_takes_fails_in_plain_words(
    postgres_db, organiser, client, settings, django_capture_on_commit_callbacks
):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4)
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=False):
        job = job_of(client.post(reverse("rotation-generate", args=[t.pk])))
    settings.PLANNING_JOB_STALL_SECONDS = 0
    page = client.get(reverse("planning-job", args=[job.pk])).content.decode()
    assert "No worker has picked this up" in page and "Nothing was changed" in page
    job.refresh_from_db()
    assert job.status == PlanningJob.Status.FAILED


def test_a_stale_preview_fails_the_change_job_and_changes_nothing(
    postgres_db, organiser, client, settings, eager
):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4)
    client.force_login(organiser)
    leaver = Player.objects.get(tournament=t, name="Player 004")
    before = selectors.schedule_from_rounds(t, selectors.rounds_with_seating(t)).to_json()
    job = job_of(
        client.post(
            reverse("change-apply", args=[t.pk]),
            {"withdraw": [leaver.pk], "strategy": "fewest", "fingerprint_fewest": "0" * 32},
        )
    )
    assert job.status == PlanningJob.Status.FAILED
    page = client.get(reverse("planning-job", args=[job.pk])).content.decode()
    assert "The tournament changed since this preview" in page
    assert reverse("change-form", args=[t.pk]) in page  # the way back
    leaver.refresh_from_db()
    assert leaver.active
    assert selectors.schedule_from_rounds(t, selectors.rounds_with_seating(t)).to_json() == before


def test_a_big_rotation_is_drawn_by_a_job(postgres_db, organiser, client, settings, eager):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4, generate=False)
    client.force_login(organiser)
    job = job_of(client.post(reverse("rotation-generate", args=[t.pk])))
    assert job.status == PlanningJob.Status.DONE, job.error
    assert (
        "Rotation generated." in client.get(reverse("planning-job", args=[job.pk])).content.decode()
    )
    assert t.rounds.count() == 4


def test_another_organiser_cannot_see_the_job(postgres_db, organiser, client, settings, eager):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4, generate=False)
    client.force_login(organiser)
    job = job_of(client.post(reverse("rotation-generate", args=[t.pk])))
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("mallory", password="x-x-x-x-x1"))
    assert client.get(reverse("planning-job", args=[job.pk])).status_code == 403


def test_the_api_answers_202_with_a_job_to_poll(postgres_db, organiser, client, settings, eager):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4)
    client.force_login(organiser)
    leaver = Player.objects.get(tournament=t, name="Player 004")
    base = f"/api/tournaments/{t.pk}/"

    response = client.post(
        base + "changes/compare/", {"withdraw": [leaver.pk]}, content_type="application/json"
    )
    assert response.status_code == 202
    job = response.json()
    assert job["kind"] == "preview" and job["url"].endswith(f"/api/planning-jobs/{job['id']}/")
    polled = client.get(f"/api/planning-jobs/{job['id']}/").json()
    assert polled["status"] == "done" and polled["progress"] == 100
    plans = polled["result"]["plans"]
    assert set(plans) == {"fewest", "balance"}
    fingerprint = plans["balance"]["fingerprint"]

    response = client.post(
        base + "changes/",
        {"withdraw": [leaver.pk], "strategy": "balance", "fingerprint": fingerprint},
        content_type="application/json",
    )
    assert response.status_code == 202
    polled = client.get(response.json()["url"]).json()
    assert polled["status"] == "done", polled["error"]
    assert polled["result"]["change"]["fingerprint"] == fingerprint
    leaver.refresh_from_db()
    assert not leaver.active

    # Someone else's job is not theirs to read.
    client.logout()
    assert client.get(f"/api/planning-jobs/{job['id']}/").status_code in (401, 403)


# ------------------------------------------------------------------ removing a player


def removal_fingerprint(page: str) -> str:
    match = re.search(r'name="fingerprint" value="([0-9a-f]+)"', page)
    assert match, page[:500]
    return match[1]


def poll(client, url: str, *, timeout: float = 90) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = client.get(url).json()
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(0.1)
    pytest.fail(f"planning job still {job['status']} at {job['progress']}% after {timeout}s")


@pytest.mark.services
def test_a_big_nights_removal_is_asked_and_done_through_the_worker(
    celery_worker_session, transactional_db, organiser, client
):
    t = night(organiser, 104, 4)
    services.start_round(round=t.rounds.get(number=1))
    client.force_login(organiser)
    leaver = Player.objects.get(tournament=t, name="Player 050")
    path = reverse("player-remove", args=[t.pk, leaver.pk])

    asked = job_of(client.get(path))
    assert asked.kind == PlanningJob.Kind.REMOVAL_PREVIEW and asked.requested_by == organiser
    wait_until_finished(asked)
    assert asked.status == PlanningJob.Status.DONE, asked.error
    page = client.get(reverse("planning-job", args=[asked.pk])).content.decode()
    # The same question as a small night's page: what happens, the rounds that move.
    assert "Remove Player 050?" in page and "so stays on the list" in page
    assert "Before" in page and "After" in page
    assert f'action="{path}"' in page
    fingerprint = removal_fingerprint(page)
    assert fingerprint == asked.result["removal"]["fingerprint"]
    assert "Player 050" in remaining_names(t)  # asking changed nothing

    removed = job_of(client.post(path, {"fingerprint": fingerprint}))
    assert removed.kind == PlanningJob.Kind.REMOVE
    wait_until_finished(removed)
    assert removed.status == PlanningJob.Status.DONE, removed.error
    page = client.get(reverse("planning-job", args=[removed.pk])).content.decode()
    assert "Player 050 has left; the rounds not started are re-planned." in page
    assert "scorecards list a changed partner or opponent." in page
    assert f'href="{reverse("tournament-detail", args=[t.pk])}"' in page  # the way back
    leaver.refresh_from_db()
    assert not leaver.active
    assert "Player 050" not in remaining_names(t)
    assert removed.result["removal"]["outcome"] == "withdraw"


@pytest.mark.services
def test_the_api_asks_and_removes_through_the_worker_on_a_big_night(
    celery_worker_session, transactional_db, organiser, client, settings
):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4)
    client.force_login(organiser)
    leaver = Player.objects.get(tournament=t, name="Player 004")
    path = f"/api/tournaments/{t.pk}/players/{leaver.pk}/"

    unasked = client.delete(path)
    assert unasked.status_code == 400 and unasked.json()["error"] == "removal_not_confirmed"
    assert not PlanningJob.objects.exists()  # refused at once, nothing queued

    response = client.get(path + "removal/")
    assert response.status_code == 202 and response.json()["kind"] == "removal_preview"
    preview = poll(client, response.json()["url"])
    assert preview["status"] == "done", preview["error"]
    removal = preview["result"]["removal"]
    assert removal["outcome"] == "replan" and removal["change"]["withdrawn"] == ["Player 004"]
    assert Player.objects.filter(pk=leaver.pk).exists()

    response = client.delete(f"{path}?fingerprint={removal['fingerprint']}")
    assert response.status_code == 202 and response.json()["kind"] == "remove"
    done = poll(client, response.json()["url"])
    assert done["status"] == "done", done["error"]
    assert done["result"]["removal"]["outcome"] == "replan"
    assert done["result"]["removal"]["fingerprint"] == removal["fingerprint"]
    assert not Player.objects.filter(pk=leaver.pk).exists()
    assert "Player 004" not in remaining_names(t) and t.rounds.count() == 4


def test_a_stale_removal_fails_the_job_and_changes_nothing(
    postgres_db, organiser, client, settings, eager
):
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4)
    client.force_login(organiser)
    leaver = Player.objects.get(tournament=t, name="Player 004")
    path = reverse("player-remove", args=[t.pk, leaver.pk])
    fingerprint = job_of(client.get(path)).result["removal"]["fingerprint"]
    services.start_round(round=t.rounds.get(number=1))  # meanwhile, play starts
    before = selectors.schedule_from_rounds(t, selectors.rounds_with_seating(t)).to_json()

    job = job_of(client.post(path, {"fingerprint": fingerprint}))

    assert job.status == PlanningJob.Status.FAILED
    page = client.get(reverse("planning-job", args=[job.pk])).content.decode()
    assert "The tournament changed since you were asked" in page
    assert f'href="{path}"' in page  # ask again, with what happens now
    api = client.delete(f"/api/tournaments/{t.pk}/players/{leaver.pk}/?fingerprint={fingerprint}")
    assert api.status_code == 202
    polled = client.get(api.json()["url"]).json()
    assert polled["status"] == "failed" and "changed since you were asked" in polled["error"]
    leaver.refresh_from_db()
    assert leaver.active
    assert selectors.schedule_from_rounds(t, selectors.rounds_with_seating(t)).to_json() == before


def test_a_big_night_removes_a_player_in_no_round_at_once(
    postgres_db, organiser, client, settings, eager
):
    """Nothing to re-plan: no job, the page and the API answer as on a small night."""
    settings.PLANNING_INLINE_SEAT_ROUNDS = 0
    t = night(organiser, 9, 4)
    client.force_login(organiser)
    newcomer = services.add_player(tournament=t, name="Newcomer Nell")
    late = services.add_player(tournament=t, name="Late Lou")

    page = client.get(reverse("player-remove", args=[t.pk, newcomer.pk]))
    assert page.status_code == 200 and "not seated in any round" in page.content.decode()
    assert client.delete(f"/api/tournaments/{t.pk}/players/{late.pk}/").status_code == 204
    assert not PlanningJob.objects.exists()
    assert not Player.objects.filter(pk=late.pk).exists()
