"""A tournament's standings settings moved from leagues to scoring without a row lost.

The honest stand-in for "migrate a database made at 1b4e7bd that holds settings": the
database is taken back to the migrations of that commit (leagues 0002, before the
move), a settings row is written with the model as it was then, in leagues, and the
database is migrated forward again.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from scoring.models import StandingsSettings
from tournaments import services as tournament_services

BEFORE_THE_MOVE = [("leagues", "0002_season_game_and_minimum"), ("scoring", "0004_disputes")]


@pytest.mark.django_db(transaction=True)
def test_settings_stored_in_leagues_at_1b4e7bd_are_read_by_scoring_after_migrating(
    organiser, client, django_user_model
):
    night = tournament_services.create_tournament(
        owner=organiser,
        name="Friday night",
        date=datetime.date(2026, 12, 4),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        entry_mode="totals",
        hands_per_round=8,
        rounds_planned=1,
    )
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE_THE_MOVE)
    old = executor.loader.project_state(BEFORE_THE_MOVE).apps
    old_settings = old.get_model("leagues", "StandingsSettings").objects.create(
        tournament_id=night.pk, metrics=["wins", "total_points"], bye_value="fixed", bye_points=3
    )
    # Then the model's content type was leagues', and staff were given its permissions.
    ContentType.objects.clear_cache()
    assert not ContentType.objects.filter(app_label="scoring", model="standingssettings").exists()
    leagues_type, _ = ContentType.objects.get_or_create(
        app_label="leagues", model="standingssettings"
    )
    may_change, _ = Permission.objects.get_or_create(
        codename="change_standingssettings",
        content_type=leagues_type,
        defaults={"name": "Can change standings settings"},
    )
    staff = django_user_model.objects.create_user("stella", is_staff=True)
    staff.user_permissions.add(may_change)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()

    settings = StandingsSettings.objects.get(tournament=night)
    assert settings.pk == old_settings.pk
    assert (settings.metrics, settings.bye_value, settings.bye_points) == (
        ["wins", "total_points"],
        "fixed",
        3,
    )
    # The public page ranks by them, as it did before the move.
    page = client.get(reverse("standings-page", args=[night.pk])).content.decode()
    assert "Ranking order: Games won (draws ½) → Total points" in page
    assert "A bye scores 3 points." in page
    # Who was allowed to change them still is.
    staff = django_user_model.objects.get(pk=staff.pk)
    assert staff.has_perm("scoring.change_standingssettings")
