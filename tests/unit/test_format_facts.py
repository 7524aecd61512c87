"""What pages, printing and standings ask of a format, from the registry and the engine."""

from __future__ import annotations

import pytest

from scoring.engine.rules import VARIANTS
from tournaments import format_facts
from tournaments.models import Tournament
from tournaments.rotations import FORMAT_SPECS, FORMATS


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


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_format_seats_as_many_at_a_table_as_each_of_its_games_deals_to(fmt):
    # A mismatch would first show on the night, as "wrong table size" at result entry.
    spec = FORMAT_SPECS[fmt]
    assert {VARIANTS[v].players for v in spec.variants} == {spec.table_players}
    units = spec.team_size if spec.fixed_teams else 1
    assert spec.seat_shape.slots * units == spec.table_players
    assert len(spec.seat_shape.side_of) == spec.seat_shape.slots


def test_every_game_the_engine_knows_is_a_choice_and_played_by_some_format():
    assert [value for value, _label in Tournament.Variant.choices] == list(VARIANTS)
    assert {v for spec in FORMAT_SPECS.values() for v in spec.variants} == set(VARIANTS)


def test_only_fixed_pairs_may_start_a_round_while_another_is_in_play():
    assert [f for f in FORMATS if FORMAT_SPECS[f].rounds_may_overlap] == ["teams"]
