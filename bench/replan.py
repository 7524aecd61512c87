"""Mending the rest of a night against planning it afresh, over random changes.

    nice -n 19 .venv/bin/python bench/replan.py [--scenarios 180] [--seed 0] [--jobs N]

Each scenario draws a progressive event (n = 8..60 players, 8 rounds), then before
a round from 2 to 6 someone withdraws, someone arrives late, or both. The rest is
planned twice: `repair` (fewest changes) and `replan` (best balance). Per kind of
change it prints, for each, the median and worst count of players who sit
somewhere else (another table or seat letter, or a bye instead of a seat or the
reverse) in some remaining round, that median as a share of the remaining players,
the median share of (player, round) seats that change, the median and worst count
of scorecards that list a changed partner or opponent (both as rotations.moves
counts them for the preview, the applied message and the API), the worst of each
quality figure over the whole night (partner repeats, most opponent meetings, bye
spread) and the median and worst seconds a plan takes, drawn cold (a preview of
both pays the re-plan once: repair reuses it).

For withdrawals it also prints the floor: the fewest players any plan can move
while nobody sits out twice before everyone has sat out once. Whoever had a bye
must take the leaver's seat in each round the leaver was to play (one player a
round); when the field drops to 4k - 1 a table breaks up instead, and its three
others sit out (three a round). How many scenarios sit above a quarter even at the
floor says how much of the median the field sizes alone decide. The median of 60
scenarios moves by several points from one seed to the next, so the default is
180 a kind, spread over the cores. Figures go to stdout; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
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
    seat_moves,
)
from tournaments.rotations.replan import _cached_draw  # noqa: E402

ROUNDS = 8
KINDS = ("withdraw", "arrive", "both")


def changed(before: Sequence[Round], after: Sequence[Round], field: Sequence[str]):
    """(players who sit somewhere else, scorecards listing a changed partner or
    opponent, the share of (player, round) seats that move), as rotations.moves
    defines them for the preview, the applied message and the API."""
    moves = seat_moves(before, after)
    seat_rounds = sum(len(moved) for moved in moves.moved_by_round.values())
    return (
        len(moves.sit_elsewhere),
        len(moves.new_table_mates),
        seat_rounds / (len(field) * len(before)),
    )


def draw(rng: random.Random, kind: str) -> tuple[int, int, int, int | None, bool]:
    """(players, first round to re-plan, rotation seed, who withdraws, a late arrival)."""
    n = rng.randint(8, 60)
    first = rng.randint(2, 6)
    seed = rng.randrange(10_000)
    leaver = rng.randrange(n) if kind in ("withdraw", "both") else None
    return n, first, seed, leaver, kind in ("arrive", "both")


def floor(planned: Schedule, leaver: str, first: int) -> int:
    """The fewest players any plan moves when `leaver` goes (see the module's notes)."""
    per_round = 3 if len(planned.players) % 4 == 0 else 1
    return per_round * sum(1 for r in planned.rounds[first - 1 :] if leaver not in r.byes)


def timed(call):
    # Each plan's own cost: without this, best balance would reuse the re-plan that
    # fewest changes drew for its fairness check and look free.
    _cached_draw.cache_clear()
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


def scenario(params: tuple[int, int, int, int | None, bool]) -> dict:
    n, first, seed, leaver, arrives = params
    players = [f"P{i}" for i in range(n)]
    planned = generate("progressive", players, ROUNDS, seed=seed)
    field = list(players)
    if leaver is not None:
        field.remove(players[leaver])
    if arrives:
        field.append("Late")
    played = Schedule(
        format="progressive", players=planned.players, rounds=planned.rounds[: first - 1]
    )
    fewest, fewest_s = timed(lambda: repair(planned, field, first_round=first, seed=seed))
    balance, balance_s = timed(lambda: replan(played, field, ROUNDS, seed=seed))
    before = planned.rounds[first - 1 :]
    stayed = [p for p in field if p in players]
    return {
        "remaining": len(field),
        "floor": None if leaver is None else floor(planned, players[leaver], first),
        "fewest": (
            *changed(before, fewest.rounds[first - 1 :], stayed),
            measures(fewest, field),
            fewest_s,
        ),
        "balance": (
            *changed(before, balance.rounds[first - 1 :], stayed),
            measures(balance, field),
            balance_s,
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=180, help="per kind of change")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    drawn = {kind: [draw(rng, kind) for _ in range(options.scenarios)] for kind in KINDS}
    with Pool(options.jobs) as pool:
        done = {kind: pool.map(scenario, drawn[kind], chunksize=2) for kind in KINDS}
    print(f"{options.scenarios} scenarios a kind, seed {options.seed}")
    print(
        f"{'change':<10}{'plan':<9}{'moved med':>10}{'worst':>6}{'share':>7}{'seats':>7}"
        f"{'new mates med':>14}{'worst':>6}{'partner+':>9}{'opp':>5}{'byes':>5}{'s med':>7}"
        f"{'worst':>7}"
    )
    for kind in KINDS:
        runs = done[kind]
        for plan in ("fewest", "balance"):
            moved = [r[plan][0] for r in runs]
            share = statistics.median(r[plan][0] / r["remaining"] for r in runs)
            seat_share = statistics.median(r[plan][2] for r in runs)
            reprint = [r[plan][1] for r in runs]
            quality = [r[plan][3] for r in runs]
            seconds = statistics.median(r[plan][4] for r in runs)
            slowest = max(r[plan][4] for r in runs)
            print(
                f"{kind:<10}{plan:<9}{statistics.median(moved):>10}{max(moved):>6}"
                f"{share:>7.0%}{seat_share:>7.0%}{statistics.median(reprint):>14}{max(reprint):>6}"
                f"{max(q.partner_repeats for q in quality):>9}"
                f"{max(q.max_opponent_meetings for q in quality):>5}"
                f"{max(q.bye_spread for q in quality):>5}{seconds:>7.2f}{slowest:>7.2f}"
            )
        worse = sum(
            1
            for r in runs
            if r["fewest"][3].partner_repeats > r["balance"][3].partner_repeats
            or r["fewest"][3].max_opponent_meetings > r["balance"][3].max_opponent_meetings + 1
            or r["fewest"][3].bye_spread > r["balance"][3].bye_spread + 1
        )
        print(f"{kind:<10}fewest more than one worse than balance on some figure: {worse}")
        if kind == "withdraw":
            floors = [r["floor"] / r["remaining"] for r in runs]
            shares = [r["fewest"][0] / r["remaining"] for r in runs]
            print(
                f"{kind:<10}floor: median share {statistics.median(floors):.1%}, "
                f"above a quarter {sum(f > 0.25 for f in floors)} of {len(runs)}; "
                f"fewest: median share {statistics.median(shares):.1%}, "
                f"above a quarter {sum(s > 0.25 for s in shares)}, "
                f"at the floor or below {sum(r['fewest'][0] <= r['floor'] for r in runs)}"
            )


if __name__ == "__main__":
    main()
