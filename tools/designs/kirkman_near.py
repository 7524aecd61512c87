"""Base rounds of the nearly Kirkman systems in rotations' kirkman_near (n = 18 to 204).

The stored bases came from a C exact-cover search whose seeds were not kept;
this search (the items and options of kirkman_near's docstring) finds *a*
valid base of the same shape (the stored m: n/2 - 1, or 4 for 18), not the
stored one; `--check-stored` verifies the stored one.

    python -m tools.designs.kirkman_near 48
"""

from __future__ import annotations

from . import _cli, _stored, triples


def layout(n: int) -> int:
    """m, the order of the cyclic group: as stored, else n/2 - 1 (4 for 18)."""
    if n in _stored.KIRKMAN_NEAR:
        return _stored.KIRKMAN_NEAR[n][0]
    return 4 if n == 18 else n // 2 - 1


def find(n: int, seed: int = 1):
    if n % 6 or n < 18:
        raise SystemExit(f"{n}: nearly Kirkman systems here are for n = 6t >= 18")
    return triples.near_base(n, layout(n), seed)


def problem(n: int, entry) -> str:
    if entry is None:
        return f"{n}: no base"
    m, base = entry
    return _stored.kirkman_near_check(n, _stored.kirkman_near_develop(n, m, base))


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            find,
            lambda n: problem(n, _stored.KIRKMAN_NEAR.get(n)),
            default_seed=1,
        )
    )
