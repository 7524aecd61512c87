"""Exact-cover problems whose solutions are the stored bases of the triple systems.

Each builder returns the options (item lists) and what each option means; the
search is `exact_cover.solve` (in the C helper, dlx.c, where it builds); the
layouts and checks are the rotations modules' (kirkman_cyclic, kirkman_near,
hanani, hanani_frames, kirkman_copies: their docstrings describe the items and
options these builders list).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from itertools import combinations

from . import exact_cover

Triple = tuple[int, int, int]
Item = Hashable


# Restarts when the caller sets none. The node limit grows by a tenth each restart,
# so the last of 250 allows some 10^13 nodes, months of search: in effect "until
# found" (Hanani 181, the slowest stored size, takes 5 min), but a count the C helper takes.
RESTARTS = 250


def _solve(options: list[list[Item]], primary: list[Item], seed: int, restarts: int | None):
    # The compiled dancing links (dlx.c) search some fifty times faster than
    # exact_cover's Python, which brought the 1-rotational 177 from 397 s to 5 s;
    # without a compiler the same search runs in Python.
    chosen = exact_cover.solve(
        options,
        primary,
        seed=seed,
        max_restarts=RESTARTS if restarts is None else restarts,
        native=True,
    )
    return None if chosen is None else sorted(chosen)


# --- 1-rotational bases: kirkman_cyclic (v = 2m+1) and hanani_frames' frames -------


def rotational_base(
    half: int, wanted: Callable[[int], bool], seed: int, restarts: int | None = None
) -> tuple[int, ...] | None:
    """Triples of Z_(2*half) whose residues mod `half` and whose differences up to
    sign are each of the wanted values in 1..half-1 exactly once; a triple's first
    point is its residue, the other two may be lifted by `half`."""
    modulus = 2 * half
    values = [r for r in range(1, half) if wanted(r)]

    def difference(x: int, y: int) -> int:
        d = (x - y) % modulus
        return min(d, modulus - d)

    options: list[list[Item]] = []
    triples: list[Triple] = []
    for r1, r2, r3 in combinations(values, 3):
        for lift2 in (0, half):
            for lift3 in (0, half):
                a, b, c = r1, r2 + lift2, r3 + lift3
                ds = {difference(a, b), difference(a, c), difference(b, c)}
                if len(ds) < 3 or any(d >= half or not wanted(d) for d in ds):
                    continue
                options.append([("r", r1), ("r", r2), ("r", r3), *(("d", d) for d in ds)])
                triples.append((a, b, c))
    primary = [("r", r) for r in values] + [("d", d) for d in values]
    chosen = _solve(options, primary, seed, restarts)
    if chosen is None:
        return None
    return tuple(p for i in sorted(chosen, key=lambda i: triples[i]) for p in triples[i])


# --- shifted base rounds on copies of Z_m: kirkman_near and hanani ------------------


def _orbit(p: int, q: int, m: int, finite: int) -> Item | None:
    """The orbit of the pair {p, q} under the shift; None for two fixed points."""
    if p > q:
        p, q = q, p
    if p >= finite:
        return None
    (x, c) = (p % m, p // m)
    if q >= finite:
        return ("f", q - finite, c)
    (y, e) = (q % m, q // m)
    if c == e:
        d = (y - x) % m
        return ("in", c, min(d, m - d))
    return ("x", c, e, (y - x) % m)


def near_base(n: int, m: int, seed: int, restarts: int | None = None):
    """kirkman_near: k/2 base rounds on k copies of Z_m plus INF0, INF1 (n = k*m + 2)."""
    k = (n - 2) // m
    finite = k * m

    def leave(orbit: Item) -> bool:
        if m % 2 == 0:
            return orbit[0] == "in" and orbit[2] == m // 2
        return orbit[0] == "x" and orbit[2] == orbit[1] + 1 and orbit[1] % 2 == 0 and orbit[3] == 0

    every = {_orbit(p, q, m, finite) for p, q in combinations(range(n), 2)} - {None}
    orbits = sorted((o for o in every if not leave(o)), key=repr)
    options: list[list[Item]] = []
    meaning: list[tuple[int, Triple]] = []
    for j in range(k // 2):
        for t in combinations(range(n), 3):
            met = {_orbit(a, b, m, finite) for a, b in combinations(t, 2)}
            if len(met) < 3 or None in met or any(leave(o) for o in met):
                continue
            if finite in t and not any(p < finite and p % m == 0 for p in t):
                continue  # INF0 sits with some (0, c): this fixes each round's shift
            options.append([*(("p", j, p) for p in t), *met])
            meaning.append((j, t))
    primary = [("p", j, p) for j in range(k // 2) for p in range(n)] + orbits
    chosen = _solve(options, primary, seed, restarts)
    return None if chosen is None else (m, _rounds(k // 2, [meaning[i] for i in chosen]))


def hanani_base(n: int, m: int, seed: int, restarts: int | None = None):
    """hanani: k/2 base rounds on k copies of Z_m plus INF (n = k*m + 1); base round j
    leaves out (0, j) and copy j < k/2 leaves one difference unmet."""
    k = (n - 1) // m
    finite = k * m
    orbits = sorted(
        {_orbit(p, q, m, finite) for p, q in combinations(range(n), 2)} - {None}, key=repr
    )
    options: list[list[Item]] = []
    meaning: list[tuple[int, Triple] | None] = []
    for j in range(k // 2):
        for t in combinations([p for p in range(n) if p != j * m], 3):
            met = {_orbit(a, b, m, finite) for a, b in combinations(t, 2)}
            if len(met) == 3:
                options.append([*(("p", j, p) for p in t), *met])
                meaning.append((j, t))
        for d in range(1, (m - 1) // 2 + 1):
            options.append([("leave", j), ("in", j, d)])
            meaning.append(None)
    primary = [
        *(("p", j, p) for j in range(k // 2) for p in range(n) if p != j * m),
        *orbits,
        *(("leave", j) for j in range(k // 2)),
    ]
    chosen = _solve(options, primary, seed, restarts)
    if chosen is None:
        return None
    picked = [meaning[i] for i in chosen if meaning[i] is not None]
    return (m, _rounds(k // 2, picked))  # type: ignore[arg-type]


def hanani_13(first_round: tuple[int, ...], seed: int, restarts: int | None = None):
    """The 13-player system (m = 1, six base rounds, round j leaves out player j):
    round 0 fixed as given, the other five searched, no pair twice."""
    n = 13
    fixed = [tuple(first_round[i : i + 3]) for i in range(0, 12, 3)]
    used = {frozenset(pair) for t in fixed for pair in combinations(t, 2)}
    options: list[list[Item]] = []
    meaning: list[tuple[int, Triple]] = []
    for j in range(1, 6):
        for t in combinations([p for p in range(n) if p != j], 3):
            pairs = [frozenset(pair) for pair in combinations(t, 2)]
            if not used.intersection(pairs):
                options.append([*(("p", j, p) for p in t), *(("pair", *sorted(q)) for q in pairs)])
                meaning.append((j, t))
    primary = [("p", j, p) for j in range(1, 6) for p in range(n) if p != j]
    chosen = _solve(options, primary, seed, restarts)
    if chosen is None:
        return None
    rounds = _rounds(6, [(0, t) for t in fixed] + [meaning[i] for i in chosen])
    return (1, rounds)


def _rounds(count: int, picked: list[tuple[int, Triple]]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(p for t in sorted(tuple(sorted(t)) for j, t in picked if j == r) for p in t)
        for r in range(count)
    )


# --- three copies of Z_q: kirkman_copies ------------------------------------------


def copies_base(q: int, seed: int, restarts: int | None = None):
    """Offset pairs of the vertical rounds and the starter round's triples on 3q
    points, meeting every difference inside a copy and across copies exactly once."""
    finite = 3 * q

    def orbit(p: int, r: int) -> Item:
        return _orbit(p, r, q, finite)

    options: list[list[Item]] = []
    meaning: list[tuple[str, tuple[int, ...]]] = []
    for t in combinations(range(finite), 3):
        met = {orbit(a, b) for a, b in combinations(t, 2)}
        if len(met) == 3:
            options.append([*(("p", p) for p in t), *met])
            meaning.append(("starter", t))
    for a1 in range(q):
        for a2 in range(q):
            met = {("x", 0, 1, a1), ("x", 0, 2, a2), ("x", 1, 2, (a2 - a1) % q)}
            options.append(list(met))
            meaning.append(("offsets", (a1, a2)))
    orbits = sorted({orbit(p, r) for p, r in combinations(range(finite), 2)}, key=repr)
    primary = [("p", p) for p in range(finite)] + orbits
    chosen = _solve(options, primary, seed, restarts)
    if chosen is None:
        return None
    offsets = tuple(sorted(v for kind, v in (meaning[i] for i in chosen) if kind == "offsets"))
    starter = tuple(sorted(v for kind, v in (meaning[i] for i in chosen) if kind == "starter"))
    return offsets, starter
