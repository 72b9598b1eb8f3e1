"""Typed Skull King events: what happened, as data, so a table writes logs and animations from them.

The state appends one event per happening to `state.events`, in order. Seats are engine seats
(Greybeard's is `options.players`). An event that carries something only one seat may know
(a hand, a secret bid, Will's draw, Juanita's look) names that seat in `seen_by`; `visible_to`
gives the copy another seat may see: the secret part replaced by None, or nothing at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cards.events import Event, visible
from cards.skull_king.cards import TIGRESS_ESCAPE, TIGRESS_PIRATE

Plays = tuple[tuple[int, str], ...]  # (seat, played code) in play order


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A round begins: `cards` to each hand (Greybeard's face-down pile included)."""

    round_index: int
    rounds_total: int
    cards: int
    dealer: int
    leader: int  # leads the first trick, and bids first
    hand_sizes: tuple[int, ...]  # per hand, Greybeard's pile last
    undealt: int  # cards left face down in the box


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """The cards one seat was dealt: that seat's alone."""

    seat: int
    cards: tuple[str, ...]

    secret: ClassVar[str] = "cards"
    hidden_whole: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """A seat has bid in secret; `bid` is None for the other seats until BidsRevealed."""

    seat: int
    bid: int | None

    secret: ClassVar[str] = "bid"


@dataclass(frozen=True, slots=True)
class BidsRevealed(Event):
    """Yo-ho-ho! Every bid, per seat."""

    bids: tuple[int, ...]

    reveals: ClassVar[type[Event]] = BidMade


@dataclass(frozen=True, slots=True)
class ModeChosen(Event):
    """Rascal scoring's secret Buckshot/Cannonball choice; `mode` hidden from the others."""

    seat: int
    mode: str | None  # "BUCKSHOT" or "CANNONBALL"

    secret: ClassVar[str] = "mode"


@dataclass(frozen=True, slots=True)
class ModesRevealed(Event):
    """Every seat's Buckshot or Cannonball, per seat."""

    modes: tuple[str, ...]

    reveals: ClassVar[type[Event]] = ModeChosen


@dataclass(frozen=True, slots=True)
class TrickStarted(Event):
    """A trick begins; `order` is the seats in the order they play it (Greybeard second)."""

    number: int  # 1 for the round's first trick
    leader: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card played to the trick; `flipped` when Greybeard turned it from his pile."""

    seat: int
    card: str  # as it left the hand ("TIGRESS" for either Tigress)
    played: str  # as it counts in the trick ("TIGRESS:PIRATE", "TIGRESS:ESCAPE", else card)
    flipped: bool = False

    @property
    def tigress_as(self) -> str | None:
        """ "PIRATE" or "ESCAPE" for the Tigress, None for every other card."""
        if self.played == TIGRESS_PIRATE:
            return "PIRATE"
        if self.played == TIGRESS_ESCAPE:
            return "ESCAPE"
        return None


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A seat takes the trick with `card`; `captures` itemizes the bonus banked (exact bid only)."""

    seat: int
    card: str  # the winning played code
    plays: Plays
    bonus: int
    captures: tuple[tuple[str, int], ...]  # (captured code, points), summing to `bonus`
    loot: tuple[int, ...]  # seats whose Loot was in the trick (alliances follow as LootAlliance)
    whale: bool  # the White Whale made it a contest of plain numbers

    @property
    def next_leader(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class TrickDestroyed(Event):
    """The Kraken destroyed the trick: nobody takes it, its bonuses are lost."""

    seat: int  # the Kraken's player
    plays: Plays
    would_have_won: int  # the seat taking the trick with the Kraken (and a Whale it cancelled) out
    next_leader: int  # would_have_won, or the seat after the Kraken's with that option


@dataclass(frozen=True, slots=True)
class TrickDiscarded(Event):
    """The White Whale met no numbered card: the trick is discarded and its player leads."""

    seat: int  # the White Whale's player
    plays: Plays

    @property
    def next_leader(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class LootAlliance(Event):
    """Loot allied its player with the trick's winner: +20 each if both bid exactly."""

    giver: int
    winner: int


@dataclass(frozen=True, slots=True)
class PowerUsed(Event):
    """A pirate's power, used by the seat that won a trick with that pirate."""

    pirate: ClassVar[str] = ""
    seat: int


@dataclass(frozen=True, slots=True)
class LeaderChosen(PowerUsed):
    """Rosie the Sweet: `leader` leads the next trick."""

    pirate: ClassVar[str] = "ROSIE"
    leader: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(PowerUsed):
    """Will the Bandit draws `count` undealt cards; which ones only he sees."""

    pirate: ClassVar[str] = "WILL"
    count: int
    cards: tuple[str, ...] | None

    secret: ClassVar[str] = "cards"


@dataclass(frozen=True, slots=True)
class CardDiscarded(PowerUsed):
    """Will discards one card face down; `left` still to discard after it."""

    pirate: ClassVar[str] = "WILL"
    left: int
    card: str | None

    secret: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class WagerMade(PowerUsed):
    """Rascal the Gambler stakes 0, 10 or 20: won with an exact bid, lost otherwise."""

    pirate: ClassVar[str] = "RASCAL"
    wager: int


@dataclass(frozen=True, slots=True)
class UndealtSeen(PowerUsed):
    """Juanita Jade looks at the undealt cards; only her player sees them."""

    pirate: ClassVar[str] = "JUANITA"
    count: int
    cards: tuple[str, ...] | None

    secret: ClassVar[str] = "cards"


@dataclass(frozen=True, slots=True)
class BidChangeEarned(PowerUsed):
    """Harry the Giant won a trick: his player may change the bid by one after the last trick."""

    pirate: ClassVar[str] = "HARRY"


@dataclass(frozen=True, slots=True)
class BidChanged(PowerUsed):
    """Harry the Giant's change: `change` is -1, 0 or +1."""

    pirate: ClassVar[str] = "HARRY"
    change: int
    bid: int  # as bid
    new_bid: int


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's line of a scored round."""

    seat: int
    bid: int  # as bid, before Harry
    adjustment: int  # Harry's change
    tricks: int
    base: int  # from the bid alone
    bonus: int  # captures (14s, characters)
    loot: int
    wager: int  # Rascal's stake won (+) or lost (-)
    mode: str | None  # Buckshot/Cannonball with that option
    points: int  # this round, everything included
    total: int  # the running score after this round

    @property
    def exact(self) -> bool:
        return self.bid + self.adjustment == self.tricks


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    round_index: int
    cards: int
    lines: tuple[SeatScore, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]  # every seat sharing the highest score
    scores: tuple[int, ...]


__all__ = [
    "BidChangeEarned",
    "BidChanged",
    "BidMade",
    "BidsRevealed",
    "CardDiscarded",
    "CardPlayed",
    "CardsDrawn",
    "Dealt",
    "Event",
    "GameOver",
    "HandDealt",
    "LeaderChosen",
    "LootAlliance",
    "ModeChosen",
    "ModesRevealed",
    "PowerUsed",
    "RoundScored",
    "SeatScore",
    "TrickDestroyed",
    "TrickDiscarded",
    "TrickStarted",
    "TrickWon",
    "UndealtSeen",
    "WagerMade",
    "visible",
]
