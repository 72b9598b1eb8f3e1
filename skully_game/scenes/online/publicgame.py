"""A spectator's copy of a card game hosted elsewhere: a whole game made up from the table as
anyone may see it (net/watch.py `public_view`), so that the game's own table can draw it with
nobody's hand. No pygame here.

A game's engine builds a whole game from one seat's view (`from_view`), so the public view is
made into one: seat 0's, with what only seat 0 would know made up here, from the cards nobody
has seen (its hand) or left empty (what it alone was shown); Skull's engine imagines every
seat's cards itself when the view is nobody's (seat -1), so its view is that. The made-up parts
are never drawn: a spectator's table shows nobody's secrets (watchtable.py), only the seats' counts, the
piles and the board, which the public view gives as they are. Each game says how in its scene
package's `watching.py` (`FILL`); a game without one is watched on spectate.py's page in words.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from cards import registry
from cards.events import Event
from skully_game.core.errors import DataError, Said
from skully_game.core.games import scene_package
from skully_game.net.shadow import Shadow, Turn, others_bid
from skully_game.net.typed import SOURCE, kinds, read_events, read_view

PERSPECTIVE = 0  # the seat whose view the public table is made into (its secrets made up)
NOBODY = -1  # a view of no seat, where an engine can make up every seat's secrets (Skull's)

Fill = Callable[[dict[str, Any], random.Random], None]


def fill(key: str) -> Fill | None:
    """Game `key`'s way of making the public view into a seat's (its scene package's
    `watching.FILL`), or None: a game a spectator watches on the page in words, or Skully,
    which is no card game and is watched at its own table (the Skully spectator demo raised)."""
    if key not in {g.key for g in registry.GAMES}:
        return None
    package = scene_package(registry.game(key))
    try:
        module = importlib.import_module(f"{package}.watching")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.watching":
            raise
        return None
    return module.FILL  # type: ignore[no-any-return]


def watchable(key: str) -> bool:
    """Whether a spectator of game `key` watches it at the game's own table."""
    return fill(key) is not None


def seat_view(key: str, public: Any, rng: random.Random) -> Any:
    """Seat 0's view made from the public one (its own secrets made up): an engine's view."""
    if not isinstance(public, dict):
        return read_view(key, public)  # says what is wrong with it
    data = {name: value for name, value in public.items() if name != "player"}
    data["player"] = PERSPECTIVE
    for name in kinds(key).view.HISTORY:  # a log only grows: the table tells events instead
        data.setdefault(name, [])
    made = fill(key)
    if made is None:
        raise DataError(SOURCE, "update.view", "a game watched at its table", Said(key))
    made(data, rng)
    return read_view(key, data)


class PublicShadow(Shadow):
    """A spectator's copy of the game, taken update by update (Shadow's, with no seat)."""

    def __init__(self, key: str, seed: int = 0) -> None:
        super().__init__(key, PERSPECTIVE, random.Random(seed))
        self.seat = None  # type: ignore[assignment]

    def take(self, update: dict[str, Any]) -> Any:
        """The game as a spectator's `update` shows it (DataError names a bad field)."""
        if update.get("seat") is not None:
            raise DataError(SOURCE, "update.seat", "no seat", update.get("seat"))
        view = seat_view(self.key, update.get("view"), self.rng)
        news = read_events(self.key, update.get("events", []))
        events: list[Event] = news if update.get("sync") else [*self.events, *news]
        state = self.rebuild(view, events)
        others_bid(state, None, update.get("bids_in"))
        actor, thinking = update.get("actor"), update.get("thinking")
        for name, value in (("actor", actor), ("thinking", thinking)):
            if value is not None and type(value) is not int:
                raise DataError(SOURCE, f"update.{name}", "a seat or nothing", value)
        results = update.get("results") or {}
        move = update.get("move")
        self.events, self.state = events, state
        self.turn = Turn(
            move if type(move) is int else 0,
            actor,
            thinking,
            (),
            bool(update.get("over")),
            results if isinstance(results, dict) else {},
        )
        return state

    def my_turn(self) -> bool:
        return False


__all__ = ["NOBODY", "PERSPECTIVE", "Fill", "PublicShadow", "fill", "seat_view", "watchable"]
