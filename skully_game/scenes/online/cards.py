"""The four table games played across desks, at the same table as at one desk: the same scenes,
words and keys, one person at this machine, the game held by a server (skully_game/net/).

The lobby hands over a seated connection (`TableLink`) and `card_table_scene` opens that game's
own table over a `Shadow` of it: the seat's view rebuilt after every update, with the events the
seat was sent. Only what this seat may see is ever on the machine; the table's viewer is this
seat alone, so no pass screen is needed and another seat's cards are never drawn.

How a move goes: the person acts as at one desk; the table sends it (`act`) and waits, showing
it as sent, with input ignored, until the server's update comes back (or its refusal, said in
words). Every update, this seat's move or another's, is then shown through the table's own act
path, one at a time as the table is ready for the next (`think`, where a desk's computer player
would move): the game's adapter is wrapped (`OnlineGame`) so that applying a move takes the next
position the server sent instead of computing it. Other seats' turns read "Bea is choosing…" (a
person), "Computer 3 is thinking…" or "Bea is away" (and, at the host's table, while the game waits on her, a button that hands her
seat to a computer player); there is no undo. Leaving keeps the seat for the room's grace
period. Once the game is over, the full record is asked for and saved as a normal table save,
so Replay this game (and the Replays list) plays it back as at one desk.

Every class here supplies presentation through the shared table's public hooks only
(cardtable/frame.py); tests/test_table_hooks.py checks that none overrides a private method.
"""

from __future__ import annotations

import importlib
import json
import math
import time
from collections import deque
from concurrent.futures import Future
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from cards import registry
from skully_game.core.errors import DataError
from skully_game.core.fileio import write_atomic
from skully_game.core.games import scene_package
from skully_game.core.saves import saves_folder
from skully_game.net.client import Client, NetError
from skully_game.net.server import POLICY
from skully_game.net.shadow import Shadow
from skully_game.scenes.cardtable.match import HUMAN, Match
from skully_game.scenes.cardtable.table import CardTable
from skully_game.scenes.online.again import PlaysAgain
from skully_game.scenes.online.away import AwaySeats, CaughtUp
from skully_game.scenes.online.chat import Chat, Chatting
from skully_game.scenes.online.handover import HandsOver
from skully_game.scenes.online.link import HOST_QUITS, MOVED, clock, closing_words
from skully_game.scenes.online.movetimer import MoveClock, MoveClocked
from skully_game.scenes.online.remember import keep_seat
from skully_game.scenes.online.remote import (
    OnlineGame,
    OnlineSeat,
    TableLink,
    game_adapter,
    grace_words,
    make_match,
    online_game,
    put_back,
    room_code,
    server_file,
)
from skully_game.scenes.online.together import ChoosingTogether
from skully_game.scenes.online.watchers import MOVED_HUSH, watch_news, watcher_names
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.freshpress import FreshButtons, FreshPress
from skully_game.shell.scene import GameSave, Scene

SENDING = "Your move is on its way to the table…"
RETRY = 3.0  # seconds between two tries to join the table again after a dropped connection
SERVER_FILE_WAIT = 3.0  # seconds the server's own file of a finished game is looked for


class OnlineTable(
    FreshButtons, CaughtUp, MoveClocked, ChoosingTogether, PlaysAgain, Chatting, HandsOver
):
    """Mixed in before a game's table class: its moves go to the server and come back as
    updates (see the module's docstring). Only public hooks of the shared table are defined."""

    summary_on_resume = False  # a table across desks opens on the server's position

    match: Match
    app: App
    state: Any
    viewer: int
    humans: list[int]
    notice: str

    def __init__(self, app: App, link: TableLink) -> None:
        self.link = link
        self.client = link.client
        self.adapter = game_adapter(link.key)
        self.shadow = self.make_shadow(link)
        if link.update is None:
            raise ValueError("the table opens on the server's first update")
        state = self.shadow.take(link.update)
        self.online = online_game(self.adapter)
        self.online.shadow = self.shadow  # whom the server offers a move (bids: at once)
        self.lobby = link.lobby
        self.watchers = watcher_names(link.lobby)  # known already: not news at this table
        self.lobby_at = time.monotonic()
        self.backlog: deque[dict[str, Any]] = deque()
        self.sent: str | None = None  # this seat's move, sent and not yet answered
        self.lost = ""  # why the connection closed, in words ("" while it is open)
        self.back_at: float | None = None  # when to try joining again after a dropped line
        self.coming: Future[Client] | None = None  # a new connection on its way
        self.tries = 0  # tries to come back so far (each at the next of the group's addresses)
        self.asked_record = False
        self.ending: dict[str, Any] | None = None  # the room closed (the host quit): no way back
        self.unsaved: tuple[dict[str, Any], float] | None = None  # the record, and since when
        self.saved: Path | None = None
        self.chat = link.chat or Chat(lambda: self.client)  # kept through Play again
        self.chat.connection = lambda: self.client
        self.move_clock = MoveClock()  # the host's time per move, as the server counts it
        self.press_guard = FreshPress()  # a button just shown takes no press from before
        self.move_clock.heard(link.update)
        self.online.ran_out = self.move_clock.ran_out  # its lines in the table's log
        match = make_match(self.online, link, state)
        self.online.match = match
        super().__init__(app, match)  # type: ignore[call-arg]
        self.seats_from_lobby()
        if self.shadow.turn.move > 1 or link.update.get("sync"):
            self.forget_shown()  # joined again mid-game: the table as it stands, nothing flown
        self.relayout()

    def make_shadow(self, link: TableLink) -> Shadow:
        """This table's copy of the game: the seat's (a spectator's table makes its own)."""
        return Shadow(link.key, link.seat)

    # --- the connection ---------------------------------------------------------------------

    def listen(self) -> None:
        """Read what the server sent (never waits): updates wait their turn to be shown."""
        messages = self.client.poll()
        for k, message in enumerate(messages):
            kind = message.get("type")
            if kind == "setup" and self.shadow.turn.over:  # the host began another game here
                self.begin_again(message, messages[k + 1 :])
                return
            if kind == "chat":  # at the seat where the table has seat boxes
                self.chat.heard(self.app, message, hasattr(self, "seat_rects"))
            elif kind == "update":
                self.backlog.append(message)
                self.clock_heard(message)
            elif kind == "moved":  # a group's server stopping: the room goes on at another
                self.sent = None  # a move sent as it stopped is made again there
                self.moved_at = time.monotonic()
                self.app.toast(MOVED, theme.TEXT, 4.0)
            elif kind in ("clock", "timeout"):
                self.clock_word(message)
            elif kind == "refused":
                self.sent = None
                reason = str(message.get("reason", ""))[:200]
                self.notice = reason[:1].upper() + reason[1:]
                self.app.toast(self.notice, theme.DANGER, 4.0)
            elif kind == "lobby":
                self.watchers, news = watch_news(self.watchers, message)
                following = time.monotonic() - getattr(self, "moved_at", -math.inf) < MOVED_HUSH
                if news and not following:  # who watches: said as they come and go
                    self.app.toast(news, theme.TEXT, 4.0)
                self.lobby, self.lobby_at = message, time.monotonic()
                self.seats_from_lobby()
                self.relayout()  # a seat away or back: the host's hand-over buttons
            elif kind == "record":
                self.keep_record(message.get("record"))
            elif kind == "error":
                self.lost = str(message.get("reason", ""))[:200]
            elif kind == "closing":
                self.room_closed(message)
            elif kind == "closed":
                self.sent = None
                self.lost = self.lost or str(message.get("reason") or "the connection was lost")
                if self.ending is not None:
                    pass  # said when the room closed: nothing to come back to
                elif message.get("code") == POLICY or self.shadow.turn.over:
                    self.app.toast(
                        f"The connection to the table was lost: {self.lost}", theme.DANGER
                    )
                else:  # dropped, not sent away: the seat is kept, so come back to it
                    self.back_at = time.monotonic()

    def come_back(self) -> None:
        """After a dropped connection, a new one to the same seat with its token, tried every
        few seconds while the room keeps the seat (connecting waits: in the worker thread)."""
        if self.coming is not None and self.coming.done():
            future, self.coming = self.coming, None
            try:
                self.client = future.result()
            except NetError:
                self.back_at = time.monotonic() + RETRY
            else:
                self.lost = ""  # the server's catch-up (a "sync" update) follows
            return
        if self.back_at is None or self.coming is not None or time.monotonic() < self.back_at:
            return
        if self.ending is not None:
            self.back_at = None
            return
        self.back_at = None
        old = self.client
        room, token = old.room, old.token
        if room is None or token is None:
            return

        urls = old.addresses()  # the address typed, then the room's group's other servers
        url = urls[self.tries % len(urls)]
        self.tries += 1

        def connect() -> Client:
            client = Client(url, old.on_frame, old.timeout).connect()
            client.origin, client.group = old.origin, old.group
            client.rejoin(room, token)
            return client

        self.coming = self.pool.submit(connect)  # type: ignore[attr-defined]

    def room_closed(self, message: dict[str, Any]) -> None:
        """The server closes the room (the host quit, the server stopped): said at once over
        the table, with where the game's record is kept, and never tried again."""
        if self.ending is not None:
            return
        self.ending = message
        self.sent, self.back_at = None, None
        self.forget_seat()
        news, where = self.closing_words()
        self.lost = news
        self.relayout()
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                news,
                self.leave,
                detail=where,
                yes="Back to the menu",
                no="Stay and look",
            )
        )

    def forget_seat(self) -> None:
        """The game is over or its room closed: the Join page no longer offers to come back to
        this seat (a friend's game only: the host's own seat is never kept)."""
        if self.link.hosting is None:
            keep_seat(self.app, None)

    def closing_words(self) -> tuple[str, str]:
        """The room's closing, and where the game's record is kept, in a player's words."""
        ending = self.ending or {}
        over = bool(ending.get("over")) or self.shadow.turn.over
        kept = self.saved is not None or self.unsaved is not None
        return closing_words(str(ending.get("reason", "")), over, kept)

    def seats_from_lobby(self) -> None:
        """Names and kinds as the room has them now (a seat handed to a computer player)."""
        seats = self.lobby.get("seats") if self.lobby else None
        if not isinstance(seats, list):
            return
        for item in seats:
            k = item.get("seat") if isinstance(item, dict) else None
            if type(k) is not int or not 0 <= k < len(self.match.seats):
                continue
            seat = self.match.seats[k]
            level = item.get("level")
            seat.kind = (
                level if isinstance(level, str) and item.get("kind") == "computer" else HUMAN
            )
            if isinstance(item.get("name"), str) and item["name"]:
                seat.name = item["name"]

    def update(self, dt: float) -> None:
        self.listen()
        self.come_back()
        self.file_record()
        super().update(dt)  # type: ignore[misc]
        self.press_guard.tick(dt, self.widgets.widgets)  # type: ignore[attr-defined]
        self.say_ready(self.shadow.seat, self.shadow.turn.move, self.shows_my_move())

    def think(self, dt: float, ready: bool = True) -> None:
        """The table is ready for the next move (where a desk's computer player would move):
        show the next update the server sent, through the table's own act path."""
        if not ready or not self.backlog:
            return
        update = self.backlog.popleft()
        was = self.shadow.turn.actor
        told = len(self.shadow.events)  # the events before this move (a time-out's place)
        try:
            state = self.shadow.take(update)
        except DataError as exc:
            self.lost = f"the server sent something this program cannot read ({exc})"
            self.client.close()
            return
        if update.get("sync"):  # back after a lost connection: the table as it stands now
            self.match.state, self.online.previous = state, None
            self.sent = None
            self.forget_shown()
            self.relayout()
        else:
            mine = was == self.shadow.seat and self.sent is not None
            action, self.sent = (self.sent or "") if mine else "", None
            self.online.pending = state
            if isinstance(update.get("ran_out"), str):
                self.move_clock.ran_out.append((told, update["ran_out"]))
            super().act(action)  # type: ignore[misc]
        if self.shadow.turn.over and not self.asked_record:
            self.asked_record = True
            self.client.ask_record()
            self.forget_seat()

    def act(self, action: str) -> None:
        """This person's move: sent to the server, shown once it comes back."""
        if self.sent is not None or self.lost or not self.my_turn():
            return
        self.sent = action
        self.notice = ""
        self.client.act(action, self.shadow.turn.move)  # a move for this position only
        self.relayout()

    def shows_my_move(self) -> bool:
        """This person's move is offered and in sight: not under the score sheet or a round's
        summary still being read (a play-tester's clock ran behind the round's scores and left
        her 10 s to bid; the server's cap still starts it if the table never shows it)."""
        return self.my_turn() and not self.covered() and getattr(self, "summary", None) is None

    def my_turn(self) -> bool:
        """Nothing is offered to play while the line is down or after the room closed."""
        if self.sent is not None or self.backlog or self.lost:
            return False
        return bool(super().my_turn())  # type: ignore[misc]

    # --- words ---------------------------------------------------------------------------------

    def someone_else(self) -> str | None:
        """What the table says in place of its prompt: this move on its way, another seat's
        person choosing or away, the connection lost (None: the table's own words for a
        computer player, "Computer 3 is thinking...")."""
        if self.ending is not None:
            return f"{self.closing_words()[0]} Esc goes back to the menu."
        if self.lost and (self.back_at is not None or self.coming is not None):
            return "The connection dropped: joining the table again…"
        if self.lost:
            return f"The connection was lost: {self.lost}. Esc leaves the table."
        if self.sent is not None or self.bid_waits():
            return self.bid_waits() or SENDING
        if (together := self.bidders_words()) is not None:
            return together
        seat = self.shown_actor()
        if seat is None or seat == self.shadow.seat:
            return None
        name = self.match.seats[seat].name if seat < len(self.match.seats) else f"Seat {seat + 1}"
        away = self.away(seat)
        if away is None and self.match.seats[seat].kind == HUMAN:  # not "thinking"
            return self.timed(seat, f"{name} is choosing…")  # a person at another desk
        if away is None:
            return None  # the table's own words: "Computer 3 is thinking..."
        left = max(0, round(away - (time.monotonic() - self.lobby_at)))
        return f"{name} is away: the seat is kept for {clock(left)} more"

    def away(self, seat: int) -> float | None:
        """Seconds the seat's absent person is still waited for, if they are away."""
        seats = self.lobby.get("seats") if self.lobby else None
        if not isinstance(seats, list) or not 0 <= seat < len(seats):
            return None
        item = seats[seat]
        if not isinstance(item, dict) or item.get("connected", True):
            return None
        return float(a) if isinstance(a := item.get("away"), int | float) else 0.0

    # --- what a desk does that a table played elsewhere does not --------------------------------

    def save(self) -> None:
        """The server keeps the game; the machine keeps the full record once it is over."""

    def game_save(self) -> GameSave | None:
        if self.saved is None:
            return None
        return GameSave(self.saved, "", True)

    def undo_target(self) -> int | None:
        return None

    def undo_tip(self, own: str) -> str:
        return "No undo in a game across desks: every move stands."

    def undo(self) -> None:
        self.notice = self.undo_tip("")

    def buttons(self) -> list[Any]:
        widgets = super().buttons()  # type: ignore[misc]
        for button in widgets:
            if button.label == "Save and leave" and self.ending is not None:
                button.label = "Back to the menu"
                button.tooltip = "The room is closed (Esc)"
            elif button.label == "Undo":  # there is no undo online: its place is chat's
                button.label, button.enabled = "Chat", not self.lost and self.ending is None
                button.on_click, button.tooltip = self.open_chat, "C: a line to the table"
            elif button.label == "Save and leave":
                button.label = "Leave the table"
                button.tooltip = "Esc: asks first; your seat is kept for a while"
                if self.link.hosting is not None:
                    button.tooltip = "Esc: asks first; you host, so leaving ends the game"
        return widgets

    def next_table(self, link: TableLink) -> Scene:
        """The next game's table in this room (Play again), on the same connection."""
        return card_table_scene(self.app, link)

    def ask_leave(self) -> None:
        if self.game.is_over(self.state) or self.lost:  # type: ignore[attr-defined]
            self.leave()
            return
        if self.link.hosting is not None:
            detail = "You host this game: leaving ends it for everyone."
        else:
            grace = self.lobby.get("grace") if self.lobby else None
            kept = f" for {grace_words(grace)}" if isinstance(grace, int) else " for a while"
            detail = (
                f"The game goes on: your seat is kept{kept}, and the host may give it "
                "to a computer player."
            )
        self.app.stack.push(
            ConfirmDialog(
                self.app, "Leave the table?", self.leave, detail=detail, yes="Leave", no="Stay"
            )
        )

    def leave(self) -> None:
        self.client.close()
        self.stop_hosting()
        super().leave()  # type: ignore[misc]

    def quit_warning(self) -> str | None:
        over = self.game.is_over(self.state)  # type: ignore[attr-defined]
        if self.link.hosting is None or over or self.lost or self.ending is not None:
            return None
        return HOST_QUITS

    def exit(self) -> None:
        super().exit()  # type: ignore[misc]
        if self.handed_over:
            return  # the next game's table has the connection
        if self.client.closed is None:
            self.client.close()
        self.stop_hosting()

    def stop_hosting(self) -> None:
        """The server running inside this program stops with its host's table: every guest is
        told the host closed the game (their tables say so and stop trying to come back)."""
        hosting, self.link.hosting = self.link.hosting, None
        if hosting is not None:
            hosting.stop()

    # --- the record, once the game is over ---------------------------------------------------

    def keep_record(self, record: Any) -> None:
        """The whole game as the server saved it: kept as a normal table save (Replays)."""
        info = registry.game(self.link.key)
        if not isinstance(record, dict) or record.get("format") != info.save_format:
            return
        self.unsaved = (record, time.monotonic())
        self.file_record()

    def file_record(self) -> None:
        """Keep the record: in the server's own file when the server runs on this machine (the
        same game is then not listed twice; it writes a game's end at once, so it is looked
        for a few seconds), else in a file of the table's own, named like the server's."""
        if self.unsaved is None:
            return
        record, since = self.unsaved
        path = server_file(self.link, record)
        if path is None and time.monotonic() - since < SERVER_FILE_WAIT:
            return
        self.unsaved = None
        if path is None:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            path = saves_folder(self.link.key) / f"{stamp}-online-{room_code(self.link)}.json"
            try:
                write_atomic(path, json.dumps(record, indent=1))
            except OSError as exc:
                self.app.toast(f"The game could not be kept for Replays: {exc.strerror}")
                return
        self.saved = self.match.path = path

    def replay(self) -> None:
        """The game again, from its full record, at the game's own replay table."""
        if self.saved is None:
            self.app.toast("The whole game comes from the server once it is over: a moment…")
            return
        try:
            match = Match.load(self.adapter, self.saved)
        except DataError as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        self.app.stack.push(self.replay_scene()(self.app, match))  # type: ignore[attr-defined]


# --- each game's table, online ----------------------------------------------------------------


class OnlineCardTable(AwaySeats, OnlineTable):
    """The card tables' line under the table: another seat's turn, or this move on its way.
    When the game waits on a person who is away, the host's table shows, in that line's place
    (free of cards in every game's layout), the button that hands their seat to a computer."""

    shown_left: int | None = None  # the seconds the hand-over button shows

    def waiting_on_away(self) -> int | None:
        """The absent seat the game waits on, if this host may hand it over now."""
        seat = self.shadow.turn.actor
        if seat is None or self.backlog or self.sent is not None or self.busy():  # type: ignore[attr-defined]
            return None
        return seat if seat in self.away_seats() else None

    def buttons(self) -> list[Any]:
        widgets = super().buttons()
        seat = self.waiting_on_away()
        self.shown_left = None
        lay = self.lay()  # type: ignore[attr-defined]
        width = min(460, lay.table.w - 40)
        rect = pygame.Rect(0, 0, width, 34)
        rect.midtop = (lay.table.centerx, self.prompt_y() - 6)  # type: ignore[attr-defined]
        if seat is None:
            shown = self.__dict__.pop("again_in_row", False)  # (this layout's end row has it)
            return [*([] if shown else self.again_buttons(self.again_rect())), *widgets]
        button = self.hand_over_buttons([rect])
        self.shown_left = self.seconds_left(seat)
        name = self.match.seats[seat].name
        words = f"{name} is away ({clock(self.shown_left)} left): let a computer play for them"
        button[0].label = theme.fit(words, 20, width - 16)
        return [*button, *widgets]

    def again_rect(self) -> pygame.Rect:
        """Play again's place: under the game-over box and its line of keys (the box is the
        table's: centred, 120 px high and 30 more per score line)."""
        lay = self.lay()  # type: ignore[attr-defined]
        box = lay.table.inflate(-120, -200)
        if self.offers_again():
            box.h = min(box.h, 120 + 30 * len(self.game_over_view().scores))  # type: ignore[attr-defined]
        box.center = lay.table.center
        rect = pygame.Rect(0, 0, 260, 38)
        rect.midtop = (box.centerx, box.bottom + 40)
        return rect

    def seconds_left(self, seat: int) -> int:
        away = self.away(seat) or 0.0
        return max(0, round(away - (time.monotonic() - self.lobby_at)))

    def update(self, dt: float) -> None:
        super().update(dt)
        seat = self.waiting_on_away()
        shown = self.shown_left
        if (seat is None) != (shown is None) or (
            seat is not None and self.seconds_left(seat) != shown
        ):
            self.relayout()  # the button comes, goes, or counts down a second

    def status_line(self) -> tuple[str, theme.Colour] | None:
        if self.shown_left is not None:
            return "", theme.TEXT  # the host's button says it, in the line's place
        said = self.someone_else()
        if said is not None and (self.lost or self.sent is not None or not self.busy()):  # type: ignore[attr-defined]
            return said, theme.CHALK_YELLOW if self.lost else theme.TEXT
        return super().status_line()  # type: ignore[misc,no-any-return]


@cache
def online_table_class(key: str) -> type[Scene]:
    """The online table of the registered game `key`: made here from the game's own table (its
    SetupScene's `table_class`) and an online mixin, never written by hand per game: the game's
    own if it has one (its scene package's `online.ONLINE_MIXIN`, a subclass of OnlineTable),
    else OnlineCardTable for a card table and OnlineTable for any other."""
    package = scene_package(registry.game(key))
    table = importlib.import_module(package).SetupScene.table_class
    mixin: type = OnlineCardTable if issubclass(table, CardTable) else OnlineTable
    try:
        mixin = importlib.import_module(f"{package}.online").ONLINE_MIXIN
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.online":
            raise
    made = type(f"Online{table.__name__}", (mixin, table), {"__module__": __name__})
    made.__doc__ = f"{registry.game(key).title} across desks."
    return made


def card_table_scene(app: App, link: TableLink) -> Scene:
    """The table of the game `link` is seated at (see TableLink); if the server's first
    update has not come yet, a screen that waits for it and then opens the table."""
    if link.update is None:
        return Joining(app, link)
    return online_table_class(link.key)(app, link)


class Joining(Scene):
    """A moment's wait for the game's first update: then the table takes this screen's place."""

    def __init__(self, app: App, link: TableLink) -> None:
        super().__init__(app)
        self.link = link
        self.waited = 0.0
        self.lost = ""

    def update(self, dt: float) -> None:
        self.waited += dt
        later: list[dict[str, Any]] = []  # read with the first update: the table's, in order
        for message in self.link.client.poll():
            kind = message.get("type")
            if self.link.update is not None:
                later.append(message)
            elif kind == "update":
                self.link.update = message
            elif kind == "lobby":
                self.link.lobby = message
            elif kind == "setup":
                self.link.setup = message
            elif kind == "closing":
                self.lost = closing_words(str(message.get("reason")), False, False)[0]
            elif kind == "closed" and not self.lost:
                self.lost = str(message.get("reason") or "the connection was lost")
        if self.link.update is not None:
            if later:  # each update carries only the news since the one before: none is lost
                put_back(self.link.client, later)
            self.app.stack.replace(card_table_scene(self.app, self.link))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.link.client.close()
            self.app.stack.pop()
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.ASPHALT_DARK)
        w, h = self.app.size
        title = registry.game(self.link.key).title
        if self.lost.endswith("."):  # the room closed: said as the server said it
            words = self.lost
        elif self.lost:
            words = f"The connection was lost: {self.lost}"
        else:
            words = f"{title}: the cards are dealt…"
        theme.text(surface, words, (w // 2, h // 2 - 20), 30, theme.TEXT, "center")
        theme.text(surface, "Esc leaves", (w // 2, h // 2 + 24), 18, theme.TEXT_DIM, "center")


__all__ = [
    "SENDING",
    "Joining",
    "OnlineCardTable",
    "OnlineGame",
    "OnlineSeat",
    "OnlineTable",
    "TableLink",
    "card_table_scene",
    "online_game",
    "online_table_class",
]
