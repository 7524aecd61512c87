"""Kirkman frames of type 12^u in rotations' hanani_frames (n = 12u + 1: 49 to 193, 205).

The stored bases came from a C exact-cover search with seed 1; this
search (the same items and options: residues and differences mod 6u that are
not 0 mod u) finds *a* valid frame of the same shape, not the stored one;
`--check-stored` verifies the stored one with the 13-player system on top.

    python -m tools.designs.hanani_frames 97
"""

from __future__ import annotations

from . import _cli, _stored, triples


def find(n: int, seed: int = 1) -> tuple[int, ...] | None:
    if n % 12 != 1 or n < 49:
        raise SystemExit(f"{n}: frames of type 12^u give n = 12u + 1 players, u >= 4")
    u = (n - 1) // 12
    return triples.rotational_base(6 * u, lambda x: x % u != 0, seed)


def problem(n: int, base: tuple[int, ...] | None) -> str:
    if base is None:
        return f"{n}: no base"
    return _stored.hanani_check(n, _stored.hanani_frames_develop(n, base))


if __name__ == "__main__":
    raise SystemExit(
        _cli.main(
            __doc__.splitlines()[0],
            find,
            lambda n: problem(n, _stored.HANANI_FRAMES.get(n)),
            default_seed=1,
        )
    )
