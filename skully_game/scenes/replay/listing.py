"""The menu's list of saved Skully games and of the shot library, each opened in the replay
viewer (viewer.py); a file that cannot be read is named under the list."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pygame

from skully_game.core.saves import BadFile, Listing, folder_problem
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ask_delete
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, Tab, WidgetGroup
from skully_game.skully.saves import game_listing, games_dir, shot_listing, shots_dir

MAX_BAD_LINES = 4  # dim lines naming unreadable files under a list
BAD_LINE_H = 26
DELETE_W = 100  # px: the Delete button at the end of a row
TABS = 2  # the list's widgets: the two tabs, then a game and its Delete a row, then Back


@dataclass(frozen=True)
class Saved:
    path: Path
    title: str
    detail: str


def _listed(listing: Listing) -> list[Saved]:
    return [Saved(e.path, e.title, e.detail) for e in listing.entries]


def saved_games() -> list[Saved]:
    """Saved games newest first: date, players, winner, length and board."""
    return _listed(game_listing())


def saved_shots() -> list[Saved]:
    """The shot library newest first: name and number of caps."""
    return _listed(shot_listing())


class ReplaysScene(FormScene):
    """The menu's list of saved games and of the shot library."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.tab = "games"
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        listing = game_listing() if self.tab == "games" else shot_listing()
        items = _listed(listing)
        widgets = [
            Tab(
                pygame.Rect(40, 90, 200, 40),
                "Saved games",
                on_click=lambda: self._tab("games"),
                size=22,
                selected=self.tab == "games",
            ),
            Tab(
                pygame.Rect(250, 90, 200, 40),
                "Shot library",
                on_click=lambda: self._tab("shots"),
                size=22,
                selected=self.tab == "shots",
            ),
        ]
        y = 150
        rows = max(1, (h - 240) // 48)
        self.bad = _bad_lines(listing.bad, MAX_BAD_LINES, w - 90)
        if self.bad:  # the dim lines take the place of a few entries
            rows -= math.ceil((len(self.bad) * BAD_LINE_H + 6) / 48)
        self.items = items[: max(1, rows)]
        for item in self.items:
            widgets.append(
                Button(
                    pygame.Rect(40, y, w - 90 - DELETE_W, 42),
                    entry_label(item, 21, w - 120 - DELETE_W),
                    on_click=lambda p=item.path: self._open(p),
                    size=21,
                )
            )
            widgets.append(
                Button(
                    pygame.Rect(w - 40 - DELETE_W, y, DELETE_W, 42),
                    "Delete",
                    on_click=lambda it=item: ask_delete(
                        self.app, it.path, it.title, self._layout, what=self._what()
                    ),
                    size=20,
                    tooltip=f"Delete this {self._what()} (asks first)",
                )
            )
            y += 48
        self.bad_top = y + 6 if self.items else 160
        folder = games_dir() if self.tab == "games" else shots_dir()
        problem = folder_problem(folder)
        what = "saved games" if self.tab == "games" else "shots"
        self.folder_said = f"Can't keep or read {what} in {folder}: {problem}." if problem else ""
        widgets.append(
            Button(pygame.Rect(40, h - 64, 180, 44), "Back", on_click=self.app.stack.pop, size=22)
        )
        self.widgets.set(widgets)

    def _tab(self, tab: str) -> None:
        self.tab = tab
        self._layout()

    def _what(self) -> str:
        return "saved game" if self.tab == "games" else "shot"

    def _open(self, path: Path) -> None:
        from skully_game.scenes.replay.viewer import open_replay  # the viewer imports this list

        open_replay(self.app, path)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        mods = pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_ALT
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_UP, pygame.K_DOWN)
            and not event.mod & mods
            and self._grid_step(event.key == pygame.K_DOWN)
        ):
            return None
        return super().handle_event(event)

    def _grid_step(self, down: bool) -> bool:
        """Up/Down as the list stands: the tabs, a row a game (a game to the next game, a
        Delete to the next Delete), Back under them. In the widgets' plain order Down went
        from a game to its own Delete, and Down then Enter asked to delete it. Left/Right go
        between a game and its Delete. False: the usual order (Down from Back, Up from a tab)."""
        rows = len(self.items)
        focus, back = self.widgets.focus, TABS + 2 * rows
        if not rows or (focus < TABS and not down) or (focus >= back and down):
            return False
        if focus < TABS:
            self.widgets.focus = TABS  # the first game
        elif focus >= back:
            self.widgets.focus = TABS + 2 * (rows - 1)  # up from Back: the last game
        else:
            row, column = divmod(focus - TABS, 2)
            row += 1 if down else -1
            if row < 0:
                self.widgets.focus = 0 if self.tab == "games" else 1  # the tab shown
            elif row >= rows:
                self.widgets.focus = back
            else:
                self.widgets.focus = TABS + 2 * row + column
        return True

    def resume(self) -> None:
        self._layout()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.ASPHALT_DARK)
        theme.text(surface, "Skully replays", (40, 24), 48, theme.ACCENT, bold=True)
        self.widgets.draw(surface)
        self._draw_bad(surface)
        if not self.items and not self.bad:
            what = self.folder_said  # why the list is empty: the folder, not a lack of games
            if not what and self.tab == "games":
                what = (
                    "No saved Skully games yet: play one from New game. (The table games keep "
                    "theirs on their own setup screens.)"
                )
            elif not what:
                what = "No saved shots yet: press S in a replay to keep a shot."
            for k, line in enumerate(theme.wrap_lines(what, 22, self.app.size[0] - 80, 4)):
                theme.text(surface, line, (40, 160 + 28 * k), 22, theme.TEXT_DIM)

    def _draw_bad(self, surface: pygame.Surface) -> None:
        """A dim line per file that could not be read, naming it and its problem."""
        for i, line in enumerate(self.bad):
            theme.text(surface, line, (44, self.bad_top + i * BAD_LINE_H), 18, theme.TEXT_DIM)


def entry_label(item: Saved, size: int, width: int) -> str:
    """A list entry's one line: the detail ("3 caps") whole, the title cut at a word to fit."""
    detail = f"   -   {item.detail}" if item.detail else ""
    room = width - theme.font(size).size(detail)[0]
    return theme.fit_words(item.title, size, room) + detail


def _bad_lines(bad: tuple[BadFile, ...], most: int, width: int) -> list[str]:
    """One line per unreadable file, fitted to the width; past `most`, the last counts the rest."""
    lines = [f"Could not read {b.line}" for b in bad[:most]]
    if len(bad) > most:
        lines[-1] = f"{len(bad) - most + 1} more files could not be read: {bad[most - 1].line}, ..."
    return [theme.fit(line, 18, width) for line in lines]
