"""Complete whist tournaments Wh(n): every two players partner once and oppose twice.

Players are the integers 0..n-1. A design is a list of rounds; a round is a pair
(tables, byes) where each table is ((a, b), (c, d)): a+b partner against c+d.

All designs here are developed over a group (Z_q, GF(q), GF(a) x GF(b) or
Z_q x GF(r), see `group`). For n = 4m the players are the group of order n-1
(mostly Z_(n-1)) plus a fixed player INF = n-1 and
there are n-1 rounds with nobody sitting out; for n = 4m+1 the players are the
group's n elements, there are n rounds and player g sits out round g. Round g
is the initial round (the "starter") with g added to every finite player.

A starter works exactly when its partner differences cover every nonzero
difference class {d, -d} once and its opponent differences cover each class
twice (pairs with INF are automatic). Starters come from, in order: the closed
construction for prime powers q = 1 (mod 4), the product construction over
GF(a) x GF(b) (`_product_starter`), the inflation of a cyclic Wh(q+1) by
GF(r) for n = qr + 1 (`whist_inflate`), Dudeney's published 12-player round,
starters found offline (`designs/data/whist_starters.py`, each
checked with `_starter_ok` before use), and `find_starter` at run time for
n > 200. Sizes with none of these may still be the direct product of two
smaller designs (`whist_product`, not developed from a starter: see `cyclic`).
Every n <= 200 (n = 0 or 1 mod 4) has one of these; above 200 a size with none
and no starter found by the bounded search has no exact design here
(`available` is False) and callers fall back to partners-once schedules.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import cache

from ..algebra import Cyclic, Field, Group, Product, prime_power
from ..algebra import field as field
from ..data.whist_starters import STARTERS
from . import inflate as whist_inflate
from . import product as whist_product
from .shapes import WhistRound as WhistRound
from .shapes import WhistTable as WhistTable


def exists(n: int) -> bool:
    """Wh(n) exists exactly for n = 0 or 1 (mod 4), n >= 4 (Baker 1975)."""
    return n >= 4 and n % 4 in (0, 1)


@cache
def group(n: int) -> Group:
    """The group a Wh(n) is developed over.

    GF(n) for proper prime powers n = 1 (mod 4); GF(a) x GF(b) when n = ab with
    a a proper prime power and b a coprime prime power, both 1 (mod 4) (so 45,
    117 and 153 below 200); otherwise Z_n. For n = 4m, Z_q x GF(r) plus INF when
    `whist_inflate` can build the design from Wh(q+1), with n-1 = qr and no
    starter of Z_(n-1) stored; otherwise Z_(n-1) plus INF.
    """
    if n % 4 == 1:
        pk = prime_power(n)
        if pk is not None and pk[1] > 1:
            gf = field(n)
            assert gf is not None
            return gf
        factors = _product_factors(n)
        if factors is not None:
            first, second = field(factors[0]), field(factors[1])
            assert first is not None and second is not None
            return Product(first, second)
        return Cyclic(n)
    inflation = _inflation(n)
    if inflation is not None:
        gf = field(inflation[1])
        assert gf is not None
        return Product(Cyclic(inflation[0]), gf)
    return Cyclic(n - 1)


def _inflation(n: int) -> tuple[int, int] | None:
    if n in STARTERS:
        return None
    return whist_inflate.factors(n, prime_power, lambda q: cyclic(q + 1))


def _product_factors(n: int) -> tuple[int, int] | None:
    for a in range(9, n, 4):
        b, pa = n // a, prime_power(a)
        if n % a or math.gcd(a, b) != 1 or pa is None or pa[1] == 1:
            continue
        if b % 4 == 1 and prime_power(b) is not None:
            return a, b
    return None


# Starters found at run time, for n beyond the table above.
_FOUND: dict[int, tuple[int, ...]] = {}
_NOT_FOUND: set[int] = set()
# Up to here only stored starters are used: no search at run time.
_TABLED_UP_TO = 200


@cache
def _tabled(n: int) -> tuple[int, ...] | None:
    """A stored starter for n that passes `_starter_ok`, else None."""
    flat = STARTERS.get(n)
    if flat is None:
        return None
    size = n if n % 4 == 0 else n - 1
    ok = len(flat) == size and sorted(flat) == sorted(_seat_values(n)) and _starter_ok(n, flat)
    return flat if ok else None


def _seat_values(n: int) -> list[int]:
    return [-1, *range(n - 1)] if n % 4 == 0 else list(range(1, n))


def available(n: int, search_steps: int = 300_000) -> bool:
    """Whether a Wh(n) starter is at hand: built in, tabled, or found by a bounded search."""
    if not exists(n):
        return False
    if _has_starter(n) or _product_split(n):
        return True
    if n <= _TABLED_UP_TO or n in _NOT_FOUND or search_steps <= 0:
        return False
    found = find_starter(n, max_steps=search_steps)
    if found is None:
        _NOT_FOUND.add(n)
    else:
        _FOUND[n] = found
    return found is not None


def design(n: int) -> list[WhistRound]:
    """The rounds of a verified Wh(n); raises ValueError when n is not 0 or 1 mod 4."""
    if not exists(n):
        raise ValueError(f"no whist tournament for {n} players")
    split = None if _has_starter(n) else _product_split(n)
    if split is None:
        rounds = develop(n, starter(n))
    else:
        u, r = split
        lifting = whist_product.lift(r, field(r))
        assert lifting is not None
        rounds = whist_product.design(u, design(u), design(r), lifting)
    problem = check(n, rounds)
    if problem:
        raise AssertionError(f"whist design for {n} failed verification: {problem}")
    return rounds


def cyclic(n: int) -> bool:
    """Whether the Wh(n) is a starter developed over Z_n (n = 4m+1) or Z_(n-1) plus INF."""
    return isinstance(group(n), Cyclic) and _has_starter(n)


def _has_starter(n: int) -> bool:
    return bool(_closed_starter(n) or _tabled(n) or n in _FOUND)


@cache
def _product_split(n: int) -> tuple[int, int] | None:
    """(u, r) with n = ur for `whist_product`.

    u, r = 0 or 1 (mod 4) but not u = 1 with r = 0, and a resolvable TD(4, r)
    at hand (`whist_product.lift`). Splits with u and r alike and r a prime
    power come first, as they were the only ones before: those sizes keep
    their design.
    """

    def newer(r: int) -> bool:
        return (n // r) % 4 != r % 4 or prime_power(r) is None

    candidates = sorted(range(4, n // 4 + 1), key=newer)
    for r in candidates:
        u, rest = divmod(n, r)
        if rest or (u % 4, r % 4) not in ((0, 0), (1, 1), (0, 1)):
            continue
        if whist_product.lift(r, field(r)) is None:
            continue
        if available(u, search_steps=0) and available(r, search_steps=0):
            return u, r
    return None


def starter(n: int) -> tuple[WhistTable, ...]:
    """The initial round of the Wh(n), INF written as n-1 for n = 4m."""
    flat = _closed_starter(n) or _tabled(n) or _FOUND.get(n) or find_starter(n)
    if flat is None:
        raise AssertionError(f"no whist starter found for {n} players")
    inf = n - 1
    values = [inf if x == -1 else x for x in flat]
    return tuple(
        ((values[i], values[i + 1]), (values[i + 2], values[i + 3]))
        for i in range(0, len(values), 4)
    )


def develop(n: int, base: Sequence[WhistTable]) -> list[WhistRound]:
    """Add g to every finite player of the starter, for each group element g."""
    grp = group(n)
    inf = n - 1 if n % 4 == 0 else None

    def shift(x: int, g: int) -> int:
        return x if x == inf else grp.add(x, g)

    rounds: list[WhistRound] = []
    for g in range(grp.q):
        tables = tuple(
            ((shift(a, g), shift(b, g)), (shift(c, g), shift(d, g))) for (a, b), (c, d) in base
        )
        byes = (g,) if n % 4 == 1 else ()
        rounds.append((tables, byes))
    return rounds


def check(n: int, rounds: Sequence[WhistRound]) -> str:
    """Empty string when `rounds` is a Wh(n), else what is wrong."""
    expected = n - 1 if n % 4 == 0 else n
    if len(rounds) != expected:
        return f"{len(rounds)} rounds, expected {expected}"
    partners = [0] * (n * n)
    opponents = [0] * (n * n)
    for number, (tables, byes) in enumerate(rounds):
        seen = [p for (a, b), (c, d) in tables for p in (a, b, c, d)] + list(byes)
        if sorted(seen) != list(range(n)):
            return f"round {number} does not seat every player exactly once"
        for (a, b), (c, d) in tables:
            partners[a * n + b] += 1
            partners[c * n + d] += 1
            for x in (a, b):
                for y in (c, d):
                    opponents[x * n + y] += 1
    for x in range(n):
        for y in range(x + 1, n):
            p = partners[x * n + y] + partners[y * n + x]
            o = opponents[x * n + y] + opponents[y * n + x]
            if p != 1 or o != 2:
                return f"players {x} and {y} partner {p} and oppose {o} times"
    return ""


@cache
def _closed_starter(n: int) -> tuple[int, ...] | None:
    if n == 12:
        # Dudeney: AB-IL, EJ-GK, FH-CD with A fixed and B..L = 0..10.
        return (-1, 0, 7, 10, 3, 8, 5, 9, 4, 6, 1, 2)
    grp = group(n)
    if isinstance(grp, Product) and n % 4 == 0:
        q = grp.first.q
        inner = _closed_starter(q + 1) or _tabled(q + 1)
        assert inner is not None
        flat = whist_inflate.starter(n, inner, grp.join, q, grp.second)
        return tuple(flat) if _starter_ok(n, flat) else None
    if isinstance(grp, Product):
        flat = _product_starter(grp)
        return tuple(flat) if _starter_ok(n, flat) else None
    if n % 4 == 1 and prime_power(n):
        # {x^i, x^(i+2m)} v {x^(i+m), x^(i+3m)} for i < m, x primitive in GF(n).
        gf = field(n)
        assert gf is not None
        m = (n - 1) // 4
        flat = [gf.exp[i + k * m] for i in range(m) for k in (0, 2, 1, 3)]
        if _starter_ok(n, flat):
            return tuple(flat)
    return None


def _product_starter(grp: Product) -> list[int]:
    """Wh(ab) over GF(a) x GF(b), a, b = 1 (mod 4) (the classic product construction).

    With i = (i_a, i_b) a square root of -1, the tables {y, -y} v {iy, -iy} for y
    over the units modulo {1, i, -1, -i} give every unit difference once as
    partners (2y, 2iy) and twice as opponents ((1 - i)y, (1 + i)y); the closed
    starters of GF(a) x 0 and 0 x GF(b) cover the remaining, non-unit, differences.
    """
    first, second = grp.first, grp.second
    assert isinstance(first, Field)  # a product of two fields: both are 1 (mod 4)
    i = grp.join(first.exp[(first.q - 1) // 4], second.exp[(second.q - 1) // 4])
    flat: list[int] = []
    seen: set[int] = set()
    for y in range(grp.q):
        u, v = grp.split(y)
        if u == 0 or v == 0 or y in seen:
            continue
        iy = grp.mul(i, y)
        minus_y, minus_iy = grp.sub(0, y), grp.sub(0, iy)
        seen.update((y, iy, minus_y, minus_iy))
        flat += [y, minus_y, iy, minus_iy]
    embeddings: tuple[tuple[Field, Callable[[int], int]], ...] = (
        (first, lambda u: grp.join(u, 0)),
        (second, lambda v: grp.join(0, v)),
    )
    for part, embed in embeddings:
        m = (part.q - 1) // 4
        flat += [embed(part.exp[j + k * m]) for j in range(m) for k in (0, 2, 1, 3)]
    return flat


def _starter_ok(n: int, flat: Sequence[int]) -> bool:
    grp = group(n)
    half = (grp.q - 1) // 2
    cls = _classes(grp)
    pc = [0] * (half + 1)
    oc = [0] * (half + 1)
    for i in range(0, len(flat), 4):
        a, b, c, d = flat[i : i + 4]
        relations = ((a, b, pc), (c, d, pc), (a, c, oc), (a, d, oc), (b, c, oc), (b, d, oc))
        for x, y, counts in relations:
            if x >= 0 and y >= 0:
                counts[cls[grp.sub(x, y)]] += 1
    return all(v == 1 for v in pc[1:]) and all(v == 2 for v in oc[1:])


def _classes(grp: Group) -> list[int]:
    """Number the classes {d, -d} of nonzero elements 1..(q-1)/2; 0 stays 0."""
    cls = [0] * grp.q
    count = 0
    for d in range(1, grp.q):
        if not cls[d]:
            count += 1
            cls[d] = cls[grp.sub(0, d)] = count
    return cls


# Seat i of a starter is table i // 4, side (i // 2) % 2. Its three tablemates,
# with True for the partner.
def _tablemates(i: int) -> tuple[tuple[int, bool], ...]:
    other = (i & ~3) + ((i & 2) ^ 2)
    return ((i ^ 1, True), (other, False), (other + 1, False))


def find_starter(n: int, seed: int = 0, max_steps: int = 2_000_000) -> tuple[int, ...] | None:
    """Search cyclic starters for Wh(n): patterned ones first, then any.

    Returns the flat starter (INF as -1) or None when the step budget runs out.
    """
    if not exists(n) or not isinstance(group(n), Cyclic):
        return None
    rng = random.Random(seed)
    return _patterned(n, rng, max_steps // 4) or _anneal(n, rng, max_steps)


def _patterned(n: int, rng: random.Random, max_steps: int) -> tuple[int, ...] | None:
    """Partners {x, -x}; tables {x, -x} v {y, -y} oppose classes x-y and x+y twice each.

    So it suffices to pair up 1..h (one left over, facing INF and 0, when n = 4m)
    so that the classes of x-y and x+y, with the leftover, are all distinct.
    """
    q = n if n % 4 == 1 else n - 1
    cls = [min(d, q - d) for d in range(q)]
    elems = list(range(1, (q - 1) // 2 + 1))
    rng.shuffle(elems)
    size = len(elems)
    single = size - 1 if n % 4 == 0 else -1
    counts = [0] * (size + 1)

    def classes(pos: int) -> tuple[int, ...]:
        if pos == single:
            return (elems[pos],)
        x, y = elems[pos & ~1], elems[pos | 1]
        return (cls[(x - y) % q], cls[(x + y) % q])

    def touch(pos: int, step: int) -> int:
        delta = 0
        for c in classes(pos):
            before = counts[c]
            counts[c] = before + step
            delta += (before + step - 1) ** 2 - (before - 1) ** 2
        return delta

    for pos in range(0, size, 2):
        touch(pos, 1)
    cost = sum((v - 1) ** 2 for v in counts[1:])
    cycle = 20 * size * size
    for step in range(max_steps):
        if cost == 0:
            flat = [-1, 0, elems[single], q - elems[single]] if single >= 0 else []
            for pos in range(0, size - 1, 2):
                x, y = elems[pos], elems[pos + 1]
                flat += [x, q - x, y, q - y]
            return tuple(flat)
        heat = (1 - (step % cycle) / cycle) + 0.05
        i, j = rng.randrange(size), rng.randrange(size)
        if i // 2 == j // 2:
            continue
        delta = touch(i, -1) + touch(j, -1)
        elems[i], elems[j] = elems[j], elems[i]
        delta += touch(i, 1) + touch(j, 1)
        if delta <= 0 or rng.random() < math.exp(-delta / heat):
            cost += delta
        else:
            touch(i, -1)
            touch(j, -1)
            elems[i], elems[j] = elems[j], elems[i]
            touch(i, 1)
            touch(j, 1)
    return None


def _anneal(n: int, rng: random.Random, max_steps: int) -> tuple[int, ...] | None:
    """Simulated annealing over all starters on the partner/opponent difference counts.

    The cost is the squared distance of each class's partner count from 1 and
    opponent count from 2; a swap of two seats changes at most six differences,
    so each step costs O(1).
    """
    modulus = n if n % 4 == 1 else n - 1
    values = list(range(1, n)) if n % 4 == 1 else list(range(modulus))
    rng.shuffle(values)
    if n % 4 == 0:
        values.insert(0, -1)
    size = len(values)
    cls = [min(d, modulus - d) for d in range(modulus)]
    half = (modulus - 1) // 2
    pc = [0] * (half + 1)
    oc = [0] * (half + 1)
    mates = [_tablemates(i) for i in range(size)]
    first = 1 if n % 4 == 0 else 0

    def cls_of(x: int, y: int) -> int:
        return 0 if x < 0 or y < 0 else cls[(x - y) % modulus]

    cost = 0
    for i in range(size):
        for j, is_partner in mates[i]:
            if j > i:
                c = cls_of(values[i], values[j])
                if c:
                    (pc if is_partner else oc)[c] += 1
    cost = sum((v - 1) ** 2 for v in pc[1:]) + sum((v - 2) ** 2 for v in oc[1:])

    def bump(c: int, is_partner: bool, step: int) -> int:
        if not c:
            return 0
        counts, target = (pc, 1) if is_partner else (oc, 2)
        before = counts[c]
        counts[c] = before + step
        return (before + step - target) ** 2 - (before - target) ** 2

    def touch(i: int, j: int, step: int) -> int:
        delta = 0
        for k, is_partner in mates[i]:
            if k != j:
                delta += bump(cls_of(values[i], values[k]), is_partner, step)
        for k, is_partner in mates[j]:
            delta += bump(cls_of(values[j], values[k]), is_partner, step)
        return delta

    # Anneal in short cycles: a cycle that freezes above zero reheats rather
    # than crawl on a plateau.
    cycle = 40 * size * size
    for step in range(max_steps):
        if cost == 0:
            return tuple(values)
        temperature = 1.5 * (1 - (step % cycle) / cycle) + 0.1
        i = rng.randrange(first, size)
        j = rng.randrange(first, size)
        if i == j or i ^ 1 == j:
            continue
        delta = touch(i, j, -1)
        values[i], values[j] = values[j], values[i]
        delta += touch(i, j, 1)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
        else:
            touch(i, j, -1)
            values[i], values[j] = values[j], values[i]
            touch(i, j, 1)
    return None
