"""Hanani-type systems for n = 12u + 1 players (u = 4, 6, ..., 16 and 17: 49, 73,
97, 121, 145, 169, 193 and 205) from a Kirkman frame and the 13-player system (see
designs/hanani for what such a system is: (n-1)/2 rounds, a different player out each,
no pair twice). Its copies of Z_m plus a fixed point did not reach n = 1
(mod 24) past 25, and its searches stopped at 199.

A Kirkman frame of type 12^u: points split into u groups of 12 and 6u holey rounds,
each seating everyone outside one group once at tables of three, each group left
out by 6 of them, and every two players of different groups at one table exactly
once. Add a player INF and give each group, with INF, the 13-player system of
designs/hanani (six rounds of four tables, players 0..5 out in turn, INF numbered 12
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

from .. import hanani
from ..data.hanani_frames import BASES

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
