"""Whist designs: every design emitted is an exact Wh(n)."""

from __future__ import annotations

import random

import pytest

from tournaments.rotations.designs import algebra, whist

KNOWN = [n for n in range(4, 201) if whist.exists(n) and whist.available(n, search_steps=0)]


def test_existence_rule() -> None:
    assert [n for n in range(1, 22) if whist.exists(n)] == [4, 5, 8, 9, 12, 13, 16, 17, 20, 21]


@pytest.mark.parametrize("n", KNOWN)
def test_design_is_exact(n: int) -> None:
    rounds = whist.design(n)
    assert whist.check(n, rounds) == ""


def test_closed_constructions_cover_prime_powers_and_dudeney() -> None:
    for n in (5, 9, 13, 17, 25, 29, 37, 41, 49, 53, 61, 73, 81, 89, 97, 121, 125, 169, 197):
        assert whist.available(n, search_steps=0), n
    assert whist.available(12, search_steps=0)


def test_check_rejects_a_broken_design() -> None:
    rounds = whist.design(8)
    (first, *rest), byes = rounds[0]
    (a, b), (c, d) = first
    broken = [(((a, c), (b, d)), *rest), byes]
    assert whist.check(8, [tuple(broken), *rounds[1:]]) != ""
    assert "rounds" in whist.check(8, rounds[:-1])


@pytest.mark.parametrize("n", [8, 9, 13, 16])
def test_run_time_search_finds_small_starters(n: int) -> None:
    found = whist.find_starter(n, seed=1, max_steps=400_000)
    if isinstance(whist.group(n), algebra.Field):
        assert found is None  # prime powers use the closed construction over GF(n)
    else:
        assert found is not None
        assert whist.check(n, whist.develop(n, _tables(n, found))) == ""


def _tables(n: int, flat: tuple[int, ...]):
    values = [n - 1 if x == -1 else x for x in flat]
    return tuple(
        ((values[i], values[i + 1]), (values[i + 2], values[i + 3]))
        for i in range(0, len(values), 4)
    )


@pytest.mark.parametrize("q", [4, 8, 9, 16, 25, 27, 49, 64, 81, 121, 125, 169])
def test_fields_are_fields(q: int) -> None:
    gf = whist.field(q)
    assert gf is not None and gf.q == q
    rng = random.Random(q)
    for _ in range(200):
        a, b, c = (rng.randrange(q) for _ in range(3))
        assert gf.mul(a, gf.add(b, c)) == gf.add(gf.mul(a, b), gf.mul(a, c))
        assert gf.add(gf.sub(a, b), b) == a
    assert sorted(gf.exp) == list(range(1, q))


def test_fields_only_for_prime_powers() -> None:
    assert whist.field(6) is None and whist.field(12) is None and whist.field(100) is None


def test_every_size_up_to_200_has_an_exact_design() -> None:
    sizes = [n for n in range(4, 201) if whist.exists(n)]
    assert [n for n in sizes if not whist.available(n, search_steps=0)] == []
