"""What the table page tells its offline queue: who deals next after each seat, so a
hand kept on the phone can be followed by the next without the page reloading."""

from __future__ import annotations

import json

from django import template

from scoring.engine.rounds import dealer_after

register = template.Library()


@register.filter
def next_dealers(rules) -> str:
    return json.dumps({seat: dealer_after(rules, seat) for seat in range(rules.players)})
