"""A Skip-Bo card flying from place to place, and how long it takes: a person's own move at
once, a computer's at the match's pace, lit where it lands so that each is seen."""

from __future__ import annotations

from skully_game.scenes.cardtable.flight import Flight, fly_time
from skully_game.scenes.cardtable.match import Pace


class Move(Flight):
    """A card flying to a place, which is drawn without its top card until it lands; it may
    then `linger` there, lit, so that a computer's move is seen before the next."""

    def __init__(self, code: str, start: tuple[float, float], end: tuple[float, float],
                 target: str, scale: float, fly: float = 0.3, linger: float = 0.0) -> None:  # fmt: skip
        super().__init__(code, start, end, duration=fly + linger, waits=True)
        self.target = target
        self.scale = scale
        self.fly = fly
        self.lingers = linger > 0  # a computer's move, watched before anyone goes on
        self.event = -1  # the game's event it shows (see SkipBoTable.told_events)
        self.completes = False  # its building pile reaches 12 as it lands (then is cleared)

    def eased(self) -> float:
        f = min(1.0, max(0.0, (self.t - self.delay) / self.fly))
        return 1 - (1 - f) ** 3

    @property
    def landed(self) -> bool:
        return self.t - self.delay >= self.fly


def move_times(pace: Pace, computer: bool, ends_turn: bool) -> tuple[float, float]:
    """How long a card flies and then stays lit where it landed: a person's own move at
    once; a computer's at the match's pace, its last of the turn longest (a pass screen or
    the next person's turn follows it)."""
    if not computer:
        return fly_time(pace.fly, True), 0.0
    fly = min(0.8, max(pace.fly, pace.move * 0.6))
    return fly, pace.move if ends_turn else pace.move * 0.3


__all__ = ["Move", "move_times"]
