"""Checks for tables that write down only scores: final game scores and round totals.

Both are exact. Every single-hand outcome the rule set allows is enumerated by
scoring every shape of hand through the same rules as `score_hand`; which totals a
round of N hands can give is then decided from those outcomes in bounded time:

- where each hand scores for one side of a fixed split of the seats (partners,
  two-handed), a side's total is a sum of its own hands' points, so the check is
  "which numbers of hands can give this side its total" per side, from a table of
  sums by number of hands;
- cutthroat (a maker scores alone, or both defenders score the same) has a closed
  form, derived below, over how many points the defenders took;
- any other shape falls back to the plain search over score states, which is exact
  but not bounded; a test keeps every variant and option set off that path.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from .errors import EngineError, gettext_noop, ngettext_lazy, shown
from .hands import TRICKS, Hand, check_hand, checked_points
from .rules import PARTNERS, RuleSet
from .sides import side_scores

Points = tuple[int, ...]

# The longest round of a fixed number of hands: every check below is exact and fast
# up to here, and the Django shell takes its hands-per-round limit from this.
MAX_HANDS_PER_ROUND = 99


@lru_cache(maxsize=64)
def hand_outcomes(rules: RuleSet) -> frozenset[Points]:
    """Every points-per-seat vector one valid (not passed) hand can produce.

    Every rule is told from the dealer's seat (the dealer's partner, who bids
    first), so the hands dealt by seat 0 give all outcomes up to turning the table;
    and whether a hand may be played does not depend on the tricks it took.
    """
    seats = list(rules.seats)
    alone_lists = [()] + [(s,) for s in seats] + list(combinations(seats, 2))
    outcomes: set[Points] = set()
    for maker in seats:
        for round_ in (1, 2):
            for alone in alone_lists:
                try:
                    check_hand(rules, Hand(0, maker, round_, "hearts", 0, alone))
                except EngineError:
                    continue
                for tricks in TRICKS:
                    points = checked_points(rules, Hand(0, maker, round_, "hearts", tricks, alone))
                    for turn in seats:
                        outcomes.add(points[-turn:] + points[:-turn])
    return frozenset(outcomes)


def largest_hand_score(rules: RuleSet) -> int:
    return max(max(points) for points in hand_outcomes(rules))


@lru_cache(maxsize=64)
def scoring_ways(rules: RuleSet) -> dict[frozenset[int], frozenset[int]]:
    """For each set of seats a hand can score for: the points each of them can get.

    Every outcome gives the same points to each seat it scores for (partners show
    their side's points; cutthroat defenders score alike), which the checks rely on.
    """
    ways: dict[frozenset[int], set[int]] = {}
    for points in hand_outcomes(rules):
        seats = frozenset(seat for seat, p in enumerate(points) if p)
        amounts = {p for p in points if p}
        if len(amounts) != 1:
            raise ValueError(f"{rules.variant}: a hand scores unequally for {points}")
        ways.setdefault(seats, set()).update(amounts)
    return {seats: frozenset(amounts) for seats, amounts in ways.items()}


def most_points(rules: RuleSet, hands: int) -> tuple[Points, int]:
    """The most each seat, and all seats together, can score in `hands` hands."""
    outcomes = hand_outcomes(rules)
    per_seat = tuple(hands * max(points[seat] for points in outcomes) for seat in rules.seats)
    return per_seat, hands * max(sum(points) for points in outcomes)


@lru_cache(maxsize=64)
def _unfinished_states(rules: RuleSet) -> frozenset[Points]:
    """Scores a game can stand at with nobody at the target yet (bounded by the target)."""
    start: Points = (0,) * rules.players
    seen = {start}
    frontier = [start]
    while frontier:
        state = frontier.pop()
        for points in hand_outcomes(rules):
            following = tuple(a + b for a, b in zip(state, points, strict=True))
            if max(following) < rules.target and following not in seen:
                seen.add(following)
                frontier.append(following)
    return frozenset(seen)


def check_final_score(rules: RuleSet, scores: Sequence[int]) -> tuple[int, ...]:
    """Raises EngineError unless `scores` (per seat) can end a game; returns the winners."""
    final = _read_scores(rules, scores, "scores")
    winners = tuple(seat for seat in rules.seats if final[seat] >= rules.target)
    if not winners:
        raise EngineError(
            "game_not_finished",
            gettext_noop("Nobody has reached %(target)s points, so the game is not over."),
            {"target": rules.target},
        )
    for points in hand_outcomes(rules):
        before = tuple(a - b for a, b in zip(final, points, strict=True))
        if before in _unfinished_states(rules):
            return winners
    raise EngineError(
        "impossible_final_score",
        gettext_noop("A game of %(variant)s to %(target)s cannot end %(scores)s."),
        {
            "variant": rules.label,
            "target": rules.target,
            "scores": _dashed(final),
            **_by_side(rules, final),
        },
    )


def check_round_totals(rules: RuleSet, totals: Sequence[int], hands: int) -> None:
    """Raises EngineError unless `totals` (per seat) can come from exactly `hands` hands.

    Progressive rounds are played by a number of hands, not to the target, so the
    target does not stop the count. A passed (thrown-in) hand is redealt and is not
    one of the `hands`, so every counted hand scores for one side.
    """
    wanted = _read_scores(rules, totals, "totals")
    if (
        isinstance(hands, bool)
        or not isinstance(hands, int)
        or not 0 <= hands <= MAX_HANDS_PER_ROUND
    ):
        raise EngineError(
            "bad_hands",
            gettext_noop(
                "The number of hands must be a whole number from 0 to %(most)s, not %(value)s."
            ),
            {"most": MAX_HANDS_PER_ROUND, "value": shown(hands)},
        )
    per_seat, together = most_points(rules, hands)
    if any(w > m for w, m in zip(wanted, per_seat, strict=True)):
        raise EngineError(
            "round_totals_too_high",
            ngettext_lazy(
                "%(hands)s hand of %(variant)s gives one side at most %(most)s "
                "points, so it cannot give totals %(totals)s.",
                "%(hands)s hands of %(variant)s give one side at most %(most)s "
                "points, so they cannot give totals %(totals)s.",
                "hands",
            ),
            {
                "hands": hands,
                "variant": rules.label,
                "most": max(per_seat),
                "totals": _dashed(wanted),
                **_by_side(rules, wanted),
            },
        )
    if rules.seating != PARTNERS and sum(wanted) > together:
        # Partners' totals repeat per seat, so only the one-side limit above applies.
        raise EngineError(
            "round_totals_too_high",
            ngettext_lazy(
                "%(hands)s hand of %(variant)s gives at most %(most)s points in "
                "all, so it cannot give totals %(totals)s.",
                "%(hands)s hands of %(variant)s give at most %(most)s points in "
                "all, so they cannot give totals %(totals)s.",
                "hands",
            ),
            {
                "hands": hands,
                "variant": rules.label,
                "most": together,
                "totals": _dashed(wanted),
                **_by_side(rules, wanted),
            },
        )
    if not round_totals_reachable(rules, wanted, hands):
        raise EngineError(
            "impossible_round_totals",
            ngettext_lazy(
                "%(hands)s hand of %(variant)s cannot give totals %(totals)s.",
                "%(hands)s hands of %(variant)s cannot give totals %(totals)s.",
                "hands",
            ),
            {
                "hands": hands,
                "variant": rules.label,
                "totals": _dashed(wanted),
                **_by_side(rules, wanted),
            },
        )


def round_totals_method(rules: RuleSet) -> str:
    """Which check decides round totals for `rules`: "sides", "cutthroat" or "search"."""
    ways = scoring_ways(rules)
    if _splits_seats(rules, ways):
        return "sides"
    if _cutthroat_points(rules, ways) is not None:
        return "cutthroat"
    return "search"


def round_totals_reachable(rules: RuleSet, totals: Points, hands: int) -> bool:
    """Whether exactly `hands` scored hands can leave the seats at `totals`."""
    ways = scoring_ways(rules)
    method = round_totals_method(rules)
    if method == "sides":
        return _sides_reachable(ways, totals, hands)
    if method == "cutthroat":
        sweeps = _cutthroat_points(rules, ways)
        return _cutthroat_reachable(totals, hands, sweeps=bool(sweeps))
    return search_round_totals(rules, totals, hands)


def search_round_totals(rules: RuleSet, totals: Points, hands: int) -> bool:
    """The plain search over score states hand by hand: exact, but its work grows with
    the totals; only shapes the bounded checks above do not cover come here."""
    outcomes = hand_outcomes(rules)
    states: set[Points] = {(0,) * rules.players}
    for _ in range(hands):
        following: set[Points] = set()
        for state in states:
            for points in outcomes:
                after = tuple(a + b for a, b in zip(state, points, strict=True))
                # Points never go down, so a state past the wanted totals is dropped.
                if all(a <= w for a, w in zip(after, totals, strict=True)):
                    following.add(after)
        states = following
        if not states:
            break
    return tuple(totals) in states


# ---------------------------------------------------------------- sides of fixed seats


def _splits_seats(rules: RuleSet, ways: dict[frozenset[int], frozenset[int]]) -> bool:
    """True when every hand scores for one side of a fixed split of the seats."""
    sides = list(ways)
    return sum(len(side) for side in sides) == rules.players and set().union(*sides) == set(
        rules.seats
    )


@lru_cache(maxsize=32)
def _sums_by_hands(amounts: frozenset[int]) -> tuple[int, ...]:
    """Entry k: a bit set whose bit s says k hands, each scoring one of `amounts`, can
    total s. Built once per set of amounts, up to the longest round."""
    sums = [1]
    for _ in range(MAX_HANDS_PER_ROUND):
        previous, following = sums[-1], 0
        for amount in amounts:
            following |= previous << amount
        sums.append(following)
    return tuple(sums)


def _hand_counts(amounts: frozenset[int], total: int, hands: int) -> int:
    """A bit set of the numbers of hands (at most `hands`) that can total `total`."""
    sums = _sums_by_hands(amounts)
    return sum(1 << k for k in range(hands + 1) if sums[k] >> total & 1)


def _sides_reachable(
    ways: dict[frozenset[int], frozenset[int]], totals: Points, hands: int
) -> bool:
    # Each side takes some of the hands; the counts per side must add up to `hands`.
    within = (1 << (hands + 1)) - 1
    counts = 1  # bit c: the sides so far can take exactly c hands
    for side, amounts in ways.items():
        side_counts = _hand_counts(amounts, totals[min(side)], hands)
        combined = 0
        for k in range(hands + 1):
            if side_counts >> k & 1:
                combined |= counts << k
        counts = combined & within
    return bool(counts >> hands & 1)


# ---------------------------------------------------------------- cutthroat


def _cutthroat_points(rules: RuleSet, ways: dict[frozenset[int], frozenset[int]]) -> bool | None:
    """Whether lone defenders' 4-point euchres exist, if the closed form below fits.

    It is derived for three players where a maker scores 1 (made) or 3 (march) alone
    and a euchre gives each defender 2, and 4 when a lone defender takes the hand.
    """
    seats = frozenset(rules.seats)
    if rules.players != 3 or len(ways) != 6:
        return None
    solo = {ways.get(frozenset({seat})) for seat in seats}
    euchre = {ways.get(seats - {seat}) for seat in seats}
    if solo != {frozenset({1, 3})} or euchre not in ({frozenset({2})}, {frozenset({2, 4})}):
        return None
    return euchre == {frozenset({2, 4})}


def _cutthroat_reachable(totals: Points, hands: int, *, sweeps: bool) -> bool:
    """Closed form for cutthroat totals; `sweeps`: a euchre can give each defender 4.

    Count euchre points in units of 2: w_i units went to the other two when seat i
    was euchred, W = w_0 + w_1 + w_2. Seat i then holds t_i = a_i + 2(W - w_i), where
    a_i is what i scored as maker, from r_i hands of 1 or 3: a_i in [r_i, 3 r_i] with
    a_i = r_i (mod 2). Seat i was euchred in q_i hands, q_i in [ceil(w_i / 2), w_i]
    with sweeps (each euchre is 1 or 2 units), q_i = w_i without. Summing,
    sum a_i = T - 4W, so the most hands for a given W is T - 3W whatever the split,
    and the fewest is g(w) = sum(least r_i) + sum(least q_i). Every count in between
    with the parity of T + W is reachable; with sweeps, one seat euchred for 2 units
    or more also gives the other parity. Each seat's share of g grows by the same 7
    (10 without sweeps) when its w_i grows by 6, so moving 6 units between seats
    leaves g alone: only w_0, w_1 within 6 of their least values need trying.
    """
    total = sum(totals)
    # g(w) >= sum a_i / 3 + sum q_i, with q_i >= w_i / 2 (w_i without sweeps), which
    # rules out every W below these.
    fewest_units = -(-(2 * total - 6 * hands) // 5) if sweeps else total - 3 * hands
    for units in range(max(0, fewest_units), (total - hands) // 3 + 1):
        # a_i >= 0 needs 2 (W - w_i) <= t_i.
        least = [max(0, units - t // 2) for t in totals]
        if sum(least) > units:
            break  # the least values grow faster than W from here on
        same_parity = (hands - total - units) % 2 == 0
        shares = [
            [
                _least_maker_hands(t - 2 * units + 2 * w) + (-(-w // 2) if sweeps else w)
                for w in range(low, low + 6)
            ]
            for t, low in zip(totals, least, strict=True)
        ]
        for i in range(6):
            w0 = least[0] + i
            for j in range(6):
                w1 = least[1] + j
                w2 = units - w0 - w1
                if w2 < least[2]:
                    break
                fewest = shares[0][i] + shares[1][j] + _share(totals[2], units, w2, sweeps)
                if fewest <= hands and (same_parity or (sweeps and max(w0, w1, w2) >= 2)):
                    return True
    return False


def _share(total: int, units: int, w: int, sweeps: bool) -> int:
    return _least_maker_hands(total - 2 * units + 2 * w) + (-(-w // 2) if sweeps else w)


def _least_maker_hands(points: int) -> int:
    """The fewest maker's hands of 1 or 3 points that total `points`."""
    hands = -(-points // 3)
    return hands + (hands - points) % 2


# ---------------------------------------------------------------- reading


def _read_scores(rules: RuleSet, scores: object, name: str) -> Points:
    if (
        not isinstance(scores, list | tuple)
        or len(scores) != rules.players
        or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores)
    ):
        raise EngineError(
            "bad_scores",
            ngettext_lazy(
                # Translators: %(name)s is the name of the field as sent, in English ("scores",
                # "totals"): keep it in its quotes, untranslated.
                "“%(name)s” must be %(players)s whole number of 0 or more, one per seat.",
                "“%(name)s” must be %(players)s whole numbers of 0 or more, one per seat.",
                "players",
            ),
            {"name": name, "players": rules.players},
        )
    if rules.seating == PARTNERS and any(
        score != scores[seat % 2] for seat, score in enumerate(scores)
    ):
        raise EngineError(
            "partners_differ",
            gettext_noop(
                # Translators: %(name)s is the name of the field as sent, in English ("scores",
                # "totals"): keep it in its quotes, untranslated.
                "Partners share their side's score, but in “%(name)s” (%(scores)s) partners differ."
            ),
            {"name": name, "scores": _dashed(tuple(scores))},
        )
    return tuple(scores)


def _dashed(scores: Points) -> str:
    return "-".join(map(str, scores))


def _by_side(rules: RuleSet, scores: Points) -> dict[str, object]:
    # Lets a layer that knows who sits where name each side with its points.
    return {"seat_scores": scores, "sides": rules.sides, "side_points": side_scores(rules, scores)}
