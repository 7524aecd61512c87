"""The offline design searches in tools/designs regenerate or re-find the stored tables.

Where a stored table's search is known exactly (seed and all), the tool must
rebuild it number for number; where the seed was lost, the tool must find a
valid table of the same shape and the stored one must pass the same check.
Stored tables are read only through tools.designs._stored.
"""

from __future__ import annotations

import ast
import random

import pytest

from tools.designs import (
    _cli,
    _native,
    _stored,
    every,
    exact_cover,
    hanani,
    hanani_frames,
    kirkman_copies,
    kirkman_cyclic,
    kirkman_near,
    kirkman_small,
    plus_one_paths,
    whist_cyclic,
    whist_multiplier,
    whist_orbit3,
    whist_orbits,
    whist_rows,
    whist_shapes,
    whist_two_stage,
)

# The searches are the tables' history, not the product: `make designs` runs them,
# `make test` does not (test_stored_designs.py keeps every stored entry checked there).
pytestmark = pytest.mark.design_search

QUICK_STARTERS = [4, 8, 16, 24, 28, 40, 65, 145, 185]


@pytest.mark.parametrize("n", QUICK_STARTERS)
def test_whist_starters_are_regenerated_exactly(n):
    assert whist_cyclic.regenerate(n) == whist_cyclic.stored(n)


@pytest.mark.design_search
@pytest.mark.parametrize("n", sorted(set(whist_cyclic.RECIPES) - set(QUICK_STARTERS)))
def test_slower_whist_starters_are_regenerated_exactly(n):
    assert whist_cyclic.regenerate(n) == whist_cyclic.stored(n)


@pytest.mark.parametrize("n", sorted(set(_stored.KIRKMAN_SMALL) - {39}))
def test_small_kirkman_bases_are_regenerated_exactly(n):
    assert kirkman_small.first_round(n) == tuple(_stored.KIRKMAN_SMALL[n])


def test_the_command_prints_the_entry_as_stored(tmp_path, capsys):
    out = tmp_path / "entry.txt"
    assert (
        _cli.main(
            "", lambda n, seed: whist_cyclic.regenerate(n), str, argv=["40", "--out", str(out)]
        )
        == 0
    )
    key, value = next(iter(ast.literal_eval("{" + out.read_text() + "}").items()))
    assert (key, value) == (40, _stored.WHIST_STARTERS[40])


# (tool, key): searches that find a valid table of the stored shape in a few seconds.
QUICK_SEARCHES = [
    (kirkman_near, 24),
    (kirkman_near, 18),
    (hanani, 13),
    (hanani, 19),
    (hanani_frames, 49),
    (kirkman_copies, 7),
    (kirkman_near, 48),
    (hanani, 25),
    (hanani, 43),
    (hanani_frames, 97),
    (kirkman_copies, 23),
    (kirkman_cyclic, 129),
    (whist_rows, 21),
    (whist_rows, 33),
    (whist_orbits, 88),
    (whist_orbits, 160),
    (plus_one_paths, 9),
    (plus_one_paths, 45),
    (plus_one_paths, 81),
    (whist_two_stage, 21),
    (whist_two_stage, 32),
    (whist_shapes, 44),
    (whist_shapes, 48),
    (whist_shapes, 52),
    (whist_shapes, 60),
    (whist_orbit3, 44),
    (whist_orbit3, 68),
    (whist_orbit3, 80),
    (whist_orbit3, 104),
]
SLOW_SEARCHES = [
    # Large sizes of each triple table, at most 15 s each in C (the largest of all,
    # near 204 and copies 61, take half a minute: `every`, README), and 85, the
    # smallest Hanani size with two base rounds, the hardest shape.
    (kirkman_near, 150),
    (hanani, 85),
    (hanani, 199),
    (hanani_frames, 205),
    (kirkman_copies, 47),
    (kirkman_cyclic, 201),
    (whist_orbits, 124),
    (plus_one_paths, 25),
    (plus_one_paths, 189),
    (whist_shapes, 57),
    (whist_shapes, 68),
    (whist_shapes, 72),
    (whist_shapes, 76),
    (whist_shapes, 77),
    (whist_shapes, 108),
    (whist_multiplier, 69),
    (whist_multiplier, 93),
    (whist_multiplier, 129),
    (whist_multiplier, 133),
    (whist_multiplier, 136),
    (whist_multiplier, 141),
    (whist_multiplier, 161),
    (whist_multiplier, 177),
    (whist_orbit3, 112),
    (whist_orbit3, 148),
    (whist_orbit3, 152),
    (whist_two_stage, 33),
    (whist_two_stage, 36),
]


def _finds_a_valid_table(tool, key):
    assert tool.problem(key, tool.find(key)) == ""


@pytest.mark.parametrize(("tool", "key"), QUICK_SEARCHES)
def test_the_search_finds_a_valid_table_of_the_stored_shape(tool, key):
    _finds_a_valid_table(tool, key)


@pytest.mark.design_search
@pytest.mark.parametrize(("tool", "key"), SLOW_SEARCHES)
def test_the_slower_searches_find_valid_tables_too(tool, key):
    _finds_a_valid_table(tool, key)


def test_the_depth_first_replacement_search_still_finds_small_plans():
    assert plus_one_paths.problem(9, plus_one_paths.find_dfs(9)) == ""


@pytest.mark.parametrize("native", [True, False])
def test_the_compiled_and_the_python_exact_cover_both_return_exact_covers(native):
    # A board of 3 x 4 cells tiled by dominoes: every cell covered exactly once.
    cells = [(r, c) for r in range(3) for c in range(4)]
    options = [((r, c), (r, c + 1)) for r, c in cells if c < 3]
    options += [((r, c), (r + 1, c)) for r, c in cells if r < 2]
    found = exact_cover.solve(options, cells, seed=5, max_restarts=3, native=native)
    assert found is not None
    assert sorted(cell for i in found for cell in options[i]) == sorted(cells)
    # A board with an odd number of cells has no tiling at all.
    odd = [cell for cell in cells if cell != (0, 0)]
    options = [o for o in options if (0, 0) not in o]
    assert exact_cover.solve(options, odd, seed=5, max_restarts=3, native=native) is None


@pytest.mark.parametrize("pure", [False, True])
def test_place_gives_each_unit_one_seat_in_unit_order_and_partitions_the_points(pure, monkeypatch):
    if pure:
        monkeypatch.setenv("DESIGNS_PURE_PYTHON", "1")
        monkeypatch.setattr(_native, "_tried", False)
        monkeypatch.setattr(_native, "_library", None)
    # Seats listed out of unit order, as the whist searches list them by sign.
    seats = [(2, (4, 5)), (0, (0, 1)), (2, (0, 1)), (1, (2, 3)), (0, (2, 3)), (1, (4, 5))]
    for seed in range(5):
        placed = exact_cover.place(seats, range(3), range(6), seed=seed, nodes=100)
        assert placed is not None
        assert sorted(placed) == list(range(6))
        for k in range(3):
            assert (k, tuple(placed[2 * k : 2 * k + 2])) in seats
    # Point 6 lies on no seat, so nothing covers it.
    assert exact_cover.place(seats, range(3), range(7), seed=0, nodes=100) is None


@pytest.mark.parametrize("native", [True, False])
def test_the_c_and_python_shapes_stages_meet_every_class_twice_and_place_the_shapes(native):
    shapes = whist_shapes.Shapes(44, random.Random(3))
    assert shapes.solve(native=native)
    # Counted afresh, not from the state the search kept.
    count = [0] * (shapes.half + 1)
    for k, table in enumerate(shapes.tables):
        for c in shapes.opponents(k, *table):
            count[c] += 1
    assert count == [0] + [2] * shapes.half
    partners = sorted(d for d1, d2, _ in shapes.tables for d in (d1, d2) if d)
    assert partners == list(range(1, shapes.half + 1))
    seeds = random.Random(4)
    for _ in range(200):
        flat = shapes.tile(seeds.randrange(1 << 30), native=native)
        if flat is not None:
            break
        classes = sorted(c for k, t in enumerate(shapes.tables) for c in shapes.opponents(k, *t))
        while not shapes.walk(native=native):
            pass
        # The walk keeps every opponent class where it was.
        assert classes == sorted(
            c for k, t in enumerate(shapes.tables) for c in shapes.opponents(k, *t)
        )
    assert flat is not None
    assert whist_shapes.problem(44, flat) == ""
    q = shapes.q
    for k in range(1, len(shapes.tables)):
        seat = set(flat[4 * k : 4 * k + 4])
        shape = shapes.points(k)
        assert any(
            seat == {(t + sign * p) % q for p in shape} for sign in (1, -1) for t in range(q)
        )


def _multiplier_counts(state):
    """Partner and opponent classes counted afresh from each unit's points (its
    table at a = 0, and the image table for a pair), not from the search's state."""
    q, L = state.q, state.L
    cl = [min(d, q - d) for d in range(q)]
    partners, opponents = [], [0] * (state.half + 1)
    for kind, d1, d2, x in state.units:
        if kind == whist_multiplier.INF:  # {INF, 0} v {x, x - d1}
            partners.append(cl[d1 % q])
            for p in (x, x - d1):
                opponents[cl[p % q]] += 1
            continue
        table = (0, -d1, -x, -x - d2)
        tables = [table] + ([tuple(L * p for p in table)] if kind == whist_multiplier.PAIR else [])
        for a, b, c, d in tables:
            partners += [cl[(a - b) % q], cl[(c - d) % q]]
            for diff in (a - c, a - d, b - c, b - d):
                opponents[cl[diff % q]] += 1
    return sorted(partners), opponents


# Seeds whose first stage one converges (each search draws its own random numbers),
# so the pure-Python case stays quick.
@pytest.mark.parametrize(("native", "seed"), [(True, 1), (False, 3)])
def test_the_c_and_python_multiplier_stages_meet_every_class_twice_and_the_walk_keeps_it(
    native, seed
):
    rng = random.Random(seed)
    for _attempt in range(20):
        state = whist_multiplier.Orbits(69, 22, rng)
        if state.solve(max_moves=3_000, native=native):
            break
    else:
        pytest.fail("stage one of 69 did not converge in 20 attempts")
    everything = (list(range(1, state.half + 1)), [0] + [2] * state.half)
    assert _multiplier_counts(state) == everything
    start = [list(unit) for unit in state.units]
    for _ in range(10):
        assert any(state.walk(native=native) for _try in range(1_000)), "the walk never moved"
        assert _multiplier_counts(state) == everything
        # Stage one has nothing left to repair.
        assert state.solve(max_moves=0, native=native)
    assert state.units != start


def test_the_shapes_search_still_works_without_a_c_compiler(monkeypatch):
    monkeypatch.setenv("DESIGNS_PURE_PYTHON", "1")
    monkeypatch.setattr(_native, "_tried", False)
    monkeypatch.setattr(_native, "_library", None)
    assert _native.library() is None
    assert whist_shapes.problem(44, whist_shapes.find(44)) == ""


def test_every_refinds_each_chosen_stored_size_and_checks_it(capsys):
    # A key is taken for every tool that has it stored: 31 is both a Hanani n and a q.
    assert every.main(["hanani", "kirkman_copies", "--keys", "19,31,7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "hanani 19",
        "hanani 31",
        "kirkman_copies 7",
        "kirkman_copies 31",
    ]
    assert all(": valid, " in line and " s of CPU, " in line for line in lines)


def test_every_says_which_size_ran_out_of_time_and_fails(capsys):
    assert every.main(["hanani", "--keys", "157", "--timeout", "0.5"]) == 1
    assert capsys.readouterr().out.startswith("hanani 157: timed out after 0.5 s")


def test_every_refuses_a_size_that_is_not_stored(capsys):
    with pytest.raises(SystemExit):
        every.main(["hanani", "--keys", "20"])
    assert "not a stored size of hanani: [20]" in capsys.readouterr().err


@pytest.mark.parametrize(("tool", "key"), [(kirkman_near, 24), (hanani, 19), (kirkman_copies, 7)])
def test_the_triple_searches_still_work_without_a_c_compiler(monkeypatch, tool, key):
    monkeypatch.setenv("DESIGNS_PURE_PYTHON", "1")
    monkeypatch.setattr(_native, "_tried", False)
    monkeypatch.setattr(_native, "_library", None)
    assert tool.problem(key, tool.find(key)) == ""


# Seeds whose first core converges (each search draws its own random numbers), so
# the pure-Python case stays quick.
@pytest.mark.parametrize(("native", "seed"), [(True, 3), (False, 2)])
def test_the_c_and_python_orbit3_stages_meet_every_class_twice_in_whole_orbits(native, seed):
    rng = random.Random(seed)
    for _attempt in range(20):
        state = whist_orbit3.Orbit3(44, 6, rng)
        if state.solve_core(native=native):
            state.deal_groups()
            if state.solve_groups(native=native):
                break
    else:
        pytest.fail("no starter of 44 in 20 attempts")
    q, w = state.q, state.w
    # Counted afresh from the tables, not from the state the search kept.
    tables = [(0, 0, *state.pts[:2])] + state.core_tables()
    tables += [
        tuple(p * v % q for v in (0, -d1, -x, -x - d2))
        for d1, d2, x in state.groups
        for p in state.powers
    ]
    cl = [min(d, q - d) for d in range(q)]
    partners = sorted(cl[(a - b) % q] for a, b, _, _ in tables[1:])
    partners += [cl[(c - d) % q] for _, _, c, d in tables]
    assert sorted(partners) == list(range(1, state.half + 1))
    opponents = [0] * (state.half + 1)
    for a, b, c, d in tables[1:]:
        for diff in (a - c, a - d, b - c, b - d):
            opponents[cl[diff % q]] += 1
    for v in state.pts[:2]:  # the INF table: 0 against its pair
        opponents[cl[v]] += 1
    assert opponents == [0] + [2] * state.half
    # The core and the INF table fill whole orbits of points, which the groups need.
    core = {0, *state.core_points()}
    assert len(core) == 2 + 4 * state.c + 1
    assert {w * p % q for p in core} == core
