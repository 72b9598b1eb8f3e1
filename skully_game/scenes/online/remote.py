"""A seat at a game hosted elsewhere, as the card tables online hold it: the connection the
lobby hands over (`TableLink`), the seats as this desk sees them, the game's adapter wrapped so
that the server's positions are taken instead of computed (`OnlineGame`), and where the game's
record goes once it is over. No drawing here: the tables are cards.py's."""

from __future__ import annotations

import importlib
import json
import queue
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cards import registry
from skully_game.core.games import scene_package
from skully_game.core.saves import saves_folder
from skully_game.net.client import Client
from skully_game.scenes.cardtable.game import SeatedGame, State
from skully_game.scenes.cardtable.match import HUMAN, Match, Pace, TableSeat
from skully_game.scenes.cardtable.words import plural
from skully_game.scenes.online.ended import ended_view
from skully_game.scenes.online.link import first_level


@dataclass
class TableLink:
    """A seat at a game hosted elsewhere, as the lobby hands it to the table.

    `client` is connected, joined and seated (`client.seat`, `client.token`, `client.room`);
    `setup` is the server's "setup" message (the game, its rules, the names); `update` is the
    first "update" message if it has come (else the table waits for it); `lobby` is the newest
    "lobby" message if any (who is a computer player, who is connected). From the hand-over on,
    the table alone reads the client's inbox; leaving the table closes the connection (the
    server keeps the seat for the room's grace period)."""

    client: Client
    setup: dict[str, Any]
    update: dict[str, Any] | None = None
    lobby: dict[str, Any] | None = None
    hosting: Any = None  # the server running inside this program, when this seat hosts
    chat: Any = None  # the last game's chat (whom this person muted), after Play again

    @property
    def seat(self) -> int:
        if self.client.seat is None:
            raise ValueError("the client has no seat: join a room first")
        return self.client.seat

    @property
    def key(self) -> str:
        return str(self.setup["game"])


@dataclass
class OnlineSeat(TableSeat):
    """A seat as this desk sees it: only the person here plays at this machine (`human`);
    everyone else, person or computer, moves at the server."""

    here: bool = False

    @property
    def human(self) -> bool:  # type: ignore[override]
        return self.here


class OnlineGame:
    """Mixed in before a game's adapter: the game is played elsewhere. Applying a move takes
    the next position the server sent (`pending`); no computer player thinks here, nothing is
    replayed or undone here."""

    match: Match
    info: Any
    pending: State | None = None
    previous: State | None = None  # the position before the last one taken
    shadow: Any = None  # the seat's copy (net/shadow.py): whom the server offers a move

    def to_act(self, state: State) -> int | None:
        """The seat to act; this seat while the server offers it its move at once with others
        (Skull King's bids), though the engine, which takes the bids in turn, names another."""
        shadow = self.shadow
        if shadow is not None and shadow.turn.together and state is self.match.state:
            return shadow.seat  # type: ignore[no-any-return]
        return super().to_act(state)  # type: ignore[misc,no-any-return]

    ended: State | None = None  # a match's game as it ended, when the last move ended one

    def apply(self, state: State, action: str) -> None:
        if self.pending is None:
            raise RuntimeError("a move at a table played elsewhere is made by the server")
        self.previous = self.match.state
        self.match.state, self.pending = self.pending, None
        self.ended = ended_view(self.info.key, self.previous, self.match.state)

    def before_last(self, state: State) -> State | None:
        return self.previous if state is self.match.state else None

    def round_end_view(self, state: State) -> Any:
        """While a finished game of a match is on show: that game as it ended, as at one desk
        (ended.py), not the next deal the server has already made."""
        if self.ended is not None and state is self.match.state:
            return self.ended
        return super().round_end_view(state)  # type: ignore[misc]

    def history(self, state: State) -> list[str]:
        return []  # the actions are the server's: none is known, or replayed, here

    def log(
        self, state: State, viewer: int | None, names: Any, upto: int | None = None
    ) -> list[str]:
        """The table's log, with a line where a person's time ran out (the host's clock) and
        a computer player made that move for them (`ran_out`: the events before it, words)."""
        lines: list[str] = super().log(state, viewer, names, upto)  # type: ignore[misc]
        for told, words in reversed(getattr(self, "ran_out", [])):
            if upto is not None and told > upto:
                continue  # its move is not told yet
            where = len(super().log(state, viewer, names, told))  # type: ignore[misc]
            lines.insert(min(where, len(lines)), words)
        return lines

    def undo_point(self, state: State, seat: int) -> int | None:
        return None

    def thinker(self, kind: str, rng: random.Random) -> Callable[[State, int], Callable[[], str]]:
        def never(state: State, seat: int) -> Callable[[], str]:
            raise RuntimeError("the computer players of a game played elsewhere move there")

        return never


_ONLINE: dict[type, type] = {}


def online_game(adapter: SeatedGame) -> Any:
    """A copy of `adapter` whose game is played elsewhere (see `OnlineGame`)."""
    base = type(adapter)
    cls = _ONLINE.get(base)
    if cls is None:
        cls = _ONLINE[base] = type(f"Online{base.__name__}", (OnlineGame, base), {})
    return cls(adapter.info)


def hand_over_level(key: str) -> str:
    """The computer player an absent person's seat is handed to: the one Host offers first."""
    return first_level([value for value, _ in registry.game(key).levels])


def grace_words(seconds: int) -> str:
    """'2 minutes', '90 seconds', '1 minute': how long a seat is kept, for a person."""
    if seconds >= 60 and seconds % 60 == 0:
        return plural(seconds // 60, "minute")
    return plural(seconds, "second")


def put_back(client: Client, messages: list[dict[str, Any]]) -> None:
    """Messages read too soon go back to the front of the client's inbox, in order."""
    waiting: list[dict[str, Any]] = []
    while True:
        try:
            waiting.append(client.inbox.get_nowait())
        except queue.Empty:
            break
    for message in [*messages, *waiting]:
        client.inbox.put(message)


def game_adapter(key: str) -> SeatedGame:
    """The game's own adapter (its scene package's)."""
    module = importlib.import_module(f"{scene_package(registry.game(key))}.adapter")
    return module.GAME  # type: ignore[no-any-return]


def make_match(game: Any, link: TableLink, state: Any) -> Match:
    """The table's match: this seat's shadow, names and kinds, and where the record will go."""
    names = list(link.setup.get("names") or [])
    seats: list[TableSeat] = []
    for k in range(state.num_players):
        name = str(names[k]) if k < len(names) else f"Seat {k + 1}"
        seats.append(OnlineSeat(name, HUMAN, here=k == link.seat))
    match = Match.__new__(Match)
    match.game = game
    match.options = state.options
    match.seed = 0  # never used: the deal is the server's
    match.seats = seats
    match.pace = Pace.NORMAL
    match.hints = link.setup.get("hints", True) is not False  # as the host chose
    match.state = state
    match.path = saves_folder(link.key) / f"online-{room_code(link)}.json"  # once the game is over
    return match


def room_code(link: TableLink) -> str:
    """The room's code as the server names its files (no dash)."""
    return "".join(ch for ch in str(link.client.room or "room") if ch.isalnum())


def server_file(link: TableLink, record: dict[str, Any]) -> Path | None:
    """The server's own file of this game, if it was saved on this machine."""
    actions = record["game"].get("actions") if isinstance(record.get("game"), dict) else None
    for path in sorted(saves_folder(link.key).glob(f"*-online-{room_code(link)}.json")):
        try:
            if json.loads(path.read_text(encoding="utf-8"))["game"]["actions"] == actions:
                return path
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return None


__all__ = [
    "OnlineGame",
    "OnlineSeat",
    "TableLink",
    "game_adapter",
    "grace_words",
    "hand_over_level",
    "make_match",
    "online_game",
    "put_back",
    "room_code",
    "server_file",
]
