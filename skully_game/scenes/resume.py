"""The menu's "Resume game": every unfinished game, newest first — Skully games and the tables of
every card game in cards.registry — each opened where it stopped; a bad file is named, not fatal."""

from __future__ import annotations

import functools
import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame

from cards.registry import GAMES
from skully_game.core import saves_index
from skully_game.core.errors import DataError
from skully_game.core.games import scene_package
from skully_game.core.saves import SavedEntry
from skully_game.scenes.cardtable.game import SeatedGame
from skully_game.scenes.cardtable.match import Match, glance_tables, list_tables
from skully_game.scenes.cardtable.standing import TableGist
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ask_delete
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, WidgetGroup, paging_buttons

ROW_H = 44
DELETE_W = 100  # px: the Delete button at the end of a row


@dataclass(frozen=True)
class Unfinished:
    """A game that can be resumed, as the list shows it."""

    title: str
    detail: str
    saved: datetime
    path: Path
    open: Callable[[App], None]
    shorter: tuple[str, ...] = ()  # shorter forms of `detail`, for a narrow window
    whole: int = 0  # the first characters of `detail` that must show whole (0: all of it);
    # the rest (the seats' names, when no scores name them) may be cut at the end


def table_games() -> list[SeatedGame]:
    """The table games' adapters, from the registry (each scene package's TABLE_GAME)."""
    out = []
    for info in GAMES:
        if not info.table:
            continue
        module = importlib.import_module(scene_package(info))
        game = getattr(module, "TABLE_GAME", None)
        if isinstance(game, SeatedGame):
            out.append(game)
    return out


def unfinished_games() -> tuple[list[Unfinished], list[str]]:
    """Every unfinished game, newest first, and a line for each file that could not be read."""
    found, bad, _ = resume_listing()
    return found, bad


def resume_listing() -> tuple[list[Unfinished], list[str], int]:
    """unfinished_games(), and how many new or changed files are still to be read (inside
    saves_index.quick_listing(); 0 otherwise)."""
    from skully_game.skully.saves import GameGist, game_listing

    found: list[Unfinished] = []
    listing = game_listing()
    for entry in listing.unfinished():
        found.append(
            Unfinished(
                "Skully",
                entry.value.standing() if isinstance(entry.value, GameGist) else entry.title,
                _when(entry),
                entry.path,
                lambda app, p=entry.path: _open_skully(app, p),
            )
        )
    for game in table_games():
        tables = list_tables(game)
        listing = listing + tables
        for entry in tables.unfinished():
            rows = table_rows(entry)
            names = f" · {entry.title}"
            whole = len(rows[0]) - len(names) if rows[0].endswith(names) else 0
            found.append(
                Unfinished(
                    game.title,
                    rows[0],
                    _when(entry),
                    entry.path,
                    lambda app, g=game, p=entry.path: open_table(app, g, p),
                    rows[1:],
                    whole,
                )
            )
    found.sort(key=lambda u: u.saved, reverse=True)
    return found, [bad.line for bad in listing.bad], listing.pending


def table_row(entry: SavedEntry) -> str:
    """A saved table's words in the list: where it stands and the scores (which name every
    seat), then whose turn: "Round 4 of 10 · Anne 60, Bob 40 · Your turn · 42 moves"; the
    seats last when no scores name them (a long list is cut at the end)."""
    return table_rows(entry)[0]


def table_rows(entry: SavedEntry) -> tuple[str, ...]:
    """A saved table's words, the whole first, then ever shorter forms for a narrow window,
    each still saying where it stands and whose turn it is: without the moves, then with the
    lowest scores left out ("Anne 60, Bob 40 and 6 more": eight seats at 1024x640 were cut
    at "Grac..." and lost the turn). During Skull King's bidding a person is "to bid"."""
    gist = entry.value
    standing = gist.standing if isinstance(gist, TableGist) else ""
    detail = entry.detail
    if standing.partition(" · ")[0].endswith(", bidding"):  # (a person to act then bids)
        detail = detail.replace(" to play · ", " to bid · ", 1)
    if not standing:
        return (f"{detail} · {entry.title}",)
    named = all(name in standing for name in gist.names)
    full = f"{standing} · {detail}" + ("" if named else f" · {entry.title}")
    turn = [
        p for p in detail.split(" · ") if p == "Your turn" or p.endswith((" to play", " to bid"))
    ]
    where, _, scores = standing.partition(" · ")
    out = [full, " · ".join([standing, *turn])]
    said = scores.split(", ") if named and scores else []
    for keep in range(len(said) - 1, 0, -1):
        fewer = f"{', '.join(said[:keep])} and {len(said) - keep} more"
        out.append(" · ".join([where, fewer, *turn]))
    out.append(" · ".join([where, *turn]))
    return tuple(dict.fromkeys(out))


def newest_unfinished() -> tuple[Path, datetime] | None:
    """The newest unfinished game's save and when it was saved (None: no game to resume):
    what the menu needs, without a line for every game (nor an entry made for every save:
    each folder's newest unfinished one is all its glance makes)."""
    from skully_game.skully.saves import game_glance

    newest: SavedEntry | None = None
    newest_ns = -1
    for glance in (game_glance(), *(glance_tables(game) for game in table_games())):
        if glance.newest is not None and glance.newest_ns > newest_ns:
            newest, newest_ns = glance.newest, glance.newest_ns
    return None if newest is None else (newest.path, _when(newest))


def every_listing() -> list[Callable[[], object]]:
    """The lists the program shows of saved files, each read whole: what a background refresh
    of the index reads (Resume's, the replays', the boards')."""
    from skully_game.skully.board_files import board_listing
    from skully_game.skully.saves import game_listing, shot_listing

    jobs: list[Callable[[], object]] = [game_listing, shot_listing, board_listing]
    jobs += [functools.partial(list_tables, game) for game in table_games()]
    return jobs


def _when(entry: SavedEntry) -> datetime:
    """When a game was saved: its file's time as listed (else asked of the file)."""
    if entry.saved_ns:
        return datetime.fromtimestamp(entry.saved_ns / 1e9)
    return _mtime(entry.path)


def _mtime(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        return datetime.fromtimestamp(0)


def _open_skully(app: App, path: Path) -> None:
    from skully_game.scenes.skully.table import open_saved

    open_saved(app, path)


def open_table(app: App, game: SeatedGame, path: Path) -> None:
    """Sit down at a saved table again, or say in one line why it cannot be read: at the same
    table scene the game's setup screen opens (a game's own, never a stand-in)."""
    try:
        match = Match.load(game, path)
    except (DataError, ValueError) as exc:
        app.toast(str(exc), theme.DANGER, 6.0)
        return
    setup = importlib.import_module(scene_package(game.info)).SetupScene
    app.stack.push(setup.table_class(app, match))


def row_words(item: Unfinished, seconds: bool = False) -> str:
    """A game's row in the list: what, when saved, and who ('…, saved 26 Nov 16:28: …')."""
    when = item.saved.strftime("%d %b %H:%M:%S" if seconds else "%d %b %H:%M")
    return f"{item.title}, saved {when}: {item.detail}"


def fitted_row(item: Unfinished, width: int, size: int, seconds: bool = False) -> str:
    """The longest of a row's forms that fits `width` (the game, when, where it stands and
    whose turn), "saved" and then the shorter details tried in turn; cut only at the end."""
    when = item.saved.strftime("%d %b %H:%M:%S" if seconds else "%d %b %H:%M")
    full = row_words(item, seconds)
    f = theme.font(size)
    if item.whole and f.size(full[: len(full) - len(item.detail) + item.whole] + "...")[0] <= width:
        return theme.fit(full, size, width)  # only the seats' names at its end are cut
    forms = [full] + [f"{item.title}, {when}: {detail}" for detail in (item.detail, *item.shorter)]
    for words in forms:
        if f.size(words)[0] <= width:
            return words
    return theme.fit(forms[-1], size, width)


class ResumeScene(FormScene):
    """Every unfinished game; click one (or Up/Down and Enter) to carry it on."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.first = 0
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        with saves_index.quick_listing():  # shown at once; the rest read in the background
            self.games, self.bad, self.pending = resume_listing()
        self.listed_at = saves_index.generation()
        if self.pending:
            saves_index.refresh_in_background(every_listing())
        rows = max(1, (h - 230) // ROW_H)
        self.first = max(0, min(self.first, len(self.games) - rows))
        widgets = []
        y = 100
        self.shown = len(self.games[self.first : self.first + rows])  # rows of (game, Delete)
        alike = Counter(row_words(item) for item in self.games)
        for item in self.games[self.first : self.first + rows]:
            # two games that would read the same (left in the same minute) tell their seconds
            seconds = alike[row_words(item)] > 1
            label = fitted_row(item, w - 110 - DELETE_W, 21, seconds)
            widgets.append(
                Button(
                    pygame.Rect(40, y, w - 90 - DELETE_W, ROW_H - 6),
                    label,
                    on_click=lambda it=item: self._open(it),
                    size=21,
                )
            )
            widgets.append(
                Button(
                    pygame.Rect(w - 40 - DELETE_W, y, DELETE_W, ROW_H - 6),
                    "Delete",
                    on_click=lambda it=item: ask_delete(
                        self.app, it.path, f"{it.title}, saved {it.saved:%d %b %H:%M}", self._layout
                    ),
                    size=20,
                    tooltip="Delete this game (asks first)",
                )
            )
            y += ROW_H
        widgets += paging_buttons((w, h), self.first, rows, len(self.games), self._scroll)
        widgets.append(
            Button(pygame.Rect(40, h - 70, 160, 44), "Back", on_click=self.app.stack.pop, size=24)
        )
        self.widgets.set(widgets)
        if self.widgets.focus < 0 and self.games:
            self.widgets.focus = 0

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        plain = not getattr(event, "mod", 0) & (
            pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_ALT
        )
        if event.type == pygame.KEYDOWN and plain and self._grid_step(event.key):
            return None
        return super().handle_event(event)

    def _grid_step(self, key: int) -> bool:
        """The arrows on the list as a grid: Up/Down from game to game (or Delete to Delete),
        Left/Right between a game and its Delete (Down went to a game's Delete, and Down then
        Enter asked to delete it). False: not an arrow on the rows, the usual order."""
        focus = self.widgets.focus
        if key not in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            return False
        if focus >= 2 * self.shown and key == pygame.K_UP and self.shown:
            above = [i for i, w in enumerate(self.widgets.widgets[:focus]) if w.enabled]
            if above and above[-1] < 2 * self.shown:  # up from under the list: its last game
                self.widgets.focus = 2 * (self.shown - 1)
                return True
            return False
        if not 0 <= focus < 2 * self.shown:
            return False
        row, column = divmod(focus, 2)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.widgets.focus = 2 * row + (key == pygame.K_RIGHT)
            return True
        if key == pygame.K_UP:
            if row == 0:
                return False  # on round to the last widget, as Up does anywhere
            self.widgets.focus = 2 * (row - 1) + column
            return True
        if row + 1 < self.shown:
            self.widgets.focus = 2 * (row + 1) + column
            return True
        after = [i for i, w in enumerate(self.widgets.widgets) if i >= 2 * self.shown and w.enabled]
        self.widgets.focus = after[0] if after else focus  # the buttons under the list
        return True

    def _scroll(self, by: int) -> None:
        self.first = max(0, self.first + by)
        self._layout()

    def _open(self, item: Unfinished) -> None:
        self.app.sound.play("ui", 0.6)
        item.open(self.app)
        # the game goes where this list was: leaving it ("Back to the menu") reaches the menu,
        # not this list, whose rows lie where the menu's buttons were
        self.app.stack.drop(self)

    def resume(self) -> None:
        self._layout()  # a game may have been finished or saved meanwhile

    def update(self, dt: float) -> None:
        if self.pending and saves_index.generation() != self.listed_at:
            self._layout()  # the files read in the background: the list is whole

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill((22, 40, 34))
        theme.text(surface, "Resume a game", (40, 24), 48, theme.ACCENT, bold=True)
        if self.pending:
            n = self.pending
            words = f"Looking through {n} new saved file{'s' if n != 1 else ''}…"
            theme.text(surface, words, (w - 40, 40), 22, theme.TEXT_DIM, "topright")
        elif not self.games:
            theme.text(surface, "No unfinished games.", (40, 110), 24, theme.TEXT_DIM)
        self.widgets.draw(surface)
        y = h - 120
        for line in self.bad[:2]:
            theme.text(surface, theme.fit(f"Not listed: {line}", 18, w - 80), (40, y), 18,
                       theme.DANGER)  # fmt: skip
            y += 20
        if len(self.bad) > 2:
            theme.text(surface, f"and {len(self.bad) - 2} more files that could not be read",
                       (40, y), 18, theme.DANGER)  # fmt: skip


__all__ = ["ResumeScene", "Unfinished", "open_table", "table_games", "unfinished_games"]
