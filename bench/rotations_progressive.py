"""Time and judge progressive rotations; prints one line per case.

    .venv/bin/python bench/rotations_progressive.py            # the standard cases
    .venv/bin/python bench/rotations_progressive.py --complete  # every complete schedule n <= 200

Columns: players, rounds ("all" = complete schedule), seconds in all (drawing the
rounds, then seating: North/South balance and table numbers, as make_rotation
does), the seating's share, max partner, max opponent and max same-table
meetings, byes min/max, longest bye run, largest seat imbalance.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.rotations import seating  # noqa: E402
from tournaments.rotations.history import History  # noqa: E402
from tournaments.rotations.planners import progressive  # noqa: E402
from tournaments.rotations.quality import report  # noqa: E402
from tournaments.rotations.schedule import Round, Schedule  # noqa: E402

STANDARD_FIXED = [9, 12, 13, 16, 20, 24, 28, 32, 33, 40, 48, 64, 100, 200, 1000]
STANDARD_COMPLETE = [8, 12, 13, 16, 20, 24, 28, 40, 64, 100, 101, 150, 196, 197, 198, 199, 200]


def names(n: int) -> list[str]:
    return [f"P{i:04d}" for i in range(n)]


def line(
    label: str, players: list[str], rounds: tuple[Round, ...], seconds: float, seated: float = 0.0
) -> None:
    q = report(Schedule("progressive", tuple(players), rounds))
    print(
        f"{label:<28} {seconds:7.3f}s (seating {seated:5.3f}s)  partner {q.max_partner_meetings}  "
        f"opponent {q.max_opponent_meetings}  table {q.max_table_meetings}  "
        f"byes {q.byes_min}-{q.byes_max}  bye-run {q.longest_bye_run}  "
        f"seat {q.max_seat_imbalance}",
        flush=True,
    )


def timed(
    players: list[str], rounds: int | None, **kwargs
) -> tuple[tuple[Round, ...], float, float]:
    """The seated rounds, the seconds in all, and the seconds spent seating."""
    start = time.perf_counter()
    drawn = progressive.generate(players, rounds, **kwargs)
    drawn_at = time.perf_counter()
    result = seating.arrange(drawn)
    end = time.perf_counter()
    return result, end - start, end - drawn_at


def bench_fixed(sizes: list[int], rounds: int) -> None:
    for n in sizes:
        players = names(n)
        result, seconds, seated = timed(players, rounds)
        line(f"n={n} rounds={rounds}", players, result, seconds, seated)


def bench_complete(sizes: list[int]) -> None:
    for n in sizes:
        players = names(n)
        result, seconds, seated = timed(players, None)
        exact = "whist" if progressive.is_exact_complete(n) else "fallback"
        line(f"n={n} rounds=all({len(result)}) {exact}", players, result, seconds, seated)


def bench_replan(n: int = 100, played: int = 3, more: int = 5) -> None:
    players = names(n)
    first = progressive.generate(players, played)
    remaining = players[1:]
    start = time.perf_counter()
    history = History.from_rounds(first)
    rest = progressive.generate(remaining, more, seed=1, history=history)
    drawn = tuple(Round(number=played + r.number, tables=r.tables, byes=r.byes) for r in rest)
    seating_start = time.perf_counter()
    # Seated on top of the rounds played, as tournaments.rotations.replan does.
    seated = seating.arrange(drawn, played=first)
    end = time.perf_counter()
    line(
        f"replan n={n}-1 {played}+{more}",
        remaining,
        first + seated,
        end - start,
        end - seating_start,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--complete", action="store_true", help="every complete n <= 200")
    args = parser.parse_args()
    if args.complete:
        bench_complete(list(range(4, 201)))
        return
    bench_fixed(STANDARD_FIXED, 8)
    bench_complete(STANDARD_COMPLETE)
    bench_replan()


if __name__ == "__main__":
    main()
