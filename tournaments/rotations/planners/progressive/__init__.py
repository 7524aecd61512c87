"""Progressive Euchre rotations: new partners every round, opponents spread evenly.

Internally players are the indices 0..n-1 of a seeded shuffle of the names, so
the seed picks which real player takes which place in a construction. Complete
schedules (rounds=None) come from whist designs (see designs/whist); a given number
of rounds comes from the best of a whist prefix, a rainbow movement and a
random seating, polished by the local search in planners/local_search.py.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

from ...designs import whist
from ...designs.whist import plus_one as whist_plus_one
from ...history import History
from ...schedule import RotationError, Round, Table
from ..local_search import PARTNER_WEIGHT, Counts, improve, seating_cost

# Complete schedules above this size may take a search at run time, so plans
# for more players do not try to start from one (see _from_complete).
_FROM_COMPLETE_UP_TO = 200

# One round of seating: player indices read four at a time as a table
# (seats 0+1 against 2+3), plus the indices sitting out.
Plan = tuple[list[list[int]], list[list[int]]]


def generate(
    players: Sequence[str],
    rounds: int | None = None,
    *,
    seed: int = 0,
    history: History | None = None,
) -> tuple[Round, ...]:
    """Rounds numbered from 1 with tables numbered 1..k; see the module docstring."""
    names = list(players)
    n = len(names)
    if n < 4:
        raise RotationError("too_few_players", "Progressive Euchre needs at least 4 players.")
    if len(set(names)) != n:
        raise RotationError("duplicate_players", "Every player must appear only once.")
    if rounds is not None and rounds < 1:
        raise RotationError("bad_rounds", "The number of rounds must be at least 1.")
    history = history or History.empty()
    rng = random.Random(seed)
    order = list(range(n))
    rng.shuffle(order)
    index_names = [names[i] for i in order]
    if rounds is None and history.rounds_played == 0:
        seatings, byes = complete(n)
    else:
        count = rounds if rounds is not None else max(1, complete_length(n) - history.rounds_played)
        base, bye_counts, last = _history_counts(history, index_names)
        seatings, byes = plan(n, count, rng, base, bye_counts, last)
        if history.rounds_played == 0 and n <= _FROM_COMPLETE_UP_TO:
            mine = _judge(n, (seatings, byes))
            other = _from_complete(n, count, rng) if mine[-1] > 0 else None
            if other is not None and _judge(n, other) < mine:
                seatings, byes = other
    return _to_rounds(index_names, seatings, byes)


def complete_length(n: int) -> int:
    """Rounds in a complete schedule: n-1 for n = 4m, else n."""
    return n - 1 if n % 4 == 0 else n


# --- complete schedules -------------------------------------------------------


def is_exact_complete(n: int) -> bool:
    """Whether complete(n) comes from a whist design rather than the fallback."""
    if n % 4 in (0, 1):
        return whist.available(n)
    if n % 4 == 3:
        return whist.available(n + 1)
    return whist.cyclic(n - 1) or _plus_one(n) is not None


def complete(n: int) -> Plan:
    """Every pair partners at most once; Wh(n) exactly when n = 0 or 1 (mod 4)."""
    if n % 4 in (0, 1):
        if whist.available(n):
            return _from_whist(whist.design(n))
        return _factorisation(n)
    if n % 4 == 3:
        if whist.available(n + 1):
            return _whist_minus_one(n)
        return _factorisation(n)
    # The freed partnerships only form one path over a cyclic group; other
    # designs take a searched set of replacements.
    if whist.cyclic(n - 1):
        return _whist_plus_one(n)
    extended = _plus_one(n)
    if extended is not None:
        seatings, byes = extended
        return _spread_byes([list(s) for s in seatings], [list(b) for b in byes])
    return _factorisation(n)


@cache
def _plus_one(n: int) -> Plan | None:
    if n - 1 not in whist_plus_one.STORED or not whist.available(n - 1):
        return None
    return whist_plus_one.extend(whist.design(n - 1))


def _from_whist(rounds: Sequence[whist.WhistRound]) -> Plan:
    seatings = [[p for (a, b), (c, d) in tables for p in (a, b, c, d)] for tables, _ in rounds]
    return seatings, [list(byes) for _, byes in rounds]


def _factorisation(n: int) -> Plan:
    """Fallback without a whist design: circle-method partners, opponents by local search.

    The circle method partners every pair exactly once in n-1 rounds (n for
    odd n, with a phantom player whose partner sits out). Pairs are seated two
    to a table; with n = 2 (mod 4) one more pair sits out, so the schedule is
    one round short of the usual n; with n = 3 the phantom's tablemates sit
    out. Only whole partnerships
    move in the search, so partners stay exact and opponents even out.
    """
    size = n + n % 2
    phantom = n if n % 2 else None
    circle = size - 1
    seatings, byes = [], []
    for r in range(circle):
        pairs = [(size - 1, r)]
        pairs += [((r + i) % circle, (r - i) % circle) for i in range(1, size // 2)]
        if phantom is not None:
            # The phantom's pair sits out: alone for n = 4m+1, with its table for n = 4m+3.
            first = next(k for k, pair in enumerate(pairs) if phantom in pair)
            pairs.insert(0, pairs.pop(first))
            idle = 1 if n % 4 == 1 else 2
        else:
            idle = len(pairs) % 2
            if idle:
                pairs.insert(0, pairs.pop(_idle_pair(pairs, r, circle)))
        out = [p for pair in pairs[:idle] for p in pair if p != phantom]
        seatings.append([p for pair in pairs[idle:] for p in pair])
        byes.append(out)
    steps = min(35_000, 200 * n)
    seatings, _ = improve(
        seatings, Counts.zero(n), rng=random.Random(n), max_steps=steps, keep_partners=True
    )
    return _spread_byes(seatings, byes)


def _idle_pair(pairs: Sequence[tuple[int, int]], r: int, circle: int) -> int:
    """Which circle-method pair of round r sits out when n = 4m+2: everyone twice or once.

    Pair {r+k, r-k} gives each finite player two byes; round 0 sends off
    (INF, 0) instead and round k (INF, k), which leaves INF, 0 and k at two
    and only -k and 2k at one.
    """
    k = next(k for k in range(2, circle) if (2 * k) % circle not in (1, circle - 1))
    wanted = 0 if r == 0 else r if r == k else (r + k) % circle
    return next(i for i, pair in enumerate(pairs) if wanted in pair and (r in (0, k)) == (i == 0))


def _whist_minus_one(n: int) -> Plan:
    """Wh(n+1) without INF: INF's three tablemates sit out, 3 byes each over n rounds."""
    inf = n
    seatings, byes = [], []
    for tables, _ in whist.design(n + 1):
        seats: list[int] = []
        out: list[int] = []
        for (a, b), (c, d) in tables:
            (out if inf in (a, b, c, d) else seats).extend(p for p in (a, b, c, d) if p != inf)
        seatings.append(seats)
        byes.append(out)
    return _spread_byes(seatings, byes)


def _whist_plus_one(n: int) -> Plan:
    """n = 4m+2 from Wh(n-1) on Z_(n-1) plus a player z; 2 byes a round, 2 each.

    In round g != 0, z takes the seat of h = c+g, where {c, c+1} partner in the
    starter; h sits out beside the whist bye g. The partnerships this frees,
    {c+g, c+1+g}, form a path from c+1 round to c, so an extra round seats
    them as partners with c and z sitting out; everyone else sat out twice.
    Opponents rise to at most 3, partners never repeat.
    """
    q = n - 1
    c, step = next(
        (a, (b - a) % q)
        for (a, b) in (pair for table in whist.starter(q) for pair in table)
        if (b - a) % q in (1, q - 1)
    )
    replaced = [-1, *((c + g) % q for g in range(1, q))]
    path = [(c + j * step) % q for j in range(1, q + 1)]
    plan = whist_plus_one.assemble(whist.design(q), c, replaced, path[: q - 1])
    assert plan is not None  # c is in a starter pair, so c != 0 and c+g plays round g
    return _spread_byes(*plan)


def _spread_byes(seatings: list[list[int]], byes: list[list[int]]) -> Plan:
    """Reorder rounds (any order keeps a complete design) so nobody sits out twice running."""
    count = len(seatings)
    for k in range(1, count):
        if math.gcd(k, count) == 1:
            order = [(i * k) % count for i in range(count)]
            if _no_back_to_back([byes[i] for i in order]):
                return [seatings[i] for i in order], [byes[i] for i in order]
    order = _bye_path(byes) or list(range(count))
    return [seatings[i] for i in order], [byes[i] for i in order]


def _no_back_to_back(byes: Sequence[Sequence[int]]) -> bool:
    return all(not set(a) & set(b) for a, b in zip(byes, byes[1:], strict=False))


def _bye_path(byes: Sequence[Sequence[int]]) -> list[int] | None:
    """Depth-first search for an order of rounds with no shared bye between neighbours."""
    count = len(byes)
    sets = [set(b) for b in byes]
    path: list[int] = []
    used = [False] * count
    budget = [20_000]

    def extend() -> bool:
        if len(path) == count:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for i in range(count):
            if not used[i] and (not path or not sets[i] & sets[path[-1]]):
                used[i] = True
                path.append(i)
                if extend():
                    return True
                path.pop()
                used[i] = False
        return False

    return path if extend() else None


# --- a given number of rounds ---------------------------------------------------


def plan(
    n: int,
    rounds: int,
    rng: random.Random,
    base: Counts,
    bye_counts: Sequence[int] | None = None,
    last: set[int] | None = None,
) -> Plan:
    """Seat `rounds` rounds: the cheapest candidate seating, then local search."""
    bye_counts = bye_counts or [0] * n
    last = last or set()
    byes = plan_byes(n, rounds, bye_counts, last)
    candidates: list[Plan] = []
    fresh = not any(base.partners) and not any(bye_counts)
    for rainbow in (_rainbow(n, rounds, None if fresh else byes), _rainbow(n, rounds, byes)):
        if rainbow is not None:
            if seating_cost(rainbow[0], base) == 0:
                return rainbow
            candidates.append(rainbow)
    if fresh and _whist_fits(n, rounds):
        candidates.append(_from_whist(whist.design(n)[:rounds]))
    candidates.append((_random_seating(n, byes, rng), byes))
    scored = [(seating_cost(seats, base), i) for i, (seats, _) in enumerate(candidates)]
    cost, best = min(scored)
    seatings, chosen_byes = candidates[best]
    if cost > 0:
        steps = _search_steps(n, rounds)
        seatings, cost = improve(seatings, base, rng=rng, max_steps=steps)
        # A repeated partnership can be a deep local minimum; fresh starts are cheap for
        # the small fields where it happens.
        for _ in range(4):
            if cost < PARTNER_WEIGHT:
                break
            retry, retry_cost = improve(
                _random_seating(n, chosen_byes, rng), base, rng=rng, max_steps=steps
            )
            if retry_cost < cost:
                seatings, cost = retry, retry_cost
    return seatings, chosen_byes


def _from_complete(n: int, rounds: int, rng: random.Random) -> Plan | None:
    """A fresh plan built on the complete schedule, when one might beat `plan`.

    Short of the complete length (n = 4m+2 or 4m+3, where `plan` does not start
    from a whist design): a run of its rounds with fair byes, polished by the
    search. Beyond it: the complete schedule, then the extra rounds planned on
    top of it as history (8 players over 8 rounds: opponents at most 3, where
    planning all 8 at once met a pair 4 times).
    """
    length = complete_length(n)
    if rounds <= length and (n % 4 not in (2, 3) or not is_exact_complete(n)):
        return None
    if rounds <= length:
        window = _fair_window(n, rounds)
        if window is None:
            return None
        steps = _search_steps(n, rounds)
        return improve(window[0], Counts.zero(n), rng=rng, max_steps=steps)[0], window[1]
    seatings, byes = complete(n)
    history = Counts.zero(n)
    bye_counts = [0] * n
    for seats, out in zip(seatings, byes, strict=True):
        history.add_round(seats)
        for p in out:
            bye_counts[p] += 1
    more, more_byes = plan(n, rounds - length, rng, history, bye_counts, set(byes[-1]))
    return [list(s) for s in seatings] + more, [list(b) for b in byes] + more_byes


def _judge(n: int, candidate: Plan) -> tuple:
    """Smaller is better: a bye twice running, then the most meetings of any one
    pair (what the targets and players count; the cost's sum can hide a third
    meeting), then the search's cost."""
    seatings, byes = candidate
    cost = seating_cost(seatings, Counts.zero(n))
    return (not _no_back_to_back(byes), _most_meetings(n, seatings), cost)


def _search_steps(n: int, rounds: int) -> int:
    return min(150_000, 20_000 + 60 * n * rounds)


def _whist_fits(n: int, rounds: int) -> bool:
    return rounds <= complete_length(n) and whist.available(n, search_steps=0)


def _fair_window(n: int, rounds: int) -> Plan | None:
    """The cheapest run of `rounds` consecutive rounds (wrapping) of a complete plan
    whose byes are fair: within one of each other and nobody out twice running.

    For n = 4m+2 or 4m+3 the complete plan keeps opponents to 2 or 3 meetings,
    and most of its windows keep them to 2 where the search from a random seating
    stops at 3 or 4 (10 players over 8 or 9 rounds, say). Tried after the other
    candidates, and kept only when it ends better, as the search from it can
    also end worse (more table meetings at 14 players over 6 rounds).
    """
    seatings, byes = complete(n)
    total = len(seatings)
    best: tuple[int, list[int]] | None = None
    for start in range(total):
        chosen = [(start + i) % total for i in range(rounds)]
        out = [byes[i] for i in chosen]
        counts = [0] * n
        for players in out:
            for p in players:
                counts[p] += 1
        if max(counts) - min(counts) > 1 or not _no_back_to_back(out):
            continue
        cost = seating_cost([seatings[i] for i in chosen], Counts.zero(n))
        if best is None or cost < best[0]:
            best = (cost, chosen)
    if best is None:
        return None
    chosen = best[1]
    return [list(seatings[i]) for i in chosen], [list(byes[i]) for i in chosen]


def _most_meetings(n: int, seatings: Sequence[Sequence[int]]) -> tuple[int, int, int]:
    """Most partnerships, opponent meetings and table meetings of any pair."""
    counts = Counts.zero(n)
    for seats in seatings:
        counts.add_round(seats)
    pairs = zip(counts.partners, counts.opponents, strict=True)
    return max(counts.partners), max(counts.opponents), max(p + o for p, o in pairs)


def plan_byes(n: int, rounds: int, counts: Sequence[int], last: set[int]) -> list[list[int]]:
    """n mod 4 players sit out each round: fewest byes first, never twice running if avoidable."""
    per_round = n % 4
    totals = list(counts)
    previous = set(last)
    last_round = [-1] * n
    out: list[list[int]] = []
    for r in range(rounds):
        ranked = sorted(range(n), key=lambda p: (p in previous, totals[p], last_round[p], p))
        chosen = sorted(ranked[:per_round])
        for p in chosen:
            totals[p] += 1
            last_round[p] = r
        previous = set(chosen)
        out.append(chosen)
    return out


def _history_counts(
    history: History, index_names: Sequence[str]
) -> tuple[Counts, list[int], set[int]]:
    """History in index terms; players no longer in the event are dropped."""
    n = len(index_names)
    where = {name: i for i, name in enumerate(index_names)}
    base = Counts.zero(n)
    for a, b in history.partners:
        if a in where and b in where:
            base.partners[base.key(where[a], where[b])] += 1
    for (a, b), count in history.opponents.items():
        if a in where and b in where:
            base.opponents[base.key(where[a], where[b])] += count
    byes = [history.bye_count(name) for name in index_names]
    last = {where[name] for name in history.last_byes if name in where}
    return base, byes, last


def _random_seating(n: int, byes: Sequence[Sequence[int]], rng: random.Random) -> list[list[int]]:
    seatings = []
    for out in byes:
        sitting_out = set(out)
        seats = [p for p in range(n) if p not in sitting_out]
        rng.shuffle(seats)
        seatings.append(seats)
    return seatings


def _rainbow(n: int, rounds: int, byes: Sequence[Sequence[int]] | None) -> Plan | None:
    """Players of direction d at table i + s_d * t_r: tables never repeat while the s_d differ.

    Over GF(q) (q = n // 4 a prime power) no two players share a table twice;
    over Z_q the s_d are picked so that every difference s_d - s_e has additive
    order at least the number of rounds when possible. The n mod 4 players
    beyond 4q stand in for whoever sits out. With `byes` None the sitters-out
    are chosen too: extra j takes the seat of direction j's player at position
    c * t_r, which keeps every table meeting of the extras distinct as well.
    """
    q = n // 4
    extras = n - 4 * q
    if q < 4:
        return None
    times = list(range(rounds))
    gf = whist.field(q)
    if gf is not None and q >= rounds:
        steps = [gf.exp[0], gf.exp[1 % (q - 1)], gf.exp[2 % (q - 1)], 0]
        add, sub, mul = gf.add, gf.sub, gf.mul

        def order(x: int) -> int:
            return q if x else 1

    else:
        steps = _cyclic_steps(q, rounds)

        def add(a: int, b: int) -> int:
            return (a + b) % q

        def sub(a: int, b: int) -> int:
            return (a - b) % q

        def mul(a: int, b: int) -> int:
            return a * b % q

        def order(x: int) -> int:
            return q // math.gcd(q, x)

    times = [t % q for t in times]
    if byes is None:
        # c + s_d - s_j of large order keeps extra j's tablemates apart from round to round.
        c = max(
            range(1, q),
            key=lambda c: (
                min(
                    order(add(c, sub(steps[d], steps[j])))
                    for j in range(extras)
                    for d in range(4)
                    if d != j
                )
                if extras
                else 0
            ),
        )
        byes = [[mul(c, t) + j * q for j in range(extras)] for t in times]
        flat = [p for out in byes for p in out]
        if len(set(flat)) != len(flat):
            return None
    seatings = []
    for t, out in zip(times, byes, strict=True):
        sitting_out = set(out)
        slot_player = list(range(4 * q))
        standing_in = [p for p in range(4 * q, n) if p not in sitting_out]
        for slot, p in enumerate(slot_player):
            if p in sitting_out:
                slot_player[slot] = standing_in.pop(0)
        seats = []
        for table in range(q):
            for d in range(4):
                seats.append(slot_player[d * q + add(table, mul(steps[d], t))])
        seatings.append(seats)
    return seatings, [list(b) for b in byes]


def _cyclic_steps(q: int, rounds: int) -> list[int]:
    """Four steps in Z_q whose pairwise differences have the largest least additive order."""
    limit = min(q, 24)
    best, best_score = [0, 1, 2, 3], -1
    for a in range(1, limit):
        for b in range(a + 1, limit):
            for c in range(b + 1, limit):
                values = (0, a, b, c)
                score = min(
                    q // math.gcd(q, y - x) for i, x in enumerate(values) for y in values[i + 1 :]
                )
                if score > best_score:
                    best, best_score = list(values), score
                if best_score >= min(q, rounds):
                    return best
    return best


# --- output ---------------------------------------------------------------------


def _to_rounds(
    names: Sequence[str], seatings: Sequence[Sequence[int]], byes: Sequence[Sequence[int]]
) -> tuple[Round, ...]:
    out = []
    for number, (seats, sitting_out) in enumerate(zip(seatings, byes, strict=True), start=1):
        seated = [names[p] for p in seats]
        tables = tuple(
            Table(number=t // 4 + 1, sides=(tuple(seated[t : t + 2]), tuple(seated[t + 2 : t + 4])))
            for t in range(0, len(seats), 4)
        )
        out.append(Round(number=number, tables=tables, byes=tuple(names[p] for p in sitting_out)))
    return tuple(out)
