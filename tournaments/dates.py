"""One way to show a date and one to show a moment, on every page and printout.

Both follow the reader's language (Django's localized DATE_FORMAT and DATETIME_FORMAT),
so "Dec. 1, 2026" on a page is "1 dicembre 2026" in Italian and the same on paper.
Moments are shown in the site's time zone. Exports (CSV, JSON) keep ISO dates.
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.formats import date_format


def day(value: datetime.date | None) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        value = timezone.localtime(value) if timezone.is_aware(value) else value
        value = value.date()
    return date_format(value, "DATE_FORMAT")


def moment(value: datetime.datetime | None) -> str:
    if value is None:
        return ""
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return date_format(value, "DATETIME_FORMAT")
