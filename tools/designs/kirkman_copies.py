"""Offsets and starters of the Kirkman systems on three copies of Z_q in rotations'
kirkman_copies (n = 3q: q = 7, 23 to 41, 47, 53, 55, 61).

Up to q = 41 the stored entries came from a randomised C search (random offsets,
then a depth-first search for the starter), from 47 on from a C exact-cover
search with seed 1; neither is repeated here. This exact-cover search
(the items and options of kirkman_copies' docstring) finds *a* valid entry of
the same shape for any odd q; `--check-stored` verifies the stored one.

    python -m tools.designs.kirkman_copies 7      # the key is q, as in the stored dict
"""

from __future__ import annotations

from . import _cli, _stored, triples


def find(q: int, seed: int = 1):
    if q % 2 == 0:
        raise SystemExit(f"{q}: three copies of Z_q need q odd")
    return triples.copies_base(q, seed)


def problem(q: int, entry) -> str:
    if entry is None:
        return f"{q}: no base"
    offsets, starter = entry
    rounds = [[(x, q + (x + a1) % q, 2 * q + (x + a2) % q) for x in range(q)] for a1, a2 in offsets]
    rounds += [
        [tuple((p // q) * q + (p % q + shift) % q for p in t) for t in starter]
        for shift in range(q)
    ]
    return _stored.kirkman_check(3 * q, rounds)


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            find,
            lambda q: problem(q, _stored.KIRKMAN_COPIES.get(q)),
            default_seed=1,
        )
    )
