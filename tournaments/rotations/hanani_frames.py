"""Hanani-type systems for n = 12u + 1 players (u = 4, 6, ..., 16 and 17: 49, 73,
97, 121, 145, 169, 193 and 205) from a Kirkman frame and the 13-player system (see
hanani.py for what such a system is: (n-1)/2 rounds, a different player out each,
no pair twice). hanani.py's copies of Z_m plus a fixed point did not reach n = 1
(mod 24) past 25, and its searches stopped at 199.

A Kirkman frame of type 12^u: points split into u groups of 12 and 6u holey rounds,
each seating everyone outside one group once at tables of three, each group left
out by 6 of them, and every two players of different groups at one table exactly
once. Add a player INF and give each group, with INF, the 13-player system of
hanani.py (six rounds of four tables, players 0..5 out in turn, INF numbered 12
never out): the j-th holey round leaving out group i is played together with round
j of group i's system. So n - 1 = 12u players each sit at one table a round but the
one left out, pairs across groups meet in the frame and pairs within a group (or
with INF) in its system, and the 6u players out are all different.

The frame: points Z_12u, group i the points x = i (mod u). We store the triples T
of the holey round leaving out group 0; with T + 6u they make that round, and round
s (s = 0..6u-1) is it moved on by s, leaving out group s mod u. A round seats the
right players when the residues mod 6u of the base triples are the 6(u-1) residues
r != 0 (mod u), once each; every pair across groups meets once when the base
triples' differences (up to sign) are the 6(u-1) differences d in 1..6u-1 with
d != 0 (mod u), once each (as in kirkman_cyclic, the shift by 6u makes T + 6u moved
by 0..6u-1 the same as T moved by all of Z_12u).

The bases were found offline by the exact-cover search of kirkman_cyclic (items the
residues and differences above; options the residue 3-sets with the second and
third point lifted by 0 or 6u; fewest options first, random order, restarts with a
growing node limit): with seed 1 under 0.1 s of CPU up to u = 10 (121), 0.1 s for
145, 1.1 s for 169, 2.9 s for 193 and 6.5 s for 205. rounds() verifies the whole
system (hanani.check), so a wrong stored base fails loudly and never seats a pair
twice.
"""

from __future__ import annotations

from functools import cache

from . import hanani

# n -> base triples of the holey round leaving out group 0, flat: a, b, c, a, b, c, ...
BASES: dict[int, tuple[int, ...]] = {
    49: (
        1, 6, 39, 2, 37, 43, 3, 5, 22, 7, 18, 21, 9, 10, 35, 14, 41, 23,
    ),
    73: (
        1, 16, 57, 2, 3, 65, 4, 15, 32, 5, 25, 28, 7, 45, 50, 8, 27, 34, 10, 31, 35, 11, 19, 33,
        13, 53, 26, 20, 22, 59,
    ),
    97: (
        1, 69, 84, 2, 3, 54, 4, 9, 26, 5, 67, 41, 7, 10, 65, 11, 42, 46, 12, 35, 37, 13, 25, 79,
        14, 81, 92, 15, 29, 78, 18, 39, 45, 20, 70, 27, 23, 82, 43, 28, 38, 47,
    ),
    121: (
        1, 36, 58, 2, 78, 104, 3, 16, 82, 4, 66, 113, 5, 102, 56, 7, 23, 28, 8, 89, 95, 9, 52, 54,
        11, 97, 38, 12, 19, 27, 13, 108, 109, 14, 33, 45, 15, 47, 51, 17, 99, 46, 21, 24, 92, 25,
        34, 117, 26, 91, 43, 41, 55, 119,
    ),
    145: (
        1, 81, 31, 2, 49, 131, 3, 104, 64, 4, 22, 111, 5, 37, 71, 6, 19, 47, 7, 135, 137, 8, 89,
        142, 10, 86, 69, 11, 101, 124, 13, 34, 35, 15, 42, 115, 16, 61, 68, 18, 97, 116, 20, 40,
        126, 21, 95, 56, 26, 30, 55, 27, 122, 53, 28, 130, 139, 33, 38, 41, 45, 51, 138, 46, 57,
        134,
    ),
    169: (
        1, 49, 151, 2, 63, 158, 3, 114, 81, 4, 107, 167, 5, 122, 50, 6, 110, 35, 7, 10, 17, 8, 16,
        33, 9, 39, 80, 11, 124, 78, 12, 146, 159, 13, 129, 149, 15, 54, 148, 18, 19, 41, 20, 135,
        161, 21, 58, 145, 22, 127, 131, 24, 55, 71, 25, 36, 79, 27, 29, 157, 31, 116, 37, 34, 144,
        153, 44, 59, 150, 46, 132, 82, 52, 152, 76, 53, 141, 72,
    ),
    193: (
        1, 12, 184, 2, 142, 73, 3, 166, 87, 4, 119, 78, 5, 29, 175, 6, 139, 153, 7, 117, 63, 8,
        111, 138, 9, 109, 69, 10, 38, 149, 11, 66, 167, 14, 141, 84, 17, 54, 158, 18, 116, 30, 19,
        36, 143, 22, 60, 191, 24, 173, 181, 25, 127, 55, 26, 123, 92, 28, 137, 187, 33, 147, 72,
        34, 52, 177, 35, 40, 185, 37, 56, 58, 39, 49, 83, 44, 163, 178, 50, 75, 76, 59, 65, 164,
        61, 74, 190, 86, 90, 93,
    ),
    205: (
        1, 11, 26, 2, 31, 158, 3, 135, 184, 4, 168, 84, 5, 32, 37, 6, 151, 89, 7, 20, 145, 8, 53,
        77, 9, 160, 79, 10, 52, 192, 12, 177, 180, 13, 22, 63, 14, 126, 127, 15, 45, 73, 16, 30,
        146, 18, 39, 176, 19, 162, 166, 21, 47, 65, 23, 194, 99, 27, 138, 38, 28, 48, 91, 29, 35,
        100, 40, 188, 94, 41, 72, 190, 42, 159, 171, 46, 98, 203, 50, 164, 172, 54, 169, 185, 55,
        93, 199, 59, 61, 96, 71, 178, 197, 80, 183, 87,
    ),
}

_GROUP = 12


@cache
def rounds(n: int) -> list[tuple[list[tuple[int, ...]], int]] | None:
    """The system on players 0..n-1 as (n-1)/2 (tables, player sitting out) rounds
    when a frame for n is stored, else None. Raises AssertionError if the stored
    base is wrong."""
    if n not in BASES:
        return None
    built = develop(n, BASES[n])
    problem = hanani.check(n, built)
    if problem:
        raise AssertionError(f"Hanani-type system for {n} players failed verification: {problem}")
    return built


def develop(n: int, flat: tuple[int, ...]) -> list[tuple[list[tuple[int, ...]], int]]:
    """Round s: the frame's holey round s (leaving out group i = s mod u) and round
    s // u of the 13-player system on group i and INF (numbered n - 1)."""
    u = (n - 1) // _GROUP
    half = (n - 1) // 2
    base = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    base += [tuple((x + half) % (n - 1) for x in t) for t in base]
    small = hanani.rounds(_GROUP + 1)
    assert small is not None
    built = []
    for s in range(half):
        group = s % u

        def place(q: int, group: int = group) -> int:
            return n - 1 if q == _GROUP else group + u * q

        tables, out = small[s // u]
        built.append(
            (
                [
                    *(tuple((x + s) % (n - 1) for x in t) for t in base),
                    *(tuple(place(q) for q in t) for t in tables),
                ],
                place(out),
            )
        )
    return built
