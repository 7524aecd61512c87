"""Cutthroat rotation: tables of three, each player for themselves.

The aim is that no two players share a table twice while that is possible. A player
meets two new players each round played, so counting seats bounds the complete
schedule (rounds=None) by n//2 rounds, n//2 - 1 for n = 0, 4 (mod 6); for n = 5
(mod 6) the count allows one more, which parity rules out (the pairs never met give
every player an even degree, so they cannot be a single pair). We reach the bound
with designs:
- n = 3 (mod 6): a Kirkman triple system, (n-1)/2 rounds. We have cyclic
  1-rotational systems (points Z_2m plus a fixed point, m = (n-1)/2), which exist
  only for n = 3 or 9 (mod 24): kept here for 9, 27, 33, 51, 57, 81 and in
  kirkman_cyclic for 129, 147, 177, 195, 201; bicyclic ones (two copies of Z_m plus
  a fixed point) for 15 and 39; three copies of Z_q (kirkman_copies, 21 to 183);
  and products of two systems (u*w players from u and w). So every n = 3 (mod 6)
  up to 201 has one;
- n = 2 (mod 6): the system on n+1 with one player left out (that player's
  table-mates sit out each round, so everyone sits out exactly once); n = 4: the
  system on n-1 with the extra player taking, each round, the seat of a player who
  sits out, chosen so the extra player never meets anyone twice;
- n = 0 (mod 6): a nearly Kirkman system (kirkman_near, stored for 18 to 204),
  (n-2)/2 rounds; none exists for 6 and 12, where 1 and 4 rounds are the most (an
  exhaustive search with round 1 fixed finds no 2 rounds for 6, no 5 for 12);
- n = 5 (mod 6): the nearly Kirkman system on n+1 with one player left out, as for
  n = 2: (n-1)/2 rounds, 2 byes a round, everyone but one sits out once; for 5
  and 11 the round-by-round search reaches 2 and 5, the most;
- n = 1 (mod 6): a Hanani-type system (hanani, stored for 13 to 199 but n = 1
  (mod 24) from 49; hanani_frames for 49, 73, ..., 193 and 205), (n-1)/2 rounds
  each with a different player out; 13 has 6 such rounds (found by exhaustive
  search, though no Hanani triple system of order 13 exists); for 7 one round is
  the most.
Other sizes (past 204, where a Kirkman system comes only from a product, missing
e.g. for 212 to 214) are planned round by round below; bench/rotations.py prints
figures.

Every other count (and rounds past the complete schedule) is planned round by
round: byes first (n mod 3 players, fewest byes first, not twice running), then a
search for tables of three among pairs that have met least. Without a design the
complete schedule is the longest run without a repeated pair that a few seeded
attempts find, below the bound (e.g. 56 of 64 rounds for 129 players before
kirkman_cyclic stored its system).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache

from ..designs import hanani
from ..designs.data.kirkman_bases import KNOWN_BASES
from ..designs.hanani import frames as hanani_frames
from ..designs.kirkman import copies as kirkman_copies
from ..designs.kirkman import cyclic as kirkman_cyclic
from ..designs.kirkman import near as kirkman_near
from ..history import History
from ..schedule import Round, Table

_KTS_NODE_BUDGET = 3_000

_ROUND_NODE_BUDGET = 2_000
_ROUND_ATTEMPTS = 4
_START_TRIES = 6
_START_TRIES_UP_TO = 40
# Each stand-in search has a node budget; on 190-odd players about one in three
# runs out (0.3 s), so a few more draws are cheap and nearly always enough.
_STAND_IN_ATTEMPTS = 6


# Sizes where no design reaches the bound: the most rounds without a repeated pair.
_SHORT_OF_BOUND = {5: 2, 6: 1, 7: 1, 11: 5, 12: 4}


def complete_length(n: int) -> int:
    """Rounds of the complete schedule for n players: the bound in the module
    docstring, which the designs reach for every n up to 204 (beyond, a round by round
    plan may stop short of it, so this is the most it can be)."""
    if n < 3:
        return 0
    if n in _SHORT_OF_BOUND:
        return _SHORT_OF_BOUND[n]
    return n // 2 - (1 if n % 6 in (0, 4) else 0)


def generate(
    players: Sequence[str],
    rounds: int | None = None,
    *,
    seed: int = 0,
    history: History | None = None,
) -> tuple[Round, ...]:
    """Rounds numbered from 1; `history` holds the rounds already played (re-planning).
    Every two players at a table of cutthroat are opponents, so its opponent
    meetings are the pairs that have met."""
    # The request was checked once for every format (formats.check_request).
    n = len(players)
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    if history is None or not (history.opponents or history.byes or history.last_byes):
        planner = _best_start(order, rng)
        while rounds is not None and len(planner.rounds) < rounds:
            planner.next_round(allow_repeats=True)
    else:
        # Round by round planning cannot look ahead, so a few whole plans are
        # drawn and the one with the fewest and least repeated pairs kept.
        plans = []
        for _ in range(_START_TRIES if n <= _START_TRIES_UP_TO * 2 else 1):
            planner = _Planner(order, rng, history.opponents, history.byes, history.last_byes)
            if rounds is None:
                while planner.next_round(allow_repeats=False):
                    pass
            else:
                while len(planner.rounds) < rounds:
                    planner.next_round(allow_repeats=True)
            plans.append(planner)
        planner = min(plans, key=lambda plan: (plan.most_met(), plan.repeat_weight()))
    chosen = planner.rounds if rounds is None else planner.rounds[:rounds]
    return tuple(
        Round(
            number=i + 1,
            tables=tuple(
                Table(number=k + 1, sides=tuple((order[p],) for p in t))
                for k, t in enumerate(tables)
            ),
            byes=tuple(order[p] for p in bye_players),
        )
        for i, (tables, bye_players) in enumerate(chosen)
    )


def _best_start(order: list[str], rng: random.Random) -> _Planner:
    """A planner holding the longest run of rounds without a repeated pair we find:
    a Kirkman triple system when we can build one (or one on n+1 players, see
    below), else the best of a few seeded round-by-round attempts."""
    n = len(order)
    best = _Planner(order, rng, {}, {}, ())
    if n % 6 == 3 and (base := kirkman_rounds(n)) is not None:
        for tables in base:
            best.record(tables, [])
        return best
    if n % 6 == 2 and (base := kirkman_rounds(n + 1)) is not None:
        # Every player sits out exactly once, never twice running, and (n+1-1)/2
        # rounds pass without a repeated pair (the most possible).
        _record_one_left_out(best, base, absent=n)
        return best
    if n % 6 == 0 and (near := kirkman_near.rounds(n)) is not None:
        for tables in near:
            best.record(tables, [])
        return best
    if n % 6 == 5 and (near := kirkman_near.rounds(n + 1)) is not None:
        # Each player sits out at most once (the absent player's unmet partner never).
        _record_one_left_out(best, near, absent=n)
        return best
    if n % 6 == 1 and (almost := hanani.rounds(n) or hanani_frames.rounds(n)) is not None:
        for tables, sitting_out in almost:
            best.record(tables, [sitting_out])
        return best
    # One player over a Kirkman system reaches the bound this way.
    one_less = kirkman_rounds(n - 1) if n % 6 == 4 else None
    for _ in range(_STAND_IN_ATTEMPTS if one_less is not None else 0):
        assert one_less is not None
        stand_ins = _stand_in_seats(one_less, rng)
        if stand_ins is not None:
            for tables, (table, seat) in zip(one_less, stand_ins, strict=True):
                sitting_out = tables[table][seat]
                swapped = [tuple(n - 1 if p == sitting_out else p for p in t) for t in tables]
                best.record(swapped, [sitting_out])
            return best
    tries = _START_TRIES if n <= _START_TRIES_UP_TO else 1
    for attempt in range(tries):
        planner = best if attempt == 0 else _Planner(order, rng, {}, {}, ())
        while planner.next_round(allow_repeats=False):
            pass
        if len(planner.rounds) > len(best.rounds):
            best = planner
    return best


def _record_one_left_out(
    planner: _Planner, system: list[list[tuple[int, ...]]], *, absent: int
) -> None:
    """Play a system on one player more than there are: whoever would sit with the
    absent player sits out that round."""
    for tables in system:
        bye_players = sorted(p for t in tables if absent in t for p in t if p != absent)
        planner.record([t for t in tables if absent not in t], bye_players)


def _stand_in_seats(
    rounds: list[list[tuple[int, ...]]], rng: random.Random
) -> list[tuple[int, int]] | None:
    """For one player more than a Kirkman system seats: per round, the (table, seat)
    whose player sits out while the extra player takes the seat.

    The extra player meets the two others at that table, so those pairs must differ
    from round to round; players sitting out must differ too (one bye each at most).
    Backtracking over rounds, fewest options first; None if the budget runs out.
    """
    met: set[int] = set()
    out: set[int] = set()
    chosen: dict[int, tuple[int, int]] = {}
    nodes = 0
    # Per round: (table, seat, player sitting out, first mate, second mate).
    seats = [
        [(i, s, t[s], *(q for q in t if q != t[s])) for i, t in enumerate(tables) for s in range(3)]
        for tables in rounds
    ]

    def options(r: int) -> list[tuple[int, int]]:
        return [
            (i, s) for i, s, p, a, b in seats[r] if p not in out and a not in met and b not in met
        ]

    def extend() -> bool:
        nonlocal nodes
        if len(chosen) == len(rounds):
            return True
        nodes += 1
        if nodes > _KTS_NODE_BUDGET:
            return False
        open_rounds = [r for r in range(len(rounds)) if r not in chosen]
        r = min(open_rounds, key=lambda x: len(options(x)))
        candidates = options(r)
        rng.shuffle(candidates)
        for i, s in candidates:
            table = rounds[r][i]
            mates = [q for q in table if q != table[s]]
            chosen[r] = (i, s)
            met.update(mates)
            out.add(table[s])
            if extend():
                return True
            del chosen[r]
            met.difference_update(mates)
            out.discard(table[s])
            if nodes > _KTS_NODE_BUDGET:
                return False
        return False

    return [chosen[r] for r in range(len(rounds))] if extend() else None


@cache
def kirkman_rounds(n: int) -> list[list[tuple[int, ...]]] | None:
    """A Kirkman triple system on 0..n-1 as (n-1)/2 rounds of tables, or None when we
    have none for n (then rounds are planned one by one). The system does not
    depend on the seed: the seed shuffles who sits where in it. Every system is
    verified once built, so a wrong stored base fails loudly instead of seating a
    pair twice."""
    for stored in (kirkman_cyclic.rounds, kirkman_copies.rounds):
        if (built := stored(n)) is not None:
            return built  # verified by its module
    built = _kept_or_product(n)
    if built is not None and (problem := kirkman_cyclic.check(n, built)):
        raise AssertionError(f"Kirkman system for {n} failed verification: {problem}")
    return built


def _kept_or_product(n: int) -> list[list[tuple[int, ...]]] | None:
    if n == 3:
        return [[(0, 1, 2)]]
    if n in KNOWN_BASES:
        return _develop(list(KNOWN_BASES[n]), (n - 1) // 2, cyclic=n % 24 in (3, 9))
    for u in range(3, n // 3 + 1, 6):
        if n % u == 0 and (n // u) % 6 == 3:
            left, right = kirkman_rounds(u), kirkman_rounds(n // u)
            if left is not None and right is not None:
                return _product(left, u, right, n // u)
    return None


def _product(
    left: list[list[tuple[int, ...]]], u: int, right: list[list[tuple[int, ...]]], w: int
) -> list[list[tuple[int, ...]]]:
    """A Kirkman system on u*w players from systems on u and on w (e.g. 45 from 3 and 15).

    Player (a, x) is a*w + x. Players with the same a play the w-system among
    themselves; players with different a meet at tables {(a, x), (b, x+k),
    (c, -2x-k)} for each table (a, b, c) of the u-system and each k: given any two of
    the three, the third and k are fixed (w is odd, so 2 can be divided by), so
    every such pair meets exactly once.
    """
    rounds = [[tuple(a * w + x for x in t) for a in range(u) for t in r] for r in right]
    for tables in left:
        for k in range(w):
            rounds.append(
                [
                    (a * w + x, b * w + (x + k) % w, c * w + (-2 * x - k) % w)
                    for a, b, c in tables
                    for x in range(w)
                ]
            )
    return rounds


def _develop(base: list[tuple[int, ...]], m: int, *, cyclic: bool) -> list[list[tuple[int, ...]]]:
    """The m rounds of a system from its first round's triples (besides the one
    with the fixed point 2m); round i moves every point on by i."""
    if cyclic:
        # Points are Z_2m; the first round also holds each triple moved by m.
        return kirkman_cyclic.develop(2 * m + 1, tuple(x for t in base for x in t))

    # Points are two copies of Z_m: x and m + x; each copy moves within itself.
    def move(x: int, shift: int) -> int:
        return (x + shift) % m + (x // m) * m

    return [
        [(2 * m, shift, shift + m), *(tuple(move(x, shift) for x in t) for t in base)]
        for shift in range(m)
    ]


class _Planner:
    """Plans rounds one at a time from running pair and bye counts."""

    def __init__(
        self,
        order: list[str],
        rng: random.Random,
        met: Mapping[tuple[str, str], int],
        byes: Mapping[str, int],
        last_byes: Iterable[str],
    ) -> None:
        self.n = len(order)
        self.rng = rng
        index = {p: i for i, p in enumerate(order)}
        self.met = [[0] * self.n for _ in range(self.n)]
        for pair, count in met.items():
            a, b = (index.get(p) for p in pair)
            if a is not None and b is not None:
                self.met[a][b] = self.met[b][a] = count
        self.byes = [byes.get(p, 0) for p in order]
        self.last_byes = {index[p] for p in last_byes if p in index}
        self.rounds: list[tuple[list[tuple[int, ...]], list[int]]] = []

    def most_met(self) -> int:
        return max(max(row) for row in self.met)

    def repeat_weight(self) -> int:
        return sum(c * c for row in self.met for c in row)

    def record(self, tables: list[tuple[int, ...]], bye_players: list[int]) -> None:
        for t in tables:
            for i, a in enumerate(t):
                for b in t[i + 1 :]:
                    self.met[a][b] += 1
                    self.met[b][a] += 1
        for p in bye_players:
            self.byes[p] += 1
        self.last_byes = set(bye_players)
        self.rounds.append((tables, bye_players))

    def next_round(self, *, allow_repeats: bool) -> bool:
        """Plan and record one more round; False when no round without a repeated
        pair is found and repeats are not allowed."""
        ceiling = 0
        while True:
            for _ in range(_ROUND_ATTEMPTS):
                bye_players = self._choose_byes()
                seated = [p for p in range(self.n) if p not in bye_players]
                tables = self._find_tables(seated, ceiling)
                if tables is not None:
                    self.record(tables, bye_players)
                    return True
            if not allow_repeats:
                return False
            ceiling += 1

    def _choose_byes(self) -> list[int]:
        # Fewest byes first; sitting out last round pushes a player back so nobody
        # sits out twice running while someone else can; ties broken by the seed.
        players = list(range(self.n))
        self.rng.shuffle(players)
        players.sort(key=lambda p: (self.byes[p], p in self.last_byes))
        return sorted(players[: self.n % 3])

    def _find_tables(self, seated: list[int], ceiling: int) -> list[tuple[int, ...]] | None:
        """Split `seated` into tables of three using only pairs met at most `ceiling`
        times, or None if the node budget runs out first."""
        adjacency = {
            p: sum(1 << q for q in seated if q != p and self.met[p][q] <= ceiling) for p in seated
        }
        nodes = 0

        def search(remaining: int) -> list[tuple[int, ...]] | None:
            nonlocal nodes
            if not remaining:
                return []
            nodes += 1
            if nodes > _ROUND_NODE_BUDGET:
                return None
            # The player with fewest possible table-mates goes first: a dead end
            # shows up before time is spent elsewhere.
            p = min(
                (q for q in seated if remaining >> q & 1),
                key=lambda q: (adjacency[q] & remaining).bit_count(),
            )
            mates = adjacency[p] & remaining
            for q, r in self._table_mates(p, mates, adjacency, ceiling):
                rest = search(remaining & ~(1 << p | 1 << q | 1 << r))
                if rest is not None:
                    return [(p, q, r), *rest]
                if nodes > _ROUND_NODE_BUDGET:
                    return None
            return None

        return search(sum(1 << p for p in seated))

    def _table_mates(
        self, p: int, mates: int, adjacency: dict[int, int], ceiling: int
    ) -> Iterator[tuple[int, int]]:
        """Pairs (q, r) that can join p, in random order; the least met first when
        repeats are allowed. Without repeats every option is as good, so they are
        drawn lazily: listing all of them costs O(mates^2) per node, which on 200
        players took seconds while the first option nearly always works."""
        if ceiling == 0:
            firsts = _bits(mates)
            self.rng.shuffle(firsts)
            for q in firsts:
                seconds = [r for r in _bits(mates & adjacency[q]) if r > q]
                self.rng.shuffle(seconds)
                for r in seconds:
                    yield q, r
            return
        options = []
        for q in _bits(mates):
            for r in _bits(mates & adjacency[q]):
                if r > q:
                    options.append((self.met[p][q] + self.met[p][r] + self.met[q][r], q, r))
        self.rng.shuffle(options)
        options.sort(key=lambda o: o[0])
        for _, q, r in options:
            yield q, r


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
