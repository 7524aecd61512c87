"""score_line: the per-line answer of the score_hands contract, without Django."""

from __future__ import annotations

from scoring.engine import score_line
from tests.unit.engine.helpers import hand


def test_hand_line_answers_points():
    assert score_line(hand(), variant="north-american") == {"ok": True, "points": [0, 1, 0, 1]}


def test_game_line_answers_scores_winner_and_hands():
    game = [hand(dealer=d, round=2, trump="clubs", tricks=5) for d in (0, 1, 2, 3, 0)]
    assert score_line({"game": game}, variant="north-american") == {
        "ok": True,
        "scores": [0, 10, 0, 10],
        "winner": [1, 3],
        "hands": 5,
    }


def test_unfinished_game_has_null_winner():
    answer = score_line({"game": [hand()]}, variant="north-american")
    assert answer["winner"] is None


def test_line_variant_overrides_the_default():
    answer = score_line(
        {**hand(maker=1, turn_up=None), "variant": "two-handed"}, variant="north-american"
    )
    assert answer == {"ok": True, "points": [0, 1]}


def test_line_options_override_the_default_options():
    line = {**hand(alone=[0]), "options": {"defender_alone": "allowed"}}
    assert (
        score_line(line, variant="north-american", options={"defender_alone": "never"})["ok"]
        is True
    )
    assert score_line(
        hand(alone=[0]), variant="north-american", options={"defender_alone": "never"}
    )["error"] == ("defender_alone_not_allowed")


def test_default_options_apply_to_a_line_of_another_variant():
    # Stick the dealer, given for the command, holds on a british line too.
    passed = {"passed": True, "dealer": 0, "variant": "british"}
    answer = score_line(passed, variant="north-american", options={"stick_the_dealer": "true"})
    assert answer["error"] == "passed_hand_not_allowed"


def test_a_default_option_the_line_variant_does_not_play_is_that_line_error():
    line = {**hand(maker=1, turn_up=None), "variant": "two-handed"}
    answer = score_line(line, variant="north-american", options={"super_euchre": "true"})
    assert answer == {
        "ok": False,
        "error": "bad_option",
        "message": "Two-handed Euchre does not play the option “Super euchre”.",
    }


def test_line_options_override_the_default_options_key_by_key():
    line = {
        **hand(maker=1, turn_up=None),
        "variant": "two-handed",
        "options": {"super_euchre": False},
    }
    options = {"super_euchre": "true", "target": "15"}
    assert score_line(line, variant="north-american", options=options) == {
        "ok": True,
        "points": [0, 1],
    }


def test_bad_line_options_are_answers():
    assert score_line({**hand(), "options": []}, variant="british")["error"] == "bad_option"
    assert score_line({**hand(), "variant": 3}, variant="british")["error"] == "unknown_variant"
    assert score_line({**hand(), "options": {"x": 1}}, variant="british")["error"] == (
        "unknown_option"
    )


def test_non_object_line_is_a_bad_hand():
    assert score_line([1, 2], variant="north-american")["error"] == "bad_hand"
