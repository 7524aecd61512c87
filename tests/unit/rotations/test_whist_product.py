"""The resolvable transversal designs that lift Wh(u) in the direct product."""

from __future__ import annotations

import pytest

from tournaments.rotations.designs import whist
from tournaments.rotations.designs.whist import product as whist_product
from tournaments.rotations.planners import progressive


@pytest.mark.parametrize("r", [4, 5, 8, 9, 21, 25, 33, 35, 41])
def test_every_two_seats_meet_each_offset_difference_once(r: int) -> None:
    lifting = whist_product.lift(r, whist.field(r))
    assert lifting is not None and lifting.r == r
    assert lifting.offsets[0] == (0, 0, 0, 0)  # the diagonal class the split rounds use
    minus = {x: next(y for y in range(r) if lifting.add(x, y) == 0) for x in range(r)}
    for i in range(4):
        for j in range(i + 1, 4):
            differences = {lifting.add(o[i], minus[o[j]]) for o in lifting.offsets}
            assert len(differences) == r, (i, j)


def test_no_lift_without_a_field_or_stored_rows() -> None:
    # 15 and 39: divisible by 3, not prime powers, nothing stored.
    assert whist_product.lift(15, None) is None
    assert whist_product.lift(39, None) is None


def test_a_corrupted_stored_row_breaks_the_design(monkeypatch: pytest.MonkeyPatch) -> None:
    f, h = whist_product._STORED_ROWS[21]
    broken = (f[0], f[2], f[1], *f[3:])
    monkeypatch.setitem(whist_product._STORED_ROWS, 21, (broken, h))
    with pytest.raises(AssertionError, match="failed verification"):
        whist.design(168)


@pytest.mark.parametrize("n", [131, 139, 163, 167, 179, 199])
def test_one_short_of_a_product_is_exact_too(n: int) -> None:
    assert progressive.is_exact_complete(n)
