"""Engine error codes turned into a scorer's words, in the scorer's language.

The engine keeps English templates marked with gettext_noop (ngettext_lazy where a
count picks the form); here they are translated and filled in, with seat numbers
replaced by the names of the players sitting there, because nobody at a table
thinks of themselves as "seat 2".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from core.errors import translated
from core.plural import ngettext_lazy
from scoring.engine import EngineError, RuleSet
from scoring.engine.errors import IN_HAND_TEMPLATE
from scoring.engine.rules import PARTNERS
from tournaments.partner_names import partners

SUIT_NAMES = {
    "clubs": _("clubs"),
    "diamonds": _("diamonds"),
    "hearts": _("hearts"),
    "spades": _("spades"),
}

# Params that hold one engine seat number, by error code.
_SEAT_PARAMS: Mapping[str, tuple[str, ...]] = {
    "loner_passed": ("seat",),
    "maker_not_of_makers": ("seat",),
    "wrong_dealer": ("expected", "dealer"),
}
# Params that hold seats joined with ", ".
_SEAT_LIST_PARAMS: Mapping[str, tuple[str, ...]] = {
    "hand_after_game_over": ("winner",),
}
# With the seat's player named, "Seat Cat passed" would read oddly: the name alone.
_NAMED_SEAT_TEMPLATES: Mapping[str, str] = {
    "loner_passed": gettext_noop(
        # Translators: %(seat)s is any player, woman or man: word it so that nothing agrees
        # with the name's gender. "bidding round": the bidding round (1: the turn-up's suit,
        # 2: any other suit), not the tournament round.
        "%(seat)s passed in the bidding round in which trump was made, so cannot go alone."
    ),
    # Translators: %(seat)s is any player, woman or man: word it so that nothing agrees
    # with the name's gender.
    "maker_not_of_makers": gettext_noop("%(seat)s made trump but is not on the makers' side."),
    "wrong_dealer": gettext_noop(
        # Translators: %(expected)s and %(dealer)s are any players, women or men: word it so
        # that nothing agrees with the names' gender.
        "The deal passes to the left: %(expected)s deals this hand, not %(dealer)s."
    ),
}
# Seat lists named: "won by Ann, Cat", not "won by seat(s) Ann, Cat".
_NAMED_SEAT_LIST_TEMPLATES: Mapping[str, str] = {
    "hand_after_game_over": gettext_noop(
        # Translators: %(winner)s is one or more players, women or men: word it so that
        # nothing agrees with the names' gender or number.
        "The game was already won by %(winner)s; no hand is played after that."
    ),
}
_SUIT_PARAMS = ("suit", "trump")
# Params that hold a game's or an option's name from the engine's registry (English
# msgids marked there), shown in the reader's language.
_LABEL_PARAMS = ("variant", "option")
# Params that the engine fills with scores per seat ("33-0-33-0"); where the seats'
# players are known, each side is told by its players' names instead.
_SCORE_PARAMS = ("totals", "scores")
# With players named, the round-totals message reads better without the word "totals".
_NAMED_TEMPLATES: Mapping[str, str] = {
    "impossible_round_totals": ngettext_lazy(
        "%(hands)s hand of %(variant)s cannot give %(totals)s.",
        "%(hands)s hands of %(variant)s cannot give %(totals)s.",
        "hands",
    ),
}


def engine_message(
    error: EngineError, seat_names: Sequence[str] | None = None, *, shown_hand: int | None = None
) -> str:
    """The error in the active language, naming players instead of seat numbers.

    `shown_hand`: the hand the page heads the form with ("Hand 3"); a problem in that
    very hand is told without repeating "Hand 3:" under its own heading.
    """
    params = dict(error.params)
    template = error.template
    if seat_names:
        for name in _SEAT_PARAMS.get(error.code, ()):
            params[name] = _seat_name(params.get(name), seat_names)
        template = _NAMED_SEAT_TEMPLATES.get(error.code, template)
        for name in _SEAT_LIST_PARAMS.get(error.code, ()):
            seats = str(params.get(name, "")).split(", ")
            params[name] = ", ".join(_seat_name(seat, seat_names) for seat in seats)
            template = _NAMED_SEAT_LIST_TEMPLATES.get(error.code, template)
        named = _named_sides(params, seat_names)
        if named is not None:
            template = _NAMED_TEMPLATES.get(error.code, template)
            for name in _SCORE_PARAMS:
                if name in params:
                    params[name] = named
    if error.code == "bad_trump":
        params["suits"] = _accepted_suits()
    for name in _SUIT_PARAMS:
        if params.get(name) in SUIT_NAMES:
            params[name] = str(SUIT_NAMES[params[name]])
    for name in _LABEL_PARAMS:
        # Never gettext(""): that is the catalogue's header, not a name.
        if isinstance(params.get(name), str) and params[name]:
            params[name] = gettext(params[name])
    try:
        problem = translated(template, params) % params
    except (KeyError, TypeError, ValueError):
        problem = error.message
    if error.hand is None or error.hand == shown_hand:
        return problem
    return gettext(IN_HAND_TEMPLATE) % {"hand": error.hand, "problem": problem}


# Who confirms a result, in whole sentences so each language can word them: partners
# have another side; at a two-handed table it is the one other player; at a cutthroat
# table any of the others (nobody there has a side).
_CONFIRMERS = {
    "side": {
        "confirms": _("A player of the other side confirms it."),
        "saved": _("Saved. The other side now confirms the result."),
        "last_hand": _("Saved. That was the last hand: the other side now confirms the result."),
    },
    "player": {
        "confirms": _("The other player confirms it."),
        "saved": _("Saved. The other player now confirms the result."),
        "last_hand": _("Saved. That was the last hand: the other player now confirms the result."),
    },
    "players": {
        "confirms": _("One of the other players confirms it."),
        "saved": _("Saved. One of the other players now confirms the result."),
        "last_hand": _(
            "Saved. That was the last hand: one of the other players now confirms the result."
        ),
    },
}


# After an entry nobody proved with a card code, nobody knows who entered it, so the
# confirmation page asks each side (or two players) to confirm: the flash says the same.
_UNPROVEN_CONFIRMERS = {
    "side": {
        "saved": _("Saved. A player of each side now confirms the result."),
        "last_hand": _(
            "Saved. That was the last hand: a player of each side now confirms the result."
        ),
    },
    "players": {
        "saved": _("Saved. Two different players now confirm the result."),
        "last_hand": _(
            "Saved. That was the last hand: two different players now confirm the result."
        ),
    },
}


def who_confirms(rules: RuleSet, moment: str, *, proven: bool = True) -> str:
    """The sentence for `moment` ("confirms", "saved", "last_hand") at this table;
    `proven`: whether the scorer's card code showed which side entered it."""
    if not proven and moment in _UNPROVEN_CONFIRMERS["side"]:
        kind = "side" if rules.seating == PARTNERS else "players"
        return str(_UNPROVEN_CONFIRMERS[kind][moment])
    if rules.seating == PARTNERS:
        return str(_CONFIRMERS["side"][moment])
    return str(_CONFIRMERS["player" if rules.players == 2 else "players"][moment])


def _accepted_suits() -> str:
    """The values trump accepts, as sent, each with its name in the reader's language
    beside it where that differs: "clubs (fiori), diamonds (quadri), ..."."""
    return ", ".join(
        suit
        if str(name) == suit
        else gettext("%(value)s (%(name)s)") % {"value": suit, "name": name}
        for suit, name in SUIT_NAMES.items()
    )


def _named_sides(params: Mapping[str, object], seat_names: Sequence[str]) -> str | None:
    """ "Ann & Bob 33, Cy & Di 0" from the engine's scores per seat, its sides and
    each side's points."""
    scores, sides = params.get("seat_scores"), params.get("sides")
    points = params.get("side_points")
    if not all(isinstance(value, tuple | list) for value in (scores, sides, points)):
        return None
    if len(scores) != len(seat_names) or len(points) != len(sides):
        return None
    if not all(side for side in sides):
        return None
    return ", ".join(
        # Translators: %(players)s is one side's players, women or men: word it so that nothing
        # agrees with the names' gender.
        gettext("%(players)s %(points)s")
        % {
            "players": partners(seat_names[seat] for seat in side),
            "points": side_points,
        }
        for side, side_points in zip(sides, points, strict=True)
    )


def _seat_name(value: object, seat_names: Sequence[str]) -> str:
    try:
        index = int(str(value))
    except ValueError:
        return str(value)
    if 0 <= index < len(seat_names):
        return seat_names[index]
    return str(value)
