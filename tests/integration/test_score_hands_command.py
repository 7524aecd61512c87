"""The score_hands command end to end: JSON lines in, JSON lines out, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.commands import run_manage

ROOT = Path(__file__).resolve().parents[2]


def run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return run_manage("score_hands", *args, stdin=stdin)


def answers(result: subprocess.CompletedProcess[str]) -> list[dict]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def lines(*objects: object) -> str:
    return "".join(json.dumps(obj) + "\n" for obj in objects)


HAND = {
    "dealer": 0,
    "maker": 1,
    "round": 1,
    "trump": "hearts",
    "turn_up": "9H",
    "alone": [1],
    "tricks": 5,
}


def test_hand_passed_hand_and_game_answer_in_order():
    game = [
        {"dealer": 0, "maker": 1, "round": 2, "trump": "clubs", "tricks": 3},
        {"passed": True, "dealer": 1},
        {"dealer": 2, "maker": 0, "round": 2, "trump": "clubs", "tricks": 2},
    ]
    result = run(
        lines(HAND, {"passed": True, "dealer": 2}, {"game": game}), "--variant", "north-american"
    )
    assert result.returncode == 0, result.stderr
    assert answers(result) == [
        {"ok": True, "points": [0, 4, 0, 4]},
        {"ok": True, "points": [0, 0, 0, 0]},
        {"ok": True, "scores": [0, 3, 0, 3], "winner": None, "hands": 3},
    ]


def test_bad_json_line_is_answered_and_the_next_lines_still_run():
    result = run(lines(HAND) + "{not json\n\n   \n" + lines(HAND), "--variant", "british")
    assert result.returncode == 0
    out = answers(result)
    assert len(out) == 3  # blank lines get no answer
    assert out[1]["ok"] is False and out[1]["error"] == "bad_json" and out[1]["message"]
    assert out[0] == out[2] == {"ok": True, "points": [0, 4, 0, 4]}


def test_line_that_is_not_utf8_is_a_bad_json_answer():
    result = subprocess.run(
        [sys.executable, "manage.py", "score_hands"],
        input=b"\xff\xfe{}\n" + lines(HAND).encode(),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [answer["ok"] for answer in out] == [False, True]
    assert out[0]["error"] == "bad_json"


def test_call_command_reads_a_swapped_text_stdin(monkeypatch):
    from io import StringIO

    from django.core.management import call_command

    monkeypatch.setattr(sys, "stdin", StringIO(lines(HAND) + "oops\n"))
    out = StringIO()
    call_command("score_hands", "--variant", "british", stdout=out)
    assert [json.loads(line)["ok"] for line in out.getvalue().splitlines()] == [True, False]


def test_invalid_hands_are_answers_not_crashes():
    bad = [
        {**HAND, "tricks": 6},
        {**HAND, "dealer": "0"},
        {**HAND, "trump": "spades"},
        [1, 2, 3],
        "hand",
    ]
    result = run(lines(*bad), "--variant", "north-american")
    assert result.returncode == 0
    assert [answer["error"] for answer in answers(result)] == [
        "bad_tricks",
        "bad_type",
        "trump_not_turn_up_suit",
        "bad_hand",
        "bad_hand",
    ]


def test_options_from_flags_apply_to_every_line():
    lone_defender = {**HAND, "alone": [0], "tricks": 1}
    result = run(
        lines(lone_defender, {"passed": True, "dealer": 1}),
        "--variant",
        "north-american",
        "--option",
        "defender_alone=never",
        "--option",
        "stick_the_dealer=true",
    )
    assert [answer["error"] for answer in answers(result)] == [
        "defender_alone_not_allowed",
        "passed_hand_not_allowed",
    ]


TWO_HANDED_MARCH = {
    "dealer": 0,
    "maker": 1,
    "round": 2,
    "trump": "clubs",
    "tricks": 5,
    "variant": "two-handed",
}


def test_per_line_variant_and_options_override_the_flags():
    two_handed = {**TWO_HANDED_MARCH, "options": {"defender_alone": "allowed"}}
    lone_defender = {**HAND, "alone": [0], "tricks": 1, "options": {"defender_alone": "allowed"}}
    result = run(
        lines(two_handed, lone_defender),
        "--variant",
        "north-american",
        "--option",
        "defender_alone=never",
    )
    assert answers(result) == [
        {"ok": True, "points": [0, 2]},
        {"ok": True, "points": [4, 0, 4, 0]},
    ]


def test_flag_options_carry_to_a_line_of_another_variant():
    # The 2S stands in for the Benny on the six-handed line too, and stick the
    # dealer still refuses its passed hand: neither is dropped for the other variant.
    six_handed_benny = {
        "dealer": 0,
        "maker": 0,
        "round": 1,
        "trump": "clubs",
        "turn_up": "2S",
        "tricks": 5,
        "variant": "six-handed",
    }
    passed = {"passed": True, "dealer": 3, "variant": "six-handed"}
    result = run(
        lines(six_handed_benny, passed, {**HAND, "alone": [], "turn_up": "2S"}),
        "--variant",
        "british",
        "--option",
        "two_of_spades_benny=true",
        "--option",
        "stick_the_dealer=true",
    )
    assert result.returncode == 0, result.stderr
    first, second, third = answers(result)
    assert first == {"ok": True, "points": [3, 0, 3, 0, 3, 0]}
    assert second["error"] == "passed_hand_not_allowed"
    assert third["error"] == "benny_turn_up_dealer_makes"


def test_a_flag_option_the_line_variant_does_not_play_is_that_line_error():
    two_handed = TWO_HANDED_MARCH
    result = run(
        lines(two_handed, HAND),
        "--variant",
        "north-american",
        "--option",
        "defender_alone=never",
    )
    assert result.returncode == 0, result.stderr
    assert answers(result) == [
        {
            "ok": False,
            "error": "bad_option",
            "message": "Two-handed Euchre does not play the option “A defender may go alone”.",
        },
        {"ok": True, "points": [0, 4, 0, 4]},
    ]


def test_game_error_names_the_hand():
    game = [{"dealer": 0, "maker": 1, "round": 2, "trump": "clubs", "tricks": 5}] * 2
    result = run(lines({"game": game}), "--variant", "two-handed")
    (answer,) = answers(result)
    assert answer["error"] == "wrong_dealer"
    assert "Hand 2" in answer["message"]


def test_hand_after_the_win_is_rejected():
    game = [
        {"dealer": d % 2, "maker": 1, "round": 2, "trump": "clubs", "tricks": 5} for d in range(6)
    ]
    (answer,) = answers(run(lines({"game": game}), "--variant", "two-handed"))
    assert answer["error"] == "hand_after_game_over"


def test_three_handed_game_can_have_two_winners():
    euchre = {"maker": 1, "round": 2, "trump": "clubs", "tricks": 0}
    game = [{**euchre, "dealer": d % 3} for d in range(4)]
    game.append({**euchre, "dealer": 1, "alone": [2]})
    (answer,) = answers(run(lines({"game": game}), "--variant", "three-handed"))
    assert answer == {"ok": True, "scores": [12, 0, 12], "winner": [0, 2], "hands": 5}


def test_variant_defaults_to_north_american():
    assert answers(run(lines(HAND))) == [{"ok": True, "points": [0, 4, 0, 4]}]


def test_unknown_variant_flag_exits_2_with_one_line_on_stderr():
    result = run(lines(HAND), "--variant", "pinochle")
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1


def test_unknown_option_flag_exits_2():
    result = run(lines(HAND), "--variant", "british", "--option", "railroading=true")
    assert result.returncode == 2
    assert "railroading" in result.stderr


def test_bad_option_flag_exits_2():
    assert run("", "--option", "target=12").returncode == 2
    assert run("", "--option", "target").returncode == 2


def test_a_hand_told_by_its_outcome_needs_turn_up_where_only_the_benny_makes_it_legal():
    # British, no loner after a pass: the dealer's left defends alone. Without bidding
    # (the Benny turned up, seed 003) that is legal; after any bidding he had passed.
    lone_defender = {"dealer": 0, "makers": 0, "alone": [1], "result": "euchred"}
    result = run(
        lines(lone_defender, {**lone_defender, "turn_up": "BENNY"}),
        "--variant",
        "british",
        "--option",
        "no_loner_after_pass=true",
    )
    assert result.returncode == 0, result.stderr
    refused, accepted = answers(result)
    # The rule every bidding breaks is named, not the dealer's partner's loner.
    assert refused == {
        "ok": False,
        "error": "loner_passed",
        "message": (
            "Seat 1 passed in the bidding round in which trump was made, so cannot go alone."
        ),
    }
    assert accepted == {"ok": True, "points": [0, 4, 0, 4]}
