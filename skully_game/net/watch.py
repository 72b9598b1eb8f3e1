"""Spectators: anyone with a room's code may watch it, if its host allows (the host's `watch`
choice, on unless turned off), and is sent only what is public, never a seat's secret.

A spectator takes no seat and has no token: nothing they send can act, start or hand a seat
over (server.py closes a spectator's connection that tries). They may chat only if the host
allows it (the host's `watch_chat` choice, off unless turned on): preset lines and short text,
under the same length and rate limits as a seat's, sent to every seat and spectator as
"(watching) Cy: …" except those who muted them; a spectator's line is refused in words when
the host has not allowed it. Anyone may mute anyone, seats and spectators alike: a spectator
is muted by name (names are unique in a room). They are sent the lobby (with who
watches), the game's setup, and after every move the public view of the table: for a card game
the fields of a seat's view that every seat sees alike (`public_view`: never a hand, a face-down
card, a bid, nor what one seat alone was shown), the events as nobody's secret
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
from skully_game.net.protocol import chat_text
from skully_game.net.rooms import Room, shown_code

MOST_WATCHING = 16  # spectators one room takes at most
SHOWN_NAMES = 8  # spectators named in a lobby (the rest are a count)
NOT_WATCHABLE = "the host of that room does not let anyone watch"
TOO_MANY = f"that room already has {MOST_WATCHING} spectators: try again later"
NO_ROOM = "there is no room with that code here"
SPECTATOR_ONLY = "a spectator only watches: join the room to play"
NO_CHAT = "the host of this room has not let spectators chat: you can still read every line"
SAY_SOMETHING = "say something: a preset line or a few words"
SLOW_DOWN = "slow down: one line of chat a second"
MUTE_WHOM = "mute: name one seat or one spectator"

# Fields of a seat's view found to differ between seats, by game: never sent to a spectator
# (a hand, a face-down stack, a bid before the reveal, what one seat alone was shown). Once a
# field has differed it stays private, even at a moment all seats' values happen to agree.
_PRIVATE: dict[str, set[str]] = {}

# Fields kept per seat (one entry a seat) whose entries become public one by one: a Skull King
# bid or mode is its seat's own until the reveal, then everyone's; whether a Skull player's Skull
# is gone, known to all once it was seen to go. A spectator is sent an entry once every seat's
# view holds the same value for it, and None before.
PER_SEAT = frozenset({"bids", "modes", "skull_gone"})


def _differing(state: Any, seats: int, fields: tuple[str, ...]) -> set[str]:
    """The fields whose values are not the same in every seat's view of `state`."""
    views = [state.glance(p) for p in range(seats)]
    return {f for f in fields if any(getattr(v, f) != getattr(views[0], f) for v in views[1:])}


def public_view(game: CardGame) -> dict[str, Any]:
    """The table as anyone may see it: the fields of the seats' views that every seat is shown
    alike, read from the engine's own view for each seat (no game is named here). A field that
    has ever differed between seats, in this game's deal or since, is left out for good."""
    state, seats = game.state, len(game.seats)
    kind = type(state.glance(0))
    fields = tuple(f for f in kind.FIELDS if f not in kind.HISTORY and f != "player")
    private = _PRIVATE.get(game.key)
    if private is None:  # the first look at this game: its deal too, where hands differ
        dealt = game.entry.new_state(game.options, game.seed)
        private = _PRIVATE[game.key] = _differing(dealt, seats, fields)
    private |= _differing(state, seats, fields)
    views = [state.glance(p) for p in range(seats)]
    shown = {f: getattr(views[0], f) for f in fields if f not in private}
    for name in PER_SEAT & private:
        shown[name] = _agreed([getattr(v, name) for v in views], seats)
    return shown


def _agreed(values: list[Any], seats: int) -> tuple[Any, ...]:
    """A per-seat field as every seat knows it: each entry all views agree on, else None."""
    if not all(isinstance(v, tuple) and len(v) == seats for v in values):
        return (None,) * seats
    return tuple(v[0] if all(w == v[0] for w in v[1:]) else None for v in zip(*values, strict=True))


@dataclass
class Watcher:
    """One spectator: their connection, their name and how far the news was sent to them."""

    conn: Any
    name: str
    cursor: Cursor = field(default_factory=Cursor)
    recorded: int = 0  # the room's game whose whole record they were sent (0: none yet)
    fresh: bool = True  # their next update is the game whole, from its first move
    muted_seats: set[int] = field(default_factory=set)  # whose lines they no longer hear
    muted_names: set[str] = field(default_factory=set)  # spectators', by name in lower case

    def hears(self, seat: int | None, name: str) -> bool:
        """Whether a line said at `seat` (None: by spectator `name`) reaches them."""
        if seat is not None:
            return seat not in self.muted_seats
        return name.lower() not in self.muted_names


@dataclass
class Stand:
    """One room's spectators, and whether its host lets anyone watch."""

    allowed: bool = True
    chat: bool = False  # the host lets spectators chat
    watchers: list[Watcher] = field(default_factory=list)
    muted: dict[int, set[str]] = field(default_factory=dict)  # a seat's muted spectators

    def names(self) -> list[str]:
        return [w.name for w in self.watchers]


class Watch:
    """The spectators of every room of a server (the server calls these hooks)."""

    def __init__(self) -> None:
        self.stands: dict[str, Stand] = {}
        self.by_conn: dict[int, tuple[Room, Watcher]] = {}  # id(conn): a spectator's room

    def watching(self, conn: Any) -> bool:
        return id(conn) in self.by_conn

    def open(self, room: Room, allowed: bool, chat: bool = False) -> None:
        """A room is created: its host's choices (watching, and spectators' chat)."""
        self.stands[room.code] = Stand(allowed, chat)

    def join(
        self, conn: Any, room: Room | None, name: str, group: list[str] | None = None
    ) -> str | None:
        """Seat `conn` in the stand of `room` (None: no such room); the refusal, in words.
        `group`: every server of the room's group, for a spectator to come back through."""
        if room is None:
            return NO_ROOM
        stand = self.stands.setdefault(room.code, Stand(room.watchable, room.watch_chat))
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
                **({} if group is None else {"group": group}),
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
        return {**lobby, "watchable": stand.allowed, "watch_chat": stand.chat,
                "watching": len(names), "watchers": names[:SHOWN_NAMES]}  # fmt: skip

    # ---- chat ---------------------------------------------------------------------------

    def seat_said(self, room: Room, said: dict[str, Any]) -> None:
        """A seat's line of chat, to every spectator who has not muted that seat."""
        stand = self.stands.get(room.code)
        for watcher in stand.watchers if stand is not None else []:
            if watcher.hears(said["seat"], ""):
                watcher.conn.send(said)

    def mute_by_seat(self, room: Room, seat: int, name: str, muted: bool) -> None:
        """A seat mutes spectator `name` (or hears them again)."""
        stand = self.stands.setdefault(room.code, Stand(room.watchable, room.watch_chat))
        names = stand.muted.setdefault(seat, set())
        (names.add if muted else names.discard)(name.lower())

    def unmute_all_by_seat(self, room: Room, seat: int) -> None:
        """The seat's window came back: the spectators it muted are heard until it says again."""
        stand = self.stands.get(room.code)
        if stand is not None:
            stand.muted.pop(seat, None)

    def from_watcher(self, conn: Any, message: dict[str, Any]) -> str | None:
        """A spectator's `say` or `mute` (server.py passes only these on): the refusal, in
        words, or None once done."""
        room, watcher = self.by_conn[id(conn)]
        if message["type"] == "mute":
            seat, name = message.get("seat"), message.get("watcher")
            if (seat is None) == (name is None):
                return MUTE_WHOM
            if seat is not None:
                (watcher.muted_seats.add if message["muted"] else watcher.muted_seats.discard)(seat)
            else:
                names = watcher.muted_names
                (names.add if message["muted"] else names.discard)(name.lower())
            return None
        stand = self.stands.get(room.code)
        if stand is None or not stand.chat:
            return NO_CHAT
        text = chat_text(message)
        if not text:
            return SAY_SOMETHING
        if not conn.chat.allow():  # the same limits as a seat's (protocol.CHAT_RATE)
            return SLOW_DOWN
        said = {"type": "chat", "seat": None, "watcher": watcher.name, "name": watcher.name,
                "text": text}  # fmt: skip
        for i, place in enumerate(room.places):
            if place.conn is not None and watcher.name.lower() not in stand.muted.get(i, ()):
                place.conn.send(said)
        for other in stand.watchers:
            if other.hears(None, watcher.name):
                other.conn.send(said)
        return None

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
        if stand is None or not stand.watchers or room.game is None:
            return
        game = room.game
        view = public_view(game) if isinstance(game, CardGame) else None  # once for them all
        for watcher in stand.watchers:
            self.update(room, watcher, view)

    def update(self, room: Room, watcher: Watcher, view: dict[str, Any] | None = None) -> None:
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
            **_news(game, watcher.cursor, view),
        }
        if game.over():
            message["results"] = game.results()
        watcher.fresh = False
        watcher.conn.send(message)
        if game.over() and watcher.recorded != room.games:
            watcher.recorded = room.games
            watcher.conn.send({"type": "record", "record": game.record()})


def _news(game: Any, cursor: Cursor, view: dict[str, Any] | None) -> dict[str, Any]:
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
    view = public_view(game) if view is None else view
    news = {"view": view, "events": new, "lines": [t for t in lines if t]}
    if game.held:  # who has bid (never what), as every seat is told
        news["bids_in"] = game.bids_in()
    return news
