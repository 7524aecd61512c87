"""Time and fairness of the seating rotations, per format and field size.

    .venv/bin/python bench/rotations.py [--quick]

For each format and several player counts it draws the complete schedule (and a
longer one where that differs) and prints the time taken with the figures from
quality.report. It ends by re-planning the rest of a 100-player progressive
event: 3 rounds played, one player withdrawn, 5 rounds to plan (target < 1 s).
Figures go to stdout; nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.rotations import Schedule, generate, replan, report  # noqa: E402

SIZES = {
    "teams": (8, 16, 32, 64, 100, 200),
    "six-handed": (12, 24, 48, 96, 198),
    "cutthroat": (9, 13, 15, 17, 18, 21, 27, 33, 40, 49, 51, 57, 63, 64, 100, 140, 182, 200, 201),
    "heads-up": (8, 17, 32, 64, 100),
    "progressive": (8, 12, 16, 24, 32, 40, 64, 100),
}
QUICK_LIMIT = 64


def players(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def timed(call):
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


def line(format: str, n: int, rounds: str, seconds: float, schedule: Schedule) -> str:
    q = report(schedule)
    return (
        f"{format:<12}{n:>5}{rounds:>9}{len(schedule.rounds):>7}{seconds * 1000:>9.1f}"
        f"{q.partner_repeats:>9}{q.max_opponent_meetings:>6}{q.max_table_meetings:>6}"
        f"{q.byes_min:>5}-{q.byes_max:<3}{q.longest_bye_run:>4}{q.max_seat_imbalance:>5}"
        f"{q.table_moves:>7}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"only fields up to {QUICK_LIMIT}")
    options = parser.parse_args()
    print(
        f"{'format':<12}{'n':>5}{'asked':>9}{'rounds':>7}{'ms':>9}{'partner+':>9}"
        f"{'opp':>6}{'tab':>6}{'byes':>9}{'run':>4}{'seat':>5}{'moves':>7}"
    )
    print("(partner+ = partner repeats, opp/tab = most meetings of a pair across a table /")
    print(" at a table, byes = min-max per player, run = longest bye run, seat = seat imbalance)")
    for format, sizes in SIZES.items():
        for n in sizes:
            if options.quick and n > QUICK_LIMIT:
                continue
            try:
                schedule, seconds = timed(lambda f=format, n=n: generate(f, players(n)))
            except ImportError as missing:
                print(f"{format:<12} not available: {missing}")
                break
            print(line(format, n, "complete", seconds, schedule))
            longer = 2 * len(schedule.rounds) + 1 if format != "progressive" else 12
            if format == "progressive" or n <= 64:
                schedule, seconds = timed(
                    lambda f=format, n=n, r=longer: generate(f, players(n), r)
                )
                print(line(format, n, str(longer), seconds, schedule))
    try:
        event, _ = timed(lambda: generate("progressive", players(100), 8))
    except ImportError as missing:
        print(f"progressive re-plan not available: {missing}")
        return
    played = Schedule(event.format, event.players, event.rounds[:3])
    field = [p for p in players(100) if p != "P37"]
    result, seconds = timed(lambda: replan(played, field, 8))
    print()
    print("re-plan: progressive, 100 players, 3 played, P37 withdrawn, 5 rounds to plan")
    print(line("progressive", 99, "3+5", seconds, result))
    print(f"re-plan time: {seconds:.3f} s (target < 1 s)")


if __name__ == "__main__":
    main()
