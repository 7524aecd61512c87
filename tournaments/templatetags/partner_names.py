"""`{{ side|partners }}`: partners' names joined in the reader's language (see
tournaments.partner_names). `{{ side|partners_marked:moved }}` also marks the names in
`moved` (the change preview) and keeps each name in its own element, unbroken."""

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from tournaments.partner_names import partners as join_partners

register = template.Library()


@register.filter(needs_autoescape=True)
def partners(names, autoescape=True):
    escape = conditional_escape if autoescape else str
    return mark_safe(join_partners(names or (), escape=escape))


@register.filter
def partners_marked(names, moved=()):
    moved = set(moved or ())
    wrapped = [
        format_html('<mark class="moved">{}</mark>', name)
        if name in moved
        else format_html('<span class="name">{}</span>', name)
        for name in names or ()
    ]
    # conditional_escape leaves the wrapped names as they are and escapes the join.
    return mark_safe(join_partners(wrapped, escape=conditional_escape))
