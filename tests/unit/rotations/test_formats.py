"""The format registry: every format seats full tables, and the Django shell offers
exactly the registry's formats with the games and teams they had."""

from __future__ import annotations

import pytest

from tournaments.rotations import FORMAT_SPECS, FORMATS, RotationError, generate


@pytest.mark.parametrize("format", FORMATS)
def test_each_format_seats_its_smallest_field_at_full_tables(format):
    spec = FORMAT_SPECS[format]
    players = [f"P{i}" for i in range(1, spec.table_players + 1)]
    schedule = generate(format, players, 2)
    for rnd in schedule.rounds:
        for table in rnd.tables:
            assert len(table.players) == spec.table_players
            if spec.team_size is not None:
                assert {len(side) for side in table.sides} == {spec.team_size}


def test_a_format_outside_the_registry_is_refused_naming_every_format():
    with pytest.raises(RotationError) as refused:
        generate("euchre-bingo", [f"P{i}" for i in range(1, 9)])
    assert refused.value.code == "unknown_format"
    assert all(format in refused.value.message for format in FORMATS)


def test_the_shell_offers_the_registry_formats_with_their_games_and_teams():
    from tournaments import services
    from tournaments.models import Tournament

    assert Tournament.Format.values == list(FORMATS)
    assert [str(label) for label in Tournament.Format.labels] == [
        FORMAT_SPECS[f].label for f in FORMATS
    ]
    assert Tournament.Format.SIX_HANDED == "six-handed"
    # Heads-up players are entrants of one in the round robin, not a team to register.
    sizes = {f: FORMAT_SPECS[f].fixed_team_size for f in FORMATS}
    assert {f: size for f, size in sizes.items() if size} == {"teams": 2, "six-handed": 3}
    assert dict(services.FORMAT_VARIANTS) == {
        "progressive": ("north-american", "british"),
        "teams": ("north-american", "british"),
        "six-handed": ("six-handed",),
        "cutthroat": ("three-handed",),
        "heads-up": ("two-handed",),
    }
