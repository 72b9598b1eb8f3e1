"""A page to read: a game's rules, wrapped to the window and scrolled with the wheel or keys.

Text comes as sections (a heading and its paragraphs); a paragraph starting with "- " is a
bullet, and a paragraph that is not text is a figure the program draws (anything with a `height`
in pixels and `draw(surface, rect)`). Up/Down scroll a line, PgUp/PgDn a page, Home/End to the
ends, Esc or the button goes back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import pygame

from skully_game.shell import theme
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, WidgetGroup

BODY = 21
HEAD = 27
LINE = 25


class Figure(Protocol):
    """A picture among the paragraphs: drawn by the program into the rect it is given."""

    height: int

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...


Paragraph = str | Figure
Row = tuple[str | Figure, int, bool, int]  # text or figure, size (a figure: its row), bold, indent


class ReadingScene(Scene):
    def __init__(
        self, app, title: str, sections: Sequence[tuple[str, Sequence[Paragraph]]]
    ) -> None:
        super().__init__(app)
        self.title = title
        self.sections = sections
        self.scroll = 0
        self.widgets = WidgetGroup()
        self._rows: tuple[int, list[Row]] = (-1, [])
        self._layout()

    def _layout(self) -> None:
        h = self.app.size[1]
        self.widgets.set(
            [Button(pygame.Rect(40, h - 62, 160, 44), "Back", on_click=self.app.stack.pop,
                    size=24, tooltip="Esc")]
        )  # fmt: skip

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def area(self) -> pygame.Rect:
        w, h = self.app.size
        width = min(900, w - 80)
        return pygame.Rect((w - width) // 2, 84, width, h - 84 - 76)

    def rows(self) -> list[Row]:
        """Every line to draw: (text, size, bold, indent), wrapped to the area (cached); a figure
        takes as many rows as its height needs, each (figure, its row, False, 0)."""
        width = self.area().w
        if self._rows[0] == width:
            return self._rows[1]
        out: list[Row] = []
        for heading, paragraphs in self.sections:
            if out:
                out.append(("", BODY, False, 0))
            out.append((heading, HEAD, True, 0))
            for para in paragraphs:
                if not isinstance(para, str):
                    out += [(para, k, False, 0) for k in range(math.ceil(para.height / LINE))]
                    out.append(("", 8, False, 0))
                    continue
                bullet = para.startswith("- ")
                text = para[2:] if bullet else para
                indent = 22 if bullet else 0
                for k, line in enumerate(theme.wrap(text, BODY, width - indent)):
                    out.append((("• " if bullet and k == 0 else "") + line, BODY, False,
                                indent - (14 if bullet and k == 0 else 0)))  # fmt: skip
                out.append(("", 8, False, 0))
        self._rows = (width, out)
        return out

    def most(self) -> int:
        fit = self.area().h // LINE
        return max(0, len(self.rows()) - fit)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        page = max(1, self.area().h // LINE - 2)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= 3 * event.y
        elif event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_DOWN: 1,
                pygame.K_UP: -1,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
                return None
            self.scroll += moves.get(event.key, 0)
        self.scroll = max(0, min(self.scroll, self.most()))
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill((22, 40, 34))
        area = self.area()
        theme.text(surface, self.title, (area.x, 22), 44, theme.ACCENT, bold=True)
        y = area.y
        for n, (text, size, bold, indent) in enumerate(self.rows()[self.scroll :]):
            if y + LINE > area.bottom:
                break
            if not isinstance(text, str):
                if size == 0 or n == 0:  # its first row, or the top of the page cuts into it
                    clip = surface.get_clip()
                    surface.set_clip(area)
                    text.draw(surface, pygame.Rect(area.x, y - size * LINE, area.w, text.height))
                    surface.set_clip(clip)
                y += LINE
                continue
            if text:
                colour = theme.ACCENT if bold else theme.TEXT
                theme.text(surface, text, (area.x + indent, y), size, colour, bold=bold)
            y += LINE if size != 8 else 8
        most = self.most()
        if most:
            theme.text(surface, f"wheel, arrows or PgUp/PgDn · {self.scroll * 100 // most}%",
                       (w - 40, h - 48), 18, theme.TEXT_DIM, "topright")  # fmt: skip
        self.widgets.draw(surface)


__all__ = ["ReadingScene"]
