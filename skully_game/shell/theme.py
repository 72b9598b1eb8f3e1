"""Colours, fonts and the player palette: one place for the look of every scene."""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

Colour = tuple[int, int, int]

ASPHALT = (46, 47, 50)
ASPHALT_DARK = (30, 31, 34)
CHALK = (236, 232, 220)
CHALK_DIM = (170, 166, 156)
CHALK_YELLOW = (240, 220, 120)
CHALK_RED = (235, 120, 110)
CHALK_BLUE = (140, 190, 240)
PANEL = (24, 25, 28)
PANEL_EDGE = (70, 72, 78)
TEXT = (232, 230, 224)
TEXT_DIM = (150, 150, 150)
ACCENT = (240, 200, 90)
DANGER = (230, 110, 90)
OK = (120, 200, 140)

# Okabe-Ito: told apart with every common colour-vision deficiency; each also gets a symbol.
PLAYER_COLOURS: tuple[tuple[str, Colour], ...] = (
    ("Orange", (230, 159, 0)),
    ("Sky", (86, 180, 233)),
    ("Green", (0, 158, 115)),
    ("Yellow", (240, 228, 66)),
    ("Blue", (0, 114, 178)),
    ("Vermilion", (213, 94, 0)),
    ("Purple", (204, 121, 167)),
)
PLAYER_SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "cross", "bar")


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at a pixel size (cached: fonts are slow to open)."""
    f = pygame.font.Font(None, max(8, size))
    f.set_bold(bold)
    return f


def text(
    surface: pygame.Surface,
    message: str,
    pos: tuple[int, int],
    size: int = 22,
    colour: Colour = TEXT,
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Draw one line of text anchored at pos; returns its rect."""
    img = rendered(message, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


@lru_cache(maxsize=1024)
def rendered(message: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: panels redraw the same words every frame."""
    return font(size, bold).render(message, True, colour)


def _forget_fonts() -> None:
    """pygame.quit() closes every font: forget them, so a later pygame.init() opens new ones."""
    font.cache_clear()
    rendered.cache_clear()
    pygame.register_quit(_forget_fonts)  # pygame calls a quit function once: stay registered


pygame.register_quit(_forget_fonts)


def wrap(message: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit a pixel width."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(message: str, size: int, width: int, bold: bool = False) -> str:
    """One line cut short with "..." so it is at most `width` pixels wide."""
    f = font(size, bold)
    if f.size(message)[0] <= width:
        return message
    while message and f.size(message + "...")[0] > width:
        message = message[:-1]
    return message.rstrip() + "..."


def fit_words(message: str, size: int, width: int, bold: bool = False) -> str:
    """One line cut short at a word, with "...", so it is at most `width` pixels wide (a word
    longer than the line is cut where it must be)."""
    f = font(size, bold)
    if f.size(message)[0] <= width:
        return message
    words = message.split(" ")
    while len(words) > 1:
        words.pop()
        trial = " ".join(words).rstrip(" ,;:-(") + "..."
        if f.size(trial)[0] <= width:
            return trial
    return fit(message, size, width, bold)


def wrap_lines(message: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
    """Text wrapped at words into at most `most` lines; the last cut at a word if it must be."""
    lines = wrap(message, size, width, bold)
    if len(lines) <= most:
        return [
            line if font(size, bold).size(line)[0] <= width else fit(line, size, width, bold)
            for line in lines
        ]
    kept = lines[: most - 1]
    rest = " ".join(lines[most - 1 :])
    return [*kept, fit_words(rest, size, width, bold)]


def fit_middle(message: str, size: int, width: int) -> str:
    """A long name cut in the middle ("Saved in /home/.../settings.toml"): both ends matter."""
    f = font(size)
    if f.size(message)[0] <= width:
        return message
    head, tail = message[: len(message) // 2], message[len(message) // 2 :]
    while head and tail and f.size(f"{head}...{tail}")[0] > width:
        head, tail = head[:-1], tail[1:]
    return f"{head}...{tail}"


def shade_alpha(colour: Colour, f: float = 0.7) -> Colour:
    """A dimmer version of a colour (trails, inactive players)."""
    return (round(colour[0] * f), round(colour[1] * f), round(colour[2] * f))


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235) -> None:
    """A dark rounded panel, slightly see-through."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*PANEL, alpha), layer.get_rect(), border_radius=10)
    pygame.draw.rect(layer, (*PANEL_EDGE, 255), layer.get_rect(), 1, border_radius=10)
    surface.blit(layer, rect.topleft)


def side_panel(surface: pygame.Surface, width: int) -> pygame.Rect:
    """The panel along the window's right edge that the board scenes keep their controls in."""
    w, h = surface.get_size()
    rect = pygame.Rect(w - width, 0, width, h)
    pygame.draw.rect(surface, PANEL, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.topleft, rect.bottomleft, 1)
    return rect
