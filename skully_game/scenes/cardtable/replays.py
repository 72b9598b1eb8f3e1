"""A table game's finished games, newest first, each to watch again: what the setup's "Older
games" opens (its "Replay last game" shows only the newest). Click one, or Up/Down and Enter;
its replay opens over this list, and closing it comes back here.

The rows read as the Resume list's do ("saved 29 Nov 13:10: stock 10 · 80 moves · You, Anne"),
from the saves' index (nothing is replayed to list them); two games saved in the same minute
tell their seconds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pygame

from skully_game.core import saves_index
from skully_game.core.errors import DataError
from skully_game.core.save_entries import SavedEntry
from skully_game.scenes.cardtable import match as tables
from skully_game.scenes.cardtable.game import SeatedGame
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene, Scene
from skully_game.shell.widgets import Button, WidgetGroup, paging_buttons

ROW_H = 44
OLDER = "Older games"
OLDER_TIP = "Every game played to its end here, newest first, to watch again"


def saved_at(entry: SavedEntry) -> datetime:
    """When a game was saved: its file's time as listed, else asked of the file."""
    if entry.saved_ns:
        return datetime.fromtimestamp(entry.saved_ns / 1e9)
    try:
        return datetime.fromtimestamp(entry.path.stat().st_mtime)
    except OSError:
        return datetime.fromtimestamp(0)


def row_words(saved: datetime, detail: str, title: str, seconds: bool = False) -> str:
    """A finished game's row: when it ended, who won, its moves and seats."""
    when = saved.strftime("%d %b %H:%M:%S" if seconds else "%d %b %H:%M")
    return f"Finished {when}: {detail} · {title}"


class ReplayList(FormScene):
    """The game's finished games; each opens its replay."""

    def __init__(
        self, app: App, game: SeatedGame, replay_class: Callable[[App, tables.Match], Scene]
    ) -> None:
        super().__init__(app)
        self.game = game
        self.replay_class = replay_class
        self.widgets = WidgetGroup()
        self.first = 0
        self.rows: list[tuple[Path, str]] = []
        self._layout()

    def _list(self) -> list[tuple[Path, str]]:
        """(path, row words) of every finished game, newest first."""
        with saves_index.quick_listing():
            entries = tables.list_tables(self.game).finished()
        words = [(e.path, saved_at(e), e.detail, e.title) for e in entries]
        alike = Counter(row_words(when, detail, title) for _, when, detail, title in words)
        return [
            (path, row_words(when, detail, title, alike[row_words(when, detail, title)] > 1))
            for path, when, detail, title in words
        ]

    def _layout(self) -> None:
        w, h = self.app.size
        self.rows = self._list()
        per_page = max(1, (h - 230) // ROW_H)
        self.first = max(0, min(self.first, len(self.rows) - per_page))
        widgets = []
        y = 100
        for path, words in self.rows[self.first : self.first + per_page]:
            widgets.append(
                Button(pygame.Rect(40, y, w - 80, ROW_H - 6), theme.fit(words, 21, w - 100),
                       on_click=lambda p=path: self._open(p), size=21)
            )  # fmt: skip
            y += ROW_H
        widgets += paging_buttons((w, h), self.first, per_page, len(self.rows), self._scroll)
        widgets.append(
            Button(pygame.Rect(40, h - 70, 160, 44), "Back", on_click=self.app.stack.pop, size=24)
        )
        self.widgets.set(widgets)
        if self.widgets.focus < 0 and self.rows:
            self.widgets.focus = 0

    def _scroll(self, by: int) -> None:
        self.first = max(0, self.first + by)
        self._layout()

    def _open(self, path: Path) -> None:
        """The game's replay over this list (a file gone bad meanwhile is named)."""
        try:
            match = tables.Match.load(self.game, path)
        except (DataError, ValueError) as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        self.app.sound.play("ui", 0.6)
        self.app.stack.push(self.replay_class(self.app, match))

    def resume(self) -> None:
        self._layout()  # back from a replay: the list as it now is

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w = self.app.size[0]
        surface.fill((22, 40, 34))
        theme.text(surface, f"{self.game.title}: finished games", (40, 24), 44, theme.ACCENT,
                   bold=True)  # fmt: skip
        if not self.rows:
            theme.text(surface, "No finished games yet.", (40, 110), 24, theme.TEXT_DIM)
        else:
            theme.text(surface, f"{len(self.rows)} in all, newest first", (w - 40, 40), 20,
                       theme.TEXT_DIM, "topright")  # fmt: skip
        self.widgets.draw(surface)


__all__ = ["OLDER", "OLDER_TIP", "ReplayList", "row_words"]
