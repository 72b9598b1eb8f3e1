"""Colours, fonts and the player palette: one place for the look of every scene."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

import pygame
import pygame.freetype as freetype

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


# The type: DejaVu Sans, shipped in assets/fonts with its licence. Every text in the program is
# drawn through `font`/`rendered` below, so the faces are chosen here only.
FACES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "numbers": "DejaVuSansCondensed-Bold.ttf",  # tall figures that fit a card's corner
}
# The program's sizes were set for pygame's default face, which draws a size at about 0.69 of
# it: this face at SCALE of a size sets a line about as wide, so every layout keeps its room.
SCALE = 0.69
SMALLEST_PX = 7  # below this no face reads


@dataclass(frozen=True)
class Role:
    """What a text is for: its face and its size (in the program's sizes, see SCALE)."""

    face: str
    size: int


ROLES = {
    "title": Role("bold", 48),
    "heading": Role("bold", 26),
    "body": Role("regular", 22),
    "small": Role("regular", 16),
    "numbers": Role("numbers", 30),  # the numbers on cards
}


def face_path(face: str) -> Path | None:
    """The file of a face: from the installed package, else from the source tree beside it."""
    name = FACES[face]
    try:
        packaged: Path | None = Path(str(resources.files("skully_game.assets") / "fonts" / name))
    except (ModuleNotFoundError, TypeError):
        packaged = None
    here = Path(__file__).resolve().parents[2] / "assets" / "fonts" / name
    for path in (packaged, here):
        if path is not None and path.is_file():
            return path
    return None


def pixel_size(size: int) -> int:
    """The face's pixel size for one of the program's sizes."""
    return max(SMALLEST_PX, round(size * SCALE))


class Face:
    """A face at one pixel size, kerned by FreeType, answering the calls the program makes of
    pygame's Font (size, render, metrics, line height), so a layout never knows which it has."""

    def __init__(self, path: Path, px: int) -> None:
        f = freetype.Font(str(path), px)
        f.kerning = True  # the face's own pairs: "To", "AV", "Ti" sit as the designer set them
        f.pad = True  # a line's width is its advance, as pygame's Font measures it
        f.origin = True  # render_to places the baseline's start
        f.antialiased = True
        self._f = f
        self.name: str = f.name
        self.style_name: str = f.style_name
        self._ascent = f.get_sized_ascender()
        self._descent = f.get_sized_descender()
        self._height = self._ascent - self._descent
        self._sizes: dict[str, tuple[int, int]] = {}

    def size(self, text: str) -> tuple[int, int]:
        """(width, height) of a line: remembered, for layouts measure the same words each frame."""
        known = self._sizes.get(text)
        if known is None:
            if len(self._sizes) > 4096:
                self._sizes.clear()
            known = self._sizes[text] = (self._f.get_rect(text).width, self._height)
        return known

    def render(
        self, text: str, antialias: bool, colour: Colour, background: Colour | None = None
    ) -> pygame.Surface:
        """One line on a surface as tall as the face's line, see-through unless `background`."""
        r = self._f.get_rect(text) if text else pygame.Rect(0, 0, 0, 0)
        img = pygame.Surface((r.width, self._height), pygame.SRCALPHA)
        if background is not None:
            img.fill(background)
        if text:
            self._f.antialiased = antialias
            self._f.render_to(img, (-r.x, self._ascent), text, colour)
            self._f.antialiased = True
        return img

    def metrics(self, text: str) -> list[tuple[int, int, int, int, int]]:
        return [
            (round(m[0]), round(m[1]), round(m[2]), round(m[3]), round(m[4]))
            for m in self._f.get_metrics(text)
            if m is not None
        ]

    def get_ascent(self) -> int:
        return self._ascent

    def get_descent(self) -> int:
        return self._descent

    def get_height(self) -> int:
        return self._height

    def get_linesize(self) -> int:
        return self._height


@cache
def font(size: int, bold: bool = False, face: str | None = None) -> Face | pygame.font.Font:
    """The program's face at one of its sizes (cached: fonts are slow to open)."""
    path = face_path(face or ("bold" if bold else "regular"))
    if path is None:  # a broken install: still readable in pygame's own face
        f = pygame.font.Font(None, max(8, size))
        f.set_bold(bold)
        return f
    if not freetype.get_init():
        freetype.init()
    return Face(path, pixel_size(size))


def role(name: str, size: int | None = None) -> Face | pygame.font.Font:
    """The font for a role ("title", "body", "small", "numbers"), at its own size or `size`."""
    r = ROLES[name]
    return font(size or r.size, r.face == "bold", None if r.face in ("regular", "bold") else r.face)


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
def rendered(
    message: str, size: int, colour: Colour, bold: bool = False, face: str | None = None
) -> pygame.Surface:
    """A rendered line of text, cached: panels redraw the same words every frame."""
    return font(size, bold, face).render(message, True, colour)


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
