"""1-rotational Kirkman triple systems KTS(v) for v = 3 or 9 (mod 24), v = 129 to 201,
found by exact-cover search and stored as first rounds.

Points Z_2m plus a fixed point INF numbered 2m, v = 2m + 1. We store the base
triples T of the first round; round s (s = 0..m-1) is {INF, s, s + m} with every
triple of T and of T + m moved on by s, so m = (v-1)/2 rounds. A round seats
everyone once when the base triples' residues mod m are 1..m-1 once each (each
triple and its move by m then cover both lifts of its residues). The shift keeps
a pair within its orbit: pairs of Z_2m by their difference d up to sign (2m pairs,
or m for d = m), pairs with INF all in one orbit. Moving T and T + m by 0..m-1 moves
T by all of Z_2m, so every pair meets exactly once when the base triples' differences
(up to sign) are 1..m-1 once each: {INF, s, s + m} takes INF's pairs and difference m.
Such systems exist only for v = 3 or 9 (mod 24); cutthroat.py keeps smaller ones
(9 to 81), found by a Python backtracking search that fails past those sizes.

The bases were found offline by an exact-cover search (Knuth's dancing links, the
C search of kirkman_near and hanani): items are the residues 1..m-1 and the
differences 1..m-1; options are the 3-sets of residues r1 < r2 < r3 with r1 taken
as is (the move by m makes r1 + m the same option) and r2, r3 each as r or r + m,
whose three differences are distinct and not m. The item with fewest options is
branched on, in a random order, with restarts and a growing node limit (first 1000
nodes, then 10% more plus 100 each restart). With seed 1 it found each base in
seconds of CPU: 129 in 0.5 s, 147 in 1.1 s, 177 in 2.7 s, 195 in 5.8 s, 201 in 4.4 s
(0.16 to 0.62 million options, built in Python in a few seconds more). check()
verifies a developed system (and kirkman_copies uses it); rounds() runs it, so a
wrong stored base fails loudly and never seats a pair twice.
"""

from __future__ import annotations

from functools import cache

from ..data.kirkman_cyclic import BASES
from ..orbits import pair_meetings, whole_rounds_problem


@cache
def rounds(v: int) -> list[list[tuple[int, ...]]] | None:
    """The KTS(v) on players 0..v-1 as (v-1)/2 rounds of tables when a base for v is
    stored, else None. Raises AssertionError if the stored base is wrong."""
    if v not in BASES:
        return None
    built = develop(v, BASES[v])
    problem = check(v, built)
    if problem:
        raise AssertionError(f"Kirkman system for {v} failed verification: {problem}")
    return built


def develop(v: int, flat: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    """The rounds from the first round's base triples: {INF, s, s + m} and the base
    triples and their moves by m, all moved on by s, for s = 0..m-1."""
    m = (v - 1) // 2
    base = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    base += [tuple((x + m) % (2 * m) for x in t) for t in base]
    return [
        [(2 * m, s, s + m), *(tuple((x + s) % (2 * m) for x in t) for t in base)] for s in range(m)
    ]


def check(v: int, built: list[list[tuple[int, ...]]]) -> str:
    """Empty string when `built` is a Kirkman triple system on 0..v-1, else what is
    wrong."""
    if problem := whole_rounds_problem(v, built, (v - 1) // 2):
        return problem
    met = pair_meetings(v, built)
    for x in range(v):
        row = met[x * v : x * v + v]
        if row[x] or row.count(1) != v - 1:
            return f"player {x} does not meet every other player exactly once"
    return ""
