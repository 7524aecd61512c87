# StandingsSettings now belongs to scoring (scoring 0005 took over its table, which
# keeps its name and rows). Here leagues lets go of it without touching the database,
# and its content type follows, so permissions and admin history given for it stay.

from django.db import migrations


def _relabel(apps, old: str, new: str) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    if content_type.objects.filter(app_label=new, model="standingssettings").exists():
        return
    content_type.objects.filter(app_label=old, model="standingssettings").update(app_label=new)


def to_scoring(apps, schema_editor):
    _relabel(apps, "leagues", "scoring")


def to_leagues(apps, schema_editor):
    _relabel(apps, "scoring", "leagues")


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0002_season_game_and_minimum"),
        ("scoring", "0005_standings_settings"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="StandingsSettings")],
            database_operations=[],
        ),
        migrations.RunPython(to_scoring, to_leagues),
    ]
