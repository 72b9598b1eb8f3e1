"""The messages a client may send, each checked against its schema on arrival, and the limits
every connection lives under (size, rate). Hand-written checks over plain data: nothing is
evaluated, nothing unpickled; a message that fails is refused with the field and what was
expected, in one line."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skully_game.core.errors import DataError, Said, kind_of
from skully_game.core.names import name_problem
from skully_game.net import PROTOCOL

MAX_MESSAGE = 64 * 1024  # bytes of one frame a client may send (the library closes bigger ones)
MAX_SERVER_MESSAGE = 8 * 1024 * 1024  # bytes of one frame a client takes from its server
RATE = 50.0  # messages a second a connection may send, on average (a person sends a few)
BURST = 100  # messages it may send at once
MAX_NAME = 24  # a player's name
MAX_SEATS = 8
TOKEN_CHARS = 64  # a seat token's length at most (they are 22)
MAX_CHAT = 80  # characters of one line of chat
CHAT_RATE, CHAT_BURST = 1.0, 5  # lines of chat a second a person may send, beyond a burst
LIST_RATE, LIST_BURST = 0.5, 4  # asks for the open rooms a second a connection may send
MAX_LISTED = 50  # open rooms one answer lists at most
CHAT_LINES = {  # the preset lines, by the key a client sends
    "hello": "Hello!",
    "luck": "Good luck!",
    "well-played": "Well played!",
    "oops": "Oops!",
    "your-turn": "Your turn!",
    "thinking": "Let me think…",
    "thanks": "Thanks!",
    "again": "Another game?",
}


def chat_text(message: Mapping[str, Any]) -> str:
    """What a checked `say` says: a preset's words, else the person's own with their spaces
    made single ("" when it says nothing)."""
    preset = CHAT_LINES.get(message.get("line", ""), "")
    return preset or " ".join(str(message.get("text", "")).split())


class Spec:
    """One field's expected shape: `check` returns the value or raises DataError."""

    what = "a value"

    def check(self, value: Any, where: str) -> Any:
        raise NotImplementedError


def _refuse(where: str, expected: str, value: Any) -> DataError:
    got = value if isinstance(value, str | int | float | bool) else Said(kind_of(value))
    return DataError("message", where, expected, got)


@dataclass(frozen=True)
class Text(Spec):
    most: int
    choices: tuple[str, ...] = ()

    @property
    def what(self) -> str:  # type: ignore[override]
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return f"text of at most {self.most} characters"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, str) or len(value) > self.most or not value.isprintable():
            raise _refuse(where, self.what, value)
        if self.choices and value not in self.choices:
            raise _refuse(where, self.what, value)
        return value


@dataclass(frozen=True)
class Name(Spec):
    what = f"a name of 1 to {MAX_NAME} printable characters"

    def check(self, value: Any, where: str) -> Any:
        if name_problem(value, MAX_NAME) is not None:
            raise _refuse(where, self.what, value)
        return value.strip()


@dataclass(frozen=True)
class Whole(Spec):
    low: int
    high: int

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"a whole number from {self.low} to {self.high}"

    def check(self, value: Any, where: str) -> Any:
        if type(value) is not int or not self.low <= value <= self.high:
            raise _refuse(where, self.what, value)
        return value


@dataclass(frozen=True)
class Number(Spec):
    low: float
    high: float

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"a number from {self.low:g} to {self.high:g}"

    def check(self, value: Any, where: str) -> Any:
        if type(value) not in (int, float) or not math.isfinite(value):
            raise _refuse(where, self.what, value)
        if not self.low <= value <= self.high:
            raise _refuse(where, self.what, value)
        return float(value)


@dataclass(frozen=True)
class Flag(Spec):
    what = "true or false"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, bool):
            raise _refuse(where, self.what, value)
        return value


@dataclass(frozen=True)
class Items(Spec):
    item: Spec
    most: int
    least: int = 0

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"a list of {self.least} to {self.most} items"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, list) or not self.least <= len(value) <= self.most:
            raise _refuse(where, self.what, value)
        return [self.item.check(v, f"{where}[{i}]") for i, v in enumerate(value)]


@dataclass(frozen=True)
class Fields(Spec):
    """An object with these fields (`optional` may be left out); any other field is refused."""

    fields: Mapping[str, Spec]
    optional: frozenset[str] = frozenset()
    what = "an object"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise _refuse(where, self.what, value)
        prefix = f"{where}." if where else ""
        for key in value:
            if key not in self.fields:
                raise DataError("message", f"{prefix}{str(key)[:40]}", "no such field")
        out = {}
        for key, spec in self.fields.items():
            if key not in value:
                if key in self.optional:
                    continue
                raise DataError("message", f"{prefix}{key}", spec.what, Said("nothing"))
            out[key] = spec.check(value[key], f"{prefix}{key}")
        return out


@dataclass(frozen=True)
class Settings(Spec):
    """Rule options by name: a few short names, each a short text, a whole number or a flag
    (the engine then reads them as it reads a save's options)."""

    most: int = 24
    what = "rule options by name"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, dict) or len(value) > self.most:
            raise _refuse(where, f"at most {self.most} {self.what}", value)
        for key, item in value.items():
            if len(key) > 40 or not key.replace("-", "_").isidentifier():
                raise DataError("message", f"{where}.{key[:40]}", "an option's name")
            ok = isinstance(item, bool) or (type(item) is int and abs(item) < 10**6)
            if not ok and not (isinstance(item, str) and len(item) <= 40 and item.isprintable()):
                raise _refuse(f"{where}.{key}", "text, a whole number or true/false", item)
        return dict(value)


@dataclass(frozen=True)
class Either(Spec):
    """One of several shapes, told apart by JSON kind (text or object)."""

    text: Spec
    obj: Spec
    what = "a move"

    def check(self, value: Any, where: str) -> Any:
        return (self.text if isinstance(value, str) else self.obj).check(value, where)


@dataclass(frozen=True)
class Tagged(Spec):
    """An object whose `kind` field says which schema the rest follows."""

    kinds: Mapping[str, Fields]
    what = "a move"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise _refuse(where, self.what, value)
        kind = value.get("kind")
        if kind not in self.kinds:
            raise _refuse(f"{where}.kind", "one of " + ", ".join(self.kinds), kind)
        return self.kinds[kind].check(value, where)


# ---- the messages ---------------------------------------------------------------------------

ROOM = Text(16)  # a room code as typed, dashes and all
TOKEN = Text(TOKEN_CHARS)
SEAT_KINDS = ("open", "computer", "me")
SEAT = Fields(
    {
        "kind": Text(10, SEAT_KINDS),
        "level": Text(24),
        "hand": Text(24),  # Skully: how much a person's slingshot wobbles
        "input": Text(10, ("slingshot", "flick")),  # Skully: how the person shoots
    },
    optional=frozenset({"level", "hand", "input"}),
)
# Skully's moves: a measured flick (radians, m/s, a fraction of the radius), a cap put down,
# keep or put back, another cap
POINT = Items(Number(-100.0, 100.0), 2, 2)
SKULLY_MOVE = Tagged(
    {
        "shot": Fields(
            {
                "kind": Text(8),
                "angle": Number(-100.0, 100.0),
                "speed": Number(0.0, 100.0),
                "offset": Number(-1.0, 1.0),
                "flicked": Flag(),
            },
            optional=frozenset({"offset", "flicked"}),
        ),
        "place": Fields({"kind": Text(8), "at": POINT}),
        "keep": Fields({"kind": Text(8), "keep": Flag()}),
        "switch": Fields({"kind": Text(8), "cap": Text(24)}),
    }
)
HELLO = {"type": Text(16), "version": Whole(0, 10**6), "program": Text(40), "pymunk": Text(40)}
HELLO_OPTIONAL = frozenset({"program", "pymunk"})


def _message(fields: Mapping[str, Spec], optional: Sequence[str] = ()) -> Fields:
    return Fields({**HELLO, **fields}, HELLO_OPTIONAL | frozenset(optional))


SCHEMAS: dict[str, Fields] = {
    "create": _message(
        {
            "name": Name(),
            "game": Text(24),
            "options": Settings(),
            "seats": Items(SEAT, MAX_SEATS, 2),
            "grace": Whole(5, 3600),
            "open": Flag(),  # listed to anyone who asks the server for its open rooms
            "watch": Flag(),  # anyone with the code may watch (net/watch.py); true if left out
            "watch_chat": Flag(),  # spectators may chat too; false if left out
        },
        optional=("options", "grace", "open", "watch", "watch_chat"),
    ),
    "join": _message({"name": Name(), "room": ROOM}),
    "watch": _message({"name": Name(), "room": ROOM}),  # a spectator: no seat, no token
    "rooms": _message({}),  # the open rooms' public facts (server.py `open_rooms`)
    "rejoin": _message({"room": ROOM, "token": TOKEN}),
    "start": _message({"token": TOKEN}),
    # a move, and the update it was made for ("move": a stale one is dropped, server.py `_act`)
    "act": _message(
        {"token": TOKEN, "action": Either(Text(400), SKULLY_MOVE), "move": Whole(0, 10**9)},
        optional=("move",),
    ),
    # the person to move: their table shows update `move`'s move can be made (their clock starts)
    "ready": _message({"token": TOKEN, "move": Whole(0, 10**9)}),
    "computer": _message({"token": TOKEN, "seat": Whole(0, MAX_SEATS - 1), "level": Text(24)}),
    "record": _message({"token": TOKEN}),
    # at game over: this person is ready for another game (same seats, same room); the host's
    # "now" starts it without waiting for everyone to be ready
    "again": _message({"token": TOKEN, "now": Flag()}, optional=("now",)),
    # chat: one of the preset lines (by its key) or a short text; text only, nothing else. A
    # seat sends its token; a spectator has none (net/watch.py: only if the host allows it)
    "say": _message(
        {"token": TOKEN, "line": Text(16, tuple(CHAT_LINES)), "text": Text(MAX_CHAT)},
        optional=("token", "line", "text"),
    ),
    # a person's lines no longer reach the sender: a seat's, or a spectator's by their name
    "mute": _message(
        {"token": TOKEN, "seat": Whole(0, MAX_SEATS - 1), "watcher": Name(), "muted": Flag()},
        optional=("token", "seat", "watcher"),
    ),
}


# what the server sends a client before it closes the room: the host closed the game (a game
# hosted inside the program) or the server was stopped (`skully serve`); whether the game was over
CLOSING_REASONS = ("host-closed", "server-stopped")
SERVER_SCHEMAS: dict[str, Fields] = {
    "closing": Fields(
        {
            "type": Text(16),
            "version": Whole(0, 10**6),
            "reason": Text(24, CLOSING_REASONS),
            "over": Flag(),
        }
    ),
}


def check_server_message(data: dict[str, Any]) -> dict[str, Any]:
    """A message from the server that a client acts on by itself (the room closing), checked
    whole as the server checks a client's; DataError names the field."""
    kind = data.get("type")
    if kind not in SERVER_SCHEMAS:
        raise _refuse("type", "one of " + ", ".join(SERVER_SCHEMAS), kind)
    version = data.get("version")
    if version != PROTOCOL or type(version) is not int:
        raise _refuse("version", f"protocol {PROTOCOL}", version)
    return SERVER_SCHEMAS[kind].check(data, "")


def check_message(data: dict[str, Any]) -> dict[str, Any]:
    """A decoded message checked whole against its type's schema; DataError names the field."""
    kind = data.get("type")
    if kind not in SCHEMAS:
        raise _refuse("type", "one of " + ", ".join(SCHEMAS), kind)
    version = data.get("version")
    if version != PROTOCOL or type(version) is not int:
        raise _refuse("version", f"protocol {PROTOCOL}", version)
    return SCHEMAS[kind].check(data, "")


@dataclass
class RateLimit:
    """A token bucket per connection: `allow()` is False once a client sends faster than RATE
    messages a second beyond a burst of BURST."""

    rate: float = RATE
    burst: float = BURST
    tokens: float = field(default=-1.0)
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
