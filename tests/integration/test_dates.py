"""A date reads the same on every page and printout, in the reader's language:
"Dec. 1, 2026", "1 dicembre 2026", "1 de dezembro de 2026", "1 grudnia 2026".

Italian and Portuguese write month and weekday names in lower case, and Italian does
not zero-pad the day. Django's own catalogues capitalise the names: ours win, from the
entries tournaments/date_names.py marks; Italian's format is config/formats/it."""

from __future__ import annotations

import datetime
import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tests.integration.test_standings import EIGHT, make_night
from tournaments.dates import day
from tournaments.models import PrintJob
from tournaments.printing import tasks
from tournaments.printing.render import render_pdf

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"


@pytest.fixture
def night(organiser):
    # make_night's day=1 is 1 December 2026.
    return make_night(organiser, names=EIGHT, rounds=2, day=1)


def pages(client, night, language: str) -> dict[str, str]:
    client.logout()  # which forgets every cookie
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    anonymous = {
        "welcome": client.get(reverse("home")),
        "public rotation": client.get(reverse("tournament-public", args=[night.pk])),
        "standings": client.get(reverse("standings-page", args=[night.pk])),
    }
    client.force_login(night.owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    signed_in = {
        "dashboard": client.get(reverse("home")),
        "tournament": client.get(reverse("tournament-detail", args=[night.pk])),
    }
    found = {}
    for name, response in {**anonymous, **signed_in}.items():
        assert response.status_code == 200, name
        found[name] = response.content.decode()
    return found


def scorecard_text(night) -> str:
    job = PrintJob(tournament=night, kind="scorecards", options={"paper": "a4", "per_page": 4})
    part = tasks.job_parts(job)[0]
    data = render_pdf(part.template, part.context, base_url="http://testserver/")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    return re.sub(r"\s+", " ", text)


DAY = [
    ("en", "Dec. 1, 2026"),
    ("it", "1 dicembre 2026"),
    ("pt-br", "1 de dezembro de 2026"),
    ("pl", "1 grudnia 2026"),
]
# 1 December 2026, 19:05 UTC, was a Tuesday (the tests' TIME_ZONE is UTC).
MOMENT = [
    ("en", "Dec. 1, 2026, 7:05 p.m."),
    ("it", "martedì 1 dicembre 2026, 19:05"),
    ("pt-br", "1 de dezembro de 2026 às 19:05"),
    ("pl", "1 grudnia 2026 19:05"),
]
AT = datetime.datetime(2026, 12, 1, 19, 5, tzinfo=datetime.UTC)


@pytest.mark.parametrize(("language", "written"), DAY)
def test_the_night_s_date_reads_the_same_on_every_page(client, night, language, written):
    for name, body in pages(client, night, language).items():
        assert written in body, f"{name} page does not show the date as {written!r}"


@pytest.mark.parametrize(("language", "written"), DAY)
def test_the_printed_scorecards_show_the_date_as_the_pages_do(night, language, written):
    with translation.override(language):
        assert written in scorecard_text(night)


@pytest.mark.parametrize(("language", "written"), MOMENT)
def test_a_printout_is_asked_for_at_the_same_moment_on_both_print_pages(
    client, night, language, written
):
    job = PrintJob.objects.create(
        tournament=night, kind=PrintJob.Kind.SCORECARDS, options={"paper": "a4", "per_page": 4}
    )
    PrintJob.objects.filter(pk=job.pk).update(created_at=AT)
    client.force_login(night.owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    listed = client.get(reverse("print-request", args=[night.pk])).content.decode()
    shown = client.get(reverse("print-job", args=[job.pk])).content.decode()
    assert written in listed
    assert written in shown
    if language == "en":
        assert f"asked for {written}" in shown


@pytest.mark.parametrize(("language", "written"), MOMENT)
def test_a_table_s_history_dates_each_change_in_the_readers_language(client, language, written):
    from scoring.models import ResultChange
    from tests.integration.test_confirmation_rules import enter_on_the_page
    from tests.integration.test_scoring_services import EIGHT_HANDS, seated_table

    table, (ann, *_others) = seated_table()
    enter_on_the_page(client, table, ann, hands=EIGHT_HANDS[:1])
    ResultChange.objects.filter(table=table).update(at=AT)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    history = client.get(reverse("table-history", args=[table.token])).content.decode()
    assert written in history


def test_the_month_and_weekday_names_we_translate_are_djangos_own():
    """Our catalogue overrides Django's only for a msgid spelled exactly as Django's."""
    from django.utils.dates import MONTHS, WEEKDAYS

    from tournaments import date_names

    with translation.override("en"):
        assert list(date_names.MONTHS) == [str(MONTHS[m]) for m in range(1, 13)]
        assert list(date_names.WEEKDAYS) == [str(WEEKDAYS[d]) for d in range(7)]


def test_no_template_formats_a_date_its_own_way():
    own_way = []
    for path in TEMPLATES.rglob("*.html"):
        for match in re.finditer(r"\|date:(['\"])(.*?)\1", path.read_text()):
            if match.group(2) != "c":  # ISO 8601 in <time datetime>, for machines
                own_way.append(f"{path.relative_to(TEMPLATES)}: {match.group(0)}")
    assert own_way == [], "use |day or |moment: " + ", ".join(own_way)


@pytest.mark.parametrize(
    ("language", "month"), [("it", "marzo"), ("pt-br", "março"), ("pl", "marca")]
)
def test_a_night_in_march_is_dated_in_march_in_every_language(language, month):
    """The hand outcome "March" (all five tricks) is not the month: a catalogue that
    translated a bare "March" once printed "14 Cappotto 2026"."""
    with translation.override(language):
        assert month in day(datetime.date(2026, 3, 14))
