"""Watching a game hosted elsewhere, as a spectator: no seat, nothing to play, only what every
player sees (the server sends nothing more: net/watch.py).

Skully and the four table games are watched at their own tables (watchskully.py,
watchtable.py): this page opens them, waiting here for a card game's first update. A table game
publicgame.py cannot make a whole game of (none so far) is watched on this page itself.

The page shows each seat (who is to move, choosing or thinking, away), what lies open about it
(cards in hand, points, tricks won, a Skully cap's goal), and the table's story in words
as it happens, with the players' chat. Once the game is over the server sends its whole record,
every hand in it: it is kept with the program's own games (Replays) and Replay with every hand
plays it back at the game's own replay table. Leaving only stops watching.
"""

from __future__ import annotations

import importlib
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from cards import registry
from skully_game.core.errors import DataError
from skully_game.core.fileio import write_atomic
from skully_game.core.games import scene_package
from skully_game.core.saves import saves_folder
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.words import plural
from skully_game.scenes.online.chat import CHAT_KEY
from skully_game.scenes.online.chatview import SpectatorChat, heard_of, refusal_words
from skully_game.scenes.online.games import game_title
from skully_game.scenes.online.link import MOVED, Link, clock
from skully_game.scenes.online.remote import game_adapter
from skully_game.scenes.online.watchers import ask_stop_watching, watch_news, watchers_line
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, Widget, WidgetGroup, page_foot

__all__ = ["SpectatorScene", "seat_facts", "spectator_scene", "watch_news", "watchers_line"]

SKULLY = "skully"
WATCHED_SKULLY = "skully_game.scenes.online.watchskully"
MOST_LINES = 200  # lines of the story kept (the newest are shown)
ROW_H = 58  # a seat's two lines
LOG_SIZE = 20


def seat_facts(key: str, view: dict[str, Any], seat: int) -> str:
    """What lies open about a seat, in a few words: '5 cards · 12 points · bid 2, won 1'."""
    parts: list[str] = []

    def at(name: str) -> Any:
        values = view.get(name)
        return values[seat] if isinstance(values, list) and seat < len(values) else None

    if key == SKULLY:
        players = (view.get("state") or {}).get("players") or []
        player = players[seat] if seat < len(players) else {}
        if player.get("eliminated"):
            return "out of the game"
        status = str(player.get("status") or "")
        killer = player.get("killer") and "killer" not in status
        return f"killer, {status}" if killer else status
    cards = at("hand_sizes") if at("hand_sizes") is not None else at("cards_left")
    if isinstance(cards, int):
        parts.append(plural(cards, "card"))
    stock = at("stock_sizes")
    if isinstance(stock, int):
        parts.append(f"stock {stock}")
    score = at("scores")
    if isinstance(score, int | float):
        parts.append(plural(int(score), "point"))
    won = at("won")
    if key == "skull" and isinstance(won, int):
        parts.append(f"{won} of 2 challenges won")
    bid, tricks = at("bids"), at("tricks_won")
    if isinstance(bid, int):
        parts.append(f"bid {bid}, won {tricks or 0}")
    elif isinstance(tricks, int) and view.get("has_bid"):
        parts.append(plural(tricks, "trick") + " won")
    return "  ·  ".join(parts)


def spectator_scene(app: App, link: Link) -> FormScene:
    """The page a spectator watches the room's game on (the lobby opens it at the start):
    Skully's own table with nobody's seat; for a card game this page, which gives its place to
    the game's own table once the first update comes."""
    if link.game == SKULLY:  # by name, as games.py opens a table: its module opens the lobby
        table = importlib.import_module(WATCHED_SKULLY).WatchedSkullyScene
        return table(app, link)  # type: ignore[no-any-return]
    return SpectatorScene(app, link)


def replay_class(key: str) -> Any:
    """The replay table of card game `key` (each game's table names its own)."""
    table = importlib.import_module(scene_package(registry.game(key))).SetupScene.table_class
    return table.replay_scene(None)


class SpectatorScene(FormScene):
    """One room watched: its seats, the story so far, and the whole record at the end."""

    online_page = False

    def __init__(self, app: App, link: Link) -> None:
        super().__init__(app)
        self.link = link
        self.key = link.game
        self.names: list[str] = list((link.setup or {}).get("names") or [])
        self.view: dict[str, Any] = {}
        self.actor: int | None = None
        self.thinking: int | None = None
        self.over = False
        self.results: dict[str, Any] = {}
        self.lines: list[str] = []
        self.saved: Path | None = None
        self.to_table = False  # the game's own table took this page's place
        self.heard = heard_of(link)  # (the lines heard in the lobby come along)
        self.chat = SpectatorChat(self.heard, self.update, link)
        self.widgets = WidgetGroup()
        self._layout()

    # ---- the room ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        before = (self.over, self.saved, self.link.lost)
        messages = self.link.poll()
        for k, message in enumerate(messages):
            if message.get("type") == "update" and self._to_table(message, messages[k + 1 :]):
                return
            self.take(message)
        if (self.over, self.saved, self.link.lost) != before:
            self._layout()

    def take(self, message: dict[str, Any]) -> None:
        """One message from the server, as this page shows it."""
        kind = message.get("type")
        if kind == "setup":
            self.names = [str(n) for n in message.get("names") or []]
            if self.lines:
                self._say("Another game begins: the same seats, a new deal.")
            self.over, self.saved, self.results, self.view = False, None, {}, {}
        elif kind == "update":
            self._updated(message)
        elif kind == "chat":  # kept for the chat box; told in the story unless muted
            if self.heard.hear(message):
                self._say(self.heard.lines[-1][1])
        elif kind == "lobby":
            self.heard.seats_from(message)
        elif kind == "moved":  # a group's server stopping: the room goes on at another
            self.app.toast(MOVED, theme.TEXT, 4.0)
        elif kind == "timeout":
            self._say(f"{message.get('name', '')} ran out of time: a computer player moved")
        elif kind == "refused":  # a line of chat too soon, or not allowed: why
            self.app.toast(refusal_words(message), theme.DANGER, 4.0)
        elif kind == "record":
            self.keep(message.get("record"))

    def _to_table(self, update: dict[str, Any], later: list[dict[str, Any]]) -> bool:
        """A card game's first update: its own table takes this page's place, with nobody's
        hand on it (watchtable.py); the messages after it are the table's. Whether it did."""
        if self.app.stack.top is not self or not isinstance(update.get("view"), dict):
            return False
        from skully_game.scenes.online.watchtable import watched_table

        table = watched_table(self.app, self.link, update, SpectatorScene)
        if table is None:
            return False
        self.link.unread(later)
        self.to_table = True
        self.app.stack.replace(table)
        return True

    def _updated(self, message: dict[str, Any]) -> None:
        if message.get("sync"):
            self.lines = []
        view = message.get("view")
        if isinstance(view, dict):
            self.view = view
        if self.key == SKULLY:
            if isinstance(view, dict):
                players = (view.get("state") or {}).get("players") or []
                self.names = [str(p.get("name", "")) for p in players]
            said = [e.get("text", "") for e in message.get("events") or [] if isinstance(e, dict)]
        else:
            said = message.get("lines") or []
        for line in said:
            if isinstance(line, str) and line:
                self._say(line)
        actor, thinking = message.get("actor"), message.get("thinking")
        self.actor = actor if type(actor) is int else None
        self.thinking = thinking if type(thinking) is int else None
        self.over = bool(message.get("over"))
        results = message.get("results")
        self.results = results if isinstance(results, dict) else {}

    def _say(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-MOST_LINES]

    # ---- the record, once the game is over -------------------------------------------------

    def keep(self, record: Any) -> None:
        """The whole game, every hand: kept with this program's games unless the server on this
        machine has kept it already (then it is not listed twice)."""
        if not isinstance(record, dict):
            return
        code = "".join(ch for ch in self.link.room if ch.isalnum())
        folder = _games_folder(self.key)
        for path in sorted(folder.glob(f"*-online-{code}*.json")):
            try:
                if json.loads(path.read_text(encoding="utf-8")) == record:
                    self.saved = path
                    return
            except (OSError, ValueError):
                continue
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stamp}-online-{code}-watched.json"
        try:
            write_atomic(path, json.dumps(record, indent=1))
        except OSError as exc:
            self.app.toast(f"The game could not be kept for Replays: {exc.strerror}")
            return
        self.saved = path

    def replay(self) -> None:
        """The game again from its whole record, every hand shown, at its own replay table."""
        if self.saved is None:
            return
        if self.key == SKULLY:
            from skully_game.scenes.replay.viewer import open_replay

            open_replay(self.app, self.saved)
            return
        try:
            match = Match.load(game_adapter(self.key), self.saved)
        except (DataError, ValueError) as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        self.app.stack.push(replay_class(self.key)(self.app, match))

    # ---- layout and drawing ----------------------------------------------------------------

    def _layout(self) -> None:
        widgets: list[Widget] = [
            Button(
                page_foot(self.app.size)[0],
                "Leave",
                on_click=self.ask_leave,
                size=24,
                tooltip="Stop watching (Esc: asks first)",
            )
        ]
        widgets.append(
            Button(
                self._chat_rect(),
                "Chat",
                on_click=self.open_chat,
                size=22,
                tooltip="C: the table's chat, and a mute per person",
            )
        )
        if self.saved is not None:
            widgets.append(
                Button(
                    page_foot(self.app.size)[1],
                    "Replay with every hand" if self.key != SKULLY else "Replay the game",
                    on_click=self.replay,
                    size=22,
                    tooltip="The whole game again, every hand shown (also kept in Replays)",
                )
            )
        self.widgets.set(widgets)

    def _chat_rect(self) -> pygame.Rect:
        """The Chat button: at the foot's right, left of Replay when that shows."""
        left, right = page_foot(self.app.size)
        rect = pygame.Rect(0, 0, 130, left.h)
        rect.midright = ((right.left - 16) if self.saved is not None else right.right, left.centery)
        return rect

    def open_chat(self) -> None:
        self.chat.open(self.app)

    def ask_leave(self) -> None:
        """Leave or Esc: asked first, unless the room is gone (nothing left to watch)."""
        if self.link.lost:
            self.leave()
        else:
            ask_stop_watching(self.app, self.leave)

    def leave(self) -> None:
        self.link.close()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def exit(self) -> None:
        if not self.to_table:  # the table goes on watching through the link
            self.link.close()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_leave()
        mods = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META  # C with these: not chat
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY and not event.mod & mods:
            self.open_chat()
        return None

    def headline(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the title: whose move it is, or how the game ended, or the trouble."""
        link = self.link
        if link.lost:
            return link.lost, theme.DANGER
        if link.status:
            return link.status, theme.DANGER
        if self.over:
            winners = self.results.get("winners") or []
            names = [self.names[w] for w in winners if type(w) is int and w < len(self.names)]
            won = " and ".join(names)
            word = "wins" if len(names) == 1 else "win"
            saying = f"The game is over: {won} {word}." if names else "The game is over."
            return saying, theme.OK
        if self.actor is None:
            return "Waiting for the game to begin.", theme.TEXT_DIM
        name = self.names[self.actor] if self.actor < len(self.names) else "A player"
        seat = self._seat(self.actor)
        if seat is not None and seat["kind"] == "person" and not seat["connected"]:
            return f"{name} is away: {clock(link.away_left(seat))} left", theme.DANGER
        doing = "is thinking…" if self.thinking == self.actor else "is choosing…"
        return f"{name} {doing}", theme.TEXT

    def _seat(self, i: int) -> dict[str, Any] | None:
        seats = self.link.seats()
        return seats[i] if 0 <= i < len(seats) else None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill(theme.ASPHALT_DARK)
        title = f"Watching {game_title(self.key)}"
        theme.text(
            surface, theme.fit(title, 40, w - 80, True), (40, 26), 40, theme.ACCENT, bold=True
        )
        watchers = int((self.link.lobby or {}).get("watching", 0))
        others = watchers - 1
        company = f", with {plural(others, 'other spectator')}" if others > 0 else ""
        room = f"Room {self.link.room} at {self.link.address}{company}"
        theme.text(surface, theme.fit(room, 20, w - 80), (40, 78), 20, theme.TEXT_DIM)
        line, colour = self.headline()
        theme.text(surface, theme.fit(line, 24, w - 80, True), (40, 108), 24, colour, bold=True)
        split = max(360, int(w * 0.42))
        self._draw_seats(surface, pygame.Rect(36, 150, split - 56, h - 240))
        self._draw_story(surface, pygame.Rect(split, 150, w - split - 40, h - 240))
        hint = (
            "You see what every player sees: the hands are shown when the game is over."
            if not self.over
            else "Replay plays the game back with every hand shown."
        )
        if self.key == SKULLY:  # nothing on its table is hidden
            hint = "You see the table as every player sees it."
            hint += " The game is kept in Replays." if self.saved is not None else ""
        foot = page_foot(self.app.size)[0]
        right = self._chat_rect().left
        theme.text(
            surface,
            theme.fit(hint, 18, right - foot.right - 40),
            (foot.right + 20, foot.centery),
            18,
            theme.TEXT_DIM,
            "midleft",
        )
        self.widgets.draw(surface)

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme.text(surface, "Seats", (area.x + 4, area.y), 20, theme.TEXT_DIM)
        y = area.y + 30
        for i, name in enumerate(self.names):
            if y + ROW_H > area.bottom:
                break
            row = pygame.Rect(area.x, y, area.w, ROW_H - 6)
            if i == self.actor and not self.over:
                pygame.draw.rect(surface, theme.PANEL, row, border_radius=8)
            seat = self._seat(i)
            kind = ""
            if seat is not None:
                kind = "computer" if seat["kind"] == "computer" else "away"
                kind = "" if seat["kind"] == "person" and seat["connected"] else kind
            shown = theme.text(
                surface,
                theme.fit(name, 22, area.w - 140, True),
                (row.x + 12, row.y + 4),
                22,
                theme.TEXT,
                bold=True,
            )
            if kind:
                tint = theme.DANGER if kind == "away" else theme.TEXT_DIM
                theme.text(surface, kind, (shown.right + 10, row.y + 7), 18, tint)
            facts = seat_facts(self.key, self.view, i)
            theme.text(
                surface, theme.fit(facts, 18, area.w - 24), (row.x + 12, row.y + 30), 18,
                theme.TEXT_DIM,
            )  # fmt: skip
            y += ROW_H

    def _draw_story(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme.text(surface, "At the table", (area.x, area.y), 20, theme.TEXT_DIM)
        top = area.y + 30
        pitch = LOG_SIZE + 6
        rows: list[str] = []
        for line in reversed(self.lines):  # the newest at the foot, as many as fit
            wrapped = theme.wrap(line, LOG_SIZE, area.w)
            if (len(rows) + len(wrapped)) * pitch > area.bottom - top:
                break
            rows[:0] = wrapped
        if not rows:
            rows = ["Nothing has happened yet."]
        for k, row in enumerate(rows):
            colour = theme.TEXT if k >= len(rows) - 3 else theme.TEXT_DIM
            theme.text(surface, row, (area.x, top + k * pitch), LOG_SIZE, colour)


def _games_folder(key: str) -> Path:
    """Where a finished game of `key` is kept with the program's own (Replays lists them)."""
    if key == SKULLY:
        from skully_game.skully.saves import games_dir

        return games_dir()
    return saves_folder(key)
