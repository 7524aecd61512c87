# Italian dates as Italians write them: "1 dicembre 2026", "martedì 1 dicembre 2026,
# 19:05". Django's own are zero-padded ("01 Dicembre 2026"). Formats not set here are
# Django's; these are the ones our pages and printouts use (tournaments.dates, and
# TIME_FORMAT on the round page). Month and weekday names come lower case from our own
# catalogue (tournaments/date_names.py).
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "l j F Y, H:i"
TIME_FORMAT = "H:i"
