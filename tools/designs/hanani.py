"""Base rounds of the Hanani-type systems in rotations' hanani (n = 6t + 1, 13 to 199).

The stored bases came from C searches whose seeds were not kept (13 from an
exhaustive search with round 1 fixed); this search finds *a* valid base
of the same shape (m the odd part of n - 1, as stored), not the stored one:
exact cover with the items and options of hanani's docstring, and for 13 the
other five rounds searched with the stored round 1 kept. `--check-stored`
verifies the stored one.

    python -m tools.designs.hanani 43
    python -m tools.designs.hanani 13
"""

from __future__ import annotations

from . import _cli, _stored, triples


def layout(n: int) -> int:
    """m, the odd part of n - 1 (1 for 13, whose system is not shifted)."""
    if n == 13:
        return 1
    m = n - 1
    while m % 2 == 0:
        m //= 2
    return m


def find(n: int, seed: int = 1):
    if n % 6 != 1 or n < 13 or n % 24 == 1 and n > 25:
        raise SystemExit(f"{n}: hanani covers n = 6t + 1 from 13, but n = 1 (mod 24) past 25")
    if n == 13:
        return triples.hanani_13(_stored.HANANI[13][1][0], seed)
    return triples.hanani_base(n, layout(n), seed)


def problem(n: int, entry) -> str:
    if entry is None:
        return f"{n}: no base"
    m, base = entry
    return _stored.hanani_check(n, _stored.hanani_develop(n, m, base))


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            find,
            lambda n: problem(n, _stored.HANANI.get(n)),
            default_seed=1,
        )
    )
