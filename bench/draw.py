"""Formats drawn round by round: time the next round, and count repeated partners.
Prints figures, never asserts.

    .venv/bin/python bench/draw.py              # 300 seeded nights a case
    .venv/bin/python bench/draw.py --runs 50    # quicker

First the next round for 200 and 400 players after three rounds played (the facade
rotations.next_round, seating included), best of 3. Then, for 16 x 8, 24 x 8,
32 x 10 and 48 x 12 (players x rounds), the share of players who partnered someone
twice or more in the night, the mean over `--runs` nights with seeded random results
(each table's winner a coin toss, a tie now and then settled by the deciding hand),
for each `split` of dynamic-progressive (the default movement) and for
ranked-progressive (ranked by the night's points so far).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.rotations import (  # noqa: E402
    PlayedRound,
    PlayedTable,
    Results,
    Round,
    next_round,
)
from tournaments.rotations.formats import enable_trial_formats  # noqa: E402
from tournaments.rotations.planners import ranked, winners_move_up  # noqa: E402

NIGHTS = [(16, 8), (24, 8), (32, 10), (48, 12)]


def names(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(n)]


def play(drawn: Round, dice: random.Random, points: Counter) -> PlayedRound:
    tables = []
    for t in drawn.tables:
        a, b = dice.choice(((10, 4), (4, 10), (8, 6), (6, 8), (7, 7)))
        decided = dice.randrange(2) if a == b else None
        for side, scored in zip(t.sides, (a, b), strict=True):
            for p in side:
                points[p] += scored
        tables.append(PlayedTable(t.number, t.sides, (a, b), decided))
    return PlayedRound(drawn.number, tuple(tables), drawn.byes)


def ranking(players: list[str], points: Counter) -> list[str]:
    return sorted(players, key=lambda p: (-points[p], players.index(p)))


def night(fmt: str, n: int, rounds: int, seed: int, settings: dict, *, facade: bool) -> Results:
    players = names(n)
    results = Results(tuple(players))
    dice = random.Random(seed)
    points: Counter = Counter()
    planner = ranked.next_round if fmt == "ranked-progressive" else winners_move_up.next_round
    for number in range(rounds):
        args = dict(seed=seed * 100 + number, settings=settings, ranking=ranking(players, points))
        if facade:
            drawn = next_round(fmt, players, results, **args)  # type: ignore[arg-type]
        else:
            drawn = planner(players, results, **args)  # type: ignore[arg-type]
        results = Results(results.players, (*results.rounds, play(drawn, dice, points)))
    return results


def repeated_share(results: Results) -> float:
    together: Counter = Counter()
    for played in results.rounds:
        for t in played.tables:
            for a, b in t.sides:
                together[frozenset((a, b))] += 1
    repeated = {p for pair, times in together.items() if times > 1 for p in pair}
    return len(repeated) / len(results.players)


CASES = [
    ("dynamic-progressive", {"split": "fewest-repeats"}, "dynamic split=fewest-repeats"),
    ("dynamic-progressive", {"split": "colour"}, "dynamic split=colour"),
    ("dynamic-progressive", {"split": "random"}, "dynamic split=random"),
    ("ranked-progressive", {}, "ranked window=7"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    runs = parser.parse_args().runs
    enable_trial_formats(["dynamic-progressive", "ranked-progressive"])
    print("next round after 3 rounds played (facade: draw, then seats evened out), best of 3:")
    for fmt, settings, label in (CASES[0], CASES[3]):
        for n in (200, 400):
            history = night(fmt, n, 3, 1, settings, facade=False)
            planner = (
                ranked.next_round if fmt == "ranked-progressive" else winners_move_up.next_round
            )
            whole, drawing = float("inf"), float("inf")
            for _ in range(3):
                start = time.perf_counter()
                next_round(fmt, names(n), history, seed=9, settings=settings, ranking=names(n))
                whole = min(whole, time.perf_counter() - start)
                start = time.perf_counter()
                planner(names(n), history, seed=9, settings=settings, ranking=names(n))
                drawing = min(drawing, time.perf_counter() - start)
            print(f"  {label:<30} {n:4d} players  {whole:6.3f}s (the draw alone {drawing:6.3f}s)")
    print(f"players with a repeated partner, mean over {runs} seeded nights:")
    print(f"  {'':<30} " + "  ".join(f"{n:>2d} x {r:<2d}" for n, r in NIGHTS))
    for fmt, settings, label in CASES:
        shares = [
            sum(
                repeated_share(night(fmt, n, r, seed, settings, facade=False))
                for seed in range(runs)
            )
            / runs
            for n, r in NIGHTS
        ]
        print(f"  {label:<30} " + "  ".join(f"{100 * s:6.1f}%" for s in shares))


if __name__ == "__main__":
    main()
