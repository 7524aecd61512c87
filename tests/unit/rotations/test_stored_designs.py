"""Every stored design table passes its tools' check, entry by entry, and a changed
entry fails it: the stored tables are frozen data, valid as stored, whatever the
searches in tools/designs (run by `make designs`) would find today."""

from __future__ import annotations

import pytest

from tools.designs import (
    _stored,
    hanani,
    hanani_frames,
    kirkman_copies,
    kirkman_cyclic,
    kirkman_near,
    kirkman_small,
    plus_one_paths,
    whist_cyclic,
    whist_orbits,
    whist_rows,
)

STORED_CHECKS = [
    (
        "whist starter",
        whist_cyclic.problem,
        _stored.WHIST_STARTERS,
    ),
    ("small Kirkman", kirkman_small.problem, _stored.KIRKMAN_SMALL),
    ("1-rotational Kirkman", kirkman_cyclic.problem, _stored.KIRKMAN_CYCLIC),
    ("three-copy Kirkman", kirkman_copies.problem, _stored.KIRKMAN_COPIES),
    ("nearly Kirkman", kirkman_near.problem, _stored.KIRKMAN_NEAR),
    ("Hanani", hanani.problem, _stored.HANANI),
    ("Kirkman frame", hanani_frames.problem, _stored.HANANI_FRAMES),
    ("whist rows", whist_rows.problem, _stored.WHIST_PRODUCT_ROWS),
    ("whist orbit base", whist_orbits.problem, _stored.WHIST_ORBIT_BASES),
]


@pytest.mark.parametrize(
    ("kind", "problem", "key"),
    [(kind, problem, key) for kind, problem, table in STORED_CHECKS for key in sorted(table)],
)
def test_every_stored_entry_passes_its_tools_check(kind, problem, key):
    table = dict((k, t) for k, _, t in STORED_CHECKS)[kind]
    assert problem(key, table[key]) == ""


@pytest.mark.slow
@pytest.mark.parametrize("v", sorted(_stored.WHIST_PLUS_ONE))
def test_every_stored_replacement_plan_passes_its_check(v):
    assert plus_one_paths.problem(v, _stored.WHIST_PLUS_ONE[v]) == ""


def test_a_wrong_entry_fails_the_check():
    flat = list(_stored.WHIST_STARTERS[16])
    flat[1], flat[5] = flat[5], flat[1]
    assert whist_cyclic.problem(16, tuple(flat)) != ""
    m, (base,) = _stored.HANANI[19]
    # Two players of different tables trade seats.
    assert hanani.problem(19, (m, (base[:2] + base[3:4] + base[2:3] + base[4:],))) != ""
    f, h = _stored.WHIST_PRODUCT_ROWS[21]
    assert whist_rows.problem(21, (f, h[1:] + h[:1])) != ""
