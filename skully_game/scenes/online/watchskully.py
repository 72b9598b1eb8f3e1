"""Watching Skully as a spectator: the seated player's online table (board, caps, every shot
played out as the server made it, the panel and the log) with nobody's seat at it, so nothing
can be flicked, placed or chosen here. Skully hides nothing on its table, and the server sends a
spectator the same moves as a seat (net/watch.py).

A spectator plays nothing (the server closes a spectator's connection that tries): the record
comes by itself at the end, the Play again and hand-over buttons never show, and the chat box
reads every line, with a way to speak only where the host allows it (chatview.py)."""

from __future__ import annotations

import json
from typing import Any

import pygame

from skully_game.core.errors import DataError
from skully_game.core.fileio import write_atomic
from skully_game.scenes.online.chatview import SpectatorChat, heard_of
from skully_game.scenes.online.link import Link, closing_words
from skully_game.scenes.online.skully import OnlineSkullyScene
from skully_game.scenes.skully.gamepanel import draw_keys
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.skully.session import session_from_dict

NO_SEAT = -1  # a spectator's seat: none of the table's
HELP = (
    "Keys: F whole board",
    "wheel zoom",
    "C chat",
    "H how to play",
    "Esc leave",
    "F6 the buttons",
)  # fmt: skip  (a seat's keys less those that aim and flick)


class WatchedSkullyScene(OnlineSkullyScene):
    """A Skully game on a server, watched: every seat is played elsewhere."""

    leave_label = "Leave"
    leave_tip = "Stop watching; the game goes on at the server (Esc)"
    leave_question = "Stop watching?"
    leave_yes = "Leave"

    def __init__(self, app: App, link: Link) -> None:
        super().__init__(app, link)
        self.me = NO_SEAT
        self.asked_record = True  # the server sends a spectator the record by itself
        self.heard = heard_of(link)  # (the lines heard in the lobby come along)
        self.spectator_chat = SpectatorChat(self.heard, self.update, link)
        self.panel_title = "Watching Skully"

    def plays_here(self, seat: int) -> bool:
        return False

    @property
    def plays_again(self) -> bool:  # type: ignore[override]
        return False

    def seat_note(self, i: int) -> str:
        return super().seat_note(i).removeprefix("you, ")

    def _receive(self, message: dict[str, Any]) -> None:
        if message["type"] == "chat":  # kept for the chat box; a muted person's lines unsaid
            if self.heard.hear(message):
                self.chat.heard(self.app, message)
            return
        if message["type"] == "lobby":
            self.heard.seats_from(message)
        super()._receive(message)

    def open_chat(self) -> None:
        self.spectator_chat.open(self.app)

    def _room_closed(self) -> None:
        """The room closed: said over the table (a spectator had no seat to forget)."""
        self.told_closed = True
        ending = self.link.ending or {}
        over = bool(ending.get("over")) or self.state.over
        news, where = closing_words(str(ending.get("reason", "")), over, self.record_saved)
        self._layout()
        self.app.stack.push(
            ConfirmDialog(
                self.app, news, self.leave, detail=where, yes="Back to the menu", no="Stay and look"
            )
        )

    def _keep_record(self, record: dict[str, Any]) -> None:
        """The whole game, kept as a Skully replay (checked to open first)."""
        try:
            session_from_dict(record, "the server's record")
            write_atomic(self.path, json.dumps(record, separators=(",", ":")))
        except (DataError, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self.app.toast(f"The game's record could not be kept: {why}", theme.DANGER, 6.0)
        else:
            self.record_saved = True

    def _leave_detail(self) -> str:
        if self.link.ending is not None:
            return "The room is closed: the game cannot go on."
        if self.state.over:
            return "The game is over and kept in Skully replays."
        return "The players play on; you may watch again with the room's code."

    def quit_warning(self) -> str | None:
        return None

    def _draw_help(self, surface: pygame.Surface, x: int) -> int:
        """The keys a spectator has, just above the buttons; returns the top of the lines."""
        return draw_keys(surface, HELP, x, self.app.size[1] - 60)
