"""Hanani-type systems for n = 6t+1 >= 19 players: (n-1)/2 rounds of (n-1)/3 tables of
three with one player out, a different one each round, and no two players sharing
a table twice. That is the most rounds possible: a player meets two new players a
round and has n-1 to meet, and a player who sits out meets two fewer, so the pairs
never met make a 2-regular graph on the players who sit out. A Hanani triple
system is the case where that graph is triangles (its half-parallel class, which
we do not play); we take any 2-regular graph, which the search finds more easily.
No Hanani triple system exists for 7 or 13; for 7 no two such rounds exist either,
but 13 has 6 (found by an exhaustive search with round 1 fixed, see cutthroat.py),
stored here with m = 1: six base rounds, no shifting.

Construction: points Z_m x {0..k-1} plus a fixed point INF, n = k*m + 1 with m the
odd part of n-1, (x, c) numbered c*m + x and INF numbered k*m. We store k/2 base
rounds; base round j leaves out (0, j), and round (j, s) is base round j with every
(x, c) moved to (x + s, c) (INF stays), leaving out (s, j): k/2 * m = (n-1)/2 rounds
and each player of copies 0..k/2-1 sits out once. The shift keeps a pair within its
orbit (pairs in one copy by their difference up to sign, pairs across copies c < c'
by the difference x' - x, pairs with INF by the copy), so no pair meets twice when
the base rounds meet every orbit at most once. The orbits never met are one
difference d_j inside each copy j < k/2, chosen by the search: each is a union of
cycles through that copy, the 2-regular graph above. m must be odd: for even m the
difference m/2 inside a copy is an orbit of m/2 pairs that a shifted triple meets
twice, and could not be the leave either (it gives degree 1). So n = 19, 31, 43, ...
(t odd) use m = 3t, k = 2 (the classical layout) and one base round; n = 1 (mod 12)
needs more copies: 37 = 4 * 9 + 1 with two base rounds, 25 = 8 * 3 + 1 with four.

The base rounds were found offline by an exact-cover search (Knuth's dancing links):
items are each point of each base round (but the one left out), each orbit outside
copies 0..k/2-1's inside differences, and one "leave" item per such copy; options
are the triples within a base round meeting three different orbits (INF with two
different copies), plus "copy j leaves difference d", which covers copy j's leave
item and that orbit. The item with fewest options is branched on, in a random order,
with restarts and a growing node limit (as for kirkman_near). A C version found each
base for n = 1 (mod 12) in at most 13 s of CPU (most under a second), but 157 (38
s), 181 (134 s) and 133 (27 s, after 180 s with other seeds failed). For n = 1 (mod
24) past 25 (m small, many copies: 49 is 16 copies of Z_3) it found none in several
minutes, nor did a variant with 13 fixed players playing the system on 13 and the
rest in threes, nor simulated annealing; hanani_frames.py builds those (49 to
193, and 205) from a Kirkman frame and the 13-player system. check() verifies a developed
system; rounds() runs it, so a wrong stored base fails loudly and never seats a pair
twice.
"""

from __future__ import annotations

from functools import cache

from ..data.hanani import BASES
from ..orbits import pair_meetings, shifted_tables


@cache
def rounds(n: int) -> list[tuple[list[tuple[int, ...]], int]] | None:
    """The system on players 0..n-1 as (n-1)/2 (tables, player sitting out) rounds
    when a base for n is stored, else None. Raises AssertionError if the stored base
    is wrong."""
    if n not in BASES:
        return None
    m, base = BASES[n]
    built = develop(n, m, base)
    problem = check(n, built)
    if problem:
        raise AssertionError(f"Hanani-type system for {n} players failed verification: {problem}")
    return built


def develop(
    n: int, m: int, base: tuple[tuple[int, ...], ...]
) -> list[tuple[list[tuple[int, ...]], int]]:
    """The rounds from the base rounds: base round j shifted by 0..m-1 leaves out
    (shift, j)."""
    return [
        (shifted_tables(flat, m, n - 1, shift), j * m + shift)
        for j, flat in enumerate(base)
        for shift in range(m)
    ]


def check(n: int, built: list[tuple[list[tuple[int, ...]], int]]) -> str:
    """Empty string when `built` seats (n-1)/2 rounds, each player out at most once
    and no pair twice, else what is wrong."""
    if len(built) != (n - 1) // 2:
        return f"{len(built)} rounds, expected {(n - 1) // 2}"
    out = [player for _, player in built]
    if len(set(out)) != len(out):
        return "a player sits out twice"
    for number, (tables, player) in enumerate(built):
        seated = sorted(p for t in tables for p in t)
        if sorted([*seated, player]) != list(range(n)) or any(len(t) != 3 for t in tables):
            return f"round {number} does not seat every player but one at tables of three"
    met = pair_meetings(n, (tables for tables, _ in built))
    if max(met) > 1:
        x = met.index(max(met))
        return f"players {x // n} and {x % n} meet twice"
    return ""
