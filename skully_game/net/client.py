"""A headless client of the game server: the connection lives in a background thread and every
message it receives waits in a queue, so a pygame loop that calls `poll()` once a frame never
waits on the network. Tests and tools use it now; the table screens will.

Every message sent carries the protocol's version and the program's (and pymunk's, which decides
whether Skully shots replay the same); a seated client adds its seat token."""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import pymunk
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from skully_game import __version__
from skully_game.core.errors import DataError
from skully_game.net import PROTOCOL
from skully_game.net.protocol import MAX_SERVER_MESSAGE, check_server_message
from skully_game.net.wire import WireError, decode, encode

Frame = Callable[[str], None]
MAX_HOPS = 3  # times one connection follows a group's `moved` to the room's own server
MAX_GROUP = 16  # servers of a group a client keeps, to come back through


class NetError(RuntimeError):
    """The server could not be reached, or closed the connection: said in words."""


class Client:
    """One connection to a server, and the seat it holds once joined."""

    def __init__(self, url: str, on_frame: Frame | None = None, timeout: float = 5.0) -> None:
        self.url = url  # where it is connected (a group's `moved` changes it)
        self.origin = url  # the address it was first given (a group's one address)
        self.on_frame = on_frame  # sees every raw frame received (the wire spy)
        self.timeout = timeout
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.ws: ClientConnection | None = None
        self.thread: threading.Thread | None = None
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.closed: dict[str, Any] | None = None  # {"code", "reason"} once closed
        self.ending: dict[str, Any] | None = None  # the server's "closing" word: no coming back
        self.first: dict[str, Any] | None = None  # the create, join or rejoin sent
        self.group: list[str] = []  # every server of the room's group, as it last said
        self.program = __version__
        self.pymunk = pymunk.version

    # ---- the connection ------------------------------------------------------------------

    def addresses(self) -> list[str]:
        """Where to come back after the line dropped, in turn: the address first given, then
        every other server of the room's group (one of them takes the room up if its own server
        stopped)."""
        return [self.origin, *(u for u in self.group if u != self.origin)]

    def connect(self) -> Client:
        try:
            self.ws = connect(
                self.url,
                open_timeout=self.timeout,
                max_size=MAX_SERVER_MESSAGE,
                compression=None,
                proxy=None,  # a game server is reached directly, never through a proxy
            )
        except (OSError, TimeoutError) as exc:
            raise NetError(f"could not reach {self.url}: {exc.strerror or exc}") from None
        except Exception as exc:  # the handshake refused (not a game server)
            raise NetError(f"{self.url} did not answer as a game server ({exc})") from None
        self.closed = self.ending = None
        self.thread = threading.Thread(target=self._read, name="skully-client", daemon=True)
        self.thread.start()
        return self

    def _read(self) -> None:
        ws = self.ws
        assert ws is not None
        hops = 0
        try:
            while ws is not None:
                ws = self._frames(ws, hops < MAX_HOPS)
                hops += 1  # followed a `moved` to the room's own server: read from there
        except (ConnectionClosed, OSError):
            pass
        finally:
            last = self.ws
            assert last is not None
            code = last.close_code
            reason = last.close_reason or "the connection was lost"
            self.closed = {"code": code, "reason": reason}
            closed = {"type": "closed", "code": code, "reason": reason}
            if self.ending is not None:  # the room closed: said before, nothing to come back to
                closed["ending"] = self.ending["reason"]
            self.inbox.put(closed)

    def _frames(self, ws: ClientConnection, may_move: bool) -> ClientConnection | None:
        """Read one connection's frames into the inbox until it closes (None), or until a
        group's `moved` is followed (the new connection, to read next)."""
        for frame in ws:
            text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
            if self.on_frame is not None:
                self.on_frame(text)
            try:
                message = decode(text)
            except WireError:
                continue
            kind = message.get("type")
            if kind == "moved" and may_move:
                placed = self.room is not None  # seated or watching: the server is handing over
                if self._move(message.get("url")):
                    if placed:  # the table says so while it is seated there again
                        self.inbox.put({"type": "moved", "url": self.url})
                    return self.ws
            if kind == "joined":
                self.room = message.get("room")
                self.seat = message.get("seat")
                self.token = message.get("token")
            if kind == "watching":
                self.room = message.get("room")
            if kind in ("joined", "watching", "group"):  # the group's servers, and anew
                group = message.get("group")  # whenever they change
                if isinstance(group, list):
                    self.group = [u for u in group if isinstance(u, str)][:MAX_GROUP]
                if kind == "group":
                    continue  # the client's own business: no table reads it
            elif kind == "closing":
                try:
                    message = check_server_message(message)
                except DataError:
                    continue  # not believed: the close that follows is a dropped line
                self.ending = message
            self.inbox.put(message)
        return None

    def _move(self, url: Any) -> bool:
        """Go to the server of the group that holds the room (`moved`): connect there and send
        the create, join, rejoin or watch again, or, once seated (a server handing its rooms
        over as it stops), take the seat back with its token; False (the close that follows is
        said) if it cannot."""
        if not isinstance(url, str) or not url.startswith("ws://") or self.first is None:
            return False
        if self.token is not None and self.room is not None:
            self.first = {"version": PROTOCOL, "type": "rejoin", "room": self.room,
                          "token": self.token, "program": self.program, "pymunk": self.pymunk}  # fmt: skip
        old = self.ws
        try:
            self.ws = connect(
                url,
                open_timeout=self.timeout,
                max_size=MAX_SERVER_MESSAGE,
                compression=None,
                proxy=None,
            )
        except Exception:  # unreachable now (it may have just died): the close says so
            return False
        if old is not None:
            with contextlib.suppress(Exception):
                old.close()
        self.url = url
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(encode(self.first))
        return True

    def close(self) -> None:
        """Leave politely (the seat stays kept for the grace period)."""
        if self.ws is not None:
            self.ws.close()
        if self.thread is not None:
            self.thread.join(self.timeout)

    def kill(self) -> None:
        """Drop the connection as a crash would: no goodbye (tests of coming back)."""
        if self.ws is not None:
            with contextlib.suppress(OSError):
                self.ws.socket.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                self.ws.socket.close()
        if self.thread is not None:
            self.thread.join(self.timeout)

    # ---- sending -------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        """Send one message (type first), with the versions, and the seat token once seated."""
        if self.ws is None:
            raise NetError("not connected")
        full = {"version": PROTOCOL, **message}
        if full["type"] in ("create", "join", "rejoin", "watch"):
            full.setdefault("program", self.program)
            full.setdefault("pymunk", self.pymunk)
            self.first = full  # sent again where a group of servers sends it (`moved`)
        elif self.token is not None and full["type"] != "rooms":  # the list asks for no seat
            full.setdefault("token", self.token)
        with contextlib.suppress(ConnectionClosed):  # said through the inbox as "closed"
            self.ws.send(encode(full))

    def send_raw(self, data: str | bytes) -> None:
        """A frame as is (tests of what the server does with nonsense)."""
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                self.ws.send(data)

    def create(
        self,
        name: str,
        game: str,
        seats: list[dict[str, Any]],
        options: dict[str, Any] | None = None,
        grace: int | None = None,
        listed: bool = False,
        watchable: bool = True,
        watch_chat: bool = False,
    ) -> None:
        message: dict[str, Any] = {"type": "create", "name": name, "game": game, "seats": seats}
        if options:
            message["options"] = options
        if grace is not None:
            message["grace"] = grace
        if listed:
            message["open"] = True
        if not watchable:  # anyone with the code may watch unless the host says no
            message["watch"] = False
        if watch_chat:  # spectators read the chat; they speak only if the host says so
            message["watch_chat"] = True
        self.send(message)

    def join(self, name: str, room: str) -> None:
        self.send({"type": "join", "name": name, "room": room})

    def watch(self, name: str, room: str) -> None:
        """Watch a room as a spectator: no seat, only what is public (answered "watching")."""
        self.send({"type": "watch", "name": name, "room": room})

    def ask_rooms(self) -> None:
        """Ask for the server's open rooms (answered with a "rooms" message)."""
        self.send({"type": "rooms"})

    def rejoin(self, room: str, token: str) -> None:
        self.room, self.token = room, token  # kept for the next try if this one fails
        self.send({"type": "rejoin", "room": room, "token": token})

    def start(self) -> None:
        self.send({"type": "start"})

    def act(self, action: Any, move: int | None = None) -> None:
        """A move; `move`, the update it answers (the server drops it if that is not the
        position to play any more)."""
        message: dict[str, Any] = {"type": "act", "action": action}
        if move is not None:
            message["move"] = move
        self.send(message)

    def ready(self, move: int) -> None:
        """This seat's table shows that update `move`'s move can be made: its clock starts."""
        self.send({"type": "ready", "move": move})

    def give_to_computer(self, seat: int, level: str) -> None:
        self.send({"type": "computer", "seat": seat, "level": level})

    def ask_record(self) -> None:
        self.send({"type": "record"})

    def say(self, text: str | None = None, line: str | None = None) -> None:
        """A line of chat: a preset's key (protocol.CHAT_LINES) or a short text."""
        message: dict[str, Any] = {"type": "say"}
        if line is not None:
            message["line"] = line
        if text is not None:
            message["text"] = text
        self.send(message)

    def mute(self, seat: int | None = None, muted: bool = True, watcher: str = "") -> None:
        """A person's lines no longer reach this connection (or again, with muted False): the
        person at `seat`, or the spectator named `watcher`."""
        whom: dict[str, Any] = {"seat": seat} if seat is not None else {"watcher": watcher}
        self.send({"type": "mute", **whom, "muted": muted})

    def again(self, now: bool = False) -> None:
        """At game over: this person is ready to play again (same seats and rules, same room);
        the game begins once every person is. `now`: the host begins it without waiting."""
        self.send({"type": "again", "now": True} if now else {"type": "again"})

    # ---- receiving -----------------------------------------------------------------------

    def poll(self) -> list[dict[str, Any]]:
        """Every message waiting, oldest first; never waits."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def next(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message, waiting at most `timeout` seconds (NetError if none came)."""
        try:
            return self.inbox.get(timeout=self.timeout if timeout is None else timeout)
        except queue.Empty:
            raise NetError("the server said nothing in time") from None

    def wait_for(self, kind: str, timeout: float | None = None) -> dict[str, Any]:
        """Messages until one of `kind` (others are dropped); NetError when the connection
        closes first or time runs out."""
        end = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            message = self.next(max(0.0, end - time.monotonic()))
            if message["type"] == kind:
                return message
            if message["type"] == "closed":
                raise NetError(f"the server closed the connection: {message['reason']}")
