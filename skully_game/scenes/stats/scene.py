"""The menu's "Your games": statistics across every game played here, per game (Skully, then
the table games in menu order), counted from the saves index on a thread of its own so the first
frame never waits, however many saves there are.

Keys: Up/Down (or Tab, Shift+Tab) go from game to game, Esc goes back; nothing else acts. The
mouse picks a game, a click on one of its latest games watches it again, and Back goes back."""

from __future__ import annotations

import threading

import pygame

from skully_game.scenes.cardtable.words import plural
from skully_game.scenes.stats.figures import Figures, gather
from skully_game.scenes.stats.watch import watch
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene

TOP = 100  # the list and the panel start under the title
MARGIN = 40
LIST_W = 300
ROW_H = 66
FOOTER = 64  # the Back button and the keys' line
EMPTY = "Finish a game to see it here."
KEYS_LINE = "Up/Down or Tab: another game · Esc: back"
LATEST = "Latest games: click one to watch it again"
FORM_KEY = "filled: won here · empty: won by the computer · newest first"
FORM_SHORT = "filled: won here · newest first"


def _titles() -> list[str]:
    """The games' names before they are counted: Skully, then the table games in menu order."""
    from cards.registry import GAMES

    return ["Skully", *(g.title for g in sorted(GAMES, key=lambda g: g.order) if g.table)]


class StatsScene(Scene):
    """Every game's figures: a list of games on the left, the chosen one's figures beside it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.titles = _titles()
        self.figures: list[Figures] | None = None
        self.problem = ""
        self.chosen = 0
        self.hover = -1
        self.latest_rows: list[tuple[pygame.Rect, int]] = []  # as drawn: (row, which game)
        self.latest_hover = -1
        self._worker = threading.Thread(target=self._count, name="statistics", daemon=True)
        self._worker.start()

    def _count(self) -> None:
        """On the statistics' own thread: every folder's whole list, counted."""
        try:
            figures = gather()
        except Exception as exc:  # said on the screen in words, never a crash
            self.problem = f"Your games could not be counted: {str(exc)[:120]}"
            return
        self.titles = [f.title for f in figures]
        self.chosen = min(self.chosen, len(figures) - 1)
        self.figures = figures

    @property
    def counting(self) -> bool:
        return self.figures is None and not self.problem

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the counting (tests and the demos)."""
        self._worker.join(timeout)

    # --- layout ----------------------------------------------------------------------------

    def row_h(self) -> int:
        _, h = self.app.size
        room = h - TOP - FOOTER - 16
        return max(40, min(ROW_H, room // max(1, len(self.titles))))

    def row_rect(self, i: int) -> pygame.Rect:
        w, _ = self.app.size
        rh = self.row_h()
        width = min(LIST_W, max(220, w // 4))
        return pygame.Rect(MARGIN, TOP + i * rh, width, rh - 8)

    def back_rect(self) -> pygame.Rect:
        _, h = self.app.size
        return pygame.Rect(MARGIN, h - FOOTER + 6, 140, 44)

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        left = self.row_rect(0).right + 24
        return pygame.Rect(left, TOP, w - MARGIN - left, h - TOP - FOOTER - 16)

    # --- input -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (
                event.key == pygame.K_TAB and not shift
            ):
                self._move(1)
            elif event.key in (pygame.K_UP, pygame.K_LEFT) or event.key == pygame.K_TAB:
                self._move(-1)
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
            self.latest_hover = self._latest_at(event.pos)
            if self.back_rect().collidepoint(event.pos):
                self.hover = -2
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back_rect().collidepoint(event.pos):
                self.app.stack.pop()
                return None
            row = self._row_at(event.pos)
            if row >= 0:
                self.chosen = row
            latest = self._latest_at(event.pos)
            if latest >= 0 and self.figures is not None:
                figures = self.figures[self.chosen]
                watch(self.app, figures.key, figures.recent_paths[latest])
            return None
        return None  # nothing else acts

    def _move(self, by: int) -> None:
        if self.titles:
            self.chosen = (self.chosen + by) % len(self.titles)

    def _row_at(self, pos: tuple[int, int]) -> int:
        for i in range(len(self.titles)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return -1

    def _latest_at(self, pos: tuple[int, int]) -> int:
        """Which of the latest games (as last drawn) is under `pos`, or -1."""
        return next((k for rect, k in self.latest_rows if rect.collidepoint(pos)), -1)

    def pause(self) -> None:
        self.hover = self.latest_hover = -1

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w = self.app.size[0]
        surface.fill((22, 40, 34))
        theme.text(surface, "Your games", (MARGIN, 24), 48, theme.ACCENT, bold=True)
        for i, title in enumerate(self.titles):
            self._draw_row(surface, i, title)
        self._draw_panel(surface)
        back = self.back_rect()
        edge = theme.ACCENT if self.hover == -2 else theme.PANEL_EDGE
        pygame.draw.rect(surface, theme.PANEL, back, border_radius=8)
        pygame.draw.rect(surface, edge, back, 2, border_radius=8)
        theme.text(surface, "Back", back.center, 24, theme.TEXT, "center")
        keys = theme.fit(KEYS_LINE, 18, w - back.right - 2 * MARGIN)
        theme.text(surface, keys, (w - MARGIN, back.centery), 18, theme.TEXT_DIM, "midright")

    def _draw_row(self, surface: pygame.Surface, i: int, title: str) -> None:
        rect = self.row_rect(i)
        chosen = i == self.chosen
        fill = (44, 70, 60) if chosen else ((32, 54, 46) if i == self.hover else (26, 46, 40))
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        if chosen:
            pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
        size = 24 if rect.h >= 50 else 20
        head = theme.fit(title, size, rect.w - 24, bold=True)
        colour = theme.ACCENT if chosen else theme.TEXT
        if rect.h >= 50:
            theme.text(surface, head, (rect.x + 12, rect.y + 6), size, colour, bold=True)
            line = self._row_line(i)
            theme.text(surface, theme.fit(line, 18, rect.w - 24), (rect.x + 12, rect.bottom - 26),
                       18, theme.TEXT_DIM)  # fmt: skip
        else:
            theme.text(surface, head, (rect.x + 12, rect.centery), size, colour, "midleft", True)

    def _row_line(self, i: int) -> str:
        if self.figures is None:
            return "Counting…" if self.counting else ""
        return self.figures[i].summary

    def _draw_panel(self, surface: pygame.Surface) -> None:
        self.latest_rows = []
        rect = self.panel_rect()
        theme.panel(surface, rect)
        x, y = rect.x + 24, rect.y + 18
        width = rect.w - 48
        title = self.titles[self.chosen] if self.titles else ""
        theme.text(surface, theme.fit(title, 34, width, True), (x, y), 34, theme.ACCENT, bold=True)
        y += 52
        if self.problem:
            for line in theme.wrap_lines(self.problem, 22, width, 3):
                theme.text(surface, line, (x, y), 22, theme.DANGER)
                y += 28
            return
        if self.figures is None:
            theme.text(surface, "Counting your games…", (x, y), 22, theme.TEXT_DIM)
            return
        figures = self.figures[self.chosen]
        if not figures.finished:
            theme.text(surface, "No games finished yet.", (x, y), 24, theme.TEXT)
            theme.text(surface, EMPTY, (x, y + 34), 22, theme.TEXT_DIM)
            y += 80
            if figures.unfinished:
                self._unfinished(surface, figures, x, y, width)
            return
        size = 22 if rect.h >= 560 else 20
        step = size + 9
        for line in theme.wrap_lines(figures.counts(), size, width, 2):
            theme.text(surface, line, (x, y), size, theme.TEXT)
            y += step
        y += 6
        if figures.form:
            theme.text(surface, theme.fit(figures.form_words(), size, width), (x, y), size,
                       theme.TEXT)  # fmt: skip
            y += step
            y = self._draw_form(surface, figures.form, x, y) + 10
        for line in (figures.best, figures.leaders_words(), *figures.lines):
            if not line:
                continue
            if y + step > rect.bottom - 8:
                break
            theme.text(surface, theme.fit(line, size, width), (x, y), size, theme.TEXT)
            y += step
        y += 10
        room = (rect.bottom - 8 - y - (26 if figures.unfinished else 0)) // 24 - 1
        if figures.recent and room >= 2:
            watchable = len(figures.recent_paths) == len(figures.recent)
            head = LATEST if watchable else "Latest games"
            theme.text(surface, theme.fit(head, 18, width), (x, y), 18, theme.ACCENT, bold=True)
            y += 24
            for k, line in enumerate(figures.recent[:room]):
                row = pygame.Rect(x - 6, y - 2, width + 12, 23)
                lit = watchable and k == self.latest_hover
                if lit:
                    pygame.draw.rect(surface, (44, 70, 60), row, border_radius=5)
                colour = theme.TEXT if lit else theme.TEXT_DIM
                theme.text(surface, theme.fit(line, 18, width), (x, y), 18, colour)
                if watchable:
                    self.latest_rows.append((row, k))
                y += 24
            y += 8
        if figures.unfinished and y + 20 <= rect.bottom - 8:
            self._unfinished(surface, figures, x, y, width)

    def _unfinished(self, surface: pygame.Surface, f: Figures, x: int, y: int, width: int) -> None:
        words = f"{plural(f.unfinished, 'game')} left unfinished: Resume game carries on"
        theme.text(surface, theme.fit(words, 18, width), (x, y), 18, theme.TEXT_DIM)

    def _draw_form(self, surface: pygame.Surface, form: tuple[bool, ...], x: int, y: int) -> int:
        """The recent form as marks, newest on the left: a full one for a game won here, an
        empty one for a game the computer won; returns the y under them."""
        r = 11
        for k, here in enumerate(form):
            centre = (x + r + k * (2 * r + 8), y + r)
            if here:
                pygame.draw.circle(surface, theme.OK, centre, r)
            else:
                pygame.draw.circle(surface, theme.CHALK_DIM, centre, r, 2)
        label_x = x + len(form) * (2 * r + 8) + 8
        room = self.panel_rect().right - 24 - label_x
        words = next((t for t in (FORM_KEY, FORM_SHORT) if theme.font(16).size(t)[0] <= room), "")
        words = words or "newest first"
        theme.text(surface, words, (label_x, y + r), 16, theme.TEXT_DIM, "midleft")
        return y + 2 * r


__all__ = ["StatsScene"]
