"""Spectators: anyone with a room's code may watch it, if its host allows (the host's `watch`
choice, on unless turned off), and is sent only what is public, never a seat's secret.

A spectator takes no seat and has no token: nothing they send can act, start, chat or hand a seat
over (server.py closes a spectator's connection that tries). They are sent the lobby (with who
watches), the game's setup, and after every move the public view of the table: for a card game
the fields of a seat's view that every seat sees alike (PUBLIC: never a hand, a face-down card, a
bid not yet revealed, nor what one seat alone was shown), the events as nobody's secret
(`cards.events.visible(events, None)`) and those events in words; for Skully, which hides
nothing on the table, the same as a seat. Once the game is over every spectator is sent its whole
record, every hand and the seed with it, as the seats may ask for it. No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cards.events import visible
from skully_game.net import PROTOCOL
from skully_game.net.cardgame import CardGame
from skully_game.net.hosted import Cursor
from skully_game.net.rooms import Room, shown_code

MOST_WATCHING = 16  # spectators one room takes at most
SHOWN_NAMES = 8  # spectators named in a lobby (the rest are a count)
NOT_WATCHABLE = "the host of that room does not let anyone watch"
TOO_MANY = f"that room already has {MOST_WATCHING} spectators: try again later"
NO_ROOM = "there is no room with that code here"
SPECTATOR_ONLY = "a spectator only watches: join the room to play"

# The fields of each game's seat view that every seat is shown alike: what lies face up, counts,
# scores, whose turn. A seat's own hand, its face-down cards, its own bid before the reveal, what
# it alone was shown (a discard, a card drawn, a card turned at the Greybeard's table) are left
# out. A field not listed is never sent to a spectator.
PUBLIC: dict[str, tuple[str, ...]] = {
    "skull-king": (
        "options", "num_players", "current_player", "greybeard_seat", "phase", "round_index",
        "rounds_total", "cards", "dealer", "leader", "hand_sizes", "undealt_count",
        "discard_count", "has_bid", "bids_revealed", "has_mode", "modes_revealed",
        "adjustments", "wagers", "harry_pending", "power_player", "will_left", "tricks_won",
        "captures", "loot_pairs", "trick", "trick_order", "led_suit", "trick_winner", "tricks",
        "scores", "rounds",
    ),
    "skull": (
        "options", "num_players", "current_player", "phase", "round_index", "starter",
        "placed_first", "stack_heights", "cards_left", "won", "markers", "bid", "bidder",
        "passed", "offers", "challenger", "revealed", "flipped", "shown", "lost_counts",
        "draw_count", "skull_owner", "rounds", "winner",
    ),
    "skip-bo": (
        "options", "num_players", "current_player", "hand_sizes", "stock_tops", "stock_sizes",
        "discards", "build", "needs", "discard_tops", "draw_size", "set_aside_size", "played",
        "sides", "scores", "game_index", "starter", "turn_count", "idle", "games", "winners",
    ),
    "skirrid": (
        "options", "num_players", "current_player", "placed", "occupied", "scores", "left",
        "die", "blocks", "all_blocks", "last_block", "passes", "arena_bound", "sides",
        "turn_count", "winners",
    ),
}  # fmt: skip
# Fields public only once every seat has seen them: a seat's bids and modes are its own until
# the reveal (then the same for every seat, and sent).
REVEALED: dict[str, tuple[tuple[str, str], ...]] = {
    "skull-king": (("bids", "bids_revealed"), ("modes", "modes_revealed")),
}


def public_view(game: CardGame) -> dict[str, Any]:
    """The table as anyone may see it: the PUBLIC fields of seat 0's view (the same for every
    seat), the bids and modes once revealed."""
    view = game.state.glance(0)
    fields = {name: getattr(view, name) for name in PUBLIC[game.key]}
    for name, shown in REVEALED.get(game.key, ()):
        if getattr(view, shown):
            fields[name] = getattr(view, name)
    return fields


@dataclass
class Watcher:
    """One spectator: their connection, their name and how far the news was sent to them."""

    conn: Any
    name: str
    cursor: Cursor = field(default_factory=Cursor)
    recorded: int = 0  # the room's game whose whole record they were sent (0: none yet)
    fresh: bool = True  # their next update is the game whole, from its first move


@dataclass
class Stand:
    """One room's spectators, and whether its host lets anyone watch."""

    allowed: bool = True
    watchers: list[Watcher] = field(default_factory=list)

    def names(self) -> list[str]:
        return [w.name for w in self.watchers]


class Watch:
    """The spectators of every room of a server (the server calls these hooks)."""

    def __init__(self) -> None:
        self.stands: dict[str, Stand] = {}
        self.by_conn: dict[int, tuple[Room, Watcher]] = {}  # id(conn): a spectator's room

    def watching(self, conn: Any) -> bool:
        return id(conn) in self.by_conn

    def open(self, room: Room, allowed: bool) -> None:
        """A room is created: its host's choice."""
        self.stands[room.code] = Stand(allowed)

    def join(self, conn: Any, room: Room | None, name: str) -> str | None:
        """Seat `conn` in the stand of `room` (None: no such room); the refusal, in words."""
        if room is None:
            return NO_ROOM
        stand = self.stands.setdefault(room.code, Stand())
        if not stand.allowed:
            return NOT_WATCHABLE
        if len(stand.watchers) >= MOST_WATCHING:
            return TOO_MANY
        taken = {p.plan.name.lower() for p in room.places if p.taken} | {
            n.lower() for n in stand.names()
        }
        shown, n = name, 2
        while shown.lower() in taken:
            shown, n = f"{name} {n}", n + 1
        watcher = Watcher(conn, shown)
        stand.watchers.append(watcher)
        self.by_conn[id(conn)] = (room, watcher)
        conn.room = room
        conn.send(
            {
                "type": "watching",
                "room": shown_code(room.code),
                "game": room.game_key,
                "name": shown,
                "protocol": PROTOCOL,
            }
        )
        if room.game is not None:
            conn.send({"type": "setup", **room.game.setup()})
            self.update(room, watcher)
        return None

    def leave(self, conn: Any) -> Room | None:
        """A spectator's connection closed: the room they watched (its lobby changed)."""
        found = self.by_conn.pop(id(conn), None)
        if found is None:
            return None
        room, watcher = found
        stand = self.stands.get(room.code)
        if stand is not None and watcher in stand.watchers:
            stand.watchers.remove(watcher)
        return room

    def drop(self, code: str) -> None:
        """A room is gone: its spectators are forgotten (their connections close by themselves)."""
        stand = self.stands.pop(code, None)
        for watcher in stand.watchers if stand is not None else []:
            self.by_conn.pop(id(watcher.conn), None)

    def lobby(self, room: Room, lobby: dict[str, Any]) -> dict[str, Any]:
        """The lobby every seat and spectator is shown, with who watches (a few names, a count)."""
        stand = self.stands.get(room.code) or Stand()
        names = stand.names()
        return {**lobby, "watchable": stand.allowed, "watching": len(names),
                "watchers": names[:SHOWN_NAMES]}  # fmt: skip

    def tell(self, room: Room, message: dict[str, Any]) -> None:
        """A message every spectator of the room is sent as it is (lobby, setup, chat, closing)."""
        stand = self.stands.get(room.code)
        for watcher in stand.watchers if stand is not None else []:
            watcher.conn.send(message)

    def each(self, room: Room, do: Callable[[Any], None]) -> None:
        stand = self.stands.get(room.code)
        for watcher in list(stand.watchers) if stand is not None else []:
            do(watcher.conn)

    def new_game(self, room: Room) -> None:
        """A game begins (the start, or Play again): each spectator is sent its setup and its
        news from the first move."""
        stand = self.stands.get(room.code)
        if room.game is None or stand is None:
            return
        setup = {"type": "setup", **room.game.setup()}
        for watcher in stand.watchers:
            watcher.cursor, watcher.fresh = Cursor(), True
            watcher.conn.send(setup)

    def after_move(self, room: Room) -> None:
        stand = self.stands.get(room.code)
        for watcher in stand.watchers if stand is not None else []:
            self.update(room, watcher)

    def update(self, room: Room, watcher: Watcher) -> None:
        """The table as anyone may see it since the spectator's last update; at the game's end
        its whole record too."""
        game = room.game
        if game is None:
            return
        actor = game.actor()
        message: dict[str, Any] = {
            "type": "update",
            "seat": None,
            "move": room.moves,
            "actor": actor,
            "thinking": actor if actor is not None and not room.places[actor].person else None,
            "over": game.over(),
            "sync": watcher.fresh,
            "clock": room.clock_left(time.monotonic()),
            **_news(game, watcher.cursor),
        }
        if game.over():
            message["results"] = game.results()
        watcher.fresh = False
        watcher.conn.send(message)
        if game.over() and watcher.recorded != room.games:
            watcher.recorded = room.games
            watcher.conn.send({"type": "record", "record": game.record()})


def _news(game: Any, cursor: Cursor) -> dict[str, Any]:
    """What happened since `cursor`, as nobody's secret: a card game's public view, its events
    as a spectator may see them and in words; Skully's update as a seat's (nothing is hidden)."""
    if not isinstance(game, CardGame):
        return game.update_parts(0, cursor)
    state = game.state
    events = state.events  # type: ignore[attr-defined]
    new = visible(events[cursor.events :], None)
    cursor.events = len(events)
    names = [s.name for s in game.seats]
    lines = [state.event_words(e, None, names) for e in new]
    return {"view": public_view(game), "events": new, "lines": [t for t in lines if t]}
