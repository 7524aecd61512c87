"""Variants as data, and the RuleSet a table plays by: variant plus switched-on options."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import DECKS, TWO_OF_SPADES, Card, Deck
from .errors import EngineError, gettext_noop, shown

# How seats make sides: fixed partners by parity, everyone alone (two-handed),
# or cutthroat, where the maker plays against the other two for that hand only.
PARTNERS = "partners"
SINGLES = "singles"
CUTTHROAT = "cutthroat"

DEFENDER_ALONE_CHOICES: tuple[str, ...] = ("allowed", "never", "vs_lone_maker")
TARGETS: tuple[int, ...] = (10, 11, 15)


@dataclass(frozen=True)
class PointsTable:
    """Points for one hand, by how it ended. None: that ending cannot happen."""

    made: int  # makers take 3 or 4 tricks
    march: int  # makers take all 5
    lone_march: int | None  # a lone player of the makers takes all 5
    euchre: int  # makers take fewer than 3, to the defenders
    lone_euchre: int | None  # a lone defender euchres the makers (1 or 2 maker tricks)
    lone_sweep: int | None  # a lone defender takes all 5 (makers 0 tricks)
    super_euchre: int | None  # makers take 0 tricks, when the super_euchre option is on


@dataclass(frozen=True)
class Variant:
    name: str
    label: str  # the game's name as the forms and messages show it (translated there)
    players: int
    seating: str
    decks: tuple[int, ...]  # the first is the usual pack
    target: int
    points: PointsTable
    going_alone: bool
    # Options a table may switch; any other option is fixed at the value in `fixed`.
    options: frozenset[str]
    fixed: Mapping[str, object] = field(default_factory=dict)


# Which options a variant lets a table switch grows with what the variant has:
# every game deals and has a target; games with loners add the loner options; the
# partnership games of four add super euchre (and North America the Canadian loner).
_TABLE_OPTIONS = frozenset({"stick_the_dealer", "target", "deck"})
_LONER_OPTIONS = _TABLE_OPTIONS | {"defender_alone", "no_loner_after_pass"}
_FOUR_HANDED_OPTIONS = _LONER_OPTIONS | {"super_euchre"}
# Games dealt from a pack with the Benny may play the two of spades in its place.
_BENNY_OPTIONS = frozenset({"two_of_spades_benny"})

_FOUR_HANDED = PointsTable(
    made=1, march=2, lone_march=4, euchre=2, lone_euchre=4, lone_sweep=4, super_euchre=4
)

VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {
        "north-american": Variant(
            name="north-american",
            label=gettext_noop("North American Euchre"),
            players=4,
            seating=PARTNERS,
            decks=(24, 32),
            target=10,
            points=_FOUR_HANDED,
            going_alone=True,
            options=_FOUR_HANDED_OPTIONS | {"dealer_partner_alone"},
        ),
        "british": Variant(
            name="british",
            label=gettext_noop("British Euchre (with the Benny)"),
            players=4,
            seating=PARTNERS,
            decks=(25, 33, 24, 32),
            target=11,
            points=_FOUR_HANDED,
            going_alone=True,
            options=_FOUR_HANDED_OPTIONS | _BENNY_OPTIONS,
            fixed={"dealer_partner_alone": True},
        ),
        "six-handed": Variant(
            name="six-handed",
            label=gettext_noop("Six-handed Euchre"),
            players=6,
            seating=PARTNERS,
            decks=(33, 50),
            target=11,
            points=PointsTable(
                made=1,
                march=3,
                lone_march=6,
                euchre=3,
                lone_euchre=6,
                lone_sweep=6,
                super_euchre=None,
            ),
            going_alone=True,
            options=_LONER_OPTIONS | _BENNY_OPTIONS | {"almonte_joker"},
        ),
        "two-handed": Variant(
            name="two-handed",
            label=gettext_noop("Two-handed Euchre"),
            players=2,
            seating=SINGLES,
            decks=(24, 32),
            target=10,
            points=PointsTable(
                made=1,
                march=2,
                lone_march=None,
                euchre=2,
                lone_euchre=None,
                lone_sweep=None,
                super_euchre=None,
            ),
            going_alone=False,
            options=_TABLE_OPTIONS,
        ),
        "three-handed": Variant(
            name="three-handed",
            # Translators: cutthroat: three players, each playing for themselves (no
            # partners); translate the idea, not the word.
            label=gettext_noop("Three-handed (cutthroat) Euchre"),
            players=3,
            seating=CUTTHROAT,
            decks=(24, 32),
            target=10,
            # The maker scores 3 for a march alone or not; each defender scores.
            points=PointsTable(
                made=1,
                march=3,
                lone_march=3,
                euchre=2,
                lone_euchre=2,
                lone_sweep=4,
                super_euchre=None,
            ),
            going_alone=True,
            options=_LONER_OPTIONS,
        ),
    }
)


@dataclass(frozen=True)
class RuleSet:
    """Everything that decides whether a hand is valid and what it scores."""

    variant: str
    players: int
    seating: str
    deck: Deck
    target: int
    points: PointsTable
    going_alone: bool
    stick_the_dealer: bool = False
    defender_alone: str = "allowed"
    super_euchre: bool = False
    dealer_partner_alone: bool = False
    no_loner_after_pass: bool = False
    two_of_spades_benny: bool = False
    almonte_joker: bool = False

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def label(self) -> str:
        return VARIANTS[self.variant].label

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats grouped by who shares points: partners by parity, or each player alone."""
        if self.seating == PARTNERS:
            return tuple(tuple(s for s in self.seats if s % 2 == side) for side in (0, 1))
        return tuple((seat,) for seat in self.seats)

    def is_benny(self, card: Card) -> bool:
        """Whether a turned-up card plays as the Benny at this table."""
        if card.is_benny:
            return True
        return self.two_of_spades_benny and card == TWO_OF_SPADES


_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


def _as_bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise _bad_option(name, value, "true or false")


def _as_int(name: str, value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,6}", value.strip()):
        return int(value.strip())
    raise _bad_option(name, value, "a whole number")


def _as_defender_alone(name: str, value: object) -> str:
    if isinstance(value, str) and value.strip().lower() in DEFENDER_ALONE_CHOICES:
        return value.strip().lower()
    raise _bad_option(name, value, " or ".join(DEFENDER_ALONE_CHOICES))


def _bad_option(name: str, value: object, expected: str) -> EngineError:
    return EngineError(
        "bad_option",
        gettext_noop("The option “%(option)s” cannot be %(value)s; use %(expected)s."),
        {"option": OPTION_LABELS[name], "value": shown(value), "expected": expected},
    )


_READERS: Mapping[str, Callable[[str, object], object]] = MappingProxyType(
    {
        "stick_the_dealer": _as_bool,
        "defender_alone": _as_defender_alone,
        "super_euchre": _as_bool,
        "dealer_partner_alone": _as_bool,
        "no_loner_after_pass": _as_bool,
        "two_of_spades_benny": _as_bool,
        "almonte_joker": _as_bool,
        "target": _as_int,
        "deck": _as_int,
    }
)
OPTION_NAMES: tuple[str, ...] = tuple(_READERS)

# Each option's name as the tournament form shows it; messages use the same words.
OPTION_LABELS: Mapping[str, str] = MappingProxyType(
    {
        # Translators: a rule: when every player passes in both bidding rounds, the
        # dealer must name trump (the hand is never thrown in).
        "stick_the_dealer": gettext_noop("Stick the dealer"),
        "defender_alone": gettext_noop("A defender may go alone"),
        # Translators: a rule: makers who take no trick at all give the defenders 4 points.
        "super_euchre": gettext_noop("Super euchre"),
        # Translators: a rule: the dealer's partner who orders up the turn-up must play
        # alone (named after Canada, where it is played).
        "dealer_partner_alone": gettext_noop("Canadian loner"),
        "no_loner_after_pass": gettext_noop("No loner after a pass"),
        "two_of_spades_benny": gettext_noop("Two of spades as the Benny"),
        # Translators: a six-handed rule, as played in Almonte (Ontario): when the Benny
        # (the joker) is turned up the dealer names trump, the other five may order it
        # up, and if all pass the dealer must take it.
        "almonte_joker": gettext_noop("Almonte Benny"),
        "target": gettext_noop("Game to"),
        "deck": gettext_noop("Deck"),
    }
)


def _defaults(variant: Variant) -> dict[str, object]:
    return {
        "stick_the_dealer": False,
        "defender_alone": "allowed",
        "super_euchre": False,
        "dealer_partner_alone": False,
        "no_loner_after_pass": False,
        "two_of_spades_benny": False,
        "almonte_joker": False,
        "target": variant.target,
        "deck": variant.decks[0],
        **variant.fixed,
    }


def rule_set(variant: str, options: Mapping[str, object] | None = None) -> RuleSet:
    """The RuleSet for `variant` with `options` switched on.

    Option values may be JSON values or command-line strings ("true", "15").
    An option the variant does not play is accepted only at its fixed value
    (e.g. dealer_partner_alone=true in british), so forms can send every option.
    """
    spec = VARIANTS.get(variant) if isinstance(variant, str) else None
    if spec is None:
        raise EngineError(
            "unknown_variant",
            gettext_noop("There is no Euchre variant called %(variant)s; play one of %(known)s."),
            {"variant": shown(variant), "known": ", ".join(VARIANTS)},
        )
    chosen = _defaults(spec)
    for name, raw in (options or {}).items():
        reader = _READERS.get(name) if isinstance(name, str) else None
        if reader is None:
            raise EngineError(
                "unknown_option",
                gettext_noop("There is no option called %(option)s; the options are %(known)s."),
                {"option": shown(name), "known": ", ".join(OPTION_NAMES)},
            )
        value = reader(name, raw)
        if name not in spec.options and value != chosen[name]:
            raise option_not_played(spec, name)
        chosen[name] = value
    if chosen["deck"] not in spec.decks:
        raise _bad_option("deck", chosen["deck"], " or ".join(map(str, spec.decks)) + " cards")
    if chosen["two_of_spades_benny"] and not DECKS[int(chosen["deck"])].has_benny:
        # Seed 003: "if your pack has no joker, the two of spades can stand in" -- it
        # stands in for the Benny, so a pack dealt without a Benny has nothing to replace.
        raise EngineError(
            "two_of_spades_needs_benny_pack",
            gettext_noop(
                "“%(option)s” needs a pack with the Benny (%(decks)s cards); the "
                "%(deck)s-card pack has none."
            ),
            {
                "option": OPTION_LABELS["two_of_spades_benny"],
                "decks": " or ".join(str(d) for d in spec.decks if DECKS[d].has_benny),
                "deck": chosen["deck"],
            },
        )
    if chosen["target"] not in TARGETS:
        raise _bad_option("target", chosen["target"], " or ".join(map(str, TARGETS)) + " points")
    return RuleSet(
        variant=spec.name,
        players=spec.players,
        seating=spec.seating,
        deck=DECKS[int(chosen["deck"])],
        target=int(chosen["target"]),
        points=spec.points,
        going_alone=spec.going_alone,
        stick_the_dealer=bool(chosen["stick_the_dealer"]),
        defender_alone=str(chosen["defender_alone"]),
        super_euchre=bool(chosen["super_euchre"]),
        dealer_partner_alone=bool(chosen["dealer_partner_alone"]),
        no_loner_after_pass=bool(chosen["no_loner_after_pass"]),
        two_of_spades_benny=bool(chosen["two_of_spades_benny"]),
        almonte_joker=bool(chosen["almonte_joker"]),
    )


def option_not_played(variant: Variant, option: str) -> EngineError:
    return EngineError(
        "bad_option",
        gettext_noop("%(variant)s does not play the option “%(option)s”."),
        {"variant": variant.label, "option": OPTION_LABELS.get(option, option)},
    )
