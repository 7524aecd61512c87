"""A given number of progressive rounds: the cheapest of a whist prefix, a rainbow
movement and a random seating, polished by the local search."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...designs import whist
from ..local_search import PARTNER_WEIGHT, Counts, improve, seating_cost
from .complete_schedules import (
    Plan,
    complete,
    complete_length,
    from_whist,
    is_exact_complete,
    no_back_to_back,
)


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
        candidates.append(from_whist(whist.design(n)[:rounds]))
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


def from_complete(n: int, rounds: int, rng: random.Random) -> Plan | None:
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


def judge(n: int, candidate: Plan) -> tuple:
    """Smaller is better: a bye twice running, then the most meetings of any one
    pair (what the targets and players count; the cost's sum can hide a third
    meeting), then the search's cost."""
    seatings, byes = candidate
    cost = seating_cost(seatings, Counts.zero(n))
    return (not no_back_to_back(byes), _most_meetings(n, seatings), cost)


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
        if max(counts) - min(counts) > 1 or not no_back_to_back(out):
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
