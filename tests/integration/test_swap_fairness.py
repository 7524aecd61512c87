"""The seating-fairness figures follow a seat swap: two players who sat in each other's
seats can make partners who partner again later, and the tournament page, the API and
the next change's "before" figures then count those repeats. Real PostgreSQL, the real
rotation engine."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.integration.test_api import client_for, url
from tests.integration.test_tournament_services import progressive
from tournaments import services
from tournaments.models import Seat

pytestmark = pytest.mark.django_db

EIGHT = [f"Player {n}" for n in range(1, 9)]


def _repeated_partners(page: str) -> int:
    block = page[page.index("Repeated partners") :]
    return int(re.search(r'<span class="now">\s*(\d+)', block)[1])


def test_a_swap_that_makes_repeated_partners_shows_them_everywhere(client):
    # Eight players, the complete rotation: everyone partners everyone exactly once.
    night = progressive(names=EIGHT, rounds=None)
    round_1 = services.start_round(round=night.rounds.get(number=1))
    assert night.rotation_quality["partner_repeats"] == 0
    client.force_login(night.owner)
    assert _repeated_partners(client.get(night.get_absolute_url()).content.decode()) == 0

    first, second = (
        Seat.objects.filter(table__round=round_1, position=0)
        .select_related("player")
        .order_by("table__number")[:2]
    )
    response = client.post(
        reverse("seats-swap", args=[night.pk, 1]),
        {"first": first.player.pk, "second": second.player.pk},
    )
    assert response.status_code == 302

    # Each now partnered the other's partner, whom they partner again in a later round.
    page = client.get(night.get_absolute_url()).content.decode()
    assert _repeated_partners(page) == 2
    api = client_for(night.owner).get(url(night)).json()
    assert api["rotation_quality"]["partner_repeats"] == 2
    leaver = night.players.exclude(pk__in=[first.player.pk, second.player.pk]).first()
    change = services.preview_change(tournament=night, withdraw=[leaver])
    assert change.quality_before["partner_repeats"] == 2
