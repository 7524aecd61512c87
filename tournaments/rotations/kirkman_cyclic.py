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

from .triple_orbits import pair_meetings, whole_rounds_problem

# v -> base triples of the first round, flat: a, b, c, a, b, c, ...
BASES: dict[int, tuple[int, ...]] = {
    129: (
        1, 118, 62, 2, 75, 82, 3, 4, 46, 5, 98, 44, 6, 14, 122, 7, 88, 107, 8, 10, 59, 9, 36, 61,
        12, 29, 94, 13, 83, 47, 15, 39, 48, 16, 42, 56, 17, 35, 40, 20, 41, 116, 21, 37, 50, 22,
        91, 60, 23, 38, 121, 25, 28, 96, 26, 113, 63, 31, 97, 53, 45, 51, 55,
    ),
    147: (
        1, 5, 63, 2, 9, 45, 3, 19, 42, 4, 90, 144, 6, 83, 48, 7, 28, 122, 8, 25, 30, 11, 100, 145,
        12, 120, 134, 13, 16, 130, 14, 93, 111, 15, 113, 128, 18, 94, 26, 22, 24, 142, 23, 33, 53,
        29, 125, 66, 31, 32, 137, 34, 129, 68, 35, 110, 135, 36, 127, 138, 39, 119, 132, 41, 124,
        60, 43, 117, 70, 50, 131, 140,
    ),
    177: (
        1, 27, 166, 2, 106, 73, 3, 95, 68, 4, 25, 80, 5, 94, 15, 8, 21, 159, 9, 37, 83, 10, 141,
        87, 11, 12, 47, 13, 139, 145, 14, 67, 173, 16, 129, 143, 17, 133, 142, 19, 128, 136, 20,
        35, 76, 22, 116, 84, 23, 131, 138, 24, 66, 169, 26, 127, 150, 29, 33, 72, 30, 59, 149, 31,
        49, 167, 32, 144, 174, 34, 163, 82, 36, 38, 58, 42, 140, 152, 44, 60, 63, 46, 153, 70, 69,
        74, 165,
    ),
    195: (
        1, 157, 183, 2, 54, 181, 3, 132, 167, 4, 27, 96, 5, 158, 68, 6, 31, 147, 7, 131, 188, 8,
        117, 42, 9, 58, 95, 10, 109, 82, 11, 25, 125, 13, 119, 74, 14, 148, 64, 15, 26, 189, 16,
        32, 33, 17, 156, 90, 18, 141, 65, 19, 159, 78, 21, 30, 133, 23, 45, 177, 24, 150, 174, 29,
        149, 191, 37, 76, 83, 38, 56, 89, 39, 185, 190, 40, 69, 176, 41, 43, 47, 46, 163, 184, 48,
        67, 178, 49, 57, 85, 55, 160, 170, 71, 169, 172,
    ),
    201: (
        1, 171, 173, 2, 155, 170, 3, 130, 150, 4, 61, 95, 5, 112, 91, 6, 143, 49, 7, 115, 40, 8,
        66, 185, 9, 17, 198, 10, 142, 58, 11, 167, 78, 13, 22, 27, 14, 118, 188, 16, 90, 93, 19,
        137, 182, 20, 21, 99, 23, 63, 164, 24, 141, 197, 25, 31, 80, 26, 154, 176, 28, 45, 57, 29,
        165, 89, 32, 74, 194, 33, 136, 172, 34, 59, 169, 35, 147, 81, 38, 56, 187, 39, 152, 168,
        44, 79, 83, 46, 151, 192, 48, 186, 196, 53, 60, 84, 62, 75, 177,
    ),
}


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
        [(2 * m, s, s + m), *(tuple((x + s) % (2 * m) for x in t) for t in base)]
        for s in range(m)
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
