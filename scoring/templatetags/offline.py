"""What the table page tells its offline queue: who deals next after each seat, so a
hand kept on the phone can be followed by the next without the page reloading, and
the rest of the engine's answers (scoring.offline.queue_facts) as JSON."""

from __future__ import annotations

import json

from django import template

from scoring.engine.rounds import dealer_after

register = template.Library()


@register.filter
def next_dealers(rules) -> str:
    return json.dumps({seat: dealer_after(rules, seat) for seat in range(rules.players)})


@register.filter
def as_json(value) -> str:
    """JSON for an attribute: left unmarked, so the template escapes its quotes."""
    return json.dumps(value)
