"""The facade for formats drawn round by round: each format goes to its own command
(planned ones to generate and make_rotation, per-round ones to next_round), and a
per-round format reads only the settings it has."""

from __future__ import annotations

import pytest

from tournaments.rotations import (
    FORMATS,
    Results,
    RotationError,
    generate,
    next_round,
    night_over,
    per_round_formats,
    planned_formats,
    spec,
)
from tournaments.rotations.formats import TRIAL_SPECS

PLAYERS = tuple(f"P{i}" for i in range(1, 10))


def test_the_test_settings_offer_the_trial_format_as_drawn_round_by_round():
    assert per_round_formats() == (
        "seated-by-standings",
        "dynamic-progressive",
        "ranked-progressive",
    )
    assert planned_formats() == FORMATS
    assert spec("seated-by-standings").per_round
    assert not any(spec(f).per_round for f in FORMATS)


@pytest.mark.parametrize("format", list(TRIAL_SPECS))
def test_every_per_round_format_draws_and_says_when_the_night_is_over(format):
    wanted = TRIAL_SPECS[format]
    assert wanted.next_round is not None and wanted.night_over is not None
    assert wanted.draw_settings


def test_generate_refuses_a_format_drawn_round_by_round_whatever_the_field():
    for players in (PLAYERS, PLAYERS[:2]):
        with pytest.raises(RotationError) as refused:
            generate("seated-by-standings", players, 3)
        assert refused.value.code == "drawn_round_by_round"
        assert refused.value.message == (
            "seated-by-standings is drawn round by round from the results: use next_round."
        )


def test_next_round_refuses_a_planned_format_and_names_the_drawn_ones_for_an_unknown_one():
    with pytest.raises(RotationError) as planned:
        next_round("progressive", PLAYERS, Results(PLAYERS))
    assert planned.value.message == "progressive is planned ahead: use make_rotation."
    with pytest.raises(RotationError) as unknown:
        next_round("euchre-bingo", PLAYERS, Results(PLAYERS))
    assert unknown.value.message == (
        "There is no format called euchre-bingo; choose seated-by-standings, "
        "dynamic-progressive, ranked-progressive."
    )


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"tables": 3}, "seated-by-standings has no setting called tables."),
        ({"rounds": 0}, "The number of rounds must be at least 1, got 0."),
        ({"rounds": "five"}, "The number of rounds must be at least 1, got five."),
        ({"rounds": True}, "The number of rounds must be at least 1, got True."),
    ],
)
def test_a_setting_the_format_does_not_read_or_cannot_use_is_refused(settings, message):
    for call in (
        lambda: next_round("seated-by-standings", PLAYERS, Results(PLAYERS), settings=settings),
        lambda: night_over("seated-by-standings", Results(PLAYERS), settings=settings),
    ):
        with pytest.raises(RotationError) as refused:
            call()
        assert refused.value.message == message


def test_the_facade_draws_as_the_format_does():
    drawn = next_round(
        "seated-by-standings", PLAYERS, Results(PLAYERS), seed=3, settings={"rounds": 2}
    )
    assert drawn.number == 1
    assert [t.number for t in drawn.tables] == [1, 2]
    assert drawn.byes == ("P9",)
    assert not night_over("seated-by-standings", Results(PLAYERS), settings={"rounds": 2})
