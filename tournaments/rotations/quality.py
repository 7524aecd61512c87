"""Figures that say how fair a seating rotation is.

Everything here is counted from the schedule itself, so any generator (or a
hand-edited schedule) can be judged the same way, and tests and the bench
compare generators on one scale.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from itertools import combinations

from .schedule import Schedule, pair

Pair = tuple[str, str]


@dataclass(frozen=True)
class QualityReport:
    """Fairness figures of one schedule.

    partner_repeats: partner meetings beyond the first, summed over all pairs.
    opponent_histogram: meetings across a table -> number of player pairs,
        including 0 for pairs that never faced each other (no 0 key when every
        pair met).
    max_table_meetings: how often the two players who share a table most do so,
        partners and opponents alike.
    seat_balance: per player, rounds played in each seat (side index at the table:
        0 = North/South, 1 = East/West at a table of 4); max_seat_imbalance is the
        largest gap between a player's most and least used seat.
    table_moves: times a player changes table number between one round they play
        and the next round they play (a bye in between is skipped, not a move).
    """

    rounds: int
    players: int
    partner_repeats: int
    max_partner_meetings: int
    opponent_histogram: dict[int, int]
    max_opponent_meetings: int
    max_table_meetings: int
    byes_per_player: dict[str, int]
    byes_min: int
    byes_max: int
    longest_bye_run: int
    seat_balance: dict[str, tuple[int, ...]]
    max_seat_imbalance: int
    table_moves: int

    def as_dict(self) -> dict:
        """Plain JSON-safe data: dict keys become strings, tuples lists."""
        data = asdict(self)
        data["opponent_histogram"] = {str(k): v for k, v in self.opponent_histogram.items()}
        data["seat_balance"] = {p: list(c) for p, c in self.seat_balance.items()}
        return data


def report(schedule: Schedule) -> QualityReport:
    players = schedule.players
    partners: Counter[Pair] = Counter()
    opponents: Counter[Pair] = Counter()
    same_table: Counter[Pair] = Counter()
    byes = dict.fromkeys(players, 0)
    bye_run = dict.fromkeys(players, 0)
    longest_bye_run = 0
    seats_per_table = max((len(t.sides) for r in schedule.rounds for t in r.tables), default=2)
    seat_counts = {p: [0] * seats_per_table for p in players}
    last_table: dict[str, int] = {}
    table_moves = 0

    for rnd in schedule.rounds:
        for table in rnd.tables:
            for seat, side in enumerate(table.sides):
                for p in side:
                    seat_counts.setdefault(p, [0] * seats_per_table)[seat] += 1
                    if p in last_table and last_table[p] != table.number:
                        table_moves += 1
                    last_table[p] = table.number
                    bye_run[p] = 0
                for a, b in combinations(side, 2):
                    partners[pair(a, b)] += 1
            for side_a, side_b in combinations(table.sides, 2):
                for a in side_a:
                    for b in side_b:
                        opponents[pair(a, b)] += 1
            for a, b in combinations(table.players, 2):
                same_table[pair(a, b)] += 1
        for p in rnd.byes:
            byes[p] = byes.get(p, 0) + 1
            bye_run[p] = bye_run.get(p, 0) + 1
            longest_bye_run = max(longest_bye_run, bye_run[p])

    all_pairs = len(players) * (len(players) - 1) // 2
    histogram = Counter(opponents.values())
    never_met = all_pairs - sum(1 for p in opponents if p[0] in byes and p[1] in byes)
    if never_met:
        histogram[0] = never_met
    imbalance = max((max(c) - min(c) for c in seat_counts.values()), default=0)

    return QualityReport(
        rounds=len(schedule.rounds),
        players=len(players),
        partner_repeats=sum(c - 1 for c in partners.values()),
        max_partner_meetings=max(partners.values(), default=0),
        opponent_histogram=dict(sorted(histogram.items())),
        max_opponent_meetings=max(opponents.values(), default=0),
        max_table_meetings=max(same_table.values(), default=0),
        byes_per_player=byes,
        byes_min=min(byes.values(), default=0),
        byes_max=max(byes.values(), default=0),
        longest_bye_run=longest_bye_run,
        seat_balance={p: tuple(c) for p, c in seat_counts.items()},
        max_seat_imbalance=imbalance,
        table_moves=table_moves,
    )
