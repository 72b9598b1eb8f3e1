"""Watching a card game as a spectator at the game's own table: the trick, the bids once
revealed, the stacks, piles, stocks and the board, every seat's box and the log, as they change,
with nobody's hand on it (no seat is the spectator's).

The server sends a spectator only the public table (net/watch.py); publicgame.py makes it into a
whole game the table can draw, and this table shows nobody's secrets at any moment (its screen is
public, as a shared desk's between two people), so no made-up card is ever drawn. Nothing here
plays: no move, no Play again, no hand-over (the server closes a spectator's connection that
tries). Keys and clicks only look: Tab the score sheet, C the chat (read, with a mute per
person; spoken in too where the host allows it), PgUp/PgDn the log, Esc stops watching. Once the game is over the
server sends the whole record, every hand: kept with the program's own games, and Replay shows
it at the game's replay table. When the host deals another game, the next table opens.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any

import pygame

from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.cardtable.table import CardTable
from skully_game.scenes.online.cards import OnlineTable, online_table_class
from skully_game.scenes.online.chatview import SpectatorChat, heard_of, refusal_words
from skully_game.scenes.online.link import MOVED, Link
from skully_game.scenes.online.publicgame import PublicShadow, watchable
from skully_game.scenes.online.remote import TableLink
from skully_game.scenes.online.watchers import ask_stop_watching
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene

Waiting = Callable[[App, Link], Scene]  # the page a spectator waits on (spectate.py's)


class WatchLink(TableLink):
    """A spectator's hand-over to the table: the lobby's link (which comes back by itself after
    a dropped line) and its first update; there is no seat."""

    def __init__(self, link: Link, update: dict[str, Any], waiting: Waiting) -> None:
        super().__init__(link.client, link.setup or {}, update, link.lobby)
        self.watch = link
        self.waiting = waiting  # the page that waits for the next game's first update

    @property
    def seat(self) -> int | None:  # type: ignore[override]
        return None


class WatchedTable(OnlineTable):
    """Mixed in before a game's online table (see `watched_table_class`): a spectator's."""

    leaving_label = "Stop watching"

    def __init__(self, app: App, link: WatchLink) -> None:
        self.watch = link.watch
        self.waiting = link.waiting
        self.heard = heard_of(link.watch)  # (the lines heard in the lobby come along)
        self.spectator_chat = SpectatorChat(self.heard, self.update, link.watch)
        self.next_game = False  # the host dealt another game: its table opens next
        super().__init__(app, link)
        self.asked_record = True  # the server sends a spectator the record by itself

    def make_shadow(self, link: TableLink) -> PublicShadow:
        return PublicShadow(link.key)

    # --- nobody's secrets, nothing sent -----------------------------------------------------

    def secrets_hidden(self) -> bool:
        return True

    def seeing(self) -> int | None:
        return EVERYONE

    def act(self, action: str) -> None:
        """A spectator plays nothing: a chosen move stays here, unsent."""

    def my_turn(self) -> bool:
        return False

    def hosting(self) -> bool:
        return False

    def away_seats(self) -> list[int]:
        return []

    def offers_again(self) -> bool:
        return False

    def open_chat(self) -> None:
        self.spectator_chat.open(self.app)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.draw_whose_turn(surface)

    def draw_whose_turn(self, surface: pygame.Surface) -> None:
        """ "Bea is choosing…" under a card table's seats: a seat's table draws its status line
        as its viewer's words, which a table with no seat never shows (Skirrid's board says it
        in its own panel)."""
        said = self.someone_else()
        if not isinstance(self, CardTable) or said is None or self.busy():
            return
        words = panels.fit_bold(said, 20, self.lay().table.w - 24)
        at = (self.lay().table.centerx, self.prompt_y())
        self.sight.text(surface, EVERYONE, words, at, 20, theme.TEXT, "midtop")

    def forget_seat(self) -> None:
        """A spectator has no seat to forget (the Join page's own seat stays offered)."""

    def come_back(self) -> None:
        """The lobby's link comes back by itself after a dropped line (watching again)."""

    # --- what the server sends ----------------------------------------------------------------

    def listen(self) -> None:
        """Read what the server sent through the lobby's link (never waits)."""
        messages = self.watch.poll()
        self.client = self.watch.client  # a new connection after a dropped line
        for k, message in enumerate(messages):
            kind = message.get("type")
            if kind == "setup" and self.shadow.turn.over:  # the host dealt another game
                self.watch.unread(messages[k:])  # the next table's, from its setup on
                self.next_game = True
                return
            if kind == "update":
                self.backlog.append(message)
                self.clock_heard(message)
            elif kind == "chat":  # kept for the box; at the seat unless muted
                if self.heard.hear(message):
                    self.chat.heard(self.app, message, hasattr(self, "seat_rects"))
            elif kind == "lobby":
                self.heard.seats_from(message)
                # the away seconds count down from when it came (a spectator saw "0:00 more")
                self.lobby, self.lobby_at = message, time.monotonic()
                self.seats_from_lobby()
                self.relayout()
            elif kind == "clock":  # the mover's table showed the move: the clock runs
                self.clock_started(message)
            elif kind == "timeout":
                self.time_ran_out(message)
            elif kind == "refused":  # a line of chat too soon, or not allowed: why
                self.app.toast(refusal_words(message), theme.DANGER, 4.0)
            elif kind == "moved":
                self.app.toast(MOVED, theme.TEXT, 4.0)
            elif kind == "record":
                self.keep_record(message.get("record"))
        if self.watch.ending is not None and self.ending is None:
            self.room_closed(self.watch.ending)
        lost = self.watch.lost or self.watch.status
        if lost != self.lost and self.ending is None:
            self.lost = lost
            self.relayout()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.next_game and self.app.stack.top is self:
            self.handed_over = True  # the link goes on to the next game's table
            self.app.stack.replace(self.waiting(self.app, self.watch))

    # --- the panel ----------------------------------------------------------------------------

    def buttons(self) -> list[Any]:
        widgets = super().buttons()
        hint = next((b for b in widgets if b.label == "Hint"), None)
        for button in widgets:
            if button.label in ("Leave the table", "Back to the menu"):
                button.label = self.leaving_label
                button.tooltip = "Esc: the game goes on without you"
            elif button.label == "Chat":  # the whole row: a spectator has no hint to ask
                button.enabled = True
                button.tooltip = "C: the table's chat, and a mute per person"
                if hint is not None:
                    button.rect = button.rect.union(hint.rect)
        return [b for b in widgets if b.label not in ("Hint", "Play again")]

    def standings_keys(self) -> str:
        """A board's keys under its game's end, less Play again (the host's alone)."""
        return str(super().standings_keys()).replace("A: play again · ", "")  # type: ignore[misc]

    def someone_else(self) -> str | None:
        said = super().someone_else()
        if self.lost and said is None:
            return f"The connection was lost: {self.lost}"
        return said

    def ask_leave(self) -> None:
        """Esc (once any box open is closed: the table's keys close those first) or Leave:
        asked first, unless the connection is gone."""
        if self.lost:
            self.leave()
        else:
            ask_stop_watching(self.app, self.leave)

    def leave(self) -> None:
        self.watch.close()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def exit(self) -> None:
        if not self.handed_over:
            self.watch.close()

    def quit_warning(self) -> str | None:
        return None


@cache
def watched_table_class(key: str) -> type[Scene]:
    """The spectator's table of game `key`: its online table with WatchedTable first."""
    table = online_table_class(key)
    made = type(f"Watched{table.__name__}", (WatchedTable, table), {"__module__": __name__})
    made.__doc__ = f"{table.__doc__} Watched, with no seat."
    return made


def watched_table(app: App, link: Link, update: dict[str, Any], waiting: Waiting) -> Scene | None:
    """The table a spectator of `link`'s game watches from `update` on (None: a game watched on
    its page in words); `waiting` makes the page that waits for a next game's first update."""
    if not watchable(link.game):
        return None
    return watched_table_class(link.game)(app, WatchLink(link, update, waiting))


__all__ = ["WatchLink", "WatchedTable", "watched_table", "watched_table_class"]
