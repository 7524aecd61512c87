# A tournament's standings settings move here from leagues (a night's standings are
# scoring's; leagues keeps seasons). Only Django's idea of the model moves: the table,
# leagues_standingssettings, and its rows stay where they are.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0004_disputes"),
        # The table is made there; it must exist before this app claims it.
        ("leagues", "0002_season_game_and_minimum"),
        ("tournaments", "0016_removal_planning_jobs"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="StandingsSettings",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "metrics",
                            models.JSONField(
                                blank=True, default=list, verbose_name="ranking metrics, in order"
                            ),
                        ),
                        (
                            "bye_value",
                            models.CharField(
                                choices=[
                                    ("nothing", "Nothing"),
                                    ("average", "The player's own average"),
                                    ("fixed", "A fixed score"),
                                ],
                                default="nothing",
                                max_length=10,
                                verbose_name="a bye is worth",
                            ),
                        ),
                        (
                            "bye_points",
                            models.PositiveSmallIntegerField(
                                default=0,
                                help_text="Used when a bye is worth a fixed score.",
                                verbose_name="points for a bye",
                            ),
                        ),
                        (
                            "tournament",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="standings_settings",
                                to="tournaments.tournament",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "standings settings",
                        "verbose_name_plural": "standings settings",
                        "db_table": "leagues_standingssettings",
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
