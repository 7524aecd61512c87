"""Forms for the table's phone page and the organiser's corrections.

They check only shape (a seat exists, a number is a number); whether a hand or a
total is possible is the rules engine's call, made in the services.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.engine import (
    SUITS,
    Card,
    EngineError,
    Facts,
    Outcome,
    RuleSet,
    find_outcome,
    hand_shape,
    next_detail,
    outcome_hand,
    parse_card,
)
from scoring.engine.cards import BENNY as BENNY_CARD
from scoring.engine.cards import SUIT_BY_LETTER, TWO_OF_SPADES

from . import services
from .messages import SUIT_NAMES, engine_message
from .models import DISPUTE_REASON_MAX
from .selectors import TableSummary
from .suit_words import RED_SUITS, SUIT_SYMBOLS, misread_suit, rank_label, suit_name


def new_idempotency_key() -> str:
    return uuid.uuid4().hex


def fresh(initial: dict | None = None, *, version: int) -> dict:
    """A form's first values on a page: the result version it shows and a key of its own."""
    return {**(initial or {}), "version": version, "idempotency_key": new_idempotency_key()}


# Hidden fields are the page's, not the scorer's: only a stale or tampered page
# posts them wrong, and their field names would mean nothing to the person.
NOT_UNDERSTOOD = _("That request was not understood; reload the page and try again.")


class SubmissionForm(forms.Form):
    """Carries the result version the page showed and a key unique to this render."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def clean(self):
        data = super().clean()
        if any(name in self.fields and self[name].is_hidden for name in self.errors):
            self.add_error(None, NOT_UNDERSTOOD)
        return data


# How the Benny is written for the engine: the joker, or the two of spades standing in.
BENNY_CARDS = (BENNY_CARD, str(TWO_OF_SPADES))


def turn_up_ranks(rules: RuleSet) -> list[tuple[str, str]]:
    """The ranks this table's pack can turn up (the engine's deck), then its Benny."""
    ranks = [(rank, rank_label(rank)) for rank in rules.deck.ranks]
    if rules.deck.has_benny:
        ranks.append((BENNY_CARD, _("Benny")))
    if rules.two_of_spades_benny:
        # A pack whose joker is lost turns up the 2♠ instead: stored as turned up.
        ranks.append((str(TWO_OF_SPADES), _("2♠ (the Benny)")))
    return ranks


def turn_up_initial(text: str | None) -> dict:
    """A stored turn-up ("9H") as the form's rank and suit."""
    if not text:
        return {}
    card = parse_card(text)
    if str(card) in BENNY_CARDS:
        return {"turn_up_rank": str(card)}
    return {"turn_up_rank": card.rank, "turn_up_suit": card.suit}


# The bidding rounds as a scorer tells them apart (1: the turn-up's suit, 2: any other).
BIDDING_ROUND_WORDS = {1: _("1: turn-up ordered up"), 2: _("2: suit named")}


class HandForm(SubmissionForm):
    hand_number = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    dealer = forms.TypedChoiceField(label=_("Dealer"), coerce=int)
    passed = forms.BooleanField(
        label=_("Everyone passed: cards thrown in, no score"), required=False, label_suffix=""
    )
    maker = forms.TypedChoiceField(
        label=_("Maker (chose trump)"), coerce=int, required=False, empty_value=None
    )
    round = forms.TypedChoiceField(
        # Translators: the bidding round (1: the turn-up's suit, 2: any other suit), not the
        # tournament round.
        label=_("Bidding round"),
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
    )
    trump = forms.ChoiceField(
        label=_("Trump"),
        required=False,
        choices=[(suit, SUIT_NAMES[suit]) for suit in SUITS],
        widget=forms.RadioSelect,
    )
    alone = forms.TypedMultipleChoiceField(
        label=_("Went alone"), coerce=int, required=False, widget=forms.CheckboxSelectMultiple
    )
    tricks = forms.TypedChoiceField(
        label=_("Tricks taken by the makers"),
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
    )
    # The turn-up is chosen, never typed: its rank from the table's pack, its suit by
    # symbol and name in the reader's language (a typed C was clubs to the engine and
    # hearts to an Italian or Portuguese scorer).
    turn_up_rank = forms.ChoiceField(label=_("Turn-up (optional)"), required=False)
    turn_up_suit = forms.ChoiceField(
        label=_("Turn-up's suit"),
        required=False,
        choices=[(suit, suit) for suit in SUITS],
        widget=forms.RadioSelect,
    )
    # Typed text, only from a page saved before the suit buttons (an offline queue
    # keeps its posts): read in the engine's English letters, see clean_turn_up.
    turn_up = forms.CharField(required=False, max_length=6)

    def __init__(self, *args, summary: TableSummary, **kwargs):
        super().__init__(*args, **kwargs)
        seat_choices = [(s.index, f"{s.label} — {s.name}") for s in summary.seats]
        self.fields["dealer"].choices = seat_choices
        self.fields["maker"].choices = [("", "—"), *seat_choices]
        self.fields["alone"].choices = seat_choices
        if not summary.rules.going_alone:
            del self.fields["alone"]
        if summary.rules.stick_the_dealer:
            # The dealer must name trump: offering a thrown-in hand only to refuse it
            # would waste the scorer's tap.
            del self.fields["passed"]
        shape = hand_shape(summary.rules)
        self.fields["round"].choices = [(n, BIDDING_ROUND_WORDS[n]) for n in shape.bidding_rounds]
        self.fields["tricks"].choices = [(n, str(n)) for n in shape.tricks]
        self.detailed_fields = shape.detailed_fields
        self.fields["turn_up_rank"].choices = [("", "—"), *turn_up_ranks(summary.rules)]
        self.fields["turn_up_suit"].choices = [(suit, suit_name(suit)) for suit in SUITS]

    def turn_up_suit_buttons(self) -> list[dict]:
        """Each suit's radio with its symbol, and whether it is printed red."""
        return [
            {
                "radio": radio,
                "symbol": SUIT_SYMBOLS[radio.data["value"]],
                "red": radio.data["value"] in RED_SUITS,
            }
            for radio in self["turn_up_suit"]
        ]

    def clean_turn_up(self) -> str:
        """Typed text in the engine's English letters (9H, 10D, JS, BENNY).

        Refused, not guessed, where the reader's own suit names start with an English
        letter of another suit (C: cuori, copas): the scorer typed one of two suits and
        only they know which. Their own letters are not read either: Polish kier and
        karo share K, and the same stored hand must mean one card to every reader.
        The suit buttons are the way round both, so the message names them."""
        text = self.cleaned_data.get("turn_up", "").strip().upper()
        if not text:
            return ""
        misread = misread_suit(text[-1:])
        if misread is not None:
            english = SUIT_BY_LETTER[text[-1:]]
            raise forms.ValidationError(
                _(
                    "%(letter)s could mean %(english)s or %(suit)s: tap the turn-up's "
                    "suit on the suit buttons instead."
                )
                % {"letter": text[-1:], "english": suit_name(english), "suit": suit_name(misread)}
            )
        try:
            return str(parse_card(text))
        except EngineError:
            raise forms.ValidationError(
                _("%(value)s is not a card: choose the turn-up's rank and tap its suit.")
                % {"value": text}
            ) from None

    def clean(self):
        data = super().clean()
        if not data.get("passed"):
            for name in self.detailed_fields:
                if data.get(name) in (None, "") and name not in self.errors:
                    self.add_error(name, _("Needed for a hand that was played."))
        rank, suit = data.get("turn_up_rank"), data.get("turn_up_suit")
        if rank and rank not in BENNY_CARDS and not suit:
            self.add_error("turn_up_suit", _("Tap the turn-up's suit."))
        if "turn_up" in self.errors:
            # The typed field is not on the page: its message goes by the buttons.
            self.add_error("turn_up_suit", self.errors.pop("turn_up"))
        return data

    def turn_up_card(self) -> str:
        """The turn-up in the engine's letters ("9H", "BENNY"), or "" when not given."""
        data = self.cleaned_data
        rank = data.get("turn_up_rank")
        if rank in BENNY_CARDS:
            return rank  # the Benny has no suit of its own: a tapped suit means nothing
        if rank:
            return str(Card(rank, data["turn_up_suit"]))
        # No rank is no turn-up, whatever suit is still tapped: a radio cannot be
        # untapped, and "—" is how a scorer takes a turn-up back out (the page then
        # clears the suit too, scoring.js).
        return data.get("turn_up", "")

    def to_hand(self) -> dict:
        """The hand in the engine's JSON shape."""
        data = self.cleaned_data
        # No "passed" field under stick the dealer: every hand there is played.
        if data.get("passed"):
            hand: dict = {"passed": True, "dealer": data["dealer"]}
        else:
            hand = {
                "dealer": data["dealer"],
                "maker": data["maker"],
                "round": data["round"],
                "trump": data["trump"],
                "alone": sorted(data.get("alone") or []),
                "tricks": data["tricks"],
            }
        if self.turn_up_card():
            hand["turn_up"] = self.turn_up_card()
        return hand

    @classmethod
    def for_hand(cls, summary: TableSummary, number: int | None) -> HandForm:
        """The form to change hand `number`, filled with it, or (None) for the next hand."""
        stored = summary.hands[number - 1] if number else None
        initial = {**cls.initial_for(stored, dealer=summary.next_dealer), "hand_number": number}
        return cls(initial=fresh(initial, version=summary.version), summary=summary)

    @staticmethod
    def initial_for(hand: dict | None, *, dealer: int) -> dict:
        if hand is None:
            return {"dealer": dealer}
        return {
            "dealer": hand.get("dealer"),
            "passed": bool(hand.get("passed")),
            "maker": hand.get("maker"),
            "round": hand.get("round"),
            "trump": hand.get("trump"),
            "alone": hand.get("alone", []),
            "tricks": hand.get("tricks"),
            **turn_up_initial(hand.get("turn_up")),
        }


class OutcomeForm(SubmissionForm):
    """One tap per hand: the result button's value (`outcome`), plus the few facts the
    engine asks where the tournament's options make a rule need them (who named trump
    and in which round, which maker went alone, whether the Benny was turned up) and,
    for a table's first hand, who dealt."""

    hand_number = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    outcome = forms.CharField(
        max_length=40,
        error_messages={"required": _("Tap the result of the hand.")},
    )
    dealer = forms.TypedChoiceField(
        label=_("First dealer"), coerce=int, required=False, empty_value=None
    )
    maker = forms.TypedChoiceField(
        label=_("Who named trump?"), coerce=int, required=False, empty_value=None
    )
    round = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, choices=[(1, "1"), (2, "2")]
    )
    # One tap answering "who named trump" where the round matters too: "2" or "2:1".
    bidding = forms.RegexField(regex=r"^\d{1,2}(:[12])?$", required=False)
    lone_maker = forms.TypedChoiceField(
        label=_("Which maker went alone?"), coerce=int, required=False, empty_value=None
    )
    # "yes" or "no" once asked ("on" from a page saved with the old Benny box).
    benny = forms.ChoiceField(
        required=False, choices=[("", ""), ("yes", "yes"), ("no", "no"), ("on", "on")]
    )

    def __init__(self, *args, summary: TableSummary, **kwargs):
        super().__init__(*args, **kwargs)
        self.summary = summary
        seats = [(s.index, s.name) for s in summary.seats]
        for name in ("dealer", "maker", "lone_maker"):
            self.fields[name].choices = seats

    def clean_outcome(self) -> Outcome:
        try:
            return find_outcome(self.summary.rules, self.cleaned_data["outcome"].strip())
        except EngineError as error:
            raise forms.ValidationError(engine_message(error, self.summary.names)) from None

    def clean(self):
        data = super().clean()
        bidding = data.get("bidding")
        if bidding:
            maker, _colon, round_ = bidding.partition(":")
            if int(maker) not in range(len(self.summary.seats)):
                self.add_error(None, NOT_UNDERSTOOD)
                return data
            data["maker"] = int(maker)
            data["round"] = int(round_) if round_ else None
        return data

    def facts(self) -> Facts:
        data = self.cleaned_data
        benny = data.get("benny")
        return Facts(
            maker=data.get("maker"),
            round=data.get("round"),
            lone_maker=data.get("lone_maker"),
            benny=None if not benny else benny in ("yes", "on"),
        )

    def next_detail(self, *, dealer: int) -> str | None:
        """The next fact the engine asks of the tapped outcome, None when it has enough."""
        outcome = self.cleaned_data.get("outcome")
        if not isinstance(outcome, Outcome):
            return None
        return next_detail(self.summary.rules, outcome, dealer=dealer, given=self.facts())

    def to_hand(self, *, dealer: int) -> dict:
        """The hand in the engine's JSON shape (the engine then checks it)."""
        return outcome_hand(
            self.summary.rules, self.cleaned_data["outcome"], dealer=dealer, facts=self.facts()
        )


class TotalsForm(SubmissionForm):
    """One number per side: the round's points, or the finished game's final score."""

    def __init__(self, *args, summary: TableSummary, **kwargs):
        super().__init__(*args, **kwargs)
        for side in summary.sides:
            self.fields[f"side_{side.index}"] = forms.IntegerField(
                label=side.names, min_value=0, max_value=999
            )

    def side_points(self) -> list[int]:
        return [self.cleaned_data[name] for name in self.fields if name.startswith("side_")]


class SeatChoiceForm(forms.Form):
    seat = forms.TypedChoiceField(label=_("Who is entering the result?"), coerce=int)
    code = forms.CharField(
        label=_("Your card code (optional)"),
        required=False,
        max_length=8,
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )

    def __init__(self, *args, summary: TableSummary, **kwargs):
        super().__init__(*args, **kwargs)
        self._seats = {s.seat.pk: s.seat for s in summary.seats}
        self.fields["code"].help_text = (
            _(
                "With it, one code from the other side confirms; without it, a player "
                "of each side types their code to confirm."
            )
            if summary.has_partners
            else _(
                "With it, one other player's code confirms; without it, two other "
                "players type their codes to confirm."
            )
        )
        self.fields["seat"].choices = [(s.seat.pk, f"{s.name} ({s.label})") for s in summary.seats]

    def clean_code(self) -> str:
        return self.cleaned_data["code"].strip().upper()

    def chosen_seat(self):
        return self._seats[self.cleaned_data["seat"]]


def _code_field(label) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        max_length=8,
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )


class ConfirmForm(SubmissionForm):
    """Confirms the version shown, with as many card codes as the result still needs:
    none when this phone's proven seat is of the other side, one code from the other
    side when the side that entered it is proven (or this phone proves one side), and
    one code per side when nobody proved who entered it."""

    def __init__(self, *args, summary: TableSummary, proof=None, **kwargs):
        super().__init__(*args, **kwargs)
        # How many the services' rule still asks for; this form only labels the boxes.
        proofs = [proof] if proof else []
        self.codes_needed = services.proofs_still_needed(summary.result, proofs)
        if self.codes_needed == 1:
            known = services.sides_vouching(summary.result, proofs)
            others = summary.other_sides(next(iter(known)))
            names = str(_(" or ")).join(
                summary.seats[i].name for view in others for i in view.seats
            )
            # Translators: %(names)s is one or more players, women or men: word it so that nothing
            # agrees with the names' gender.
            self.fields["code"] = _code_field(_("Card code of %(names)s") % {"names": names})
        elif self.codes_needed == 2:
            if len(summary.sides) == 2:
                labels = [
                    _("Card code of %(names)s")
                    % {"names": str(_(" or ")).join(summary.seats[i].name for i in view.seats)}
                    for view in summary.sides
                ]
            else:
                labels = [_("Card code of one player"), _("Card code of another player")]
            self.fields["code"] = _code_field(labels[0])
            self.fields["code_2"] = _code_field(labels[1])
        self.confirmer = proof.seat if proof else None

    def clean(self):
        data = super().clean()
        if self.codes_needed and len(self.codes()) < self.codes_needed:
            raise forms.ValidationError(
                _("Type the card code in each box.")
                if self.codes_needed > 1
                else _("Type the card code of a player of the other side.")
            )
        return data

    def codes(self) -> list[str]:
        return [
            self.cleaned_data[name].strip().upper()
            for name in ("code", "code_2")
            if (self.cleaned_data.get(name) or "").strip()
        ]


class ConfirmAsForm(SubmissionForm):
    """The phone handed to an opponent: the seat they tapped and their card code,
    against the version shown to them. Any seat at the table is understood here;
    whether that player may confirm is the service's call, worded by it."""

    confirmer = forms.TypedChoiceField(widget=forms.HiddenInput, coerce=int)

    def __init__(self, *args, seats: Sequence, **kwargs):
        super().__init__(*args, **kwargs)
        self.offered = {seat.pk: seat for seat in seats}
        self.fields["confirmer"].choices = [(pk, pk) for pk in self.offered]
        self.fields["code"] = _code_field(_("Your card code"))
        self.fields["code"].required = True
        self.fields["code"].error_messages["required"] = _(
            "Type the code printed on your player card."
        )

    def seat(self):
        return self.offered[self.cleaned_data["confirmer"]]


class DisputeForm(SubmissionForm):
    """ "That is not what we played": a short reason, and the card code of a player of
    a side that did not enter the result unless this phone already proves one."""

    reason = forms.CharField(
        label=_("What was played instead?"),
        max_length=DISPUTE_REASON_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        error_messages={"required": _("Say in a few words what was played instead.")},
    )

    def __init__(self, *args, summary: TableSummary, proof=None, **kwargs):
        # On the page beside the confirmation's form, which has a code box too.
        kwargs.setdefault("auto_id", "id_dispute_%s")
        super().__init__(*args, **kwargs)
        self.disputer = proof.seat if services.disputes_alone(summary.result, proof) else None
        self.fields["reason"].help_text = _("At most %(max)s characters.") % {
            "max": DISPUTE_REASON_MAX
        }
        if self.disputer is None:
            entered = services.entering_side(summary.result) if summary.result else None
            names = str(_(" or ")).join(
                view.name for view in summary.seats if view.seat.side != entered
            )
            self.fields["code"] = _code_field(
                # Translators: %(names)s is one or more players, women or men: word it so that
                # nothing agrees with the names' gender.
                _("Card code of the player disputing it (%(names)s)") % {"names": names}
            )
            self.fields["code"].required = True
            self.fields["code"].error_messages["required"] = _(
                "Type the code printed on your player card."
            )

    def codes(self) -> list[str]:
        code = (self.cleaned_data.get("code") or "").strip().upper()
        return [code] if code else []


class OrganiserConfirmForm(SubmissionForm):
    """The organiser confirms the version on the results board."""


class KeyForm(forms.Form):
    """A bare button's form: only the per-render key, so a double tap acts once.

    The pages always send one; a post without it simply acts. Its length is checked
    here because the audit trail stores at most 64 characters of it.
    """

    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)


class RemoveHandForm(SubmissionForm):
    """The organiser's "Remove hand N": which hand, against the version shown."""

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class CorrectionNoteForm(forms.Form):
    note = forms.CharField(label=_("Why (kept in the history)"), max_length=200, required=False)


class ResolveForm(SubmissionForm, CorrectionNoteForm):
    """The organiser confirms a disputed result as entered, against the version shown."""
