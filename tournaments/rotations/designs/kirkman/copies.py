"""Kirkman triple systems on 3q players: three copies of Z_q (q odd).

Player (x, c), x in Z_q and copy c in 0..2, is c*q + x. The (3q-1)/2 rounds are
- (q-1)/2 "vertical" rounds, one per offset pair (a1, a2): the tables
  {(x, 0), (x + a1, 1), (x + a2, 2)} for every x; each such round meets the
  cross-copy differences a1 (copies 0-1), a2 (0-2) and a2 - a1 (1-2) once;
- the q translates of one starter round (x -> x + s within each copy), whose
  triples meet every difference inside a copy and every cross-copy difference
  the vertical rounds leave over exactly once.
So every pair of players shares a table exactly once. This reaches 21, 69, 75,
87, 93, 105, 111, 123, 141, 159, 165 and 183, which the cyclic and bicyclic forms
in cutthroat.py cannot (21 = 21 mod 24) or did not (their searches failed), and
through cutthroat's product 63 and 189 too.

The offsets and starters up to q = 41 were found offline by randomised search:
random offsets, then a depth-first search for the starter with a node limit and
restarts (a C version took under a minute up to q = 41; q = 43 to 53 were not
found in 150 s each). Those for q = 47, 53, 55 and 61 were found by an exact-cover
search (Knuth's dancing links, the C search of kirkman_near): items are the
differences inside each copy (up to sign), the cross-copy differences and the 3q
points of the starter; options are the starter triples meeting three different
differences, and every offset pair (a1, a2) covering its three cross-copy
differences (the count then forces (q-1)/2 of them). The item with fewest options
is branched on, in a random order, with restarts and a growing node limit. With
seed 1 it took 0.4 s of CPU for q = 47, 2.2 s for 53, 0.6 s for 55 and 4.2 s for
61 (0.46 to 1.0 million options, built in Python in a few seconds more). rounds()
verifies the developed system (kirkman_cyclic.check), so a wrong stored base fails
loudly and never seats a pair twice.
"""

from __future__ import annotations

from functools import cache

from ..data.kirkman_copies import BASES
from .cyclic import check


@cache
def rounds(n: int) -> list[list[tuple[int, ...]]] | None:
    """The system on n = 3q players when a base for q is stored, else None. Raises
    AssertionError if the stored base is wrong."""
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
    problem = check(n, built)
    if problem:
        raise AssertionError(f"Kirkman system for {n} failed verification: {problem}")
    return built
