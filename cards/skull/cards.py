"""Standard playing cards as Skull uses them: a King is a Skull, three cards of one number are
Flowers, and two more cards are face-up Win Markers.

A card is a short code: rank (A, 2-10, J, Q, K) then suit (C, D, H, S), "KS" or "10H". With three
decks the same code appears up to three times; the engine only ever needs what is on a card.
"""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
NUMBERS = RANKS[1:10]  # 2-10: the Flowers (the seed deals "three cards of the same number")
SKULL_RANK = "K"

RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def card(rank: str, suit: str) -> str:
    return f"{rank}{suit}"


def rank_of(code: str) -> str:
    return code[:-1]


def suit_of(code: str) -> str:
    return code[-1]


def is_skull(code: str) -> bool:
    return rank_of(code) == SKULL_RANK


def is_card(code: object) -> bool:
    return (
        isinstance(code, str) and len(code) in (2, 3) and code[:-1] in RANKS and code[-1] in SUITS
    )


# Every card's place in a sorted hand (suit, then rank): legal actions come in a stable order.
ORDER = {card(r, s): i for i, (s, r) in enumerate((s, r) for s in SUITS for r in RANKS)}


def sort_hand(cards: list[str]) -> list[str]:
    """A hand in a fixed order (suit, then rank), so legal actions come in a stable order."""
    return sorted(cards, key=ORDER.__getitem__)


def deck(copies: int = 1) -> list[str]:
    """`copies` standard 52-card decks, in a fixed order (shuffled by the game's generator)."""
    return [*_DECK] * copies  # a new list each time: the deal takes cards out of it


_DECK = tuple(card(r, s) for s in SUITS for r in RANKS)  # one deck, in its fixed order


def describe(code: str) -> str:
    """'king of spades', '10 of hearts': how the table and the log name a card."""
    rank = rank_of(code)
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit_of(code)]}"
