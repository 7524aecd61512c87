"""Kirkman triple systems on 3q players: three copies of Z_q (q odd).

Player (x, c), x in Z_q and copy c in 0..2, is c*q + x. The (3q-1)/2 rounds are
- (q-1)/2 "vertical" rounds, one per offset pair (a1, a2): the tables
  {(x, 0), (x + a1, 1), (x + a2, 2)} for every x; each such round meets the
  cross-copy differences a1 (copies 0-1), a2 (0-2) and a2 - a1 (1-2) once;
- the q translates of one starter round (x -> x + s within each copy), whose
  triples meet every difference inside a copy and every cross-copy difference
  the vertical rounds leave over exactly once.
So every pair of players shares a table exactly once. This reaches 21, 69 and
75, which the cyclic and bicyclic forms in cutthroat.py cannot (21 = 21 mod
24) or did not (the searches failed), and through cutthroat's product 63 too.

The offsets and starters were found offline by randomised search (random
offsets, then depth-first search for the starter, about a minute for 25);
cutthroat's tests check each system in full.
"""

from __future__ import annotations

# q -> (offset pairs (a1, a2) of the vertical rounds, starter round's triples).
BASES: dict[int, tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]] = {
    7: (
        ((4, 4), (2, 1), (1, 6)),
        ((0, 3, 1), (2, 14, 12), (4, 9, 20), (5, 19, 11), (6, 13, 16), (7, 8, 10), (15, 17,
         18)),
    ),
    23: (
        ((21, 20), (11, 21), (13, 9), (4, 19), (1, 8), (0, 14), (2, 10), (14, 3), (20, 13),
         (15, 16), (16, 11)),
        ((0, 46, 53), (1, 8, 2), (3, 17, 6), (4, 56, 52), (5, 55, 66), (7, 12, 20), (9, 13,
         44), (10, 43, 36), (11, 30, 41), (14, 16, 61), (15, 32, 33), (18, 40, 27), (19, 54,
         60), (21, 49, 26), (22, 28, 62), (23, 51, 31), (24, 50, 29), (25, 45, 39), (34, 47,
         38), (35, 37, 64), (42, 67, 59), (48, 58, 57), (63, 65, 68)),
    ),
    25: (
        ((7, 3), (16, 13), (20, 11), (12, 15), (9, 10), (5, 22), (22, 16), (15, 8), (14,
         20), (19, 19), (23, 21), (1, 14)),
        ((0, 9, 10), (1, 12, 25), (2, 59, 58), (3, 70, 16), (4, 22, 39), (5, 53, 67), (6,
         61, 55), (7, 40, 32), (8, 26, 37), (11, 63, 54), (13, 21, 18), (14, 73, 41), (15,
         43, 46), (17, 23, 19), (20, 71, 31), (24, 45, 74), (27, 51, 66), (28, 65, 29), (30,
         36, 48), (33, 42, 38), (34, 44, 64), (35, 69, 62), (47, 57, 49), (50, 52, 72), (56,
         68, 60)),
    ),
}


def rounds(n: int) -> list[list[tuple[int, ...]]] | None:
    """The system on n = 3q players when a base for q is stored, else None."""
    if n % 3 or n // 3 not in BASES:
        return None
    q = n // 3
    offsets, starter = BASES[q]
    built: list[list[tuple[int, ...]]] = [
        [(x, q + (x + a1) % q, 2 * q + (x + a2) % q) for x in range(q)] for a1, a2 in offsets
    ]
    for shift in range(q):
        built.append(
            [tuple((p // q) * q + (p % q + shift) % q for p in triple) for triple in starter]
        )
    return built
