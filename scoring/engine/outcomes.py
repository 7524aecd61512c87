"""A hand told by its outcome, one tap at the table: "made it", "march", "loner march",
"euchred", "euchred alone", "passed", fitted to the variant and its options.

Each outcome is turned into the engine's hand shape (the makers' side, who went alone,
the trick class) and then checked and scored as any hand. The few details a rule needs
to be checked (who made trump where a lone defender may have passed, which maker went
alone where a defender may go alone only against one, whether the Benny was turned
up) are asked only where the tournament's options make them matter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .errors import EngineError, gettext_noop, shown
from .hands import check_hand, parse_hand
from .rules import RuleSet

MADE = "made"
MARCH = "march"
LONE_MARCH = "lone_march"
EUCHRED = "euchred"
NO_TRICK = "no_trick"  # super euchre: the makers took no trick
LONE_EUCHRE = "lone_euchre"  # a lone defender euchred the makers
LONE_SWEEP = "lone_sweep"  # a lone defender took all five (cutthroat scores it more)
PASSED = "passed"

# The trick class each outcome stores (hands.RESULTS).
_RESULT = {
    MADE: "made",
    MARCH: "march",
    LONE_MARCH: "march",
    EUCHRED: "euchred",
    NO_TRICK: "no_trick",
    LONE_EUCHRE: "euchred",
    LONE_SWEEP: "no_trick",
}

# Details a hand may need beyond its outcome.
MAKER = "maker"  # who named trump
LONE_MAKER = "lone_maker"  # which of the makers went alone
BENNY = "benny"  # whether the turn-up was the Benny


@dataclass(frozen=True)
class Outcome:
    """One way a hand can end. `makers` indexes RuleSet.sides (None for a passed hand);
    `lone` is the seat that went alone (a maker in a loner march, else a defender);
    `points` what each seat scores, read from the variant's points table."""

    kind: str
    makers: int | None
    lone: int | None
    points: tuple[int, ...]
    needs: tuple[str, ...] = ()

    @property
    def code(self) -> str:
        """The outcome as a form posts it: kind, makers' side, lone seat."""
        parts = [self.kind]
        if self.makers is not None:
            parts.append(str(self.makers))
        if self.lone is not None:
            parts.append(str(self.lone))
        return ":".join(parts)

    @property
    def scorers(self) -> tuple[int, ...]:
        return tuple(seat for seat, points in enumerate(self.points) if points)


def _points(rules: RuleSet, seats: frozenset[int], amount: int) -> tuple[int, ...]:
    return tuple(amount if seat in seats else 0 for seat in rules.seats)


def outcomes(rules: RuleSet) -> tuple[Outcome, ...]:
    """Every outcome a hand can have under `rules`, the makers' side by side.

    An outcome is offered only where it scores (or counts in the standings)
    differently from the others: cutthroat's lone defender who euchres scores as any
    euchre, so only their sweep is its own outcome.
    """
    table = rules.points
    loners = rules.going_alone
    defenders_alone = loners and rules.defender_alone != "never"
    found: list[Outcome] = []
    for index, side in enumerate(rules.sides):
        makers = frozenset(side)
        defenders = frozenset(rules.seats) - makers
        found.append(Outcome(MADE, index, None, _points(rules, makers, table.made)))
        found.append(Outcome(MARCH, index, None, _points(rules, makers, table.march)))
        if loners and table.lone_march is not None:
            for seat in side:
                found.append(
                    Outcome(LONE_MARCH, index, seat, _points(rules, makers, table.lone_march))
                )
        found.append(Outcome(EUCHRED, index, None, _points(rules, defenders, table.euchre)))
        super_euchre = table.super_euchre if rules.super_euchre else None
        if super_euchre is not None and super_euchre > table.euchre:
            found.append(Outcome(NO_TRICK, index, None, _points(rules, defenders, super_euchre)))
        if not defenders_alone:
            continue
        needs = _lone_defender_needs(rules)
        if table.lone_euchre is not None and table.lone_euchre != table.euchre:
            for seat in sorted(defenders):
                found.append(
                    Outcome(
                        LONE_EUCHRE,
                        index,
                        seat,
                        _points(rules, defenders, table.lone_euchre),
                        needs,
                    )
                )
        if table.lone_sweep is not None and table.lone_sweep != (table.lone_euchre or 0):
            sweep = table.lone_sweep
            if rules.super_euchre and table.super_euchre is not None:
                sweep = max(sweep, table.super_euchre)
            for seat in sorted(defenders):
                found.append(
                    Outcome(LONE_SWEEP, index, seat, _points(rules, defenders, sweep), needs)
                )
    if not rules.stick_the_dealer:
        found.append(Outcome(PASSED, None, None, (0,) * rules.players))
    return tuple(found)


def _lone_defender_needs(rules: RuleSet) -> tuple[str, ...]:
    # Against a lone maker only: the hand cannot be written down without which one.
    return (LONE_MAKER,) if rules.defender_alone == "vs_lone_maker" else ()


def hand_details(rules: RuleSet) -> tuple[str, ...]:
    """Details a hand of this game may carry whatever its outcome: the Benny turned up
    makes the dealer the maker (British, and six-handed without the Almonte rule)."""
    return (BENNY,) if rules.deck.has_benny and not rules.almonte_joker else ()


def detail_choices(rules: RuleSet, outcome: Outcome, detail: str) -> tuple[int, ...]:
    """The seats a detail of `outcome` is chosen from (the makers' seats)."""
    if detail in (MAKER, LONE_MAKER) and outcome.makers is not None:
        return tuple(rules.sides[outcome.makers])
    return ()


@dataclass(frozen=True)
class Facts:
    """What a scorer may say of a hand beyond its outcome. None: not said."""

    maker: int | None = None
    round: int | None = None
    lone_maker: int | None = None
    benny: bool | None = None


def _bidding_order(rules: RuleSet, dealer: int, seats: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(
        seat
        for step in range(1, rules.players + 1)
        if (seat := (dealer + step) % rules.players) in seats
    )


def _possible(rules: RuleSet, outcome: Outcome, dealer: int, given: Facts) -> list[Facts]:
    """Every way the hand may have gone that fits `given`: the Benny turned up or not,
    then who named trump in which round (the Benny leaves no bidding: the dealer makes
    in round 1), and which maker went alone where the outcome needs it."""
    bennies = [given.benny] if given.benny is not None else [False]
    if given.benny is None and BENNY in hand_details(rules):
        bennies.append(True)
    lone: tuple[int | None, ...] = (given.lone_maker,)
    if given.lone_maker is None and LONE_MAKER in outcome.needs:
        lone = detail_choices(rules, outcome, LONE_MAKER)
    found = []
    for benny in bennies:
        if outcome.makers is None:
            found.append(Facts(benny=benny))
            continue
        if benny:
            biddings: list[tuple[int | None, int | None]] = [(dealer, 1)]
        else:
            makers = _bidding_order(rules, dealer, tuple(rules.sides[outcome.makers]))
            biddings = [
                (maker, round_)
                for maker in makers
                for round_ in (1, 2)
                if given.maker in (None, maker) and given.round in (None, round_)
            ]
        for maker, round_ in biddings:
            for lone_maker in lone:
                found.append(Facts(maker, round_, lone_maker, benny))
    return found


def _legal(rules: RuleSet, outcome: Outcome, dealer: int, facts: Facts) -> bool:
    try:
        check_hand(rules, parse_hand(outcome_hand(rules, outcome, dealer=dealer, facts=facts)))
    except EngineError:
        return False
    return True


def next_detail(rules: RuleSet, outcome: Outcome, *, dealer: int, given: Facts) -> str | None:
    """The next fact to ask of a hand told by `outcome`, or None when what is known
    is enough to check it. A fact is asked only where a rule makes it matter here:
    the Benny where only its turn-up makes the result legal; who named trump (and in
    which round) where the tournament's options allow some bidding and refuse other;
    which maker went alone where a defender may go alone only against one."""
    if given.benny is None and given.maker is None and BENNY in hand_details(rules):
        without = any(
            _legal(rules, outcome, dealer, f)
            for f in _possible(rules, outcome, dealer, replace(given, benny=False))
        )
        with_benny = any(
            _legal(rules, outcome, dealer, f)
            for f in _possible(rules, outcome, dealer, replace(given, benny=True))
        )
        if with_benny and not without:
            return BENNY
    if (
        given.maker is None
        and not given.benny
        and outcome.makers is not None
        and len(set(_bidding_legality(rules, outcome, dealer, given).values())) > 1
    ):
        return MAKER
    if LONE_MAKER in outcome.needs and given.lone_maker is None:
        return LONE_MAKER
    return None


def _bidding_legality(
    rules: RuleSet, outcome: Outcome, dealer: int, given: Facts
) -> dict[tuple[int, int], bool]:
    """For each (maker, round) of the hand without the Benny: whether some way it went
    is legal."""
    legality: dict[tuple[int, int], bool] = {}
    for facts in _possible(rules, outcome, dealer, replace(given, benny=False)):
        assert facts.maker is not None and facts.round is not None
        key = (facts.maker, facts.round)
        legality[key] = legality.get(key, False) or _legal(rules, outcome, dealer, facts)
    return legality


def detail_answers(
    rules: RuleSet, outcome: Outcome, detail: str, *, dealer: int, given: Facts
) -> tuple[Facts, ...]:
    """The answers to `detail`, each the facts it tells. Who named trump is one answer
    per maker, split by bidding round only where the round decides the rule."""
    if detail == BENNY:
        return (Facts(benny=True), Facts(benny=False))
    if detail == LONE_MAKER:
        return tuple(Facts(lone_maker=seat) for seat in detail_choices(rules, outcome, detail))
    legality = _bidding_legality(rules, outcome, dealer, given)
    answers: list[Facts] = []
    for maker in dict.fromkeys(maker for maker, _round in legality):
        if legality.get((maker, 1)) == legality.get((maker, 2)):
            answers.append(Facts(maker=maker))
        else:
            answers.extend(Facts(maker=maker, round=round_) for round_ in (1, 2))
    return tuple(answers)


def find_outcome(rules: RuleSet, code: object) -> Outcome:
    """The outcome a form posted, or an EngineError naming what this table offers."""
    for outcome in outcomes(rules):
        if outcome.code == code:
            return outcome
    raise EngineError(
        "unknown_outcome",
        gettext_noop(
            "That result is not a way a hand of %(variant)s ends at this table; tap one of "
            "the results shown."
        ),
        {"value": shown(code), "variant": rules.label},
    )


def outcome_hand(
    rules: RuleSet,
    outcome: Outcome,
    *,
    dealer: int,
    facts: Facts | None = None,
    maker: int | None = None,
    lone_maker: int | None = None,
    benny: bool = False,
) -> dict[str, object]:
    """The hand, in the engine's JSON shape, that `outcome` stands for, with the facts
    the scorer told (`facts`, or the older keywords).

    A detail the outcome needs and is not given raises EngineError("detail_needed");
    whether the hand is legal is `check_hand`'s call, as for any hand.
    """
    facts = facts or Facts(maker=maker, lone_maker=lone_maker, benny=benny)
    given = {MAKER: facts.maker, LONE_MAKER: facts.lone_maker}
    missing = [detail for detail in outcome.needs if given.get(detail) is None]
    if missing:
        raise EngineError(
            "detail_needed",
            gettext_noop("For this result, say %(details)s."),
            {"details": " / ".join(DETAIL_QUESTIONS[d] for d in missing)},
        )
    turn_up = {"turn_up": "BENNY"} if facts.benny else {}
    if outcome.kind == PASSED:
        return {"passed": True, "dealer": dealer, **turn_up}
    alone = [outcome.lone] if outcome.lone is not None else []
    if facts.lone_maker is not None and LONE_MAKER in outcome.needs:
        alone.append(facts.lone_maker)
    hand: dict[str, object] = {
        "dealer": dealer,
        "makers": outcome.makers,
        "alone": sorted(alone),
        "result": _RESULT[outcome.kind],
        **turn_up,
    }
    if facts.maker is not None:
        hand["maker"] = facts.maker
    if facts.round is not None:
        hand["round"] = facts.round
    return hand


DETAIL_QUESTIONS: Mapping[str, str] = {
    MAKER: gettext_noop("who named trump"),
    LONE_MAKER: gettext_noop("which maker went alone"),
    BENNY: gettext_noop("whether the Benny was turned up"),
}


def offered(rules: RuleSet, dealer: int) -> tuple[Outcome, ...]:
    """The outcomes a hand dealt by `dealer` can have: those some choice of their details
    makes a legal hand (a lone defender on the dealer's left has always passed when no
    loner may follow a pass)."""
    return tuple(o for o in outcomes(rules) if _some_legal(rules, o, dealer))


def _some_legal(rules: RuleSet, outcome: Outcome, dealer: int) -> bool:
    return any(
        _legal(rules, outcome, dealer, f) for f in _possible(rules, outcome, dealer, Facts())
    )
