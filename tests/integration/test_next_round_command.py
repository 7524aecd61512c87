"""The next_round command: the next round of a format drawn round by round, from a
history of played tables; every history that cannot be gets exit 2 and one line."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import tempfile
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
FORMAT = "seated-by-standings"


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def history(players: list[str], rounds: list | None = None) -> dict:
    return {"format": FORMAT, "players": players, "rounds": rounds or []}


def write(folder: Path, data: object, name: str = "history.json") -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def next_round(path: Path | str, *args: str, format: str = FORMAT) -> dict:
    out = StringIO()
    call_command("next_round", "--format", format, "--history", str(path), *args, stdout=out)
    return json.loads(out.getvalue())


def refusal(path: Path | str, *args: str, format: str = FORMAT) -> str:
    """The one line the command refuses with (exit 2)."""
    with pytest.raises(CommandError) as refused:
        next_round(path, *args, format=format)
    assert refused.value.returncode == 2
    line = str(refused.value)
    assert line and "\n" not in line
    return line


def as_played(drawn: dict, points: list[list[int]], decided_by: dict[int, int] | None = None):
    """The round the command printed, with the points each table scored."""
    played = copy.deepcopy(drawn)
    for table, table_points in zip(played["tables"], points, strict=True):
        table["points"] = table_points
        if decided_by and table["table"] in decided_by:
            table["decided_by"] = decided_by[table["table"]]
    return played


def test_a_first_round_seats_the_players_in_the_order_listed_four_to_a_table(tmp_path):
    players = ["Zoe", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    drawn = next_round(write(tmp_path, history(players)))
    assert set(drawn) == {"round", "tables", "byes"}
    assert drawn["round"] == 1
    assert [t["table"] for t in drawn["tables"]] == [1, 2]
    assert all(set(t) == {"table", "teams"} for t in drawn["tables"])
    # Nobody has played: the seed order is the standings, and the lowest placed sits out.
    assert {p for side in drawn["tables"][0]["teams"] for p in side} == set(players[:4])
    assert {p for side in drawn["tables"][1]["teams"] for p in side} == set(players[4:8])
    assert drawn["byes"] == ["Hal"]


def test_a_three_round_night_fed_back_as_history_reproduces_itself_then_is_over(tmp_path):
    players = names(10)
    rounds: list[dict] = []
    for number in (1, 2, 3):
        path = write(tmp_path, history(players, rounds), f"after-{number - 1}.json")
        drawn = next_round(path, "--seed", "7", "--set", "rounds=3")
        assert drawn["round"] == number
        assert drawn == next_round(path, "--seed", "7", "--set", "rounds=3")
        seated = [p for t in drawn["tables"] for side in t["teams"] for p in side]
        assert sorted(seated + drawn["byes"]) == sorted(players)
        assert len(drawn["byes"]) == 2
        if number == 2:
            # Round 1's table-1 North/South (10 points) and table-2 North/South (8) lead.
            first = rounds[0]["tables"]
            leaders = set(first[0]["teams"][0]) | set(first[1]["teams"][0])
            head = {p for side in drawn["tables"][0]["teams"] for p in side}
            assert head == leaders
        rounds.append(as_played(drawn, [[10, 2], [8, 4]]))
    # Every history before still gives the round it gave: the night reproduces itself.
    for number in (1, 2, 3):
        path = tmp_path / f"after-{number - 1}.json"
        again = next_round(path, "--seed", "7", "--set", "rounds=3")
        played = {k: v for k, v in rounds[number - 1].items()}
        played["tables"] = [{"table": t["table"], "teams": t["teams"]} for t in played["tables"]]
        assert again == played
    # Byes went round: six different players sat out the three rounds.
    assert len({p for r in rounds for p in r["byes"]}) == 6
    over = write(tmp_path, history(players, rounds), "after-3.json")
    assert refusal(over, "--set", "rounds=3") == (
        "The night is over: nothing is left to draw after round 3."
    )
    assert next_round(over, "--set", "rounds=4")["round"] == 4


def test_where_the_points_tie_the_side_decided_by_wins_and_is_placed_higher(tmp_path):
    players = names(8)
    drawn = next_round(write(tmp_path, history(players)))
    # Everyone scores 7; table 1's East/West and table 2's North/South won the tie.
    played = as_played(drawn, [[7, 7], [7, 7]], decided_by={1: 1, 2: 0})
    winners = set(drawn["tables"][0]["teams"][1]) | set(drawn["tables"][1]["teams"][0])
    second = next_round(write(tmp_path, history(players, [played])))
    assert {p for side in second["tables"][0]["teams"] for p in side} == winners


def test_a_late_arrival_listed_in_players_joins_the_next_round_below_the_ranked(tmp_path):
    players = names(8)
    drawn = next_round(write(tmp_path, history(players)))
    played = as_played(drawn, [[2, 1], [9, 8]])
    # "Lou" arrived after round 1: listed first in the seed order, yet not ranked.
    late = history(["Lou", *players, "Max", "Ned", "Oz"], [played])
    second = next_round(write(tmp_path, late))
    assert {p for side in second["tables"][-1]["teams"] for p in side} == {
        "Lou",
        "Max",
        "Ned",
        "Oz",
    }
    assert second["byes"] == []


def test_same_history_and_seed_same_round_and_another_seed_can_pair_differently(tmp_path):
    path = write(tmp_path, history(names(16)))
    by_seed = {seed: next_round(path, "--seed", str(seed)) for seed in range(6)}
    assert by_seed[3] == next_round(path, "--seed", "3")
    assert len({json.dumps(d) for d in by_seed.values()}) > 1


def _table(number, teams, points=None, decided_by=None, **extra):
    table = {"table": number, "teams": teams, **extra}
    if points is not None:
        table["points"] = points
    if decided_by is not None:
        table["decided_by"] = decided_by
    return table


P8 = names(8)
T1 = [["P1", "P2"], ["P3", "P4"]]
T2 = [["P5", "P6"], ["P7", "P8"]]


def _one_round(*tables, byes=(), number=1, players=P8):
    return history(players, [{"round": number, "tables": list(tables), "byes": list(byes)}])


BAD_HISTORIES = [
    ("not JSON", "{format: 1", "The history is not JSON"),
    ("a list", [], "must be a JSON object"),
    ("a string", '"seated"', "must be a JSON object"),
    ("missing rounds", {"format": FORMAT, "players": P8}, 'has no "rounds"'),
    ("an unknown key", {**history(P8), "teams": []}, 'unknown key "teams"'),
    ("another format", {**history(P8), "format": "progressive"}, 'format "progressive", not'),
    ("players not a list", {**history(P8), "players": "P1 P2"}, '"players" must be a list'),
    ("a player listed twice", history([*P8, "P1"]), '"P1" is listed twice'),
    ("an empty name", history([*P8, " "]), "1 to 120 characters"),
    ("rounds not a list", {**history(P8), "rounds": {}}, '"rounds" must be a list'),
    ("a round not an object", history(P8, [[]]), "Round 1 must be an object"),
    (
        "rounds out of order",
        history(P8, [{"round": 2, "tables": [_table(1, T1, [5, 3]), _table(2, T2, [5, 3])]}]),
        "numbered 1, 2, 3",
    ),
    (
        "a round numbered 1.0",
        history(P8, [{"round": 1.0, "tables": []}]),
        "numbered 1, 2, 3",
    ),
    (
        "a seat twice",
        _one_round(_table(1, T1, [5, 3]), _table(2, [["P1", "P6"], ["P7", "P8"]], [5, 3])),
        'seats "P1" twice',
    ),
    (
        "seated and bye",
        _one_round(_table(1, T1, [5, 3]), _table(2, T2, [5, 3]), byes=["P2"]),
        'both seats "P2"',
    ),
    (
        "a stranger",
        _one_round(_table(1, [["P1", "P2"], ["P3", "Pat"]], [5, 3])),
        '"Pat" is not in "players"',
    ),
    (
        "a stranger's bye",
        _one_round(_table(1, T1, [5, 3]), byes=["Pat"]),
        '"Pat" is not in "players"',
    ),
    (
        "a side of three",
        _one_round(_table(1, [["P1", "P2", "P5"], ["P3", "P4"]], [5, 3])),
        "2 sides of 2 players",
    ),
    (
        "three sides",
        _one_round(_table(1, [["P1"], ["P2"], ["P3"]], [5, 3, 1])),
        "2 sides of 2 players",
    ),
    ("no points", _one_round(_table(1, T1), _table(2, T2, [5, 3])), "table 1 has no points"),
    (
        "null points",
        _one_round(_table(1, T1, [5, 3]), {"table": 2, "teams": T2, "points": None}),
        "table 2 has no points",
    ),
    ("one number", _one_round(_table(1, T1, [5])), '"points" has 1 numbers for 2 sides'),
    ("three numbers", _one_round(_table(1, T1, [5, 3, 1])), "for 2 sides"),
    ("negative points", _one_round(_table(1, T1, [5, -1])), "whole numbers from 0"),
    ("fractional points", _one_round(_table(1, T1, [5, 2.5])), "whole numbers from 0"),
    ("true for points", _one_round(_table(1, T1, [True, 0])), "whole numbers from 0"),
    ("a tie undecided", _one_round(_table(1, T1, [5, 5])), '"decided_by" must say which side'),
    ("a tie decided by 2", _one_round(_table(1, T1, [5, 5], 2)), '"decided_by" must be 0 or 1'),
    (
        "a tie decided by a name",
        _one_round(_table(1, T1, [5, 5], "P1")),
        '"decided_by" must be 0 or 1',
    ),
    ("decided without a tie", _one_round(_table(1, T1, [5, 3], 0)), "only for a tie"),
    ("a table numbered 0", _one_round(_table(0, T1, [5, 3])), "whole number from 1"),
    (
        "two tables 1",
        _one_round(_table(1, T1, [5, 3]), _table(1, T2, [5, 3])),
        "two tables numbered 1",
    ),
    ("two byes for one", _one_round(_table(1, T1, [5, 3]), byes=["P5", "P5"]), '"P5" two byes'),
    ("too many players", history(names(1001)), "more than 1000 players"),
    (
        "too many rounds",
        history(P8, [{"round": n, "tables": []} for n in range(1, 102)]),
        "more than 100 rounds",
    ),
    ("too few players", history(names(3)), "needs at least 4 players, got 3"),
]


@pytest.mark.parametrize(
    ("data", "line"), [case[1:] for case in BAD_HISTORIES], ids=[case[0] for case in BAD_HISTORIES]
)
def test_a_history_that_cannot_be_is_refused_with_one_plain_line(tmp_path, data, line):
    assert line in refusal(write(tmp_path, data))


def test_a_file_that_cannot_be_read_or_is_too_big_is_refused_with_one_plain_line(tmp_path):
    assert "No such file" in refusal(tmp_path / "missing.json")
    assert "Is a directory" in refusal(tmp_path)
    (tmp_path / "latin.json").write_bytes(b'{"format": "caf\xe9"}')
    assert refusal(tmp_path / "latin.json") == "The history is not UTF-8 text."
    big = write(tmp_path, json.dumps(history(P8)) + " " * 1_000_000, "big.json")
    assert refusal(big) == "The history is larger than 1,000,000 bytes."
    deep = write(tmp_path, "[" * 100_000 + "]" * 100_000, "deep.json")
    assert refusal(deep).startswith("The history is not JSON")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("--format", "progressive"), "progressive is planned ahead: use make_rotation."),
        (("--format", "euchre-bingo"), "There is no format called euchre-bingo"),
        (("--set", "tables=3"), "seated-by-standings has no setting called tables."),
        (("--set", "rounds=0"), "The number of rounds must be at least 1, got 0."),
        (("--set", "rounds"), "--set needs KEY=VALUE"),
        (("--seed", "x"), "--seed must be a whole number"),
    ],
)
def test_bad_arguments_are_refused_with_one_plain_line(tmp_path, args, line):
    path = write(tmp_path, history(P8))
    format_args = args if args[0] == "--format" else ()
    other = () if format_args else args
    format = format_args[1] if format_args else FORMAT
    assert line in refusal(path, *other, format=format)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


def test_from_the_shell_a_round_is_json_on_stdout_and_a_refusal_exit_2_and_one_line(tmp_path):
    good = write(tmp_path, history(names(9)), "good.json")
    printed = _run("next_round", "--format", FORMAT, "--history", str(good), "--set", "rounds=2")
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout)["byes"] == ["P9"]
    bad = write(tmp_path, _one_round(_table(1, T1, [5, 5])), "bad.json")
    refused = _run("next_round", "--format", FORMAT, "--history", str(bad))
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "Traceback" not in refused.stderr


def test_make_rotation_sends_a_format_drawn_round_by_round_to_next_round():
    refused = _run("make_rotation", "--format", FORMAT, "--players", "8")
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [
        "CommandError: seated-by-standings is drawn round by round from the results: "
        "use next_round."
    ]
    usage = _run("make_rotation", "--help")
    assert "one of progressive, teams, six-handed, cutthroat, heads-up" in " ".join(
        usage.stdout.split()
    )
    assert FORMAT not in usage.stdout


# Any JSON value, and values shaped like a history with anything in any place.
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.floats(allow_nan=False)
    | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def histories(draw):
    """A history that holds (players seated by the format's shape, points, a tie
    decided), often with one thing in it replaced by any JSON value."""
    players = names(draw(st.integers(4, 9), label="players"))
    rounds = []
    for number in range(1, draw(st.integers(0, 3), label="rounds") + 1):
        order = draw(st.permutations(players))
        seated = len(players) - len(players) % 4
        tables = []
        for start in range(0, seated, 4):
            a, b, c, d = order[start : start + 4]
            points = draw(st.lists(st.integers(0, 9), min_size=2, max_size=2))
            table = {"table": start // 4 + 1, "teams": [[a, b], [c, d]], "points": points}
            if points[0] == points[1]:
                table["decided_by"] = draw(st.integers(0, 1))
            tables.append(table)
        rounds.append({"round": number, "tables": tables, "byes": order[seated:]})
    data = history(players, rounds)
    if draw(st.booleans(), label="spoilt"):
        holder, key = draw(st.sampled_from(list(_places(data))), label="where")
        holder[key] = draw(json_values, label="instead")
    return data


def _places(value):
    """Every (container, key or index) in a JSON value."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, inner in items:
        yield value, key
        if isinstance(inner, dict | list) and inner:
            yield from _places(inner)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=json_values | histories())
def test_any_json_as_history_gives_a_round_or_exit_2_never_anything_else(data):
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), data)
        try:
            drawn = next_round(path)
        except CommandError as refused:
            assert refused.returncode == 2
            assert str(refused) and "\n" not in str(refused)
        else:
            assert drawn["round"] == len(data["rounds"]) + 1
            seated = [p for t in drawn["tables"] for side in t["teams"] for p in side]
            assert sorted(seated + drawn["byes"]) == sorted(data["players"])


def _night(format: str, players: list[str], rounds: list | None = None) -> dict:
    return {"format": format, "players": players, "rounds": rounds or []}


def _at(drawn: dict, table: int) -> set[str]:
    return {p for side in drawn["tables"][table - 1]["teams"] for p in side}


def test_winners_move_up_one_table_losers_down_one_and_split_up(tmp_path):
    players = names(12)
    fmt = "dynamic-progressive"
    drawn = next_round(write(tmp_path, _night(fmt, players)), format=fmt)
    assert [t["teams"] for t in drawn["tables"]] == [
        [["P1", "P3"], ["P2", "P4"]],
        [["P5", "P7"], ["P6", "P8"]],
        [["P9", "P11"], ["P10", "P12"]],
    ]
    # Table 2's East/West win; table 1's and table 3's North/South win.
    played = as_played(drawn, [[6, 2], [3, 5], [7, 7]], decided_by={3: 0})
    second = next_round(
        write(tmp_path, _night(fmt, players, [played])),
        "--set",
        "split=colour",
        "--set",
        "moves=winners-up-losers-down",
        format=fmt,
    )
    assert _at(second, 1) == {"P1", "P3", "P6", "P8"}
    assert _at(second, 2) == {"P2", "P4", "P9", "P11"}
    assert _at(second, 3) == {"P5", "P7", "P10", "P12"}
    partners_before = {frozenset(side) for t in drawn["tables"] for side in t["teams"]}
    assert not any(
        frozenset(side) in partners_before for t in second["tables"] for side in t["teams"]
    )


def test_winners_move_up_refuses_a_tie_nobody_decided_and_an_unknown_movement(tmp_path):
    players = names(8)
    fmt = "dynamic-progressive"
    drawn = next_round(write(tmp_path, _night(fmt, players)), format=fmt)
    tied = write(tmp_path, _night(fmt, players, [as_played(drawn, [[4, 4], [5, 1]])]), "tied.json")
    # The history reader asks for the deciding hand before the movement would.
    assert "decided_by" in refusal(tied, format=fmt)
    assert refusal(tied, "--set", "moves=sideways", format=fmt) == (
        "The setting moves must be one of winners-up-losers-down, winners-up-losers-stay, "
        "losers-down-winners-stay, got sideways."
    )


def test_ranked_progressive_seats_the_leader_at_the_head_table_with_fresh_partners(tmp_path):
    players = names(8)
    fmt = "ranked-progressive"
    drawn = next_round(write(tmp_path, _night(fmt, players)), "--set", "window=5", format=fmt)
    played = as_played(drawn, [[10, 2], [8, 4]])
    second = next_round(
        write(tmp_path, _night(fmt, players, [played])), "--set", "window=5", format=fmt
    )
    leaders = drawn["tables"][0]["teams"][0]
    assert leaders[0] in _at(second, 1)
    partners_before = {frozenset(side) for t in drawn["tables"] for side in t["teams"]}
    assert not any(
        frozenset(side) in partners_before for t in second["tables"] for side in t["teams"]
    )
    assert "window must be a whole number from 3 to 20, got 2" in refusal(
        write(tmp_path, _night(fmt, players)), "--set", "window=2", format=fmt
    )
