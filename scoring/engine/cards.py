"""Suits, ranks, decks and the turned-up card."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import EngineError, gettext_noop, shown

SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
SUIT_BY_LETTER: dict[str, str] = {suit[0].upper(): suit for suit in SUITS}
BENNY = "BENNY"

SHORT_RANKS: tuple[str, ...] = ("9", "10", "J", "Q", "K", "A")
LONG_RANKS: tuple[str, ...] = ("7", "8", *SHORT_RANKS)


@dataclass(frozen=True)
class Deck:
    """A pack by its size: which ranks are in it and whether it holds a Benny (joker)."""

    size: int
    ranks: tuple[str, ...]
    has_benny: bool


# 50 is the six-handed double pack of 25: no 7s or 8s, two Bennies.
DECKS: dict[int, Deck] = {
    24: Deck(24, SHORT_RANKS, False),
    25: Deck(25, SHORT_RANKS, True),
    32: Deck(32, LONG_RANKS, False),
    33: Deck(33, LONG_RANKS, True),
    50: Deck(50, SHORT_RANKS, True),
}


@dataclass(frozen=True)
class Card:
    """A turned-up card; `suit` is None for the Benny."""

    rank: str
    suit: str | None

    @property
    def is_benny(self) -> bool:
        return self.rank == BENNY

    def __str__(self) -> str:
        if self.suit is None:
            return self.rank
        return self.rank + self.suit[0].upper()


# Seed 003 (British): "if your pack has no joker, the two of spades can stand in".
# The 2S is in no Euchre pack as itself; it is only ever read as a stand-in Benny.
TWO_OF_SPADES = Card("2", "spades")


def parse_suit(value: object) -> str:
    if not isinstance(value, str) or value.strip().lower() not in SUITS:
        raise EngineError(
            "bad_trump",
            # The suits are a parameter: they are the literal values accepted, which a
            # translation must not turn into words the API then refuses.
            gettext_noop("Trump must be one of: %(suits)s; not %(value)s."),
            {"suits": ", ".join(SUITS), "value": shown(value)},
        )
    return value.strip().lower()


def parse_card(value: object) -> Card:
    """Reads "9H", "10D", "JS", "BENNY" (any letter case)."""
    text = value.strip().upper() if isinstance(value, str) else ""
    if text == BENNY:
        return Card(BENNY, None)
    if text == str(TWO_OF_SPADES):
        return TWO_OF_SPADES
    rank, letter = text[:-1], text[-1:]
    if rank not in LONG_RANKS or letter not in SUIT_BY_LETTER:
        raise EngineError(
            "bad_turn_up",
            gettext_noop(
                "The turn-up %(value)s is not a card: write rank and suit letter "
                "such as 9H, 10D, JS, or BENNY (2S where the two of spades is the Benny)."
            ),
            {"value": shown(value)},
        )
    return Card(rank, SUIT_BY_LETTER[letter])


def card_in_deck(card: Card, deck: Deck) -> bool:
    if card.is_benny:
        return deck.has_benny
    return card.rank in deck.ranks
