"""The words under (or beside) Skull's held-up card: whose stack it was and what it is, in one
line, else in two shorter ones (with six seats at 1024x580 and 1024x520 the one line had room
only over a neighbour's stack)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from skully_game.shell import theme

ONE_LINE = 20  # px: the words' usual size
TWO_LINES = (18, 16)  # px: each of two lines, where one would not fit clear of the stacks
PAD = (16, 8)  # the panel round the words


@dataclass(frozen=True)
class Caption:
    """Words on a panel, in one line or more, all bold and in the accent colour."""

    lines: tuple[str, ...]
    size: int

    @property
    def text(self) -> str:
        """The lines, one under another (as a tooltip would join them)."""
        return "\n".join(self.lines)

    def panel_size(self) -> tuple[int, int]:
        font = theme.font(self.size, True)
        width = max(font.size(line)[0] for line in self.lines)
        return width + PAD[0], font.get_linesize() * len(self.lines) + PAD[1]

    def draw(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        theme.panel(surface, panel, 240)
        step = theme.font(self.size, True).get_linesize()
        top = panel.centery - step * (len(self.lines) - 1) / 2
        for k, line in enumerate(self.lines):
            at = (panel.centerx, round(top + k * step))
            theme.text(surface, line, at, self.size, theme.ACCENT, "center", True)


def captions(words: str, width: int) -> list[Caption]:
    """The ways to say `words` within `width` px, the one-line way first: then two lines, cut
    after "stack:" where the words have it ("Anne's stack:" over "a Flower"), then two lines a
    size smaller."""
    one = Caption((theme.fit(words, ONE_LINE, width, bold=True),), ONE_LINE)
    head, colon, tail = words.partition(": ")
    out = [one]
    for size in TWO_LINES:
        if colon:
            lines = [head + ":", tail]
        else:
            lines = theme.wrap_lines(words, size, max(40, width // 2), 2, bold=True)
        if len(lines) > 1:
            out.append(Caption(tuple(theme.fit(t, size, width, bold=True) for t in lines), size))
    return out


__all__ = ["Caption", "captions"]
