"""One person's seat in an online room, as the screens hold it: the connection to the server (and
the server itself when this machine hosts), who sits where, and coming back by itself after the
connection drops. The connection lives in a background thread (net/client.py) and `poll()`
never waits, so the window keeps answering. No pygame here.

This is the `link` every online table is handed (`table(app, link)`): it reads its messages with
`poll()` and sends its moves with `act()`."""

from __future__ import annotations

import contextlib
import ipaddress
import threading
import time
from dataclasses import dataclass, replace
from typing import Any

from skully_game.net.client import Client, NetError
from skully_game.net.limits import HOSTED
from skully_game.net.rooms import GRACE, typed_code
from skully_game.net.server import (
    DEFAULT_PORT,
    HOST_CLOSED,
    MOVED_WORDS,
    MOVING,
    POLICY,
    ServerConfig,
    ServerThread,
)
from skully_game.scenes.online.chat import mute_on_server

RETRY = 1.5  # seconds between two tries to reach the server again
TRY_FOR = 5.0  # seconds one try may take
HOST_PORT = DEFAULT_PORT  # where a game hosted here listens first (tests: 0, any free port)
# how a server hosted here runs (tests: quick computer players): its own limits, as this
# machine alone opens rooms on it
HOST_CONFIG = ServerConfig(limits=HOSTED)


@dataclass(frozen=True)
class Address:
    """Where a server listens, as a person writes it: '192.168.1.20:8765'."""

    host: str
    port: int = DEFAULT_PORT

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}"

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


def parse_address(text: str) -> Address:
    """An address as typed ('192.168.1.20', 'anne-pc:8765', 'ws://…'); ValueError says what is
    wrong in words."""
    text = text.strip().removeprefix("ws://").removeprefix("wss://").rstrip("/")
    if not text:
        raise ValueError("Type the address of the computer that hosts the game")
    host, port = text, DEFAULT_PORT
    if text.startswith("["):  # [IPv6]:port
        host, _, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, _, number = text.partition(":")
        port = _port(number)
    if not host or any(ch.isspace() or ch in "/@?#" for ch in host):
        raise ValueError(f"{text} is not an address: write it as 192.168.1.20:{DEFAULT_PORT}")
    return Address(host, port)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(f"The port after ':' is a number from 1 to 65535, not '{text}'")
    return int(text)


def check_code(text: str) -> str:
    """A room code as typed, in the server's form; ValueError says what is wrong."""
    code = typed_code(text)
    if not code:
        raise ValueError("Type the room code the host gave you")
    if len(code) != 10:
        raise ValueError(f"A room code has 10 letters and digits, like K7PMQ-X4R2T ({len(code)})")
    return code


def reach_words(address: Address, problem: str) -> str:
    """Why a server could not be reached, in a player's words (NetError's text is the system's)."""
    low = problem.lower()
    why = problem.split(": ", 1)[-1].strip() or "no answer"
    for said, words in (
        ("refused", "nobody answered"),
        ("timed out", "no answer in time"),
        ("name or service", "no computer has that name"),
        ("nodename", "no computer has that name"),
        ("name resolution", "no computer has that name"),
        ("unreachable", "that network cannot be reached from here"),
        ("no route", "that network cannot be reached from here"),
        ("did not answer as a game server", "it is not a Skully game server"),
    ):
        if said in low:
            why = words
            break
    return f"Could not reach {address}: {why}"


def first_level(levels: list[str]) -> str:
    """The computer player a seat gets unless the host picks another: 'skilled' in Skully,
    the middle one of a table game's (never the random one)."""
    if "skilled" in levels:
        return "skilled"
    return levels[len(levels) // 2] if levels else ""


def clock(seconds: int | None) -> str:
    """'1:05' for a person to read."""
    seconds = max(0, seconds or 0)
    return f"{seconds // 60}:{seconds % 60:02d}"


def said(reason: str) -> str:
    """A server's reason as a sentence: first letter up."""
    reason = reason.strip() or "the connection was closed"
    return reason[0].upper() + reason[1:]


MOVED = said(MOVED_WORDS) + "…"  # a group's server stopping sent the table to another


HOST_QUITS = "You host this game: closing Skully ends it for everyone at the table."


def closing_words(reason: str, over: bool, kept: bool) -> tuple[str, str]:
    """What a table says when the server closes the room (the host quit, the server stopped):
    the news, and where the game's record is kept (here once it was over, else not here)."""
    host = reason == HOST_CLOSED
    news = "The host closed the game." if host else "The server was stopped: the game is closed."
    if over and kept:
        where = "The game was over: it is kept on this computer, to watch again in the replays."
    elif over:
        where = "The game was over: its record is kept on the " + (
            "host's computer." if host else "server."
        )
    else:
        where = "The game was not finished: its record stays on the " + (
            "host's computer." if host else "server."
        )
    return news, where


class Hosting:
    """The game server running inside the program, on this machine, in a background thread:
    only this machine may join (127.0.0.1) unless `lan` opens it to the local network, where it
    is also announced so friends find it without typing an address."""

    def __init__(
        self, lan: bool = False, port: int | None = None, config: ServerConfig | None = None
    ) -> None:
        self.lan = lan
        base = config or HOST_CONFIG
        self.config = replace(
            base, host="0.0.0.0" if lan else "127.0.0.1", port=HOST_PORT if port is None else port
        )
        self.thread: ServerThread | None = None
        self.announcer: Any = None
        self.moved = False  # the usual port was taken: another one was chosen

    def start(self, name: str = "Skully") -> Hosting:
        """Listen (on the usual port, else on any free one); OSError if neither works."""
        try:
            self.thread = ServerThread(self.config).start()
        except OSError:
            if self.config.port == 0:
                raise
            self.config.port = 0
            self.thread = ServerThread(self.config).start()
            self.moved = True
        if self.lan:
            with contextlib.suppress(Exception):  # no multicast here: friends type the address
                from skully_game.net.mdns import Announcer

                self.announcer = Announcer(f"{name}'s game", "0.0.0.0", self.port)
        return self

    @property
    def port(self) -> int:
        return self.thread.port if self.thread is not None else self.config.port

    @property
    def here(self) -> Address:
        """Where this program's own seat connects: always this machine."""
        return Address("127.0.0.1", self.port)

    def addresses(self) -> list[Address]:
        """The addresses to give friends: this network's, or this machine's only."""
        if not self.lan:
            return [self.here]
        from skully_game.net.mdns import local_addresses

        found = [Address(a, self.port) for a in local_addresses()]
        return found or [self.here]

    def stop(self) -> None:
        if self.announcer is not None:
            with contextlib.suppress(Exception):
                self.announcer.close()
            self.announcer = None
        if self.thread is not None:
            self.thread.stop(HOST_CLOSED)  # every guest is told the host closed the game
            self.thread = None


class Link:
    """A seat in a room: what the screens read (`poll`, `lobby`, `setup`) and send (`act`...)."""

    def __init__(
        self, client: Client, address: Address, name: str, hosting: Hosting | None = None
    ) -> None:
        self.client = client
        self.address = address
        self.name = name
        self.hosting = hosting
        self.room = ""  # as shown: 'K7PMQ-X4R2T'
        self.seat = -1
        self.token = ""
        self.host = False
        self.game = ""
        self.lobby: dict[str, Any] | None = None
        self.lobby_at = 0.0  # when it came (the away seconds count down from it)
        self.setup: dict[str, Any] | None = None
        self.backlog: list[dict[str, Any]] = []  # read, not yet handled (the next screen's)
        self.status = ""  # "" while connected; else what is being done about it, in words
        self.lost = ""  # the seat is gone for good: why, in words
        self.ending: dict[str, Any] | None = None  # the server closed the room (its "closing")
        self.reason = ""  # the last error the server gave before closing
        self.leaving = False
        self._fresh: Client | None = None  # a new connection made by the retry thread
        self._gave_up = ""
        self.retries = 0
        self.chat: Any = None  # the table's chat (whom this person muted), kept for Play again
        self.heard: Any = None  # a spectator's chat (lines heard, mutes), kept from the lobby on
        self.watching = False  # a spectator: no seat, no token, nothing to play
        self.wanted = name  # the name asked for (a spectator comes back asking it again)

    # ---- reading -------------------------------------------------------------------------

    def take(self, message: dict[str, Any]) -> None:
        """What a message says of the seat and the room (the joined answer, the lobby)."""
        kind = message.get("type")
        if kind == "joined":
            self.room = message["room"]
            self.seat = message["seat"]
            self.token = message["token"]
            self.host = bool(message["host"])
            self.game = message["game"]
        elif kind == "watching":  # a spectator's answer: the room, and the name shown
            self.room, self.game, self.name = message["room"], message["game"], message["name"]
            self.watching = True
        elif kind == "lobby":
            self.lobby = message
            self.lobby_at = time.monotonic()
        elif kind == "setup":
            self.setup = message

    def poll(self) -> list[dict[str, Any]]:
        """Every message waiting, oldest first; never waits. A dropped connection is not a
        message: the link tries to come back by itself (`status` says so)."""
        if self._fresh is not None:
            self.client, self._fresh = self._fresh, None
            self.status = ""
            self._mute_again()
        if self._gave_up and not self.lost:
            self.lost = self._gave_up
            self.status = ""
        out, self.backlog = self.backlog, []
        for message in self.client.poll():
            kind = message["type"]
            if kind == "error":
                self.reason = message["reason"]
                continue
            if kind == "closing":  # the room is closing: said at once, never come back to
                self.ending = message
                self.lost = closing_words(message["reason"], message["over"], False)[0]
                self.status = ""
                continue
            if kind == "closed":
                self._dropped(message)
                continue
            self.take(message)
            out.append(message)
        return out

    def _mute_again(self) -> None:
        """Back on a new connection: the server forgot this window's mutes when the seat was
        taken again (a restarted window has none), so the ones it still has are said again."""
        for who in sorted(getattr(self.chat, "muted", ()), key=str):
            mute_on_server(self.client, who, True)

    def unread(self, messages: list[dict[str, Any]]) -> None:
        """Messages read too soon, left for the next screen (the lobby hands the table over)."""
        self.backlog = messages + self.backlog

    @property
    def connected(self) -> bool:
        return not self.status and not self.lost

    def seats(self) -> list[dict[str, Any]]:
        return [] if self.lobby is None else list(self.lobby["seats"])

    def away_left(self, seat: dict[str, Any]) -> int | None:
        """Seconds left for an absent person to come back, counted down since the lobby came."""
        if seat.get("away") is None:
            return None
        return max(0, round(seat["away"] - (time.monotonic() - self.lobby_at)))

    # ---- the connection dropped ----------------------------------------------------------

    def _dropped(self, message: dict[str, Any]) -> None:
        if self.leaving or self.lost or self.status:
            return
        if message.get("code") == POLICY or not (self.token or self.watching):
            self.lost = said(self.reason or message.get("reason") or "")
            return
        if message.get("code") == MOVING:  # a server of a group stopping: its rooms go on
            self.status = said(MOVED_WORDS) + "..."
        else:
            self.status = "The connection was lost: " + (
                "watching again..." if self.watching else "joining again..."
            )
        grace = GRACE if self.lobby is None else int(self.lobby.get("grace", GRACE))
        threading.Thread(
            target=self._come_back, args=(grace,), name="skully-rejoin", daemon=True
        ).start()

    def _come_back(self, grace: float) -> None:
        """Reach the server again and take the seat back with its token (a spectator: watch
        again, and be shown the table as it is now), until the grace runs out (runs in a
        thread; the main thread picks the new connection up in `poll`)."""
        end = time.monotonic() + grace
        # the address typed first, then every other server of the room's group, in turn (a
        # group takes the room up in another server when one stops)
        urls = [self.address.url, *(u for u in self.client.addresses() if u != self.address.url)]
        while not self.leaving and self.ending is None and time.monotonic() < end:
            url = urls[self.retries % len(urls)]
            self.retries += 1
            try:
                client = Client(url, timeout=TRY_FOR).connect()
            except NetError as exc:
                self.status = reach_words(self.address, str(exc)) + ": trying again..."
                time.sleep(RETRY)
                continue
            client.origin, client.group = self.client.origin, self.client.group
            if self.watching:
                client.watch(self.wanted, self.room)
            else:
                client.rejoin(self.room, self.token)
            self._fresh = client
            return
        if not self.leaving and self.ending is None:
            self._gave_up = f"Could not reach the game again at {self.address}: it is gone"

    # ---- sending -------------------------------------------------------------------------

    def act(self, action: Any, move: int | None = None) -> None:
        """A move, for update `move` (the server drops one made for an older position)."""
        self.client.act(action, move)

    def ready(self, move: int) -> None:
        """This seat's table shows that update `move`'s move can be made: its clock starts."""
        self.client.ready(move)

    def start(self) -> None:
        self.client.start()

    def give_to_computer(self, seat: int, level: str) -> None:
        self.client.give_to_computer(seat, level)

    def ask_record(self) -> None:
        self.client.ask_record()

    def again(self, now: bool = False) -> None:
        """At game over: ready for another game with the same seats, in the same room (`now`:
        the host begins it without waiting for everyone to be ready)."""
        self.client.again(now)

    def close(self) -> None:
        """Leave: the connection closes (the seat is kept for the grace), and a server hosted
        here stops, which ends the game for everyone."""
        self.leaving = True
        with contextlib.suppress(Exception):
            self.client.close()
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None

    def shown_address(self) -> str:
        """The address friends use to join: this network's when hosting for it."""
        if self.hosting is not None:
            return ", ".join(str(a) for a in self.hosting.addresses())
        return str(self.address)


def is_local(address: Address) -> bool:
    """Whether an address is this machine."""
    if address.host == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.host).is_loopback
    except ValueError:
        return False


def open_room(
    address: Address,
    name: str,
    first: dict[str, Any],
    hosting: Hosting | None = None,
    timeout: float = TRY_FOR,
) -> Link | str:
    """Connect, send `first` (a create or a join) and wait for the seat: the link, or why not in
    a player's words (run on a worker thread: it waits on the network)."""
    try:
        client = Client(address.url, timeout=timeout).connect()
    except NetError as exc:
        return reach_words(address, str(exc))
    client.send(first)
    link = Link(client, address, name, hosting)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            message = client.next(max(0.0, end - time.monotonic()))
        except NetError:
            break
        if message["type"] == "error":
            link.reason = message["reason"]
        elif message["type"] == "closed":
            return said(link.reason or message["reason"])
        else:
            link.take(message)
            if message["type"] in ("joined", "watching"):
                return link
            link.backlog.append(message)
    client.close()
    return f"{address} did not answer in time: try again"


def drop_link(result: Link | str) -> None:
    """A room opened after its person pressed Cancel: its connection closed at once (and a
    game hosted here stopped), so the seat does not stay taken by a window that moved on."""
    if isinstance(result, Link):
        result.close()
