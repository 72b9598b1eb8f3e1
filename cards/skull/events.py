"""Typed Skull events: what happened, as data, for the table's log and animations.

Only three things are ever secret: the card a player places (its owner's alone), the card a
Challenger chooses to lose to their own Skull (theirs alone), and the card a Skull's owner draws
from a beaten Challenger (the drawer's alone). Everything else is said aloud at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cards.events import Event, visible


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round_index: int
    starter: int
    cards_left: tuple[int, ...]  # per seat (0: out)


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    """A card goes face down on a stack; the others only see that one did."""

    seat: int
    card: str | None
    first: bool  # the round's secret first placement
    height: int  # the stack's height after it

    secret: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    seat: int
    bid: int
    opening: bool  # the bid that ended the placement


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Held(Event):
    """Open Bid: asked whether to raise, the seat let the bid stand (for now)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChallengeBegun(Event):
    challenger: int
    bid: int


@dataclass(frozen=True, slots=True)
class CardTurned(Event):
    challenger: int
    owner: int  # whose stack
    card: str
    turned: int  # cards turned so far this challenge
    bid: int


@dataclass(frozen=True, slots=True)
class ChallengeWon(Event):
    challenger: int
    markers: int  # Win Markers now turned down (2 wins the game)


@dataclass(frozen=True, slots=True)
class SkullFound(Event):
    challenger: int
    owner: int  # whose Skull: the Challenger's own, or another's


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """Beaten by their own Skull, the Challenger loses a card of their choice: theirs to know."""

    seat: int
    card: str | None
    left: int  # cards the Challenger has left

    secret: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """The Skull's owner (`seat`) draws one of the beaten Challenger's cards; only they see it."""

    seat: int
    challenger: int
    card: str | None
    left: int  # cards the Challenger has left

    secret: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winner: int
    by_markers: bool  # two Win Markers; else the last player with cards


__all__ = [
    "BidMade",
    "CardDiscarded",
    "CardDrawn",
    "CardPlaced",
    "CardTurned",
    "ChallengeBegun",
    "ChallengeWon",
    "Event",
    "GameOver",
    "Held",
    "Passed",
    "PlayerOut",
    "RoundStarted",
    "SkullFound",
    "visible",
]
