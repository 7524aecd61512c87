"""Bases of the 1-rotational Kirkman triple systems in rotations' kirkman_cyclic (v = 129..201).

The stored bases came from a C exact-cover search with seed 1 whose random
numbers this search (dlx.c) does not repeat, so it finds *a* valid base of the
same shape (residues and differences 1..m-1 once each, m = (v-1)/2), not the
stored one; `--check-stored` verifies the stored one.

    python -m tools.designs.kirkman_cyclic 129
    python -m tools.designs.kirkman_cyclic 201 --check-stored
"""

from __future__ import annotations

from . import _cli, _stored, triples


def find(v: int, seed: int = 1) -> tuple[int, ...] | None:
    if v % 24 not in (3, 9):
        raise SystemExit(f"{v}: 1-rotational Kirkman systems exist only for v = 3, 9 (mod 24)")
    return triples.rotational_base((v - 1) // 2, lambda x: True, seed)


def problem(v: int, base: tuple[int, ...] | None) -> str:
    if base is None:
        return f"{v}: no base"
    return _stored.kirkman_check(v, _stored.kirkman_cyclic_develop(v, base))


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            find,
            lambda v: problem(v, _stored.KIRKMAN_CYCLIC.get(v)),
            default_seed=1,
        )
    )
