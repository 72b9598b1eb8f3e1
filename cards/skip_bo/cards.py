"""Skip-Bo's cards: numbers 1-12 and the SKIP-BO wild, held by the engine as small integers.

A card is an int: 1-12 are numbers, 0 (`WILD`) is a SKIP-BO card. Saves and action strings write
a wild as "W" and a number as its digits, so a save reads like the table ("H7>B2").
"""

from __future__ import annotations

WILD = 0
NUMBERS = tuple(range(1, 13))
TOP = 12  # a building pile that reaches 12 is set aside
COPIES = 12  # of each number
WILDS = 18  # this edition; the 1980 edition has 24
WILDS_1980 = 24


def deck(wilds: int = WILDS) -> list[int]:
    """Every card of a box: 12 of each number and `wilds` SKIP-BO cards (162, or 168 in 1980)."""
    return [n for n in NUMBERS for _ in range(COPIES)] + [WILD] * wilds


def code(card: int) -> str:
    """The card in saves and actions: "W" or "1".."12"."""
    return "W" if card == WILD else str(card)


def from_code(text: str) -> int:
    """Inverse of `code`; ValueError for anything else."""
    if text == "W":
        return WILD
    value = int(text)
    if value not in NUMBERS:
        raise ValueError(f"no Skip-Bo card {text!r}")
    return value


def describe(card: int) -> str:
    """The card in a player's words: "SKIP-BO" or "7"."""
    return "SKIP-BO" if card == WILD else str(card)
