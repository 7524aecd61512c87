from django.db import migrations


def bring_settings_into_range(apps, schema_editor):
    """Rows written before the limits existed: a one-game round's unused hand count
    beyond the limit (SQLite stored 40000) goes back to the default, other values
    to the nearest allowed one, and a target on rounds of fixed hands, which was
    never used, is dropped (such rounds are not played to a target)."""
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.all().iterator():
        before = (
            tournament.hands_per_round,
            tournament.rounds_planned,
            tournament.seed,
            dict(tournament.options or {}),
        )
        if tournament.round_play == "game":
            if tournament.hands_per_round > 99:
                tournament.hands_per_round = 8
        else:
            tournament.hands_per_round = min(max(tournament.hands_per_round, 1), 99)
            if isinstance(tournament.options, dict):
                tournament.options.pop("target", None)
        if tournament.rounds_planned is not None:
            tournament.rounds_planned = min(max(tournament.rounds_planned, 1), 200)
        tournament.seed = min(tournament.seed, 2147483647)
        after = (
            tournament.hands_per_round,
            tournament.rounds_planned,
            tournament.seed,
            dict(tournament.options or {}),
        )
        if after != before:
            tournament.save(update_fields=["hands_per_round", "rounds_planned", "seed", "options"])


class Migration(migrations.Migration):
    """Before the limits become database checks (next migration), so no row breaks them.
    Kept apart from that schema change: PostgreSQL refuses to alter a table with row
    updates still pending in the same transaction."""

    dependencies = [
        ("tournaments", "0003_round_start_override"),
    ]

    operations = [
        migrations.RunPython(bring_settings_into_range, migrations.RunPython.noop),
    ]
