"""Portuguese became Brazilian Portuguese (pt-br): the catalogue always was Brazilian
(usuário, tela, equipe, rodada), and Django reads plain "pt" as Portugal. Print jobs
queued before keep the language they were asked in under its new code."""

from django.db import migrations


def _rename(apps, old, new):
    PrintJob = apps.get_model("tournaments", "PrintJob")
    jobs = PrintJob.objects.filter(options__language=old)
    for job in jobs.iterator():
        job.options["language"] = new
        job.save(update_fields=["options"])


def forwards(apps, schema_editor):
    _rename(apps, "pt", "pt-br")


def backwards(apps, schema_editor):
    _rename(apps, "pt-br", "pt")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0008_printjob_find_your_seat")]

    operations = [migrations.RunPython(forwards, backwards)]
