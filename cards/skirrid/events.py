"""Typed Skirrid events: what happened, as data, for the table's log and animations.

Everything in Skirrid is open (the seed: scores open, remaining shapes visible), so no event
holds a secret.
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.events import Event, visible


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """`seat` placed `piece` (face up, or turned over as a block) for `score` points."""

    seat: int
    piece: str
    orient: str
    row: int
    col: int
    squares: tuple[int, ...]
    block: bool
    score: int
    total: int  # the seat's score after it


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    """The dice variant: the die names the size of the shape `seat` must place."""

    seat: int
    face: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """`seat` could not place a shape (`why`: "no room" or "no such shape" after the die)."""

    seat: int
    why: str


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]
    scores: tuple[int, ...]  # per seat
    why: str  # "all placed", "one placed all" (the dice variant), "no moves"


__all__ = ["DieRolled", "Event", "GameOver", "Passed", "Placed", "visible"]
