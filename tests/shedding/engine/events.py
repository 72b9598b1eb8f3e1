"""Shed's typed events: the deal and a draw are the drawer's alone; a play and a pass are said
aloud."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cards.events import Event


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat's hand is dealt; the others see only how many cards."""

    seat: int
    cards: tuple[str, ...] | None
    count: int

    secret: ClassVar[str] = "cards"


@dataclass(frozen=True, slots=True)
class Started(Event):
    """The first card is turned up from the deck to start the pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A card from the deck; the others see that one was drawn."""

    seat: int
    card: str | None

    secret: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Ended(Event):
    """The game is over: its winners (the first out, or the fewest cards when all are stuck)."""

    winners: tuple[int, ...]
