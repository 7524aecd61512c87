"""A suit as a reader sees it: its symbol, its name in the reader's language, and
the English suit letters read back without mistaking one suit for another."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from scoring.engine import SUITS, EngineError
from scoring.engine.cards import SUIT_BY_LETTER, parse_card

from .messages import SUIT_NAMES

SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
RED_SUITS = frozenset({"diamonds", "hearts"})

# "card suit": the same English word may be another word elsewhere (spades, clubs).
_SUIT_NAMES_IN_CONTEXT = {
    "clubs": pgettext_lazy("card suit", "clubs"),
    "diamonds": pgettext_lazy("card suit", "diamonds"),
    "hearts": pgettext_lazy("card suit", "hearts"),
    "spades": pgettext_lazy("card suit", "spades"),
}


# How a face card or the ace is written, in the turn-up select and the hand log ("J♥");
# the value posted and stored stays the engine's letter. Numbers (7 to 10) read the
# same in every language.
RANK_LABELS = {
    # Translators: the jack, as the turn-up's rank select and the hand log write it. Use
    # the letter printed on the reader's cards (Polish packs print W, walet) and keep it
    # to that letter: the hand log prints it before the suit (W♥). It must differ from
    # the other ranks' labels.
    "J": pgettext_lazy("card rank", "J"),
    # Translators: the queen, as the turn-up's rank select and the hand log write it. Polish
    # packs print D (dama): Polish writes "D".
    "Q": pgettext_lazy("card rank", "Q"),
    # Translators: the king, as the turn-up's rank select and the hand log write it. Polish
    # packs print K (król): Polish writes "K".
    "K": pgettext_lazy("card rank", "K"),
    # Translators: the ace, as the turn-up's rank select and the hand log write it. Polish
    # packs print A (as).
    "A": pgettext_lazy("card rank", "A"),
}


def rank_label(rank: str) -> str:
    """A rank as the reader's cards print it (J is W on Polish packs)."""
    return str(RANK_LABELS.get(rank, rank))


def suit_name(suit: str) -> str:
    """The suit's name in the active language."""
    name = str(_SUIT_NAMES_IN_CONTEXT[suit])
    # Until a catalogue has the "card suit" entries, its context-free ones (the trump
    # buttons' words, already translated) say the same.
    return name if name != suit else str(SUIT_NAMES[suit])


def misread_suit(letter: str) -> str | None:
    """The suit the reader's language names with this English suit letter, when that
    is another suit: C is clubs in English but cuori (hearts) in Italian and copas in
    Portuguese. Read from the translated names, so a new language is covered too."""
    letter = letter.strip().upper()
    english = SUIT_BY_LETTER.get(letter)
    if english is None:
        return None
    for suit in SUITS:
        if suit != english and suit_name(suit)[:1].upper() == letter:
            return suit
    return None


def card_words(text: str) -> str:
    """A stored turn-up ("9H") as the reader sees it: 9♥ (cuori)."""
    try:
        card = parse_card(text)
    except EngineError:
        return text
    if card.suit is None:
        return str(card)
    return f"{rank_label(card.rank)}{SUIT_SYMBOLS[card.suit]} ({suit_name(card.suit)})"
