"""How long the round-totals and final-score checks take, worst case per rule set.

    .venv/bin/python bench/totals_check.py [--samples N] [--seed S]

For every variant and every set of the options it plays (rule sets whose hands can
score the same points are timed once and listed together), and for every number of
hands a round may have (1 to the engine's MAX_HANDS_PER_ROUND), it times
check_round_totals on adversarial totals: those that stalled the old search
([100,100], [198,198], 300 each in three-handed over 99 hands), the most each seat
could score and one more, one point off a possible total (so the check has to rule
it out), and random totals up to the most. Each figure is the best of three runs
(the machine is shared), and the slowest input is printed with its verdict. "cold"
is the first check of a rule set in a process, which first lists the outcomes of a
hand. Figures go to stdout; nothing is asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.engine import VARIANTS, EngineError, check_final_score, check_round_totals  # noqa: E402
from scoring.engine import rule_set as make_rule_set  # noqa: E402
from scoring.engine.rules import PARTNERS  # noqa: E402
from scoring.engine.totals import (  # noqa: E402
    MAX_HANDS_PER_ROUND,
    _unfinished_states,
    hand_outcomes,
    largest_hand_score,
    most_points,
    round_totals_method,
    scoring_ways,
)

SWITCHES = ("stick_the_dealer", "super_euchre", "dealer_partner_alone", "no_loner_after_pass")


def rule_sets():
    for name, spec in VARIANTS.items():
        switches = [s for s in SWITCHES if s in spec.options]
        defender = (
            ["allowed", "never", "vs_lone_maker"] if "defender_alone" in spec.options else [None]
        )
        for values in product([False, True], repeat=len(switches)):
            for alone in defender:
                options = {s: True for s, v in zip(switches, values, strict=True) if v}
                if alone not in (None, "allowed"):
                    options["defender_alone"] = alone
                yield name, options, make_rule_set(name, options)


def seat_totals(rules, sides):
    """Per-seat totals from one number per side (partners alike)."""
    if rules.seating == PARTNERS:
        return [sides[seat % 2] for seat in rules.seats]
    return list(sides)


def adversarial(rules, hands, rng, samples):
    per_seat, _ = most_points(rules, hands)
    width = 2 if rules.seating == PARTNERS else rules.players
    most = per_seat[:width]
    yield [100] * width
    yield [198] * width
    yield [300] * width
    yield list(most)
    yield [m + 1 for m in most]
    yield [m // 2 for m in most]
    yield [m // 2 + 1 for m in most]
    yield [max(0, m // 3 - 1) for m in most]
    # The input that makes the cutthroat check try the most splits (found by counting).
    yield [hands * 16 // 99, hands * 16 // 99, hands * 280 // 99][:width] + [0] * (width - 3)
    for _ in range(samples):
        yield [rng.randint(0, m) for m in most]


def timed(check, *args):
    best, verdict = float("inf"), None
    for _ in range(3):
        start = time.perf_counter()
        try:
            check(*args)
            verdict = "possible"
        except EngineError as error:
            verdict = error.code
        best = min(best, time.perf_counter() - start)
    return best, verdict


def cold_start(rules):
    for cached in (hand_outcomes, scoring_ways, _unfinished_states):
        cached.cache_clear()
    start = time.perf_counter()
    with contextlib.suppress(EngineError):
        check_round_totals(rules, [0] * rules.players, 8)
    return time.perf_counter() - start


def final_scores(rules):
    top = rules.target + largest_hand_score(rules)
    width = 2 if rules.seating == PARTNERS else rules.players
    for sides in product(range(top + 1), repeat=width):
        yield seat_totals(rules, sides)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40, help="random totals per hand count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    groups: dict[tuple, list] = {}
    for name, options, rules in rule_sets():
        groups.setdefault((name, hand_outcomes(rules)), []).append((options, rules))
    print(f"hands per round 1..{MAX_HANDS_PER_ROUND}; best of 3 runs per input")
    print(
        f"{'variant':15} {'check':9} {'option sets':>11} {'inputs':>7} {'worst ms':>9} "
        f"{'cold ms':>8} {'final ms':>9}  slowest input"
    )
    overall = 0.0
    for (name, _), members in groups.items():
        rng = random.Random(args.seed)
        rules = members[0][1]
        cold = cold_start(rules)
        worst, worst_input, inputs = 0.0, None, 0
        for hands in range(1, MAX_HANDS_PER_ROUND + 1):
            for sides in adversarial(rules, hands, rng, args.samples):
                totals = seat_totals(rules, sides)
                seconds, verdict = timed(check_round_totals, rules, totals, hands)
                inputs += 1
                if seconds > worst:
                    worst, worst_input = seconds, (hands, sides, verdict)
        final_worst = max(timed(check_final_score, rules, s)[0] for s in final_scores(rules))
        overall = max(overall, worst)
        hands, sides, verdict = worst_input
        print(
            f"{name:15} {round_totals_method(rules):9} {len(members):>11} {inputs:>7} "
            f"{worst * 1000:>9.2f} {cold * 1000:>8.1f} {final_worst * 1000:>9.3f}  "
            f"{hands} hands {'-'.join(map(str, sides))}: {verdict}"
        )
        shown = ["+".join(f"{k}={v}" for k, v in o.items()) or "no options" for o, _ in members]
        print(f"{'':15}   {'; '.join(shown)}")
    print(f"slowest round-totals check over every rule set: {overall * 1000:.2f} ms")


if __name__ == "__main__":
    main()
