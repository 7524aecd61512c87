"""Each format knows its complete rotation's length without drawing it, so the site can
refuse an empty number of rounds past its limit before any seating is drawn."""

from __future__ import annotations

import pytest

from tournaments.rotations import FORMAT_SPECS, generate


@pytest.mark.parametrize("fmt", sorted(FORMAT_SPECS))
def test_the_complete_length_is_the_complete_rotation_drawn(fmt):
    spec = FORMAT_SPECS[fmt]
    size = spec.team_size or 1
    for players in range(spec.table_players, 25):
        if players % size:
            continue
        drawn = generate(fmt, [f"p{n}" for n in range(players)])
        assert len(drawn.rounds) == spec.complete_length(players), players


def test_forty_progressive_players_take_39_rounds():
    assert FORMAT_SPECS["progressive"].complete_length(40) == 39
