"""Stored whist starters: every one develops into an exact Wh(n)."""

from __future__ import annotations

import pytest

from tournaments.rotations.designs import whist
from tournaments.rotations.designs.data.whist_starters import STARTERS
from tournaments.rotations.designs.whist import inflate as whist_inflate

# Sizes clubs actually play from 32 up, and those of them with an exact design.
CLUB_SIZES = (
    32,
    33,
    36,
    44,
    45,
    48,
    52,
    56,
    57,
    60,
    64,
    68,
    69,
    72,
    76,
    77,
    80,
    84,
    85,
    88,
    92,
    93,
    96,
    100,
)
EXACT_CLUB_SIZES = (
    32,
    33,
    36,
    44,
    45,
    48,
    52,
    56,
    57,
    60,
    64,
    68,
    69,
    72,
    76,
    77,
    80,
    84,
    85,
    88,
    92,
    93,
    96,
    100,
)
# Sizes built as the direct product Wh(u) x Wh(r).
PRODUCTS = {
    80: (20, 4),
    105: (21, 5),
    128: (32, 4),
    132: (4, 33),
    140: (28, 5),
    164: (4, 41),
    165: (33, 5),
    168: (8, 21),
    180: (36, 5),
    189: (21, 9),
    192: (48, 4),
    200: (40, 5),
}
# 4m-player sizes built by inflating a cyclic Wh(q+1) with GF(r), n - 1 = qr.
INFLATED = {
    88: (3, 29),
    92: (7, 13),
    96: (19, 5),
    100: (11, 9),
    116: (23, 5),
    120: (7, 17),
    124: (3, 41),
    144: (11, 13),
    156: (31, 5),
    160: (3, 53),
    172: (19, 9),
    176: (7, 25),
    184: (3, 61),
    188: (11, 17),
}


@pytest.mark.parametrize("n", sorted(STARTERS))
def test_stored_starter_is_an_exact_whist_tournament(n: int) -> None:
    flat = STARTERS[n]
    assert whist.exists(n)
    assert len(flat) == (n if n % 4 == 0 else n - 1)
    assert whist._starter_ok(n, flat)
    values = [n - 1 if x == -1 else x for x in flat]
    base = tuple(
        ((values[i], values[i + 1]), (values[i + 2], values[i + 3]))
        for i in range(0, len(values), 4)
    )
    assert whist.check(n, whist.develop(n, base)) == ""
    assert whist.available(n, search_steps=0)
    assert whist.starter(n) == base


def test_stored_starters_do_not_shadow_closed_constructions() -> None:
    for n in STARTERS:
        assert whist._closed_starter(n) is None, n
        assert isinstance(whist.group(n), whist.Cyclic), n


def test_a_corrupted_stored_starter_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    n = 44  # no other construction reaches 44
    flat = list(STARTERS[n])
    flat[-1], flat[-3] = flat[-3], flat[-1]  # move a player to the other side of the table
    monkeypatch.setitem(STARTERS, n, tuple(flat))
    whist._tabled.cache_clear()
    try:
        assert not whist.available(n, search_steps=0)
    finally:
        monkeypatch.undo()
        whist._tabled.cache_clear()
    assert whist.available(n, search_steps=0)


def test_exact_designs_for_club_sizes_listed() -> None:
    covered = [n for n in CLUB_SIZES if whist.available(n, search_steps=0)]
    assert covered == list(EXACT_CLUB_SIZES)


@pytest.mark.parametrize("n", [45, 117, 153])
def test_product_construction_over_gf_a_times_gf_b(n: int) -> None:
    grp = whist.group(n)
    assert isinstance(grp, whist.Product) and grp.q == n
    assert whist.available(n, search_steps=0)
    assert whist.check(n, whist.design(n)) == ""
    assert whist.find_starter(n, max_steps=10) is None  # no run-time search over products


def test_product_group_arithmetic() -> None:
    grp = whist.group(45)
    assert isinstance(grp, whist.Product)
    for x in range(45):
        assert grp.add(grp.sub(x, 7), 7) == x
        assert grp.add(x, grp.sub(0, x)) == 0
        assert grp.mul(x, grp.join(1, 1)) == x
    assert sorted(grp.add(3, x) for x in range(45)) == list(range(45))


def test_only_products_with_a_proper_prime_power_factor_use_product_groups() -> None:
    products = [n for n in range(5, 201, 4) if isinstance(whist.group(n), whist.Product)]
    assert products == [45, 117, 153]


@pytest.mark.parametrize("n", sorted(INFLATED))
def test_inflated_design_is_an_exact_whist_tournament(n: int) -> None:
    grp = whist.group(n)
    assert isinstance(grp, whist.Product) and isinstance(grp.first, whist.Cyclic)
    assert (grp.first.q, grp.second.q) == INFLATED[n]
    assert whist.available(n, search_steps=0)
    rounds = whist.design(n)
    assert len(rounds) == n - 1
    assert whist.check(n, rounds) == ""


def test_inflation_is_used_exactly_where_listed() -> None:
    inflated = [n for n in range(4, 201, 4) if isinstance(whist.group(n), whist.Product)]
    assert inflated == sorted(INFLATED)


def test_linear_inflation_needs_q_prime_to_3() -> None:
    # Z_3 has no strong complete mapping, so 88 = 3 * 29 + 1 needs its orbit base.
    grp = whist.group(88)
    assert isinstance(grp, whist.Product)
    flat = [-1, 0, 1, 2]  # Wh(4) on Z_3 x {0}
    flat += whist_inflate._linear_tables(grp.join, 3, grp.second)
    assert not whist._starter_ok(88, flat)
    assert whist._starter_ok(88, list(whist._closed_starter(88) or ()))


def test_a_corrupted_orbit_base_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    q, r, base = whist_inflate.ORBIT_BASES[88]
    broken = (*base[:2], (base[2][0], base[2][1] % (r - 1) + 1), *base[3:])
    assert broken != base
    monkeypatch.setitem(whist_inflate.ORBIT_BASES, 88, (q, r, broken))
    whist._closed_starter.cache_clear()
    try:
        assert not whist.available(88, search_steps=0)
    finally:
        monkeypatch.undo()
        whist._closed_starter.cache_clear()
    assert whist.available(88, search_steps=0)


@pytest.mark.parametrize("n", sorted(PRODUCTS))
def test_direct_product_is_an_exact_whist_tournament(n: int) -> None:
    assert whist._product_split(n) == PRODUCTS[n]
    assert whist.available(n, search_steps=0)
    assert not whist.cyclic(n)  # not developed from a starter
    rounds = whist.design(n)
    assert len(rounds) == (n - 1 if n % 4 == 0 else n)
    assert whist.check(n, rounds) == ""


def test_direct_product_only_where_no_starter_is_known() -> None:
    products = [
        n
        for n in range(4, 201)
        if whist.exists(n) and not whist._has_starter(n) and whist._product_split(n)
    ]
    assert products == sorted(PRODUCTS)


def test_cyclic_means_developed_over_the_integers() -> None:
    assert whist.cyclic(21) and whist.cyclic(68) and whist.cyclic(13)
    assert not whist.cyclic(81)  # GF(81)
    assert not whist.cyclic(92)  # Z_7 x GF(13)
    assert not whist.cyclic(105)  # direct product
    assert whist.cyclic(84)  # Z_83 plus INF, from the shape-and-placement search
