"""Mending the rest of a night against planning it afresh, over random changes.

    nice -n 19 .venv/bin/python bench/replan.py [--scenarios 60] [--seed 0]

Each scenario draws a progressive event (n = 8..60 players, 8 rounds), then before
a round from 2 to 6 someone withdraws, someone arrives late, or both. The rest is
planned twice: `repair` (fewest changes) and `replan` (best balance). Per kind of
change it prints, for each, the median and worst count of players whose seat
(table and side, or bye) changes in some remaining round, that median as a share
of the remaining players, the median share of (player, round) seats that change,
the median and worst
scorecards to reprint (the seat, the table-mates or a bye changed), and the worst
of each quality figure over the whole night: partner repeats, most opponent
meetings, bye spread. Figures go to stdout; nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.rotations import (  # noqa: E402
    Round,
    Schedule,
    generate,
    measures,
    repair,
    replan,
)

ROUNDS = 8
KINDS = ("withdraw", "arrive", "both")


def _seats(rnd: Round) -> dict[str, tuple[int, int]]:
    seats = {p: (0, 0) for p in rnd.byes}
    for table in rnd.tables:
        for side, members in enumerate(table.sides):
            for p in members:
                seats[p] = (table.number, side)
    return seats


def _lineups(rnd: Round) -> dict[str, frozenset]:
    lineup = {p: frozenset() for p in rnd.byes}
    for table in rnd.tables:
        for p in table.players:
            lineup[p] = frozenset((table.number, table.sides))
    return lineup


def changed(before: Sequence[Round], after: Sequence[Round], field: Sequence[str]):
    """(players whose seat moves, players whose scorecard must be reprinted, the share
    of (player, round) seats that move)."""
    moved: set[str] = set()
    reprint: set[str] = set()
    seat_rounds = 0
    for a, b in zip(before, after, strict=True):
        seats_a, seats_b = _seats(a), _seats(b)
        lines_a, lines_b = _lineups(a), _lineups(b)
        for p in field:
            if seats_a.get(p) != seats_b.get(p):
                moved.add(p)
                seat_rounds += 1
            if seats_a.get(p) != seats_b.get(p) or lines_a.get(p) != lines_b.get(p):
                reprint.add(p)
    return len(moved), len(reprint), seat_rounds / (len(field) * len(before))


def scenario(rng: random.Random, kind: str):
    n = rng.randint(8, 60)
    players = [f"P{i}" for i in range(n)]
    first = rng.randint(2, 6)
    seed = rng.randrange(10_000)
    planned = generate("progressive", players, ROUNDS, seed=seed)
    field = list(players)
    if kind in ("withdraw", "both"):
        field.remove(rng.choice(field))
    if kind in ("arrive", "both"):
        field.append("Late")
    played = Schedule(
        format="progressive", players=planned.players, rounds=planned.rounds[: first - 1]
    )
    fewest = repair(planned, field, first_round=first, seed=seed)
    balance = replan(played, field, ROUNDS, seed=seed)
    before = planned.rounds[first - 1 :]
    stayed = [p for p in field if p in players]
    return {
        "remaining": len(field),
        "fewest": (*changed(before, fewest.rounds[first - 1 :], stayed), measures(fewest, field)),
        "balance": (
            *changed(before, balance.rounds[first - 1 :], stayed),
            measures(balance, field),
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=60, help="per kind of change")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    print(
        f"{'change':<10}{'plan':<9}{'moved med':>10}{'worst':>6}{'share':>7}{'seats':>7}"
        f"{'reprint med':>12}{'worst':>6}{'partner+':>9}{'opp':>5}{'byes':>5}"
    )
    for kind in KINDS:
        runs = [scenario(rng, kind) for _ in range(options.scenarios)]
        for plan in ("fewest", "balance"):
            moved = [r[plan][0] for r in runs]
            share = statistics.median(r[plan][0] / r["remaining"] for r in runs)
            seat_share = statistics.median(r[plan][2] for r in runs)
            reprint = [r[plan][1] for r in runs]
            quality = [r[plan][3] for r in runs]
            print(
                f"{kind:<10}{plan:<9}{statistics.median(moved):>10}{max(moved):>6}"
                f"{share:>7.0%}{seat_share:>7.0%}{statistics.median(reprint):>12}{max(reprint):>6}"
                f"{max(q.partner_repeats for q in quality):>9}"
                f"{max(q.max_opponent_meetings for q in quality):>5}"
                f"{max(q.bye_spread for q in quality):>5}"
            )
        worse = sum(
            1
            for r in runs
            if r["fewest"][3].partner_repeats > r["balance"][3].partner_repeats
            or r["fewest"][3].max_opponent_meetings > r["balance"][3].max_opponent_meetings + 1
            or r["fewest"][3].bye_spread > r["balance"][3].bye_spread + 1
        )
        print(f"{kind:<10}fewest more than one worse than balance on some figure: {worse}")


if __name__ == "__main__":
    main()
