"""Nearly Kirkman triple systems NKTS(n), n = 6t >= 18: (n-2)/2 rounds of n/3 tables
of three in which no two players share a table twice. That is the most rounds n
players can play without a repeat (each meets two new players a round, n-1 is odd),
and the pairs that never meet form a perfect matching. None exists for 6 or 12.

Construction: points Z_m x {0..k-1} plus two fixed points INF0, INF1, n = k*m + 2,
(x, c) numbered c*m + x and INF_i numbered k*m + i. We store k/2 base rounds; round
(j, s) is base round j with every (x, c) moved to (x + s, c) and the fixed points
left where they are, so k/2 * m = (n-2)/2 rounds. The shift moves a pair of points
within its orbit: pairs in one copy by their difference up to sign, pairs across
copies c < c' by the difference x' - x, pairs with a fixed point by the copy. So
the rounds meet each pair at most once exactly when, across the base rounds, every
orbit is met at most once; each base round's triples meet three different orbits
and never both fixed points (the pair would then meet in every round). The orbits
never met (the leave) must make a perfect matching:
- m odd: difference 0 between copies 2i and 2i+1, plus {INF0, INF1};
- m even: difference m/2 inside each copy (an orbit of m/2 pairs, which a shifted
  triple would meet twice), plus {INF0, INF1}.
Every other orbit is met exactly once, which the pair count forces anyway.
Mostly m = n/2 - 1 and k = 2, one base round; 18 uses m = 4, k = 4 (with m = 8 the
search found nothing in 30 s).

The base rounds were found offline by an exact-cover search (Knuth's dancing
links): items are each point of each base round and each orbit outside the
leave; options are the triples within one base round meeting three different
such orbits; INF0's triple is taken to hold some (0, c), which only fixes the
shift of each base round. The item with fewest options is branched on, in a
random order, with restarts and a growing node limit (first limit 1000 nodes,
then 10% more each restart). A C version found every base here, n = 18 to 204:
under a second of CPU up to n = 144, 15 s for 204. check() verifies a developed
system; rounds() runs it, so a wrong stored base fails loudly, never seats a
pair twice.
"""

from __future__ import annotations

from functools import cache

from ..data.kirkman_near import BASES
from ..orbits import pair_meetings, shifted_tables, whole_rounds_problem


@cache
def rounds(n: int) -> list[list[tuple[int, ...]]] | None:
    """The NKTS(n) on players 0..n-1 as (n-2)/2 rounds of tables when a base for n
    is stored, else None. Raises AssertionError if the stored base is wrong."""
    if n not in BASES:
        return None
    m, base = BASES[n]
    built = develop(n, m, base)
    problem = check(n, built)
    if problem:
        raise AssertionError(f"nearly Kirkman system for {n} failed verification: {problem}")
    return built


def develop(n: int, m: int, base: tuple[tuple[int, ...], ...]) -> list[list[tuple[int, ...]]]:
    """The rounds from the base rounds: each base round shifted by 0..m-1."""
    return [shifted_tables(flat, m, n - 2, shift) for flat in base for shift in range(m)]


def check(n: int, built: list[list[tuple[int, ...]]]) -> str:
    """Empty string when `built` is an NKTS(n), else what is wrong."""
    if problem := whole_rounds_problem(n, built, (n - 2) // 2):
        return problem
    met = pair_meetings(n, built)
    for x in range(n):
        if sum(met[x * n : x * n + n]) != n - 2 or max(met[x * n : x * n + n]) > 1:
            return f"player {x} meets someone twice"
    return ""
