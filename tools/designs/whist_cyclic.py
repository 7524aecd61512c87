"""Cyclic whist starters: `whist._STARTERS` and the product entries of `whist_starters`.

- 8, 16, 20, 21 and 24 are what the plain annealing (`whist._anneal`, seed 0,
  2,000,000 steps) finds; 4, 28 and 40 what `whist.find_starter(n, seed=0)` finds
  (the patterned search first, then the annealing); 65 the patterned search with
  seed 2 (seeds 0 and 1 find a different one or none in 2,000,000 steps).
  So all of `whist._STARTERS` is regenerated exactly.
- 145 = 5 * 29 and 185 = 5 * 37 in `whist_starters.STARTERS` are the product
  construction over Z_(pr): tables {y, -y} v {iy, -iy} for the units y in
  increasing order modulo {1, i, -1, -i}, i the least square root of -1, then the
  closed GF(r) starter times p and the closed GF(p) starter times r (smallest
  primitive roots). Regenerated exactly, no search.
- The other entries of `whist_starters.STARTERS` were found by C searches whose
  seeds were not kept (see that module's docstring): `whist_two_stage` (32 to
  36) and `whist_shapes` (44 to 64, 72) find a valid starter of the same shape,
  and `--check-stored` checks the stored one.

    python -m tools.designs.whist_cyclic 16             # exactly whist._STARTERS[16]
    python -m tools.designs.whist_cyclic 185            # exactly whist_starters.STARTERS[185]
    python -m tools.designs.whist_cyclic 196 --check-stored
"""

from __future__ import annotations

import math
import random

from . import _cli, _stored

ANNEAL_STEPS = 2_000_000
# How each exactly reproducible entry was found: (search, seed).
RECIPES: dict[int, tuple[str, int]] = {
    4: ("find_starter", 0),
    8: ("anneal", 0),
    16: ("anneal", 0),
    20: ("anneal", 0),
    21: ("anneal", 0),
    24: ("anneal", 0),
    28: ("find_starter", 0),
    40: ("find_starter", 0),
    65: ("patterned", 2),
    145: ("product", 0),
    185: ("product", 0),
}


def stored(n: int) -> tuple[int, ...] | None:
    return _stored.WHIST_STARTERS.get(n)


def regenerate(n: int) -> tuple[int, ...] | None:
    """The stored starter for n rebuilt by the recipe it was found with."""
    search, seed = RECIPES[n]
    if search == "product":
        return product_starter(n)
    return find(n, seed, search)


def find(n: int, seed: int, search: str = "find_starter") -> tuple[int, ...] | None:
    if search == "anneal":
        return _stored.whist_anneal(n, random.Random(seed), ANNEAL_STEPS)
    if search == "patterned":
        return _stored.whist_patterned(n, random.Random(seed), ANNEAL_STEPS)
    return _stored.whist_find_starter(n, seed=seed, max_steps=ANNEAL_STEPS)


def product_starter(n: int) -> tuple[int, ...] | None:
    """The product construction over Z_n for n = p*r, p < r primes, both 1 (mod 4)."""
    p = next((k for k in range(5, n, 4) if n % k == 0 and _prime(k) and _prime(n // k)), None)
    if p is None or (n // p) % 4 != 1 or p == n // p:
        return None
    r = n // p
    i = next(x for x in range(2, n) if x * x % n == n - 1)
    flat: list[int] = []
    seen: set[int] = set()
    for y in range(1, n):
        if math.gcd(y, n) != 1 or y in seen:
            continue
        table = (y, -y % n, i * y % n, -i * y % n)
        seen.update(table)
        flat += table
    for prime, times in ((r, p), (p, r)):
        gf = _stored.field(prime)
        m = (prime - 1) // 4
        flat += [gf.exp[j + k * m] * times for j in range(m) for k in (0, 2, 1, 3)]
    return tuple(flat)


def _prime(k: int) -> bool:
    return k >= 2 and all(k % d for d in range(2, math.isqrt(k) + 1))


def problem(n: int, flat: tuple[int, ...] | None) -> str:
    """Empty when `flat` is a starter whose development is a verified Wh(n)."""
    if flat is None:
        return f"{n}: no starter"
    if sorted(flat) != sorted(_stored.whist_seat_values(n)):
        return f"{n}: the starter does not seat every player once"
    if not _stored.whist_starter_ok(n, flat):
        return f"{n}: partner or opponent differences are not met once and twice"
    rounds = _stored.whist_develop(n, _tables(n, flat))
    return _stored.whist_check(n, rounds)


def _tables(n: int, flat: tuple[int, ...]):
    values = [n - 1 if x == -1 else x for x in flat]
    return [
        ((values[i], values[i + 1]), (values[i + 2], values[i + 3]))
        for i in range(0, len(values), 4)
    ]


def _search(n: int, seed: int) -> tuple[int, ...] | None:
    if n not in RECIPES:
        raise SystemExit(
            f"{n}: no recorded recipe; whist_two_stage or whist_shapes searches for a valid starter"
        )
    return regenerate(n)


def command(description: str, find) -> int:
    """The command line of a starter search: `--check-stored` checks `stored(n)`."""
    return _cli.main(description, find, lambda n: problem(n, stored(n)))


if __name__ == "__main__":
    raise SystemExit(command(__doc__.splitlines()[0], _search))
