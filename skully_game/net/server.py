"""The game server: rooms of people and computer players over websockets, and the only authority.

A client creates a room (the game, its rules, the seats: open for people, computer at a level) or
joins one with its code; each person gets a seat token. The server holds the engine state, checks
every move's seat, turn and legality, applies it, saves the record, and sends each connection only
its seat's view and the events that seat may see: never the seed, never another seat's cards.
Computer players think in worker threads, a few at a time, so the event loop keeps answering;
their thoughts and Skully shots are shared fairly between rooms (fair.py), so one room's load
never stalls another's.

Every frame is size-capped (the library closes bigger ones), rate-limited and checked against its
schema; a bad one closes that connection with the reason and touches no room. One address holds
only so many connections and rooms, a web page (a browser's Origin) is refused unless the server
is told to allow it, and the grace a host asks for is capped (limits.py). A person who drops
out comes back to the same seat with the token within the room's grace period; a guest who
leaves a lobby frees the seat; the host may hand an absent seat to a computer player; rooms with
nobody left expire, lobbies soon.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import secrets
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from http import HTTPStatus
from pathlib import Path
from typing import Any

import pymunk
from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from skully_game import __version__
from skully_game.core.errors import DataError
from skully_game.core.fileio import write_atomic
from skully_game.net import PROTOCOL
from skully_game.net.fair import FairPool
from skully_game.net.hosted import Cursor, Hosted, Refused, SeatPlan
from skully_game.net.limits import AddressBook, Limits
from skully_game.net.protocol import (
    CHAT_BURST,
    CHAT_RATE,
    CLOSING_REASONS,
    LIST_BURST,
    LIST_RATE,
    MAX_LISTED,
    MAX_MESSAGE,
    RateLimit,
    chat_text,
    check_message,
)
from skully_game.net.rooms import (
    GRACE,
    SETTLE_MOST,
    Place,
    Room,
    Timing,
    new_code,
    shown_code,
    take_bank,
    take_clock,
    typed_code,
)
from skully_game.net.skullygame import KEY as SKULLY
from skully_game.net.watch import MUTE_WHOM, SAY_SOMETHING, SLOW_DOWN, SPECTATOR_ONLY, Watch
from skully_game.net.wire import WireError, decode, encode

log = logging.getLogger("skully.net")

DEFAULT_PORT = 8765
POLICY = 1008  # the websocket close code for a message we refuse
SEAT_GONE = "that seat is no longer kept for you: the room or the seat is gone"
GOING_AWAY = 1001  # the close code when the room closes (the host quit, the server stops)
HOST_CLOSED, SERVER_STOPPED = CLOSING_REASONS
CLOSING_WORDS = {HOST_CLOSED: "the host closed the game", SERVER_STOPPED: "the server was stopped"}
CLOSE_WAIT = 2.0  # seconds the closing word has to reach every client before the server goes
MOVED_WORDS = "the server moved: reconnecting"  # a group's server handing its rooms over
MOVING = 1012  # the close code then ("service restart"): come back, to another server
LOCK_WAIT = 3.0  # seconds a stopping server waits for a room's move in progress to be written
END_WAIT = 1.0  # seconds a stopped server thread gives its loop's last tasks to end, once cancelled
MAX_ROOMS = 1000
WEB_PAGE_REFUSED = "web pages may not connect to this game server: only the program itself"
MAX_QUEUED = 512  # messages waiting for one slow connection before it is dropped
TICK = 1.0  # seconds between looks at absent players and empty rooms
QUICK_THOUGHT = 0.002  # seconds: a computer player never slower thinks on the loop
QUICK_AFTER = 3  # thoughts timed in the worker first
QUICK_LEVEL = 50  # quick thoughts in a row of a level, in any rooms: its new seats skip that
SAVE_EVERY = 0.5  # seconds between two writes of one busy room's record
SWITCH = 0.0005  # seconds a worker thread (a computer player) holds the interpreter at most


GC_YOUNG = 20_000  # new container objects between two young collections (Python's own: 700)
_gc_tuned = False


def tune_gc() -> None:
    """The collector of a process that serves games, set for short pauses (once a process):
    what start-up made (modules, tables, the program's screens) is frozen out of every later
    collection, and young objects are collected in larger, rarer batches, so the full
    collections that walk every live object (tens of ms with 200 rooms: the p99 of an echo)
    come far more rarely. Nothing is kept longer than its last reference: only cycles are the
    collector's. SKULLY_GC=default leaves Python's own settings (tools/bench_server.py
    compares the two)."""
    global _gc_tuned
    if _gc_tuned or os.environ.get("SKULLY_GC") == "default":
        return
    _gc_tuned = True
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, GC_YOUNG), middle, old)


def warm_up() -> None:
    """Every game's engine imported before the first room is made (`skully serve`): a game's
    first room imported its engine on the loop, which stood still for it (0.2 to 0.7 s on a
    loaded machine, every room of the process waiting), and the imports are then frozen out
    of every collection with the rest of start-up (tune_gc)."""
    from cards.registry import entries

    entries()


class Closing(Exception):
    """The connection is closed with this reason (a bad message, a wrong token, a full server)."""


PLAYING = "playing"  # the folder, beside the saves, of online games still being played


def playing_path(path: Path) -> Path:
    """Where a game still being played is kept: out of the saves folder, so no Resume or
    Replays list offers it at one desk (where every hand would show) before it is over."""
    return path.parent / PLAYING / path.name


def write_record(path: Path, text: str, over: bool) -> None:
    """A room's record on disk (worker thread): a game being played under `playing/`, a game
    over in the saves folder with the program's own games (and no longer under `playing/`)."""
    if not over:
        write_atomic(playing_path(path), text)
        return
    write_atomic(path, text)
    playing_path(path).unlink(missing_ok=True)


def _set(event: asyncio.Event) -> asyncio.Event:
    event.set()
    return event


@dataclass
class Conn:
    """One client connection: its limits, its seat once seated, and its outgoing queue."""

    ws: ServerConnection
    address: str = ""  # where it comes from (its limits are counted per address)
    rate: RateLimit = field(default_factory=RateLimit)
    chat: RateLimit = field(default_factory=lambda: RateLimit(CHAT_RATE, CHAT_BURST))
    listing: RateLimit = field(default_factory=lambda: RateLimit(LIST_RATE, LIST_BURST))
    room: Room | None = None
    seat: int | None = None
    out: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(MAX_QUEUED))
    # cleared while a group writes the room this connection was just seated in: its `joined`
    # (the room's code, which a guest may take to another server) waits for the record
    free: asyncio.Event = field(default_factory=lambda: _set(asyncio.Event()))

    counted: Any = None  # the group that counted it among its address's connections
    closing: str = "too far behind: join again"
    close_code: int = POLICY

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a connection too far behind is dropped (its seat goes away)."""
        try:
            self.out.put_nowait(encode(message))
        except asyncio.QueueFull:
            self.close_soon(self.closing)

    def close_soon(self, reason: str, code: int = POLICY) -> None:
        """Close once what is queued before is sent (the writer reads the None)."""
        self.closing, self.close_code = reason, code
        try:
            self.out.put_nowait(None)
        except asyncio.QueueFull:
            self.out = asyncio.Queue(1)
            self.out.put_nowait(None)


@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    quick: bool = False  # computer players with the quick settings (tests, benchmarks)
    # worker threads for any room's computer players and shots; two more are kept for rooms that
    # are not busy (fair.py). The interpreter's lock makes them one core: more would only make
    # each thought slower, a quiet room's too
    thinkers: int = 1
    pace: float = 0.25  # seconds at least between a move and a computer player's next one
    save: bool = True  # write each game's record after every move
    room_ttl: float = 60.0  # seconds a room lives once nobody is connected (after the grace)
    limits: Limits = field(default_factory=Limits)  # what one address may hold (limits.py)
    group: Any = None  # a group.member.GroupConfig: a member of a group of servers on Redis


class GameServer:
    """Rooms and connections on one event loop."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig()
        self.rooms: dict[str, Room] = {}
        self.ws: WsServer | None = None
        self.port = self.config.port
        # separate workers: a slow disk never holds up a computer player or a person's shot
        self.thinkers = FairPool(self.config.thinkers)  # rooms served in turn
        self.book = AddressBook(self.config.limits)
        self.watch = Watch()  # every room's spectators (watch.py)
        self.writers = ThreadPoolExecutor(2, "skully-save")
        self.drivers: dict[str, asyncio.Task[None]] = {}
        # quick thoughts in a row of each (game, computer level) over every room (`_think`)
        self.quick_levels: dict[tuple[str, str | None], int] = {}
        self.timers: dict[str, asyncio.Task[None]] = {}  # each room's running move clock
        self.savers: dict[str, asyncio.Task[None]] = {}
        self.dirty: set[str] = set()
        self.closed_bad = 0  # connections closed for a bad message (for the tools)
        self._janitor: asyncio.Task[None] | None = None
        self.group: Any = None  # this server in its group (net/group/member.py), if any
        self.shared: WsServer | None = None  # the group's port on this machine, if any
        self.handing = False  # handing its rooms over to the group: no message is handled

    async def start(self) -> None:
        self.ws = await serve(
            self._handle,
            self.config.host,
            self.config.port,
            process_request=self._web_page,  # a web page may not talk to it
            max_size=MAX_MESSAGE,
            max_queue=16,
            compression=None,
        )
        self.port = self.ws.sockets[0].getsockname()[1] if self.ws.sockets else self.config.port
        if self.config.group is not None:
            from skully_game.net.group.hooks import join_group

            await join_group(self)
            for room in list(self.rooms.values()):  # made while joining: recorded too
                self.group.note(room)
        self._janitor = asyncio.create_task(self._sweep())

    async def stop(self, reason: str = SERVER_STOPPED) -> None:
        """Tell every seated person the room is closing (`reason`, one of CLOSING_REASONS) so
        their table says so and stops trying to come back, keep every game's last record, then
        close every connection."""
        if self.group is not None:  # first: nobody hands this server a room now
            await self.group.mark_leaving()
        if self._janitor is not None:
            self._janitor.cancel()
        for task in [*self.drivers.values(), *self.savers.values(), *self.timers.values()]:
            task.cancel()
        await self._close_rooms(reason)
        if self.group is not None:
            await self.group.stop()
        if self.shared is not None:
            self.shared.close()
        if self.ws is not None:
            self.ws.close()
            with contextlib.suppress(TimeoutError):  # a client that never answers the close
                await asyncio.wait_for(self.ws.wait_closed(), 3)
        self.thinkers.shutdown()
        self.writers.shutdown(wait=True)  # the last records reach the disk

    async def hand_over(self) -> bool:
        """A graceful stop of a group's server (SIGTERM, Ctrl+C): no new connection is taken,
        every room's last move is written to Redis and no move follows it, the rooms are
        released at once (not when this server's lease runs out), and every person and
        spectator is sent to a server of the group that stays (`moved`): it takes the room up
        as they come back, and they play on. False when no other server stays (the whole group
        is stopping) or Redis does not answer: then the caller closes the rooms (`stop`)."""
        group = self.group
        if group is None:
            return False
        await group.mark_leaving()  # first, rooms or none: nobody hands this server a room
        if not self.rooms:
            return False
        began = time.monotonic()
        targets = await group.staying()
        if not targets:
            return False
        self.handing = True
        for listening in (self.shared, self.ws):
            if listening is not None:  # a new connection reaches another server of the group
                listening.close(close_connections=False)
        if self._janitor is not None:
            self._janitor.cancel()
        for task in [*self.drivers.values(), *self.savers.values(), *self.timers.values()]:
            task.cancel()  # a computer player's thought in progress is thought again there
        rooms = list(self.rooms.values())

        async def hold(room: Room) -> None:  # held for good: no move after this write
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(room.lock.acquire(), LOCK_WAIT)

        # every room at once: one slow move waits LOCK_WAIT at most, not each room in turn, and
        # the writes leave together in a few pipelines (member.write_all)
        await asyncio.gather(*(hold(room) for room in rooms))
        await group.write_all(rooms)
        # asked again: a server may have begun to stop meanwhile (the writes take a while)
        targets = await group.still_staying()
        if not targets or not group.healthy or not await group.release():
            self.handing = False
            return False
        told: list[Conn] = []
        for i, room in enumerate(rooms):  # a room's people all go to one server: it takes it
            moved = {"type": "moved", "version": PROTOCOL, "url": targets[i % len(targets)]}
            conns = [place.conn for place in room.places if place.conn is not None]
            self.watch.each(room, conns.append)
            for conn in conns:
                conn.send(moved)
                conn.close_soon(MOVED_WORDS, MOVING)
                told.append(conn)
        if told:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    asyncio.gather(*(c.ws.wait_closed() for c in told)), CLOSE_WAIT
                )
        await group.close()
        if self.ws is not None:
            with contextlib.suppress(TimeoutError):  # a connection in no room, never answering
                await asyncio.wait_for(self.ws.wait_closed(), 1.0)
        self.thinkers.shutdown()
        self.writers.shutdown(wait=True)
        took = 1000 * (time.monotonic() - began)
        rooms_said = f"{len(rooms)} room" + ("" if len(rooms) == 1 else "s")
        print(f"skully serve: stopping: handed {rooms_said} over to the group in {took:.0f} ms",
              flush=True)  # fmt: skip
        return True

    async def _close_rooms(self, reason: str) -> None:
        """Every room closes: each seated connection is told why, then closed as going away
        (not refused: its table is not sent away for a fault); the records are written."""
        told: list[Conn] = []
        for room in self.rooms.values():
            over = room.game is not None and room.game.over()
            for place in room.places:
                conn = place.conn
                if conn is None:
                    continue
                conn.send({"type": "closing", "version": PROTOCOL, "reason": reason, "over": over})
                conn.close_soon(CLOSING_WORDS.get(reason, reason), GOING_AWAY)
                told.append(conn)
            word = {"type": "closing", "version": PROTOCOL, "reason": reason, "over": over}
            self.watch.tell(room, word)  # and each spectator, as a seat
            shut = CLOSING_WORDS.get(reason, reason)
            self.watch.each(room, lambda c, why=shut: c.close_soon(why, GOING_AWAY))
            self.watch.each(room, told.append)
        if told:  # their writers send the word and close; a client that never reads is left
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    asyncio.gather(*(c.ws.wait_closed() for c in told)), CLOSE_WAIT
                )
        if self.config.save:
            loop = asyncio.get_running_loop()
            for room in self.rooms.values():
                if room.game is None:
                    continue
                text, over = room.game.record_text(), room.game.over()
                try:
                    await loop.run_in_executor(
                        self.writers, write_record, room.game.path, text, over
                    )
                except OSError:
                    log.exception("room %s: its record could not be saved", room.code)

    # ---- connections ---------------------------------------------------------------------

    def _web_page(self, ws: ServerConnection, request: Request) -> Response | None:
        """A handshake from a web page (a browser names its page's Origin; the program sends
        none) is refused before it opens, unless the server was told to allow that page:
        otherwise any page a player visits could open rooms on the server at 127.0.0.1."""
        origin = request.headers.get("Origin")
        if origin is None or origin in self.config.limits.origins:
            return None
        return ws.respond(HTTPStatus.FORBIDDEN, WEB_PAGE_REFUSED + "\n")

    async def _handle(self, ws: ServerConnection) -> None:
        conn = Conn(ws, _address(ws))
        refused = self.book.connect(conn.address)
        group = self.group
        if refused is None and group is not None:  # counted over the whole group too
            refused = await group.connected(conn.address)
            if refused is not None:
                self.book.disconnect(conn.address)
            else:
                conn.counted = group
        if refused is not None:
            await self._close(conn, refused)
            return
        writer = asyncio.create_task(self._write(conn))
        try:
            async for frame in ws:
                if not conn.rate.allow():
                    raise Closing("too many messages: slow down")
                try:
                    message = check_message(decode(frame))
                except (WireError, DataError) as exc:
                    raise Closing(str(exc)) from None
                await self._dispatch(conn, message)
        except Closing as why:
            self.closed_bad += 1
            await self._close(conn, str(why))
        except ConnectionClosed:
            pass
        finally:
            self.book.disconnect(conn.address)
            if conn.counted is not None:
                conn.counted.disconnected(conn.address)
            self._gone(conn)
            writer.cancel()

    async def _write(self, conn: Conn) -> None:
        """Send the connection's queue in order; a None in it closes the connection."""
        with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
            while True:
                text = await conn.out.get()
                if not conn.free.is_set():
                    await conn.free.wait()
                if text is None:
                    await conn.ws.close(conn.close_code, conn.closing)
                    return
                await conn.ws.send(text)

    async def _close(self, conn: Conn, reason: str) -> None:
        """Say why, in full, then close (a close frame's reason holds 123 bytes)."""
        with contextlib.suppress(ConnectionClosed):
            await conn.ws.send(encode({"type": "error", "reason": reason}))
            short = reason.encode("utf-8")[:120].decode("utf-8", "ignore")
            conn.ws.close_timeout = 0.5  # what it still sends unread must not hold the close up
            await conn.ws.close(POLICY, short)

    def _gone(self, conn: Conn) -> None:
        watched = self.watch.leave(conn)
        if watched is not None:  # a spectator left: one fewer watching
            self._broadcast_lobby(watched)
            return
        room, seat = conn.room, conn.seat
        if room is None or seat is None or room.places[seat].conn is not conn:
            return
        place = room.places[seat]
        place.conn = None
        over = room.game is not None and room.game.over()
        if (not room.started or over) and seat != room.host:
            place.taken = False  # a guest who leaves a lobby, or a finished game (Play again
            # waits for the others), frees the seat (their token takes it back while free)
            room.again.discard(seat)
        else:
            place.away_since = time.monotonic()
            self._note_seen(room, seat)
        self._broadcast_lobby(room)

    @staticmethod
    def _note_seen(room: Room, seat: int) -> None:
        """What the seat's connection was sent, as it goes: its rejoin says what was missed."""
        if room.game is not None:
            cursor = room.places[seat].cursor
            room.places[seat].seen = {"move": room.moves, **room.game.seen(seat, cursor)}

    # ---- messages ------------------------------------------------------------------------

    async def _dispatch(self, conn: Conn, message: dict[str, Any]) -> None:
        if self.handing:  # its room is being handed over: made again at the next server
            return
        kind = message["type"]
        if kind == "rooms":
            if not conn.listing.allow():
                conn.send(_refused("slow down: ask for the open rooms every few seconds"))
            else:
                conn.send({"type": "rooms", "rooms": self.open_rooms()})
            return
        if kind == "watch" or self.watch.watching(conn):  # a spectator takes no seat
            if conn.room is not None and not self.watch.watching(conn):
                raise Closing("this connection already sits at a table")
            if kind in ("say", "mute") and self.watch.watching(conn):  # chat, if allowed
                refused = self.watch.from_watcher(conn, message)
                if refused is not None:
                    conn.send(_refused(refused))
                return
            if kind != "watch" or conn.room is not None:
                raise Closing(SPECTATOR_ONLY if conn.room is not None else "watch a room first")
            if self.group is not None and await self.group.routed(conn, message) is True:
                return  # its room is held by another server of the group: sent there
            self._check_versions(message)
            room = self.rooms.get(typed_code(message["room"]))
            group = None if self.group is None else self.group.addresses()
            refused = self.watch.join(conn, room, message["name"], group)
            if refused is not None:
                raise Closing(refused)
            self._broadcast_lobby(room)  # type: ignore[arg-type]
            return
        if kind in ("create", "join", "rejoin"):
            if conn.room is not None:
                raise Closing("this connection already sits at a table")
            routed = False if self.group is None else await self.group.routed(conn, message)
            if isinstance(routed, str):  # a group that cannot take a new room now: why
                raise Closing(routed)
            if routed:
                return  # its room is held by another server of the group: sent there
            self._check_versions(message)
            if self.group is not None:
                conn.free.clear()  # nothing is sent it until its room's record is written
            try:
                getattr(self, f"_{kind}")(conn, message)
                if conn.room is not None:  # a group: the room's record is in Redis before a
                    await self._written(conn.room)  # guest can ask another server for it
            finally:
                conn.free.set()
            return
        room, seat = conn.room, conn.seat
        if room is None or seat is None:
            raise Closing("join a room first")
        if room.code not in self.rooms or room.places[seat].conn is not conn:
            raise Closing("this seat was taken back: join again")
        if room.seat_of(message.get("token", "")) != seat:  # (chat's token is optional)
            raise Closing("that seat token is not yours")
        if kind == "start":
            self._start(conn, room, seat)
        elif kind == "act":
            began = time.perf_counter()
            await self._act(conn, room, seat, message["action"], message.get("move"))
            if self.group is not None:
                self.group.metrics.add(time.perf_counter() - began)
        elif kind == "ready":
            self._ready(room, seat, message["move"])
        elif kind == "computer":
            self._computer(conn, room, seat, message["seat"], message["level"])
        elif kind == "say":
            self._say(conn, room, seat, message)
        elif kind == "mute":
            self._mute(conn, room, seat, message)
        elif kind == "again":
            self._again(conn, room, seat, message.get("now") is True)
        elif kind == "record":
            if room.game is None or not room.game.over():
                conn.send(_refused("the whole record is handed out once the game is over"))
            else:
                conn.send({"type": "record", "record": room.game.record()})

    def open_rooms(self) -> list[dict[str, Any]]:
        """The lobbies whose host marked them open, at most MAX_LISTED, the most seats free
        first: their public facts only. A closed room is never listed, a begun game neither."""
        rooms = [r for r in self.rooms.values() if r.listed and not r.started]
        rooms.sort(key=lambda r: -sum(1 for p in r.places if p.person and not p.taken))
        listed = [r.listing() for r in rooms[:MAX_LISTED]]
        return listed if self.group is None else self.group.open_rooms(listed)[:MAX_LISTED]

    def _check_versions(self, message: dict[str, Any]) -> None:
        program = message.get("program")
        if program != __version__:
            raise Closing(
                f"this server runs Skully {__version__} and your program is "
                f"{program or 'unknown'}: play together with the same version"
            )
        game = message.get("game")
        if game is None and message["type"] != "create":
            room = self.rooms.get(typed_code(message["room"]))
            game = room.game_key if room is not None else None
        if game == SKULLY and message.get("pymunk") != pymunk.version:
            raise Closing(
                f"this server simulates Skully with pymunk {pymunk.version} and yours is "
                f"{message.get('pymunk') or 'unknown'}: shots would not replay the same"
            )

    def _create(self, conn: Conn, message: dict[str, Any]) -> None:
        refused = self.book.may_create(conn.address)
        if refused is not None:
            raise Closing(refused)
        if len(self.rooms) >= MAX_ROOMS:
            raise Closing("this server is full: try again later")
        raw = message["seats"]
        mine = [i for i, s in enumerate(raw) if s["kind"] == "me"]
        if len(mine) != 1:
            raise Closing("seats: expected exactly one seat of kind 'me' (the host's)")
        places = []
        for i, s in enumerate(raw):
            level = s.get("level") if s["kind"] == "computer" else None
            if s["kind"] == "computer" and level is None:
                raise Closing(f"seats[{i}].level: a computer seat needs a level")
            name = f"Computer {i + 1}" if level else ""
            plan = SeatPlan(name, level, s.get("hand", "skilled"), s.get("input", "slingshot"))
            places.append(Place(plan, taken=level is not None))
        options = dict(message.get("options", {}))
        try:
            clock, bank = take_clock(options), take_bank(options)
        except ValueError as exc:
            raise Closing(str(exc)) from None
        if bank and message["game"] == SKULLY:  # (a time per shot is: `clock`)
            raise Closing("a time per game is offered at the card tables, not in Skully")
        code = new_code(self.rooms)
        room = Room(
            code,
            message["game"],
            options,
            places,
            mine[0],
            self.book.grace(message.get("grace", GRACE)),
            secrets.randbits(62),
            self.config.quick,
            creator=conn.address,
            clock=clock,
            bank=bank,
            listed=message.get("open", False),
            watchable=message.get("watch", True),
            watch_chat=message.get("watch_chat", False),
        )
        try:
            room.make_game()  # every rule option and level checked now, not at the start
        except (KeyError, ValueError) as exc:
            raise Closing(str(exc).strip("'\"")) from None
        self.rooms[code] = room
        self.watch.open(room, room.watchable, room.watch_chat)
        self.book.created(conn.address)
        self._seat(conn, room, mine[0], message["name"])

    def _seat(self, conn: Conn, room: Room, seat: int, name: str) -> None:
        place = room.places[seat]
        place.plan = SeatPlan(room.unique_name(name), None, place.plan.hand, place.plan.input)
        place.taken = True
        token = room.issue_token(seat)
        self._bind(conn, room, seat, token)

    def _bind(self, conn: Conn, room: Room, seat: int, token: str) -> None:
        place = room.places[seat]
        conn.room, conn.seat = room, seat
        place.conn, place.away_since = conn, None
        place.cursor = Cursor()
        room.last_here = time.monotonic()
        conn.send(
            {
                "type": "joined",
                "room": shown_code(room.code),
                "seat": seat,
                "token": token,
                "game": room.game_key,
                "host": seat == room.host,
                "protocol": PROTOCOL,
                **({} if self.group is None else {"group": self.group.addresses()}),
            }
        )
        self._broadcast_lobby(room)
        if room.game is not None:
            conn.send({"type": "setup", **room.game.setup()})
            self._update(room, seat, sync=True)

    def _join(self, conn: Conn, message: dict[str, Any]) -> None:
        room = self.rooms.get(typed_code(message["room"]))
        if room is None:
            raise Closing("there is no room with that code here")
        if room.started and not room.game.over():  # type: ignore[union-attr]
            raise Closing("that game has begun: ask its host for a new one")
        seat = room.open_seat()
        if seat is None:
            raise Closing("every seat of that room is taken")
        self._seat(conn, room, seat, message["name"])

    def _rejoin(self, conn: Conn, message: dict[str, Any]) -> None:
        room = self.rooms.get(typed_code(message["room"]))
        seat = None if room is None else room.seat_of(message["token"])
        if room is None or seat is None:
            raise Closing(SEAT_GONE)
        place = room.places[seat]
        old = place.conn
        if old is not None:  # (a connection dropped without the server knowing yet)
            old.room = old.seat = None
            old.close_soon("you joined again from elsewhere")
            self._note_seen(room, seat)
        if not place.taken:  # left the lobby, back while the seat is still free
            place.plan = replace(place.plan, name=room.unique_name(place.plan.name))
            place.taken = True
        # mutes belong to the window that made them: a table coming back says its own again
        # (a restarted one had forgotten them, its Mute button read "Mute Anne" while the
        # server still hid Anne's lines from it)
        place.muted.clear()
        self.watch.unmute_all_by_seat(room, seat)
        self._bind(conn, room, seat, message["token"])

    def _start(self, conn: Conn, room: Room, seat: int) -> None:
        if seat != room.host:
            conn.send(_refused("only the host starts the game"))
            return
        if room.started:
            conn.send(_refused("the game has already begun"))
            return
        waiting = [i + 1 for i, p in enumerate(room.places) if not p.taken]
        if waiting:
            seats = ", ".join(map(str, waiting))
            conn.send(
                _refused(f"seat {seats} is still open: wait for a player or give it to a computer")
            )
            return
        room.game = room.make_game()
        for place in room.places:
            if place.conn is not None:
                place.conn.send({"type": "setup", **room.game.setup()})
        self.watch.new_game(room)
        self._after_move(room)

    def _say(self, conn: Conn, room: Room, seat: int, message: dict[str, Any]) -> None:
        """A line of chat, shown at the speaker's seat at every table but those of people who
        muted them: only text goes out (a preset's words or the person's, trimmed)."""
        text = chat_text(message)
        if not text:
            conn.send(_refused(SAY_SOMETHING))
            return
        if not conn.chat.allow():
            conn.send(_refused(SLOW_DOWN))
            return
        said = {"type": "chat", "seat": seat, "name": room.places[seat].plan.name, "text": text}
        for place in room.places:
            if place.conn is not None and seat not in place.muted:
                place.conn.send(said)
        self.watch.seat_said(room, said)

    def _mute(self, conn: Conn, room: Room, seat: int, message: dict[str, Any]) -> None:
        """A person's lines no longer reach this seat (or again): a seat's, or a spectator's."""
        other, name = message.get("seat"), message.get("watcher")
        if (other is None) == (name is None):
            conn.send(_refused(MUTE_WHOM))
        elif name is not None:
            self.watch.mute_by_seat(room, seat, name, message["muted"])
        else:
            place = room.places[seat]
            (place.muted.add if message["muted"] else place.muted.discard)(other)

    def _again(self, conn: Conn, room: Room, seat: int, now: bool = False) -> None:
        """Play again, at game over: this person is ready (a mark at their seat for all to
        see); once every person is, or the host says start now, a new game begins in the same
        room with the same seats, rules and computer players, dealt from a new seed."""
        old = room.game
        if old is None or not old.over():
            conn.send(_refused("the game is not over yet"))
            return
        if now and seat != room.host:
            conn.send(_refused("only the host starts another game before everyone is ready"))
            return
        room.again.add(seat)
        if now:
            waiting = [i + 1 for i, p in enumerate(room.places) if not p.taken]
            if waiting:
                seats = ", ".join(map(str, waiting))
                conn.send(_refused(f"seat {seats} is open: wait for a player or give it to "
                                   "a computer"))  # fmt: skip
                self._broadcast_lobby(room)
                return
        elif not room.all_ready_again():
            self._broadcast_lobby(room)
            return
        self._deal_again(room, old)

    def _deal_again(self, room: Room, old: Hosted) -> None:
        """The new game of a rematch: the finished game's record is kept."""
        room.again.clear()
        if self.config.save:  # written now: the room's saver moves on to the new game
            self._keep_last(room, old.path, old.record_text())
        room.seed = secrets.randbits(62)
        room.games += 1
        room.moves, room.thinking = 0, None
        room.thoughts.clear()
        for place in room.places:
            place.cursor = Cursor()
        room.game = room.make_game()
        for place in room.places:
            if place.conn is not None:
                place.conn.send({"type": "setup", **room.game.setup()})
        self.watch.new_game(room)
        self._broadcast_lobby(room)
        self._after_move(room)

    def _keep_last(self, room: Room, path: Path, text: str) -> None:
        async def write() -> None:
            try:
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(self.writers, write_record, path, text, True)
            except OSError:
                log.exception("room %s: its finished game could not be saved", room.code)

        self.savers[f"{room.code}-done"] = asyncio.create_task(write())

    async def _act(
        self, conn: Conn, room: Room, seat: int, action: Any, answers: int | None = None
    ) -> None:
        """A person's move. `answers`: the update it was made for; a move made for an older
        position than the one to play now (a click landing as the time ran out, made for the
        trick before) is dropped without a word: the table that sent it drops it too."""
        game = room.game
        if game is None:
            conn.send(_refused("the game has not begun"))
            return
        if room.stale(seat, answers):
            return
        try:
            ready = game.check(seat, action)
        except Refused as why:
            conn.send(_refused(str(why)))
            return
        async with room.lock:
            if room.game is not game or game.actor() is None:
                conn.send(_refused("the game is over"))
                return
            if room.stale(seat, answers):
                return  # the time ran out while it waited: the stand-in's move was made
            try:
                ready = game.check(seat, action)  # again: another move may have come first
                if game.heavy:  # a Skully shot's simulation: off the event loop, in turn
                    checked = ready
                    ready = await self.thinkers.run(room.code, lambda: game.prepare(seat, checked))
                game.apply(seat, ready)
            except Refused as why:
                conn.send(_refused(str(why)))
                return
            await self._written(room)
            self._after_move(room, written=True, mover=seat)

    def _computer(self, conn: Conn, room: Room, seat: int, target: int, level: str) -> None:
        if seat != room.host:
            conn.send(_refused("only the host hands a seat to a computer player"))
            return
        if not 0 <= target < len(room.places):
            conn.send(_refused(f"there is no seat {target + 1}"))
            return
        place = room.places[target]
        if not place.person or place.conn is not None:
            conn.send(_refused("only an open or absent person's seat goes to a computer"))
            return
        game = room.game or room.make_game()
        if level not in game.levels():
            conn.send(_refused(f"{level!r} is not a computer player of this game"))
            return
        name = place.plan.name if place.taken else f"Computer {target + 1}"
        place.plan = SeatPlan(name, level)
        place.taken, place.token, place.away_since = True, None, None
        room.thoughts.pop(target, None)  # a new player: its first thoughts are timed
        if room.game is not None:
            room.game.hand_to_computer(target, level)
            self._stop_clock(room, target)  # a computer player is never timed
            self._drive(room)
        self._broadcast_lobby(room)
        if room.game is not None and room.game.over() and room.again and room.all_ready_again():
            self._deal_again(room, room.game)  # the last seat waited for went to a computer

    # ---- after every move ----------------------------------------------------------------

    async def _written(self, room: Room) -> None:
        """In a group, the move reaches Redis before anyone is told of it (write-through)."""
        if self.group is not None:
            await self.group.write(room)

    def _after_move(self, room: Room, written: bool = False, mover: int | None = None) -> None:
        """Every seat and spectator told of the move (made by `mover`'s seat; None: a game
        begun), the clocks wound, the computer players driven. A move `written` to the group
        (`_written`) is not noted again: a second look at a record already written, and a
        task for it, at every move of every room."""
        if self.group is not None and not written:
            self.group.note(room)  # a game begun (its record's first write), or again
        room.moves += 1
        room.moved_at = time.monotonic()
        self._wind_clock(room, mover)
        for seat, place in enumerate(room.places):
            if place.conn is not None:
                self._update(room, seat)
        self.watch.after_move(room)
        if self.config.save and not self._in_redis(room):
            self._save_soon(room)
        self._drive(room)

    def _in_redis(self, room: Room) -> bool:
        """A group's game under way is kept by Redis (written through before each move is
        told), so it goes to this server's disk only once it ends: a busy group worker wrote
        every room's whole record every half second besides, a tenth of its loop at 200 rooms
        (bench_server). Redis unreachable, the disk keeps it as on a server alone."""
        game = room.game
        return (
            self.group is not None and self.group.healthy and game is not None and not game.over()
        )

    def _update(self, room: Room, seat: int, sync: bool = False) -> None:
        game = room.game
        place = room.places[seat]
        if game is None or place.conn is None:
            return
        if sync:
            place.cursor = Cursor()
        actor = game.actor()
        message: dict[str, Any] = {
            "type": "update",
            "seat": seat,
            "move": room.moves,
            "actor": actor,
            "thinking": actor if actor is not None and not room.places[actor].person else None,
            "over": game.over(),
            "sync": sync,
            "clock": room.clock_left(time.monotonic()),
            **game.update_parts(seat, place.cursor),
        }
        if sync and place.seen is not None:
            message["seen"] = place.seen
        if seat in game.together():  # (every bidder of a Skull King round at once)
            message["legal"] = game.legal(seat)
        if game.over():
            message["results"] = game.results()
        place.conn.send(message)

    def _broadcast_lobby(self, room: Room) -> None:
        if self.group is not None:
            self.group.note(room)  # the seats changed: the record follows
        lobby = self.watch.lobby(room, room.lobby())
        for place in room.places:
            if place.conn is not None:
                place.conn.send(lobby)
        self.watch.tell(room, lobby)

    def _drive(self, room: Room) -> None:
        """Let the computer seats play while it is their turn (one task per room)."""
        task = self.drivers.get(room.code)
        if task is None or task.done():
            self.drivers[room.code] = asyncio.create_task(self._computers(room))

    async def _computers(self, room: Room) -> None:
        while room.code in self.rooms:
            game = room.game
            seat = None if game is None else game.actor()
            if game is None or seat is None or room.places[seat].person:
                return
            wait = room.moved_at + self.config.pace - time.monotonic()
            if wait > 0:  # each move on show a moment, as at one desk
                await asyncio.sleep(wait)
            async with room.lock:
                if game.actor() != seat:
                    continue
                try:
                    thinking = game.computer(seat)
                    if thinking is not None:
                        room.thinking = seat
                        ready = await self._think(room, seat, thinking)
                        game.apply(seat, ready)
                except Exception:  # a computer player's fault stops its room, never the server
                    log.exception("room %s: the computer player of seat %d failed", room.code, seat)
                    room.thinking = None
                    return
                room.thinking = None
                await self._written(room)
                self._after_move(room, written=True, mover=seat)

    async def _think(self, room: Room, seat: int, thinking: Callable[[], Any]) -> Any:
        """A computer player's move: in a worker thread, so a long search never holds up the
        other rooms; but a player that has never taken more than QUICK_THOUGHT in its first
        few thoughts (a random or simple one answers in microseconds, less than a thread's
        round trip) thinks on the loop, and goes back to the worker for good if it ever
        takes longer. A level quick in QUICK_LEVEL thoughts in a row (any rooms) is not timed
        again in each new seat."""
        count, slowest = room.thoughts.get(seat, (0, 0.0))
        places = room.places
        kind = (room.game_key, places[seat].plan.level if seat < len(places) else None)
        known = self.quick_levels.get(kind, 0) >= QUICK_LEVEL  # quick in other rooms
        if (count >= QUICK_AFTER or known) and slowest < QUICK_THOUGHT:
            began = time.perf_counter()
            ready = thinking()
            took = time.perf_counter() - began
        else:

            def timed() -> tuple[Any, float]:
                began = time.perf_counter()
                return thinking(), time.perf_counter() - began

            ready, took = await self.thinkers.run(room.code, timed)
        room.thoughts[seat] = (count + 1, max(slowest, took))
        # a level whose last QUICK_LEVEL thoughts, in any rooms, were all quick thinks on the
        # loop from a new seat's first thought on (a new room's first thoughts went to a worker
        # thread and back: a tenth of a busy group worker's loop while rooms were being made);
        # one slow thought anywhere and new seats of that level are timed in the worker again
        self.quick_levels[kind] = self.quick_levels.get(kind, 0) + 1 if took < QUICK_THOUGHT else -1
        return ready

    # ---- the clocks: a time per move, a time per game, kept here, never by a client ----------

    def _wind_clock(self, room: Room, mover: int | None = None) -> None:
        """After a move (by `mover`'s seat): each seat to choose now answers this update,
        but one that was already choosing at once with others (Skull King's bids) keeps its
        turn, its clock running on. A person whose turn ended has the time it ran taken off
        their game time (a game clock); a person whose turn begins has the room's time for
        it, or the game time they have left if that ends first (a computer player is never
        timed), from when their table says it shows the move can be made (`_ready`), and
        SETTLE_MOST from now at the latest.

        Why the table's word and not a wait the server works out: a round's summary stays
        until the person closes it, and a trick's gathering takes as long as the table's pace;
        only the table knows when its bid buttons show. The cap keeps a table that never says
        so from holding up anyone's move but its own, and that one by SETTLE_MOST at most."""
        now = time.monotonic()
        game = room.game
        choosing = () if game is None else game.together()
        kept = {s for s in choosing if s != mover and s in room.asked and len(room.asked) > 1}
        room.asked = {s: room.asked[s] if s in kept else room.moves for s in choosing}
        for seat in list(room.timing):
            if seat not in kept:
                room.spend_bank(seat, now)
                self._stop_clock(room, seat)
        if kept and room.start_together(now):  # the bidders still standing all showed theirs
            for seat in kept:
                self._run_clock(room, seat)
        if not (room.clock or room.bank):
            return
        for seat in choosing:
            if seat in room.timing or not room.places[seat].person:
                continue
            limits = [room.clock] if room.clock else []
            if room.bank:
                limits.append(room.bank_left(seat))
            limit = min(limits)
            starts = now + min(SETTLE_MOST, limit)  # (a short clock: a short settle)
            room.timing[seat] = Timing(starts, starts + limit)
            self._run_clock(room, seat)

    def _run_clock(self, room: Room, seat: int) -> None:
        """`seat`'s clock's end, waited for in a task of its own (one a timed seat)."""
        key = f"{room.code}#{seat}"
        old = self.timers.pop(key, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self.timers[key] = asyncio.create_task(self._time_up(room, seat, room.asked[seat]))

    def _stop_clock(self, room: Room, seat: int | None = None) -> None:
        """`seat`'s clock stops (None: every clock of the room: it goes)."""
        seats = list(room.timing) if seat is None else [seat]
        for one in seats:
            room.timing.pop(one, None)
            task = self.timers.pop(f"{room.code}#{one}", None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def _ready(self, room: Room, seat: int, move: int) -> None:
        """A person to choose says their table shows the move of update `move` can be made:
        their clock starts now (bidders choosing at once: all together, once all their tables
        have said so), and every seat and spectator is told it. A word for an older
        update, a second one, or from a seat not timed changes nothing (said without a
        refusal: a table says it once per turn, and may say it just as a move is made)."""
        now = time.monotonic()
        if seat not in room.timing or room.stale(seat, move) or move > room.moves:
            return
        if not room.clock_started(seat, now):
            return
        self._tell_clocks(room, now)

    def _tell_clocks(self, room: Room, now: float) -> None:
        """The clocks just started: each timer waits for its new end, and every seat and
        spectator is told them (one word for every clock: they start at the same moment)."""
        for timed in list(room.timing):
            self._run_clock(room, timed)
        word = {"type": "clock", "move": room.moves, "clock": room.clock_left(now)}
        for place in room.places:
            if place.conn is not None:
                place.conn.send(word)
        self.watch.tell(room, word)

    async def _time_up(self, room: Room, seat: int, asked: int) -> None:
        """When a person's time runs out before they move: a computer player makes that one
        move for them (as the away rule hands a seat over, but only for this move), and every
        seat is told whose time ran out."""
        timing = room.timing.get(seat)
        if timing is None:
            return
        await asyncio.sleep(max(0.0, timing.ends - time.monotonic()))
        game = room.game
        async with room.lock:
            if room.timing.get(seat) is not timing or game is None or room.game is not game:
                return  # they moved in time (or a new game began)
            if room.asked.get(seat) != asked or not room.places[seat].person:
                return
            if seat not in game.together():
                return
            stand_in = getattr(game, "stand_in", None)
            if stand_in is None:
                return
            levels = game.levels()
            try:
                thinking = stand_in(seat, levels[len(levels) // 2])  # the middle player
                ready = await self.thinkers.run(room.code, thinking)
                game.apply(seat, ready)
            except Exception:  # its fault stops this clock, never the server
                log.exception("room %s: the stand-in for seat %d failed", room.code, seat)
                return
            name = room.places[seat].plan.name
            word: dict[str, Any] = {"type": "timeout", "seat": seat, "name": name}
            if room.bank:  # whether it was their time for the whole game that ran out
                spent = max(0.0, time.monotonic() - timing.starts)
                word["game"] = room.bank_left(seat) - spent <= 0.01
            for place in room.places:
                if place.conn is not None:
                    place.conn.send(word)
            self.watch.tell(room, word)
            await self._written(room)
            self._after_move(room, written=True, mover=seat)

    def _save_soon(self, room: Room) -> None:
        self.dirty.add(room.code)
        task = self.savers.get(room.code)
        if task is None or task.done():
            self.savers[room.code] = asyncio.create_task(self._saver(room))

    async def _saver(self, room: Room) -> None:
        """Write the record in a worker thread, the newest snapshot last: at once after a quiet
        spell, else at most every SAVE_EVERY seconds (a busy room's moves in between go in one
        write; the game's end is written at once)."""
        while room.code in self.dirty and room.game is not None:
            self.dirty.discard(room.code)
            if not room.game.over():
                wait = room.saved_at + SAVE_EVERY - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                    self.dirty.discard(room.code)
            room.saved_at = time.monotonic()
            text = room.game.record_text()
            try:
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(
                    self.writers, write_record, room.game.path, text, room.game.over()
                )
            except OSError:
                log.exception("room %s: its record could not be saved", room.code)
                return

    # ---- absent players and empty rooms ---------------------------------------------------

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self.sweep(time.monotonic())

    def sweep(self, now: float) -> None:
        """Seats away past the grace lose their token; rooms nobody is in past their time go."""
        for code, room in list(self.rooms.items()):
            changed = False
            here = False
            for place in room.places:
                if place.conn is not None:
                    here = True
                elif place.away_since is not None and now - place.away_since > room.grace:
                    place.token, place.away_since = None, None
                    changed = True
            if here:
                room.last_here = now
            elif not room.started and now - room.last_here > self.config.limits.lobby_ttl:
                self._drop(code)  # a lobby nobody is in: gone soon, whatever its grace
                continue
            elif now - room.last_here > room.grace + self.config.room_ttl:
                self._drop(code)
                continue
            if changed:
                self._broadcast_lobby(room)

    def _drop(self, code: str) -> None:
        room = self.rooms.pop(code, None)
        if room is not None:
            self.book.closed(room.creator)
            if self.group is not None:
                self.group.forget(room)
        self.watch.drop(code)
        self.thinkers.forget(code)
        task = self.drivers.pop(code, None)
        if task is not None:
            task.cancel()
        if room is not None:
            self._stop_clock(room)


def _address(ws: ServerConnection) -> str:
    """The address a connection comes from (its limits are counted per address)."""
    peer = ws.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


def _refused(reason: str) -> dict[str, Any]:
    return {"type": "refused", "reason": reason}


class ServerThread:
    """A server on its own event loop in a background thread: for tests, tools and, later, a
    game hosted from inside the program. `port` is known once `start()` returns."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.server = GameServer.__new__(GameServer)
        self.config = config or ServerConfig(port=0)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="skully-server", daemon=True)
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.reason = SERVER_STOPPED  # what the rooms' people are told when it stops
        self.handing = False  # stopped as `skully serve` is on SIGTERM: a group's rooms go on

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.server = GameServer(self.config)
            self.loop.run_until_complete(self.server.start())
        except BaseException as exc:  # said by start(), in the caller's thread
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()
        handed = self.handing and self.loop.run_until_complete(self.server.hand_over())
        if not handed:
            self.loop.run_until_complete(self.server.stop(self.reason))
        self._end_tasks()
        self.loop.close()

    def _end_tasks(self) -> None:
        """What is still under way on the loop is cancelled and let end, as asyncio.run does:
        a task left pending on a closed loop is destroyed, its coroutine never awaited (said as
        a warning at a test's end: a group's connection being uncounted as it stopped)."""
        left = [task for task in asyncio.all_tasks(self.loop) if not task.done()]
        for task in left:
            task.cancel()
        if left:
            self.loop.run_until_complete(asyncio.wait(left, timeout=END_WAIT))

    def start(self) -> ServerThread:
        self.thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        return self

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def url(self) -> str:
        return f"ws://{self.config.host}:{self.port}"

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run `fn` on the server's loop and return its result (tests look at rooms this way)."""
        future: asyncio.Future[Any] = asyncio.run_coroutine_threadsafe(_call(fn), self.loop)  # type: ignore[arg-type]
        return future.result(10)

    def stop(self, reason: str = SERVER_STOPPED, hand_over: bool = False) -> None:
        """Stop: every seated person is told why (`reason`, one of CLOSING_REASONS); or, in a
        group with `hand_over`, the rooms are handed to the servers that stay (as a SIGTERM)."""
        self.reason, self.handing = reason, hand_over
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)


async def _call(fn: Callable[[], Any]) -> Any:
    return fn()


async def serve_forever(
    config: ServerConfig, ready: Callable[[GameServer], None] | None = None
) -> None:
    """Run a server until Ctrl+C or a stop signal (`skully serve`), then close every connection."""
    import signal

    # computer players think in threads: a server process of its own hands the interpreter back
    # to the event loop soon, so an answer to a person never waits long behind their thinking
    sys.setswitchinterval(SWITCH)
    warm_up()  # before it listens: no client waits behind the imports
    server = GameServer(config)
    await server.start()
    if ready is not None:
        ready(server)
    tune_gc()  # after start-up's imports: they are frozen out of every collection
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on every system
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        if not await server.hand_over():  # a group's server hands its games on to the others
            await server.stop()
