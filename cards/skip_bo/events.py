"""Typed Skip-Bo events: what happened, as data, for the table's log and animations.

The one secret is what a player draws (theirs alone: the others see how many). Everything played
or discarded is face up at a real table, and so is every stock's top card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cards.events import Event, visible


@dataclass(frozen=True, slots=True)
class GameDealt(Event):
    """A game of the match begins: stocks dealt, their tops turned up."""

    game_index: int
    starter: int
    stock_size: int
    stock_tops: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """`seat` fills their hand from the draw pile; only they see the cards."""

    seat: int
    count: int
    cards: tuple[int, ...] | None
    refill: bool  # drawn after playing the whole hand, mid-turn

    secret: ClassVar[str] = "cards"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The draw pile ran out: the set-aside building piles are shuffled into a new one."""

    cards: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card goes onto building pile `build`, counting as `value` (a wild's number)."""

    seat: int
    source: str  # "hand", "stock" or "discard"
    owner: int  # whose stock or discard pile (a partner's, in partnerships)
    pile: int  # the discard pile's index; -1 otherwise
    card: int
    build: int
    value: int
    stock_left: int  # cards left in the owner's stock, when it came from there
    stock_top: int | None  # the owner's new stock top, when it came from there


@dataclass(frozen=True, slots=True)
class PileCompleted(Event):
    """Building pile `build` reached 12 and is set aside."""

    build: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """The turn's discard: `card` from the hand onto the seat's discard pile `pile`."""

    seat: int
    card: int
    pile: int


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """No card in hand and none to draw: the turn ends without a discard."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A game is over: `winners` (seats; a pair, or a tie) score `points` each side."""

    game_index: int
    winners: tuple[int, ...]
    points: int  # 0 when games are not scored
    by: str  # "stock" (emptied), "stalemate" (nobody could move) or "limit" (turn limit)
    stocks_left: tuple[int, ...]  # every seat's stock, when it ended
    scores: tuple[int, ...]  # match totals per seat after it (0s when games are not scored)


@dataclass(frozen=True, slots=True)
class MatchWon(Event):
    winners: tuple[int, ...]
    scores: tuple[int, ...]


__all__ = [
    "CardPlayed",
    "CardsDrawn",
    "Discarded",
    "Event",
    "GameDealt",
    "GameWon",
    "MatchWon",
    "PileCompleted",
    "Reshuffled",
    "TurnPassed",
    "visible",
]
