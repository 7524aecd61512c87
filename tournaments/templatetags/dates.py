"""`{{ tournament.date|day }}` and `{{ job.created_at|moment }}`: see tournaments.dates.

Loaded as a template builtin (settings TEMPLATES), so no page needs `{% load %}`.
"""

from django import template

from tournaments import dates

register = template.Library()
register.filter("day", dates.day, is_safe=False)
register.filter("moment", dates.moment, is_safe=False)
