"""What every card game at the table draws the same way: the card size, a pen that draws figures
in card units with supersampling, the scaled and cached face, a back, a fanned hand.

Faces are drawn once per card, large (`SS` times the table's card size) and smooth-scaled down to
each size asked for, so every edge is antialiased; words and numbers are then set on the scaled
face at that size, in the theme's faces, so they stay crisp. Nothing here is copied art: every
figure is made of the shapes its game's module names.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

import pygame

from skully_game.shell import theme

CARD_W, CARD_H = 84, 120
SS = 3  # the art is drawn at this many times the card's size, then scaled down
RADIUS = 7  # a card's corner, in card units

Point = tuple[float, float]
Colour = tuple[int, ...]


class Pen:
    """Draws in card units (a card is 84 x 120) on a surface `k` times as large, so a figure is
    written once and drawn at any size."""

    def __init__(self, surface: pygame.Surface, k: float, origin: Point = (0.0, 0.0)) -> None:
        self.surface = surface
        self.k = k
        self.ox, self.oy = origin

    def at(self, x: float, y: float) -> Point:
        return (self.ox + x) * self.k, (self.oy + y) * self.k

    def w(self, width: float) -> int:
        """A line width in card units, at least one pixel."""
        return 0 if width <= 0 else max(1, round(width * self.k))

    def poly(self, pts: Iterable[Point], colour: Colour, width: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.at(*p) for p in pts], self.w(width))

    def circle(self, c: Point, r: float, colour: Colour, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.at(*c), r * self.k, self.w(width))

    def ellipse(
        self, c: Point, rx: float, ry: float, colour: Colour, width: float = 0, angle: float = 0
    ) -> None:
        if angle:
            self.poly(oval(c, rx, ry, angle), colour, width)
            return
        x, y = self.at(c[0] - rx, c[1] - ry)
        rect = pygame.Rect(round(x), round(y), round(2 * rx * self.k), round(2 * ry * self.k))
        pygame.draw.ellipse(self.surface, colour, rect, self.w(width))

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        colour: Colour,
        radius: float = 0,
        width: float = 0,
    ) -> None:
        px, py = self.at(x, y)
        r = pygame.Rect(round(px), round(py), round(w * self.k), round(h * self.k))
        pygame.draw.rect(
            self.surface, colour, r, self.w(width), border_radius=round(radius * self.k)
        )

    def line(self, a: Point, b: Point, colour: Colour, width: float = 1) -> None:
        pygame.draw.line(self.surface, colour, self.at(*a), self.at(*b), self.w(width))
        if width * self.k >= 3:  # round ends, as a pen leaves them
            for p in (a, b):
                self.circle(p, width / 2, colour)

    def lines(self, pts: Sequence[Point], colour: Colour, width: float = 1) -> None:
        for a, b in itertools.pairwise(pts):
            self.line(a, b, colour, width)

    def arc(
        self, c: Point, r: float, start: float, end: float, colour: Colour, width: float = 1
    ) -> None:
        """An arc from `start` to `end` degrees (0 to the right, counter-clockwise as on paper)."""
        steps = max(3, int(abs(end - start) / 8))
        pts = [
            (c[0] + r * math.cos(math.radians(a)), c[1] - r * math.sin(math.radians(a)))
            for a in (start + (end - start) * i / steps for i in range(steps + 1))
        ]
        self.lines(pts, colour, width)

    def text(
        self, message: str, size: int, colour: Colour, centre: Point, face: str = "bold"
    ) -> None:
        """Words drawn into the art (large lettering only: small words go on the scaled face)."""
        img = theme.font(round(size * self.k / SS), face == "bold", face).render(
            message, True, colour[:3]
        )
        self.surface.blit(img, img.get_rect(center=self.at(*centre)))


def oval(c: Point, rx: float, ry: float, angle: float = 0.0, n: int = 28) -> list[Point]:
    """The points of an ellipse turned by `angle` degrees, for shapes drawn as polygons."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((c[0] + x * ca - y * sa, c[1] + x * sa + y * ca))
    return out


def star(c: Point, r: float, inner: float = 0.45, points: int = 5, turn: float = 0) -> list[Point]:
    """The points of a star of outer radius `r`."""
    out = []
    for i in range(2 * points):
        a = -math.pi / 2 + i * math.pi / points + math.radians(turn)
        rr = r if i % 2 == 0 else r * inner
        out.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    return out


def art_surface(width: float = CARD_W, height: float = CARD_H) -> tuple[pygame.Surface, Pen]:
    """A clear canvas for one card's art at SS times its size, and the pen that draws on it."""
    img = pygame.Surface((round(width * SS), round(height * SS)), pygame.SRCALPHA)
    return img, Pen(img, SS)


def card_base(pen: Pen, paper: Colour, edge: Colour, edge_w: float = 1.2) -> None:
    """The card itself: rounded paper with a thin edge."""
    pen.rect(0, 0, CARD_W, CARD_H, paper, RADIUS)
    pen.rect(0, 0, CARD_W, CARD_H, edge, RADIUS, edge_w)


def size_of(scale: float) -> tuple[int, int]:
    return max(4, round(CARD_W * scale)), max(6, round(CARD_H * scale))


def shrink(art: pygame.Surface, scale: float) -> pygame.Surface:
    """The supersampled art at a card size: smooth-scaled, so every edge is antialiased."""
    out = pygame.transform.smoothscale(art, size_of(scale))  # shrinking averages every pixel
    out.fill((0, 0, 0, 2), special_flags=pygame.BLEND_RGBA_ADD)  # its rounding leaves 253 of 255
    return out


def dimmed(img: pygame.Surface, scale: float, alpha: int = 120) -> pygame.Surface:
    """A card that cannot be played now: shaded, its corners kept round."""
    out = img.copy()
    shade = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(
        shade, (10, 10, 14, alpha), shade.get_rect(), border_radius=max(2, round(RADIUS * scale))
    )
    out.blit(shade, (0, 0))
    return out


def corner_text(
    img: pygame.Surface,
    message: str,
    size: int,
    colour: Colour,
    at: Point,
    scale: float,
    *,
    face: str = "numbers",
    least: int = 10,
    anchor: str = "midtop",
    turned: bool = True,
) -> pygame.Rect:
    """An index set on a scaled face at its own size (never below `least`): at `at` (card
    units) and, when `turned`, upside down in the opposite corner as printed cards have it."""
    n = max(least, round(size * scale))
    label = theme.rendered(message, n, colour[:3], face == "bold", None if face == "bold" else face)
    x, y = at[0] * scale, at[1] * scale
    rect = label.get_rect(**{anchor: (round(x), round(y))})
    img.blit(label, rect)
    if turned:
        w, h = img.get_size()
        flipped = pygame.transform.rotate(label, 180)
        img.blit(flipped, flipped.get_rect(center=(w - rect.centerx, h - rect.centery)))
    return rect


Back = Callable[[float], pygame.Surface]
BACKS: dict[str, Back] = {}  # a game's own back by its key ("skull-king"); others: the plain one


@lru_cache(maxsize=1)
def _plain_art() -> pygame.Surface:
    """A plain back, as a deck of playing cards has: a deep red lattice in a white border."""
    img, pen = art_surface()
    card_base(pen, (250, 248, 242), (120, 116, 104))
    inner = (5.0, 5.0, CARD_W - 10.0, CARD_H - 10.0)
    pen.rect(*inner, (150, 28, 40), RADIUS - 3)
    lattice = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    lp = Pen(lattice, SS)
    step = 7.0
    for i in range(-20, 30):
        x = i * step
        lp.line((x, 0), (x + CARD_H * 0.6, CARD_H), (196, 70, 78), 0.8)
        lp.line((x + CARD_H * 0.6, 0), (x, CARD_H), (196, 70, 78), 0.8)
    mask = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    Pen(mask, SS).rect(8, 8, CARD_W - 16, CARD_H - 16, (255, 255, 255, 255), RADIUS - 4)
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    img.blit(lattice, (0, 0))
    pen.rect(8, 8, CARD_W - 16, CARD_H - 16, (250, 236, 210), RADIUS - 4, 0.8)
    pen.poly(star((CARD_W / 2, CARD_H / 2), 9, 0.5, 4, 45), (250, 236, 210))
    pen.poly(star((CARD_W / 2, CARD_H / 2), 5, 0.4, 4, 45), (150, 28, 40))
    return img


@lru_cache(maxsize=64)
def card_back(scale: float = 1.0, game: str = "") -> pygame.Surface:
    """The back of a card at `scale`: the game's own (`BACKS`), else the plain one."""
    own = BACKS.get(game)
    if own is not None:
        return own(scale)
    return shrink(_plain_art(), scale)


def fan_positions(
    count: int, centre_x: float, bottom: float, width: float
) -> list[tuple[float, float, float]]:
    """(x, y, angle) for a hand fanned along a shallow arc, its lowest turned corner at
    `bottom` (the outer cards of a long hand sink and turn: the whole fan is lifted by that)."""
    if count == 0:
        return []
    step = min(CARD_W * 0.9, width / max(1, count))
    edge = (count - 1) / 2  # the outer cards' place: they sink and turn the most
    turned = math.radians(edge * 2.0)
    sink = edge**1.6 * 1.2 + (CARD_W * math.sin(turned) + CARD_H * math.cos(turned) - CARD_H) / 2
    out = []
    for i in range(count):
        t = i - (count - 1) / 2
        angle = -t * 2.0
        x = centre_x + t * step
        y = bottom - CARD_H / 2 + abs(t) ** 1.6 * 1.2 - sink
        out.append((x, y, angle))
    return out


__all__ = [
    "BACKS",
    "CARD_H",
    "CARD_W",
    "SS",
    "Pen",
    "art_surface",
    "card_back",
    "card_base",
    "corner_text",
    "dimmed",
    "fan_positions",
    "oval",
    "shrink",
    "size_of",
    "star",
]
