"""Rooms: who sits where, their seat tokens, who is connected or away, and the game once the host
starts it. Plain state; the server (server.py) does the talking. No pygame here."""

from __future__ import annotations

import asyncio
import functools
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from skully_game.net.cardgame import CardGame
from skully_game.net.hosted import Cursor, Hosted, SeatPlan
from skully_game.net.skullygame import KEY as SKULLY
from skully_game.net.skullygame import SkullyGame

# Room codes: letters and digits nobody misreads (no 0/O, 1/I/L), 10 of them: 31**10, about
# 8 * 10**14 codes, so guessing one of a few hundred open rooms takes billions of tries; a wrong
# guess costs a connection (the server closes it).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 10
GRACE = 120  # seconds a player who dropped out may come back to the same seat, by default
CLOCK = "clock_ms"  # the host's time per move, in milliseconds (0: no clock), among the options
CLOCK_MOST = 600_000  # ten minutes a move at most
CLOCK_LEAST = 100  # a tenth of a second (tests use short clocks; the host page offers 30 s up)
BANK = "game_clock_ms"  # the host's time per person for the whole game, in ms (0: none)
BANK_MOST = 3_600_000  # an hour a person at most
BANK_LEAST = 1000  # a second (tests use short clocks; the host page offers 5 minutes up)
# A timed move's clock starts when the person's table says it shows the move can be made (a
# "ready": the trick gathered, the round's summary closed, the bid buttons up), or this long
# after the move before it at the latest, whatever the table says: a table that never says
# so (a hostile or an old client) gains no more than this on its own move, never on another's
SETTLE_MOST = 20.0


def new_code(taken: set[str] | dict[str, Any] = frozenset()) -> str:  # type: ignore[assignment]
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def take_clock(options: dict[str, Any]) -> float:
    """The time per move the host chose, in seconds (0: none), taken out of the rule options
    (the server keeps the clock, not the game); ValueError says what is wrong with it."""
    value = options.pop(CLOCK, 0)
    if type(value) is not int or not (value == 0 or CLOCK_LEAST <= value <= CLOCK_MOST):
        raise ValueError(
            f"{CLOCK}: expected 0 (no clock) or {CLOCK_LEAST} to {CLOCK_MOST} milliseconds"
        )
    return value / 1000


def take_bank(options: dict[str, Any]) -> float:
    """The time per person for the whole game the host chose, in seconds (0: none), taken out
    of the rule options like the time per move; ValueError says what is wrong with it."""
    value = options.pop(BANK, 0)
    if type(value) is not int or not (value == 0 or BANK_LEAST <= value <= BANK_MOST):
        raise ValueError(
            f"{BANK}: expected 0 (no clock) or {BANK_LEAST} to {BANK_MOST} milliseconds"
        )
    return value / 1000


def clock_words(seconds: float) -> str:
    """'5 min', '90 s': a clock's length as the open rooms list says it."""
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds // 60:g} min"
    return f"{seconds:g} s"


RULES_SHOWN = 80  # characters of an open room's rules summary at most


def default_options(game_key: str, players: int) -> dict[str, Any]:
    """A table game's rules as they stand unless the host changes them ({} for Skully or a
    game this cannot tell): the open rooms list says only what differs."""
    return dict(_defaults(game_key, players))


@functools.lru_cache(maxsize=64)  # a few games by seat counts: asked for every listed room
def _defaults(game_key: str, players: int) -> tuple[tuple[str, Any], ...]:
    from cards.registry import GAMES

    if game_key == SKULLY:  # the host page's first choices (net/skullygame.py's defaults)
        return (("preset", "official"), ("board", "classic"), ("flick_guide", "learning"))
    info = next((g for g in GAMES if g.key == game_key), None)
    if info is None:
        return ()
    try:
        return tuple(info.entry().make_options(players, {}).to_dict().items())
    except (ValueError, TypeError, KeyError):
        return ()


def rules_summary(
    options: dict[str, Any], clock: float, usual: dict[str, Any], bank: float = 0.0
) -> str:
    """The host's rule choices that differ from `usual`, in a line ("cannonball on, hints off,
    clock 30 s"), as the open rooms list shows them."""
    parts = []
    for key, value in options.items():
        if (key in usual and usual[key] == value) or (key == "hints" and value == "on"):
            continue
        shown = {True: "on", False: "off"}.get(value, value) if isinstance(value, bool) else value
        parts.append(f"{key.replace('_', ' ')} {shown}")
    if clock:
        parts.append(f"clock {clock:g} s")
    if bank:
        parts.append(f"{clock_words(bank)} a game each")
    text = ", ".join(parts) or "usual rules"
    return text if len(text) <= RULES_SHOWN else text[: RULES_SHOWN - 1] + "…"


def shown_code(code: str) -> str:
    """'K7PMQ-X4R2T': how a person reads a code out to another."""
    return f"{code[:5]}-{code[5:]}"


def typed_code(text: str) -> str:
    """A code as a person typed it (dashes, spaces, small letters) in the server's form."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


@dataclass
class Place:
    """One seat of a room: its plan (name, person or computer) and, for a person, the token
    that proves it and whether they are here."""

    plan: SeatPlan
    taken: bool = False  # a person sits here (or a computer does)
    token: str | None = None
    conn: Any = None  # the server's connection object while connected
    away_since: float | None = None
    cursor: Cursor = field(default_factory=Cursor)
    muted: set[int] = field(default_factory=set)  # the seats whose chat this person mutes
    seen: dict[str, int] | None = None  # what they were sent before they left (Hosted.seen)

    @property
    def person(self) -> bool:
        return self.plan.person

    @property
    def connected(self) -> bool:
        return self.conn is not None


@dataclass
class Timing:
    """One person's clock for the move they are to make (the server's monotonic clock)."""

    starts: float  # in the future while their table still shows the move before (SETTLE_MOST
    # at most), then when their table said it shows the move can be made
    ends: float  # when their time runs out
    shown: bool = False  # their table said it shows the move can be made (see clock_started)


@dataclass
class Room:
    code: str
    game_key: str
    options: dict[str, Any]
    places: list[Place]
    host: int
    grace: int
    seed: int
    quick: bool = False
    creator: str = ""  # the address that opened it (a server limits rooms per address)
    game: Hosted | None = None
    thinking: int | None = None  # the computer seat thinking now
    last_here: float = field(default_factory=time.monotonic)  # when a person was last connected
    moves: int = 0
    games: int = 1  # games begun in this room (a rematch begins another)
    clock: float = 0.0  # seconds a person has for each move (0: no clock)
    bank: float = 0.0  # seconds each person has for the whole game (0: no game clock)
    banks: dict[int, float] = field(default_factory=dict)  # a seat's game time left, once timed
    banks_game: int = 0  # the game the banks are of (Play again fills them again)
    # each person timed now (one, or every bidder of a Skull King round at once): their clock
    timing: dict[int, Timing] = field(default_factory=dict)
    # each seat to act now: the update its turn began at (a move made for an older update is
    # stale: dropped); while seats choose at once, each keeps its own through the others' moves
    asked: dict[int, int] = field(default_factory=dict)
    listed: bool = False  # the host marked it open: anyone may see it listed and join, no code
    watchable: bool = True  # the host lets anyone with the code watch (kept when it moves)
    watch_chat: bool = False  # the host lets spectators chat (off unless the host says so)
    saved_at: float = 0.0  # when its record was last written
    moved_at: float = 0.0  # when the last move was made
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one move at a time
    # each computer seat's thoughts so far: (how many, the slowest in seconds); one that has
    # never taken more than a couple of milliseconds thinks on the server's loop (server.py)
    thoughts: dict[int, tuple[int, float]] = field(default_factory=dict)
    again: set[int] = field(default_factory=set)  # at game over: the people ready to play again

    @property
    def started(self) -> bool:
        return self.game is not None

    def seat_of(self, token: str) -> int | None:
        """The seat this token belongs to (compared in constant time), or None."""
        found = None
        for i, place in enumerate(self.places):
            if place.token is not None and hmac.compare_digest(place.token, token):
                found = i
        return found

    def issue_token(self, seat: int) -> str:
        token = secrets.token_urlsafe(16)
        self.places[seat].token = token
        return token

    def open_seat(self) -> int | None:
        for i, place in enumerate(self.places):
            if place.person and not place.taken:
                return i
        return None

    def unique_name(self, name: str) -> str:
        """`name`, or 'name 2' when someone at the table is already called so."""
        names = {p.plan.name.lower() for p in self.places if p.taken}
        if name.lower() not in names:
            return name
        n = 2
        while f"{name} {n}".lower() in names:
            n += 1
        return f"{name} {n}"

    def make_game(self) -> Hosted:
        """The game as the seats stand now, dealt from the room's seed (ValueError names a bad
        rule option or level)."""
        plans = [
            p.plan
            if p.taken
            else SeatPlan(f"Seat {i + 1}", p.plan.level, p.plan.hand, p.plan.input)
            for i, p in enumerate(self.places)
        ]  # an open seat has no name yet: the rules are checked before anyone joins
        name = self.code if self.games == 1 else f"{self.code}-{self.games}"  # its own file
        if self.game_key == SKULLY:
            return SkullyGame(plans, self.options, self.seed, name, self.quick)
        return CardGame(self.game_key, plans, self.options, self.seed, name, self.quick)

    def bank_left(self, seat: int) -> float:
        """The game time `seat` has left, as of its turn's start if it is timed now."""
        if self.banks_game != self.games:  # a new game (Play again): everyone's time anew
            self.banks, self.banks_game = {}, self.games
        return self.banks.get(seat, self.bank)

    def stale(self, seat: int, answers: int | None) -> bool:
        """A move from `seat` made for update `answers` (None: not said) answers an older
        position than the one it is to choose in now."""
        return answers is not None and answers < self.asked.get(seat, 0)

    def spend_bank(self, seat: int, now: float) -> None:
        """`seat`'s timed turn ends: the time it ran comes off their game time."""
        timing = self.timing.get(seat)
        if self.bank and timing is not None:
            self.banks[seat] = max(0.0, self.bank_left(seat) - max(0.0, now - timing.starts))

    def clock_started(self, seat: int, now: float) -> bool:
        """`seat`'s table shows their move can be made. A clock timing one seat starts now,
        with the whole of its time (earlier than the settle's cap; never later). Clocks timing
        several seats at once (Skull King's bids) start together, from one moment, once every
        one of those tables has said so (or at the cap): each seat then has the same time left,
        and none loses any while their table still shows the round before. Whether any moved."""
        timing = self.timing.get(seat)
        if timing is None or now >= timing.starts:
            return False
        timing.shown = True
        return self.start_together(now)

    def start_together(self, now: float) -> bool:
        """Every clock still standing starts now if each of their tables shows its move
        (a seat that moved meanwhile no longer counts). Whether any started."""
        standing = [t for t in self.timing.values() if now < t.starts]
        if not standing or not all(t.shown for t in standing):
            return False
        for timing in standing:
            timing.ends -= timing.starts - now
            timing.starts = now
        return True

    def clock_left(self, now: float) -> dict[str, Any] | None:
        """The running clocks as every seat is told them: each timed seat's seconds left (for
        this move: its own time, or the game time left if that ends first) and `wait`, the
        seconds before it starts at the latest while that person's table still shows the move
        before (0 once it runs: the tables count down from then); `seat`, `left` and `wait`
        say the first of them (the seat to act, when it is timed). With a game clock, each
        person's game time left, a running one counted to now."""
        if not self.timing and not self.bank:
            return None
        timed = [
            {
                "seat": seat,
                "left": round(max(0.0, t.ends - max(now, t.starts)), 2),
                "wait": round(max(0.0, t.starts - now), 2),
            }
            for seat, t in self.timing.items()
        ]
        first = timed[0] if timed else {"seat": None, "left": None, "wait": 0.0}
        told: dict[str, Any] = {**first, "timed": timed}
        if self.bank:
            banks: list[float | None] = []
            for i, place in enumerate(self.places):
                left = self.bank_left(i)
                timing = self.timing.get(i)
                if timing is not None:
                    left -= max(0.0, now - timing.starts)
                banks.append(round(max(0.0, left), 2) if place.person else None)
            told["banks"] = banks
        return told

    def all_ready_again(self) -> bool:
        """Every seat is taken and every person at it is ready to play again."""
        return all(p.taken for p in self.places) and all(
            i in self.again for i, p in enumerate(self.places) if p.person
        )

    def listing(self) -> dict[str, Any]:
        """What the open rooms list says of this room: only what its lobby shows anyone who
        joins (never a token, the seed, an address or a hand)."""
        host = self.places[self.host]
        free = sum(1 for p in self.places if p.person and not p.taken)
        return {
            "room": shown_code(self.code),
            "game": self.game_key,
            "host": host.plan.name,
            "free": free,
            "seats": len(self.places),
            "rules": rules_summary(
                self.options,
                self.clock,
                default_options(self.game_key, len(self.places)),
                self.bank,
            ),
        }

    def lobby(self) -> dict[str, Any]:
        """Who sits where, connected or away, who is thinking: what every seat is shown."""
        now = time.monotonic()
        seats = []
        for i, place in enumerate(self.places):
            seats.append(
                {
                    "seat": i,
                    "name": place.plan.name if place.taken else "",
                    "kind": "person" if place.person else "computer",
                    "level": place.plan.level,
                    "open": place.person and not place.taken,
                    "connected": place.connected or not place.person,
                    "away": None
                    if place.away_since is None
                    else max(0, round(self.grace - (now - place.away_since))),
                    "thinking": self.thinking == i,
                    "host": i == self.host,
                    "again": i in self.again,  # ready to play again (a mark at the seat)
                }
            )
        return {
            "type": "lobby",
            "room": shown_code(self.code),
            "game": self.game_key,
            "options": self.options,
            "grace": self.grace,
            "clock": self.clock,
            "game_clock": self.bank,
            "listed": self.listed,  # an open room: anyone asking the server sees it
            "started": self.started,
            "over": self.game is not None and self.game.over(),
            "seats": seats,
        }
