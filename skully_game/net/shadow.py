"""A seat's game on its own machine, for the table that seat plays at: rebuilt after every update
from the seat's own view (`GameState.from_view`), with the events that seat was sent attached
for the log, the animations, the round summaries and the score sheet. No pygame here.

Only what the seat may see ever reaches the machine. `from_view` must still make up whatever the
view does not show (the others' hands, the deck's order, secret bids) to build a whole game; the
table shows those made-up parts nowhere: its viewer is always this seat, so another seat's cards
are drawn face down or as counts, and the made-up game's seed, history and search are never used
(`history()` is empty, so no table replays it). Each update gives a new state object: a table may
still hold the one before (a finished round on show)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cards import registry
from cards.engine import GameState
from cards.events import Event
from skully_game.core.errors import DataError, Said
from skully_game.net.typed import SOURCE, kinds, read_events, read_view


@dataclass
class Turn:
    """Who the server says acts now, and what this seat may do if it is them."""

    move: int = 0  # the server's move count when it sent this (the spy replays that far)
    actor: int | None = None
    thinking: int | None = None  # a computer seat thinking now
    legal: tuple[str, ...] = ()  # this seat's moves, when it is to act
    over: bool = False
    results: dict[str, Any] = field(default_factory=dict)
    together: bool = False  # this seat chooses now at once with others (Skull King's bids)
    held: str | None = None  # its own move made before its turn, held by the server till then


@dataclass
class Shadow:
    """One seat's copy of a game hosted elsewhere, taken update by update."""

    key: str  # the game's registry key
    seat: int
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    events: list[Event] = field(default_factory=list)  # every event this seat was sent
    # the view's history fields (a log) as sent so far: an update carries only their new
    # entries, under "history" (cardgame.py `update_parts`)
    history: dict[str, list[Any]] = field(default_factory=dict)
    state: GameState[Any] | None = None
    turn: Turn = field(default_factory=Turn)

    def take(self, update: dict[str, Any]) -> GameState[Any]:
        """The game as an `update` message shows it to this seat (DataError names a bad field;
        nothing is kept from an update refused)."""
        if update.get("seat") != self.seat:
            raise DataError(SOURCE, "update.seat", f"seat {self.seat}", update.get("seat"))
        data, history = self.whole_view(update)
        view = read_view(self.key, data)
        if view.player != self.seat:
            raise DataError(SOURCE, "update.view.player", f"seat {self.seat}", view.player)
        news = read_events(self.key, update.get("events", []))
        events = news if update.get("sync") else [*self.events, *news]
        state = self.rebuild(view, events)
        legal = update.get("legal") or []
        if not isinstance(legal, list) or not all(isinstance(a, str) for a in legal):
            raise DataError(SOURCE, "update.legal", "a list of moves", Said("something else"))
        actor, thinking = update.get("actor"), update.get("thinking")
        for name, value in (("actor", actor), ("thinking", thinking)):
            if value is not None and type(value) is not int:
                raise DataError(SOURCE, f"update.{name}", "a seat or nothing", value)
        results = update.get("results") or {}
        held = update.get("held")
        held = held if isinstance(held, str) else None
        if held is not None:
            own_bid(state, self.seat, held)
        others_bid(state, self.seat, update.get("bids_in"))
        self.events, self.state, self.history = events, state, history
        self.turn = Turn(
            update.get("move", 0) if type(update.get("move")) is int else 0,
            actor,
            thinking,
            tuple(legal),
            bool(update.get("over")),
            results if isinstance(results, dict) else {},
            bool(legal) and actor != self.seat and not update.get("over"),
            held,
        )
        return state

    def whole_view(self, update: dict[str, Any]) -> tuple[Any, dict[str, list[Any]]]:
        """The update's view with its history fields put back (those kept so far, then the
        new entries; a catch-up starts them again), and the history as it then stands."""
        data = update.get("view")
        sent = update.get("history", {})
        kind = kinds(self.key).view
        names = kind.HISTORY + kind.GROWS
        if not isinstance(sent, dict) or any(name not in names for name in sent):
            raise DataError(SOURCE, "update.history", f"new entries of {names}", Said("other"))
        if not isinstance(data, dict):
            return data, self.history  # read_view says what is wrong with it
        kept = {} if update.get("sync") else self.history
        history = dict(self.history)
        whole = dict(data)
        for name in names:
            if name in data:  # sent whole
                items = data[name]
            elif name in sent:
                items = sent[name]
                if not isinstance(items, list):
                    raise DataError(SOURCE, f"update.history.{name}", "a list", Said("other"))
                items = [*kept.get(name, []), *items]
            else:
                continue  # read_view says it is missing
            if isinstance(items, list):
                history[name] = items
            whole[name] = items
        return whole, history

    def rebuild(self, view: Any, events: list[Event]) -> GameState[Any]:
        """A whole game consistent with `view`, carrying `events` as the ones that happened
        (its own list: a state taken before keeps the events it had)."""
        cls = registry.game(self.key).entry().state
        try:
            state = cls.from_view(view, self.rng)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            said = Said(str(exc)[:80])
            raise DataError(SOURCE, "update.view", "a position of the game", said) from None
        # the events as a RecordedGame keeps them (`_events`), already heard: the table reads
        # them through `state.events`, which never replays a made-up game to catch up
        state._events = list(events)  # type: ignore[attr-defined]
        state.recording = True
        state._legal = None
        return state

    def my_turn(self) -> bool:
        return (self.turn.actor == self.seat or self.turn.together) and not self.turn.over


def own_bid(state: GameState[Any], seat: int, held: str) -> None:
    """This seat's Skull King bid, made before its turn in the engine's order and held by the
    server until then, put into its own copy: its table shows it made (the view shows a bid
    only once the engine has it). Anything else is left alone."""
    verb, _, value = held.partition(":")
    bids = getattr(state, "bids", None)
    if verb != "BID" or not value.isdigit() or not isinstance(bids, list):
        return
    if 0 <= seat < len(bids) and bids[seat] is None:
        bids[seat] = int(value)
        state._legal = None  # type: ignore[attr-defined]


def others_bid(state: GameState[Any], seat: int | None, seats: Any) -> None:
    """The seats the server says have bid (their bids held till their turn): marked as bid in
    this copy with a made-up number, like the engine's own secret bids (`from_view` guesses
    those), so the table says "has bid" there, never a number, until the reveal. Without
    this, a seat that had bid still read "no bid yet" at every other table."""
    bids = getattr(state, "bids", None)
    if not isinstance(seats, list) or not isinstance(bids, list):
        return
    for other in seats[: len(bids)]:
        if type(other) is int and other != seat and 0 <= other < len(bids) and bids[other] is None:
            bids[other] = 0
            state._legal = None  # type: ignore[attr-defined]


__all__ = ["Shadow", "Turn", "others_bid"]
