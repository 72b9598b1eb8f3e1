"""A card moving across the table: played, collected, dealt, or turned over where it lies.

Every flight takes its time from the match's pace (`Pace.fly`, `Pace.turn`); a person's own card
goes at once (`OWN`, or faster at a fast pace). A flight's face is drawn through the table's gate
with its `owner`: a card only one seat may see flies face down for everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass

OWN = 0.3  # seconds a person's own card takes to where they put it


@dataclass
class Flight:
    """A card moving across the table: played, collected or dealt."""

    code: str | None  # None: face down
    start: tuple[float, float]
    end: tuple[float, float]
    delay: float = 0.0
    duration: float = 0.25
    t: float = 0.0
    slot: int = -1  # a played card: the pile slot it is flying to
    waits: bool = False  # the next move waits for it (a card going onto a stack, a turn)
    turning: int = -1  # a card turned over on this seat's spot, where it lies
    dealt: bool = False  # a card being dealt: the hand shows once the deal has landed
    scale: float = 0.5  # the card's size as it sets off ...
    end_scale: float = 0.5  # ... and as it lands
    owner: int | None = None  # who may see its face (None: everyone); the others see its back
    onto: int = -1  # a face-down card going onto this seat's spot: its top waits for it

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    @property
    def flying(self) -> bool:
        """It has set off (a dealt card waits its turn unseen)."""
        return self.t >= self.delay

    def eased(self) -> float:
        """How far along it is, 0 to 1, slowing as it lands."""
        f = min(1.0, max(0.0, (self.t - self.delay) / self.duration))
        return 1 - (1 - f) ** 3

    def at(self) -> tuple[float, float]:
        f = self.eased()
        return (
            self.start[0] + (self.end[0] - self.start[0]) * f,
            self.start[1] + (self.end[1] - self.start[1]) * f,
        )

    def size(self) -> float:
        """The card's scale now, in steps of 0.05 (faces and backs are cached by size)."""
        scale = self.scale + (self.end_scale - self.scale) * self.eased()
        return round(scale * 20) / 20


def fly_time(pace_fly: float, own: bool) -> float:
    """How long a card takes across the table: the pace's time, a person's own card at once."""
    return min(OWN, pace_fly) if own else pace_fly


__all__ = ["OWN", "Flight", "fly_time"]
