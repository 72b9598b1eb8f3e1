"""What the server needs of a game it hosts, the same for the four table games and Skully: who
acts, what one seat may see, one seat's move checked and applied, a computer player's move
chosen off the event loop, and the record saved as the program saves it at one desk."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class Refused(ValueError):
    """A move the rules or the turn do not allow: said to its sender, in words; the game goes on."""


@dataclass(frozen=True)
class SeatPlan:
    """One seat as the host set it up: a person (level None) or a computer player of a level;
    for Skully, how a person's slingshot wobbles (`hand`) and how they shoot (`input`)."""

    name: str
    level: str | None = None
    hand: str = "skilled"
    input: str = "slingshot"

    @property
    def person(self) -> bool:
        return self.level is None


@dataclass
class Cursor:
    """How far one seat's news has been sent: events, (Skully) actions, and the entries of
    each of its view's history fields (a log that only grows)."""

    events: int = 0
    actions: int = 0
    history: dict[str, int] = field(default_factory=dict)


# A computer player's move, thought out in a worker thread; applied back on the event loop.
Thinking = Callable[[], Any]


class Hosted(ABC):
    """One game held by the server: the only copy that counts."""

    key: str
    seats: list[SeatPlan]
    heavy: bool = False  # `prepare` does real work (run it in a worker thread)
    path: Path  # where the record is saved after every move

    @abstractmethod
    def actor(self) -> int | None:
        """The seat that must act now, or None once the game is over."""

    def together(self) -> tuple[int, ...]:
        """The seats that choose now, at once where the rules say so (Skull King's bids),
        else the seat to act alone; none once the game is over."""
        actor = self.actor()
        return () if actor is None else (actor,)

    @abstractmethod
    def over(self) -> bool: ...

    @abstractmethod
    def setup(self) -> dict[str, Any]:
        """What every seat may know from the start (game, rules, names, board): never the seed."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """Everything `seat` may know now (a view, or plain data: wire.encode writes it)."""

    @abstractmethod
    def news(self, seat: int, cursor: Cursor) -> dict[str, Any]:
        """What happened since `cursor`, as `seat` may see it (the cursor moves on)."""

    def seen(self, seat: int, cursor: Cursor) -> dict[str, int]:
        """How much of the news a seat's `cursor` was sent, counted as the seat's news lists
        count (a rejoin's catch-up sends every list whole: its table tells what was missed)."""
        return {"actions": cursor.actions, "events": cursor.events}

    def update_parts(self, seat: int, cursor: Cursor) -> dict[str, Any]:
        """The seat's part of an update message: its view and its news since `cursor`."""
        return {"view": self.view(seat), **self.news(seat, cursor)}

    @abstractmethod
    def legal(self, seat: int) -> list[Any] | None:
        """The moves open to `seat` now, if the game lists them (None otherwise)."""

    @abstractmethod
    def check(self, seat: int, move: Any) -> Any:
        """`move` from `seat` made ready to apply, or Refused saying why not (turn, rules)."""

    @abstractmethod
    def apply(self, seat: int, ready: Any) -> None:
        """Apply a checked move (on the event loop; `prepare` has done any heavy work)."""

    def prepare(self, seat: int, ready: Any) -> Any:
        """Heavy work of a move done in a worker thread before `apply` (a Skully shot's
        simulation); by default nothing."""
        return ready

    @abstractmethod
    def computer(self, seat: int) -> Thinking | None:
        """A computer seat's move: a function to run in a worker thread that returns the move
        for `apply`, or None when a cheap decision was made at once."""

    @abstractmethod
    def hand_to_computer(self, seat: int, level: str) -> None:
        """The seat is played by a computer player of `level` from now on (ValueError if no
        such level)."""

    @abstractmethod
    def levels(self) -> tuple[str, ...]:
        """The computer players' levels this game offers."""

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The whole game as the program saves it at one desk (hidden cards and seed included)."""

    def record_text(self) -> str:
        """The record as the file holds it: made on the event loop (a snapshot), written in a
        worker thread."""
        return json.dumps(self.record(), separators=(",", ":"))

    @abstractmethod
    def results(self) -> dict[str, Any]:
        """Scores and winners once the game is over (wire data)."""
