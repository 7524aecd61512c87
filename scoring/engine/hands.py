"""One hand: read it from its JSON object, check it against the rules, score it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .cards import TWO_OF_SPADES, Card, card_in_deck, parse_card, parse_suit
from .errors import EngineError, gettext_noop, shown
from .rules import OPTION_LABELS, PARTNERS, RuleSet

TRICKS = range(0, 6)
ROUNDS = (1, 2)
# Fields that only a played hand has; a passed hand carrying one is a mistake.
PLAYED_FIELDS = ("maker", "makers", "round", "trump", "alone", "tricks", "result")

# A hand told by its outcome gives how the makers did, not their exact tricks: each
# class is scored by one count in it, and every count of a class scores alike (3 or 4
# made; fewer than 3 euchred, where a trickless euchre scores more it is its own class).
RESULTS: Mapping[str, int] = {"made": 3, "march": 5, "euchred": 1, "no_trick": 0}


@dataclass(frozen=True)
class Hand:
    """A played hand. `tricks` are the tricks the makers' side took.

    A hand entered by its outcome ("us 1", "euchred") may leave out who made trump,
    the bidding round and trump: then `makers` is the makers' side (an index into
    `RuleSet.sides`), `result` the trick class and `tricks` a count of that class.
    The engine accepts such a hand when some bidding that fits what is given is legal.
    """

    dealer: int
    maker: int | None
    round: int | None
    trump: str | None
    tricks: int
    alone: tuple[int, ...] = ()
    turn_up: Card | None = None
    makers: int | None = None
    result: str | None = None


@dataclass(frozen=True)
class PassedHand:
    """A hand everyone passed twice: thrown in, no score, the next dealer deals."""

    dealer: int
    turn_up: Card | None = None


Deal = Hand | PassedHand


def parse_hand(obj: object) -> Deal:
    """Reads one hand's JSON object, checking only its shape and types."""
    if not isinstance(obj, Mapping):
        raise EngineError(
            "bad_hand",
            gettext_noop(
                "A hand must be a JSON object with dealer, maker, round, trump and "
                "tricks, not %(value)s."
            ),
            {"value": shown(obj)},
        )
    turn_up = parse_card(obj["turn_up"]) if obj.get("turn_up") is not None else None
    passed = obj.get("passed", False)
    if not isinstance(passed, bool):
        raise _bad_type("passed", passed, "true or false")
    if passed:
        extra = [name for name in PLAYED_FIELDS if name in obj]
        if extra:
            raise EngineError(
                "bad_passed_hand",
                gettext_noop("A passed hand has no %(fields)s: nobody made trump."),
                {"fields": ", ".join(extra)},
            )
        return PassedHand(dealer=_whole(obj, "dealer"), turn_up=turn_up)
    if "result" in obj:
        return _parse_outcome_hand(obj, turn_up)
    round_ = _whole(obj, "round")
    if round_ not in ROUNDS:
        raise _bad_round(round_)
    tricks = _whole(obj, "tricks")
    if tricks not in TRICKS:
        raise EngineError(
            "bad_tricks",
            gettext_noop("The makers' tricks must be between 0 and 5, not %(value)s."),
            {"value": shown(tricks)},
        )
    if "trump" not in obj:
        raise _missing("trump")
    return Hand(
        dealer=_whole(obj, "dealer"),
        maker=_whole(obj, "maker"),
        round=round_,
        trump=parse_suit(obj["trump"]),
        tricks=tricks,
        alone=_alone([] if obj.get("alone") is None else obj["alone"]),
        turn_up=turn_up,
    )


def _parse_outcome_hand(obj: Mapping[str, object], turn_up: Card | None) -> Hand:
    """A hand told by its outcome: the makers' side (or maker) and the trick class."""
    if "tricks" in obj:
        raise EngineError(
            "tricks_and_result",
            gettext_noop("Give the makers' tricks or the hand's result, not both."),
        )
    result = obj["result"]
    if not isinstance(result, str) or result not in RESULTS:
        raise EngineError(
            "bad_result",
            gettext_noop("A hand's result is one of %(known)s, not %(value)s."),
            {"known": ", ".join(RESULTS), "value": shown(result)},
        )
    maker = _whole(obj, "maker") if obj.get("maker") is not None else None
    makers = _whole(obj, "makers") if obj.get("makers") is not None else None
    if maker is None and makers is None:
        raise _missing("makers")
    round_ = _whole(obj, "round") if obj.get("round") is not None else None
    if round_ is not None and round_ not in ROUNDS:
        raise _bad_round(round_)
    return Hand(
        dealer=_whole(obj, "dealer"),
        maker=maker,
        round=round_,
        trump=parse_suit(obj["trump"]) if obj.get("trump") is not None else None,
        tricks=RESULTS[result],
        alone=_alone([] if obj.get("alone") is None else obj["alone"]),
        turn_up=turn_up,
        makers=makers,
        result=result,
    )


def _bad_round(value: object) -> EngineError:
    return EngineError(
        "bad_round",
        gettext_noop(
            # Translators: the bidding round (1: the turn-up's suit, 2: any other suit), not
            # the tournament round.
            "The bidding round must be 1 (turn-up ordered) or 2 (suit named), not %(value)s."
        ),
        {"value": shown(value)},
    )


def score_hand(rules: RuleSet, hand: Deal) -> tuple[int, ...]:
    """Points per seat for one hand (partners show their side's points)."""
    check_hand(rules, hand)
    return checked_points(rules, hand)


def checked_points(rules: RuleSet, hand: Deal) -> tuple[int, ...]:
    """Points per seat for a hand `check_hand` has accepted."""
    points = [0] * rules.players
    if isinstance(hand, PassedHand):
        return tuple(points)
    scorers, amount = _who_scores(rules, hand)
    for seat in scorers:
        points[seat] = amount
    return tuple(points)


def makers_side(rules: RuleSet, maker: int) -> frozenset[int]:
    if rules.seating == PARTNERS:
        return frozenset(seat for seat in rules.seats if seat % 2 == maker % 2)
    return frozenset({maker})


def making_side(rules: RuleSet, hand: Hand) -> frozenset[int]:
    """The makers' seats of a hand `check_hand` has accepted."""
    if hand.maker is not None:
        return makers_side(rules, hand.maker)
    assert hand.makers is not None  # parse_hand and check_hand see to it
    return frozenset(rules.sides[hand.makers])


def check_hand(rules: RuleSet, hand: Deal) -> None:
    """Raises EngineError for the first rule the hand breaks."""
    _check_seat(rules, "dealer", hand.dealer)
    if hand.turn_up == TWO_OF_SPADES and not rules.two_of_spades_benny:
        raise EngineError(
            "two_of_spades_not_benny",
            gettext_noop(
                "The turn-up 2S is not in a Euchre pack; it is the Benny only where "
                "the tournament plays “%(option)s”."
            ),
            {"option": OPTION_LABELS["two_of_spades_benny"]},
        )
    # A 2S that got this far is the Benny, and only a pack with the Benny gets it.
    standing_in = hand.turn_up == TWO_OF_SPADES
    if hand.turn_up is not None and not standing_in and not card_in_deck(hand.turn_up, rules.deck):
        raise EngineError(
            "turn_up_not_in_deck",
            gettext_noop("The turn-up %(card)s is not in the %(deck)s-card pack."),
            {"card": str(hand.turn_up), "deck": rules.deck.size},
        )
    if isinstance(hand, PassedHand):
        _check_passed(rules, hand)
        return
    for seat in hand.alone:
        _check_seat(rules, "alone", seat)
    if hand.maker is None and hand.makers is None:
        raise _missing("makers")
    if hand.maker is not None:
        _check_seat(rules, "maker", hand.maker)
    if hand.makers is not None:
        _check_makers(rules, hand)
    if hand.maker is not None and hand.round is not None:
        _check_bidding(rules, hand)
        _check_alone(rules, hand)
        return
    _check_some_bidding(rules, hand)


def _check_makers(rules: RuleSet, hand: Hand) -> None:
    sides = rules.sides
    if hand.makers is None or not 0 <= hand.makers < len(sides):
        raise EngineError(
            "bad_side",
            gettext_noop("Side %(side)s of the makers does not exist: sides are 0 to %(last)s."),
            {"side": shown(hand.makers), "last": len(sides) - 1},
        )
    if hand.maker is not None and hand.maker not in sides[hand.makers]:
        raise EngineError(
            "maker_not_of_makers",
            gettext_noop("Seat %(seat)s made trump but is not on the makers' side."),
            {"seat": hand.maker},
        )


def _check_some_bidding(rules: RuleSet, hand: Hand) -> None:
    """An outcome hand leaves out who made trump or in which round: it is accepted when
    some maker of its side, in some round, makes it a legal hand (what is given is
    checked as given). When none is legal the refusal told is the rule most of the
    biddings break (the first such in bidding order): a lone defender on the dealer's
    left under "no loner after a pass" is refused for his pass, not for the Canadian
    loner that only one of the biddings tried runs into."""
    if hand.maker is not None:
        makers: tuple[int, ...] = (hand.maker,)
    else:
        side = frozenset(rules.sides[hand.makers or 0])
        # Bidding order, from the dealer's left: the first refusal told is the plainest.
        makers = tuple(
            seat
            for step in range(1, rules.players + 1)
            if (seat := (hand.dealer + step) % rules.players) in side
        )
    rounds = (hand.round,) if hand.round is not None else ROUNDS
    refusals: list[EngineError] = []
    for maker in makers:
        for round_ in rounds:
            candidate = replace(hand, maker=maker, round=round_)
            try:
                _check_bidding(rules, candidate)
                _check_alone(rules, candidate)
            except EngineError as error:
                refusals.append(error)
                continue
            return
    codes = [error.code for error in refusals]
    raise max(refusals, key=lambda error: codes.count(error.code))


def _check_passed(rules: RuleSet, hand: PassedHand) -> None:
    if rules.stick_the_dealer:
        raise EngineError(
            "passed_hand_not_allowed",
            gettext_noop(
                # Translators: "second bidding round": the bidding round (2: any suit but the
                # turn-up's), not the tournament round.
                "With stick the dealer a hand cannot be passed: the dealer must "
                "name trump in the second bidding round."
            ),
        )
    if hand.turn_up is not None and rules.is_benny(hand.turn_up):
        raise EngineError(
            "benny_turn_up_dealer_makes",
            gettext_noop(
                "When the Benny is turned up the dealer must name trump, so the hand "
                "cannot be passed."
            ),
        )


def _check_bidding(rules: RuleSet, hand: Hand) -> None:
    turn_up = hand.turn_up
    if turn_up is None:
        return
    if rules.is_benny(turn_up) and rules.almonte_joker:
        # Seed 003, Six Hand Almonte: the dealer calls trump on a turned-up joker
        # before looking, and "non può girarlo alla fine del primo round di offerta,
        # ma deve prenderlo in mano e diventare il creatore, supponendo che gli altri
        # 5 giocatori abbiano passato la briscola chiamata": the other five may still
        # order the called suit up in round 1, and only if all pass is the dealer the
        # maker. So any seat may make, any suit, but never in round 2.
        if hand.round != 1:
            raise EngineError(
                "almonte_benny_round_one",
                gettext_noop(
                    # Translators: "bidding round": the bidding round (1: the turn-up's suit,
                    # 2: any other suit), not the tournament round.
                    "When the Benny is turned up the dealer names trump and cannot turn "
                    "it down: trump is made in bidding round 1, by whoever orders it up "
                    "or else by the dealer."
                ),
            )
        return
    if rules.is_benny(turn_up):
        if hand.round != 1 or hand.maker != hand.dealer:
            raise EngineError(
                "benny_turn_up_dealer_makes",
                gettext_noop(
                    # Translators: "bidding round": the bidding round (1: the turn-up's suit,
                    # 2: any other suit), not the tournament round.
                    "When the Benny is turned up the dealer names trump at once "
                    "(bidding round 1) and is the maker."
                ),
            )
        return
    if hand.trump is None:
        return  # trump not given: some suit fits either round
    if hand.round == 1 and hand.trump != turn_up.suit:
        raise EngineError(
            "trump_not_turn_up_suit",
            gettext_noop(
                # Translators: "bidding round": the bidding round (1: the turn-up's suit,
                # 2: any other suit), not the tournament round.
                "In bidding round 1 trump is the turn-up's suit (%(suit)s), not %(trump)s."
            ),
            {"suit": turn_up.suit, "trump": hand.trump},
        )
    if hand.round == 2 and hand.trump == turn_up.suit:
        raise EngineError(
            "trump_is_turned_down_suit",
            gettext_noop(
                # Translators: "bidding round": the bidding round (1: the turn-up's suit,
                # 2: any other suit), not the tournament round.
                "In bidding round 2 the turned-down suit (%(suit)s) cannot be named trump."
            ),
            {"suit": turn_up.suit},
        )


def _check_alone(rules: RuleSet, hand: Hand) -> None:
    if not hand.alone:
        _check_dealer_partner(rules, hand, lone_maker=None)
        return
    if not rules.going_alone:
        raise EngineError(
            "no_going_alone",
            gettext_noop("Nobody goes alone in %(variant)s."),
            {"variant": rules.label},
        )
    makers = making_side(rules, hand)
    lone_makers = [seat for seat in hand.alone if seat in makers]
    lone_defenders = [seat for seat in hand.alone if seat not in makers]
    if len(lone_makers) > 1 or len(lone_defenders) > 1:
        raise EngineError(
            "two_alone_on_one_side",
            gettext_noop("At most one player on each side may go alone."),
        )
    if lone_defenders and rules.defender_alone == "never":
        raise EngineError(
            "defender_alone_not_allowed",
            gettext_noop("A lone defender is not allowed in this tournament."),
        )
    if lone_defenders and rules.defender_alone == "vs_lone_maker" and not lone_makers:
        raise EngineError(
            "defender_alone_needs_lone_maker",
            gettext_noop("A defender may go alone only against a maker who goes alone."),
        )
    _check_dealer_partner(rules, hand, lone_maker=lone_makers[0] if lone_makers else None)
    if rules.no_loner_after_pass:
        passed = set(_passed_before_maker(rules, hand))
        for seat in hand.alone:
            if seat in passed:
                raise EngineError(
                    "loner_passed",
                    gettext_noop(
                        # Translators: "bidding round": the bidding round (1: the turn-up's
                        # suit, 2: any other suit), not the tournament round.
                        "Seat %(seat)s passed in the bidding round in which trump was made, "
                        "so cannot go alone."
                    ),
                    {"seat": seat},
                )


def _check_dealer_partner(rules: RuleSet, hand: Hand, lone_maker: int | None) -> None:
    # British (and the Canadian loner): the dealer's partner may order up the
    # turn-up only by playing alone; the dealer then sits out.
    if not rules.dealer_partner_alone or rules.players != 4 or rules.seating != PARTNERS:
        return
    dealer_partner = (hand.dealer + 2) % 4
    if hand.round == 1 and hand.maker == dealer_partner and lone_maker != hand.maker:
        raise EngineError(
            "dealer_partner_must_go_alone",
            gettext_noop("The dealer's partner may order up the turn-up only by going alone."),
        )


def _passed_before_maker(rules: RuleSet, hand: Hand) -> list[int]:
    if hand.turn_up is not None and rules.is_benny(hand.turn_up) and not rules.almonte_joker:
        return []  # nobody bids when the Benny is turned up (Almonte: they bid on its suit)
    seats = []
    seat = (hand.dealer + 1) % rules.players
    while seat != hand.maker:
        seats.append(seat)
        seat = (seat + 1) % rules.players
    return seats


def _who_scores(rules: RuleSet, hand: Hand) -> tuple[frozenset[int], int]:
    table = rules.points
    makers = making_side(rules, hand)
    defenders = frozenset(rules.seats) - makers
    lone_maker = any(seat in makers for seat in hand.alone)
    lone_defender = any(seat in defenders for seat in hand.alone)
    if hand.tricks == 5:
        if lone_maker and table.lone_march is not None:
            return makers, table.lone_march
        return makers, table.march
    if hand.tricks >= 3:
        return makers, table.made
    amount = table.euchre
    if lone_defender and hand.tricks == 0 and table.lone_sweep is not None:
        amount = table.lone_sweep
    elif lone_defender and table.lone_euchre is not None:
        amount = table.lone_euchre
    if rules.super_euchre and hand.tricks == 0 and table.super_euchre is not None:
        amount = max(amount, table.super_euchre)
    return defenders, amount


def _check_seat(rules: RuleSet, field: str, seat: int) -> None:
    if seat not in rules.seats:
        raise EngineError(
            "bad_seat",
            gettext_noop("Seat %(seat)s in %(field)s does not exist: seats are 0 to %(last)s."),
            {"seat": shown(seat), "field": field, "last": rules.players - 1},
        )


def _whole(obj: Mapping[str, object], name: str) -> int:
    if name not in obj:
        raise _missing(name)
    value = obj[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad_type(name, value, "a whole number")
    return value


def _alone(value: object) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _bad_type("alone", value, "a list of seats")
    for seat in value:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise _bad_type("alone", seat, "a list of seats")
    if len(set(value)) != len(value):
        raise EngineError(
            "bad_alone",
            gettext_noop("A seat is listed twice in alone."),
        )
    return tuple(value)


def _missing(name: str) -> EngineError:
    return EngineError(
        "missing_field",
        gettext_noop("The hand has no %(field)s."),
        {"field": name},
    )


def _bad_type(name: str, value: object, expected: str) -> EngineError:
    return EngineError(
        "bad_type",
        gettext_noop("%(field)s must be %(expected)s, not %(value)s."),
        {"field": name, "expected": expected, "value": shown(value)},
    )
