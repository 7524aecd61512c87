"""Django's own msgids for the month and weekday names our date formats print, marked
here so that `makemessages` puts them in our catalogues: a catalogue in LOCALE_PATHS
wins over Django's, whose Italian and Portuguese capitalise the names ("1 Dicembre
2026", "1 de Dezembro de 2026") where both languages write them in lower case.

The msgids must be Django's exactly (django.utils.dates): F prints MONTHS, l prints
WEEKDAYS. Polish dates print E, the genitive ("alt. month"), which Django already has
right, and English needs no catalogue. Nothing reads these tuples at run time but a
test that checks them against Django's.
"""

from django.utils.translation import gettext_noop

MONTHS = (
    # Translators: a month as dates show it ("1 dicembre 2026"). Lower case in it
    # and pt-br: 'dicembre', 'dezembro'. Polish dates use Django's genitive, so pl
    # may write the nominative as Django has it ('grudzień').
    gettext_noop("January"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("February"),
    # Translators: a month as dates show it (not the hand outcome "March", which
    # has its own context). Lower case in it and pt-br: 'marzo', 'março'.
    gettext_noop("March"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("April"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("May"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("June"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("July"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("August"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("September"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("October"),
    # Translators: a month as dates show it. Lower case in it and pt-br.
    gettext_noop("November"),
    # Translators: a month as dates show it. Lower case in it and pt-br: 'dicembre',
    # 'dezembro'.
    gettext_noop("December"),
)

WEEKDAYS = (
    # Translators: a weekday as a date and time shows it ("lunedì 7 dicembre 2026,
    # 19:05"). Lower case in it and pt-br: 'lunedì', 'segunda-feira'. Polish dates
    # show no weekday: pl may write it as Django has it ('poniedziałek').
    gettext_noop("Monday"),
    # Translators: a weekday as a date and time shows it. Lower case in it and pt-br.
    gettext_noop("Tuesday"),
    # Translators: a weekday as a date and time shows it. Lower case in it and pt-br.
    gettext_noop("Wednesday"),
    # Translators: a weekday as a date and time shows it. Lower case in it and pt-br.
    gettext_noop("Thursday"),
    # Translators: a weekday as a date and time shows it. Lower case in it and pt-br.
    gettext_noop("Friday"),
    # Translators: a weekday as a date and time shows it. Lower case in it and pt-br.
    gettext_noop("Saturday"),
    # Translators: a weekday as a date and time shows it. Lower case in it and pt-br:
    # 'domenica', 'domingo'.
    gettext_noop("Sunday"),
)
