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
from dataclasses import dataclass

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
        needs = _lone_defender_needs(rules, side)
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


def _lone_defender_needs(rules: RuleSet, side: tuple[int, ...]) -> tuple[str, ...]:
    needs = []
    if rules.no_loner_after_pass and len(side) > 1:
        # Whether the lone defender had passed depends on who named trump.
        needs.append(MAKER)
    if rules.defender_alone == "vs_lone_maker":
        needs.append(LONE_MAKER)
    return tuple(needs)


def hand_details(rules: RuleSet) -> tuple[str, ...]:
    """Details asked of every hand, whatever its outcome: the Benny turned up makes the
    dealer the maker (British, and six-handed without the Almonte rule)."""
    return (BENNY,) if rules.deck.has_benny and not rules.almonte_joker else ()


def detail_choices(rules: RuleSet, outcome: Outcome, detail: str) -> tuple[int, ...]:
    """The seats a detail of `outcome` is chosen from (the makers' seats)."""
    if detail in (MAKER, LONE_MAKER) and outcome.makers is not None:
        return tuple(rules.sides[outcome.makers])
    return ()


def find_outcome(rules: RuleSet, code: object) -> Outcome:
    """The outcome a form posted, or an EngineError naming what this table offers."""
    for outcome in outcomes(rules):
        if outcome.code == code:
            return outcome
    raise EngineError(
        "unknown_outcome",
        gettext_noop(
            "“%(value)s” is not a way a hand of %(variant)s ends at this table; tap one of "
            "the results shown."
        ),
        {"value": shown(code), "variant": rules.label},
    )


def outcome_hand(
    rules: RuleSet,
    outcome: Outcome,
    *,
    dealer: int,
    maker: int | None = None,
    lone_maker: int | None = None,
    benny: bool = False,
) -> dict[str, object]:
    """The hand, in the engine's JSON shape, that `outcome` stands for.

    A detail the outcome needs and is not given raises EngineError("detail_needed");
    whether the hand is legal is `check_hand`'s call, as for any hand.
    """
    given = {MAKER: maker, LONE_MAKER: lone_maker}
    missing = [detail for detail in outcome.needs if given.get(detail) is None]
    if missing:
        raise EngineError(
            "detail_needed",
            gettext_noop("For this result, say %(details)s."),
            {"details": " / ".join(DETAIL_QUESTIONS[d] for d in missing)},
        )
    turn_up = {"turn_up": "BENNY"} if benny else {}
    if outcome.kind == PASSED:
        return {"passed": True, "dealer": dealer, **turn_up}
    alone = [outcome.lone] if outcome.lone is not None else []
    if lone_maker is not None and LONE_MAKER in outcome.needs:
        alone.append(lone_maker)
    hand: dict[str, object] = {
        "dealer": dealer,
        "makers": outcome.makers,
        "alone": sorted(alone),
        "result": _RESULT[outcome.kind],
        **turn_up,
    }
    if maker is not None and MAKER in outcome.needs:
        hand["maker"] = maker
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
    makers = detail_choices(rules, outcome, MAKER) if MAKER in outcome.needs else (None,)
    lone = detail_choices(rules, outcome, LONE_MAKER) if LONE_MAKER in outcome.needs else (None,)
    for maker in makers:
        for lone_maker in lone:
            hand = parse_hand(
                outcome_hand(rules, outcome, dealer=dealer, maker=maker, lone_maker=lone_maker)
            )
            try:
                check_hand(rules, hand)
            except EngineError:
                continue
            return True
    return False
