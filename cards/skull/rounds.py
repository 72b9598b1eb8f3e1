"""A Skull round's phases and a finished round as everyone saw it: shared by the state, the
views and the bots' beliefs (which read observations, never a state)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Phase(Enum):
    FIRST = "first"  # everyone places one card, in secret
    PLACE = "place"  # place another card, or open the bidding
    BID = "bid"  # raise or pass (Open Bid: raise or hold)
    REVEAL = "reveal"  # the Challenger turns cards
    DISCARD = "discard"  # their own Skull: the Challenger chooses the card they lose
    DRAW = "draw"  # another's Skull: its owner draws one of the Challenger's cards
    OVER = "over"


class Outcome(Enum):
    WON = "won"  # the bid was made: a Win Marker
    OWN_SKULL = "own-skull"
    OTHER_SKULL = "other-skull"


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A finished round as everyone saw it (the lost card is not in it: it is hidden)."""

    round_index: int
    starter: int
    challenger: int
    bid: int
    revealed: tuple[tuple[int, str], ...]  # (stack owner, card) in the order turned
    outcome: Outcome
    skull_owner: int | None  # whose Skull ended it, if one did
    heights: tuple[int, ...] = ()  # every stack's height when it ended


__all__ = ["Outcome", "Phase", "RoundRecord"]
