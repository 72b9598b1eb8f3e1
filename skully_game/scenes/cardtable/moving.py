"""A card that moves from a seat or spot to a seat or spot, for any table game: the happening
a game's adapter lists (`Moved`), the flight the table draws for it (`Move`), and how long it
flies and stays lit (`move_times`): a person's own move at once, a computer's at the match's
pace, lit where it lands so that each is seen.

Places are named by the game's table ("H7", "S2", "B0" at Skip-Bo): the table turns a name
into where it lies (`Move.start`, `Move.end`) and draws the place without its top card until
the card has landed (`Move.target`, `landing`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from skully_game.scenes.cardtable.flight import Flight, fly_time
from skully_game.scenes.cardtable.match import Pace


@dataclass(frozen=True, slots=True)
class Moved:
    """A card goes from one place on the table to another (the places as the table names
    them), moved by `seat` (-1: nobody's move); `event` is its place among the game's events,
    so the log can tell it once it has landed (-1: the log need not wait)."""

    code: str
    source: str
    target: str
    seat: int = -1
    event: int = -1


class Move(Flight):
    """A card flying to a place, which is drawn without its top card until it lands; it may
    then `linger` there, lit, so that a computer's move is seen before the next."""

    def __init__(self, code: str, start: tuple[float, float], end: tuple[float, float],
                 target: str, scale: float, fly: float = 0.3, linger: float = 0.0) -> None:  # fmt: skip
        super().__init__(code, start, end, duration=fly + linger, waits=True)
        self.target = target
        self.scale = scale
        self.end_scale = scale
        self.fly = fly
        self.lingers = linger > 0  # a computer's move, watched before anyone goes on
        self.event = -1  # the game's event it shows (see `told_upto`)
        self.completes = False  # the place is finished as it lands (a game may clear it then)

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


def flight_for(
    item: Moved,
    start: tuple[float, float],
    end: tuple[float, float],
    scale: float,
    pace: Pace,
    computer: bool,
    ends_turn: bool,
) -> Move:
    """The flight that shows `item`, from `start` to `end` (where the table lays its places)."""
    fly, linger = move_times(pace, computer, ends_turn)
    move = Move(item.code, start, end, item.target, scale, fly, linger)
    move.event = item.event
    return move


def told_upto(pending: Iterable[object], flights: Iterable[Flight]) -> int | None:
    """How many of the game's events the log may tell now: none past a card still on its way
    or waiting to fly (so a computer's turn is told as it is seen). None: all of them."""
    marks = [p.event for p in pending if isinstance(p, Moved) and p.event >= 0]
    for f in flights:
        if isinstance(f, Move) and f.event >= 0:
            marks.append(f.event + 1 if f.landed else f.event)
    return min(marks) if marks else None


def landing(flights: Iterable[Flight]) -> set[str]:
    """The places a card is flying to: each is drawn without that card until it lands."""
    return {f.target for f in flights if isinstance(f, Move)}


__all__ = ["Move", "Moved", "flight_for", "landing", "move_times", "told_upto"]
