"""What pages, printing and standings ask of a format, from the registry and the engine."""

from __future__ import annotations

import pytest

from tournaments import format_facts
from tournaments.rotations import FORMATS


@pytest.mark.parametrize(
    ("fmt", "teams", "partners", "rotate"),
    [
        ("progressive", False, True, True),
        ("teams", True, True, False),
        ("six-handed", True, True, False),
        ("cutthroat", False, False, False),
        ("heads-up", False, False, False),
    ],
)
def test_each_format_says_whether_it_seats_partners_and_keeps_them(fmt, teams, partners, rotate):
    assert format_facts.fixed_teams(fmt) is teams
    assert format_facts.partnered(fmt) is partners
    assert format_facts.partners_rotate(fmt) is rotate


def test_every_registry_format_is_covered_and_an_unknown_one_has_neither():
    assert set(FORMATS) == {"progressive", "teams", "six-handed", "cutthroat", "heads-up"}
    assert not format_facts.fixed_teams("bridge") and not format_facts.partnered("bridge")
