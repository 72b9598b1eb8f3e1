"""Skull King's phases and its public records: a finished trick, a round on the score sheet.
Shared by the state, the views and positions as text (position.py)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from cards.skull_king.scoring import PlayerRound


class Phase(Enum):
    BID = "bid"
    MODE = "mode"  # Rascal Cannonball option
    PLAY = "play"
    ROSIE = "rosie"
    WILL = "will"
    WAGER = "wager"
    ADJUST = "adjust"  # Harry, at the end of the round
    OVER = "over"


class TrickRecord(NamedTuple):
    """A finished trick: public to everyone (a named tuple: cheap to make, read-only)."""

    plays: tuple[tuple[int, str], ...]  # (seat, played code) in play order
    winner: int | None  # seat that took it; None if the Kraken or the Whale destroyed it
    next_leader: int  # seat that led next (before Rosie's choice, if any)
    destroyed_by: str | None
    bonus: int  # capture bonus banked by the winner
    loot: tuple[int, ...]  # seats whose Loot allied them with the winner


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One finished round for the score sheet."""

    round_index: int
    cards: int
    dealer: int
    bids: tuple[int, ...]  # as bid, before Harry
    adjustments: tuple[int, ...]
    modes: tuple[str | None, ...]
    lines: tuple[PlayerRound, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(line.total for line in self.lines)
