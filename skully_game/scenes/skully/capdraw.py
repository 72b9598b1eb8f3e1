"""Caps drawn with shading so each type and each player's colour can be told apart.

Every sprite is drawn at four times its size and smooth-scaled down (cheap anti-aliasing), and
cached per (type, colour, symbol, pixel radius). Player colours come from a colour-blind-safe
palette and each player also has a symbol, so nobody depends on hue alone.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from skully_game.skully.caps import CapType

SS = 4  # supersampling factor
MIN_VISIBLE_PX = 5.0  # caps are small on a 2.4 m board: never draw one smaller than this


def _shade(colour: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    if f >= 1:
        return tuple(min(255, round(c + (255 - c) * (f - 1))) for c in colour)  # type: ignore[return-value]
    return tuple(max(0, round(c * f)) for c in colour)  # type: ignore[return-value]


def _disc(
    surface: pygame.Surface, centre: tuple[float, float], r: float, colour, light: float = 0.35
) -> None:
    """A shaded disc: darker rim, lighter towards a highlight up and to the left."""
    steps = 12
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1 - 0.85 * t)
        cx = centre[0] - r * 0.25 * t
        cy = centre[1] - r * 0.25 * t
        pygame.draw.circle(surface, _shade(colour, 0.72 + light * t + 0.1 * t * t), (cx, cy), rr)


def symbol(
    surface: pygame.Surface, name: str, centre: tuple[float, float], size: float, colour
) -> None:
    """A player's symbol (for colour-blind players and small screens)."""
    x, y = centre
    s = size
    if name == "circle":
        pygame.draw.circle(surface, colour, (x, y), s * 0.55)
    elif name == "triangle":
        pygame.draw.polygon(
            surface,
            colour,
            [(x, y - s * 0.7), (x - s * 0.65, y + s * 0.5), (x + s * 0.65, y + s * 0.5)],
        )
    elif name == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(x - s * 0.5, y - s * 0.5, s, s))
    elif name == "diamond":
        pygame.draw.polygon(
            surface,
            colour,
            [(x, y - s * 0.7), (x + s * 0.6, y), (x, y + s * 0.7), (x - s * 0.6, y)],
        )
    elif name == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = s * (0.75 if i % 2 == 0 else 0.32)
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surface, colour, pts)
    elif name == "cross":
        pygame.draw.rect(surface, colour, pygame.Rect(x - s * 0.6, y - s * 0.2, s * 1.2, s * 0.4))
        pygame.draw.rect(surface, colour, pygame.Rect(x - s * 0.2, y - s * 0.6, s * 0.4, s * 1.2))
    else:
        pygame.draw.rect(surface, colour, pygame.Rect(x - s * 0.6, y - s * 0.22, s * 1.2, s * 0.44))


@lru_cache(maxsize=512)
def cap_sprite(
    kind: CapType, colour: tuple[int, int, int], sym: str, radius_px: float
) -> pygame.Surface:
    """A cap seen from above, with a soft shadow, radius_px in screen pixels."""
    radius_px = max(radius_px, MIN_VISIBLE_PX)
    r = radius_px * SS
    pad = r * 0.35
    size = math.ceil(2 * (r + pad))
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    shadow = (c[0] + r * 0.12, c[1] + r * 0.16)
    for i in range(6):
        pygame.draw.circle(img, (0, 0, 0, 22), shadow, r * (1.18 - 0.04 * i))
    metal = (196, 198, 204)
    if kind is CapType.CROWN:
        teeth = 21
        pts = []
        for i in range(teeth * 2):
            a = i * math.pi / teeth
            rr = r if i % 2 == 0 else r * 0.9
            pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
        pygame.draw.polygon(img, _shade(metal, 0.75), pts)
        _disc(img, c, r * 0.86, colour)
        pygame.draw.circle(img, _shade(colour, 0.6), c, r * 0.62, max(1, round(r * 0.05)))
    elif kind is CapType.WAX:
        _disc(img, c, r, colour)
        _disc(img, (c[0] + r * 0.03, c[1] + r * 0.03), r * 0.62, (235, 226, 196), 0.2)
    elif kind is CapType.LEAD:
        _disc(img, c, r, colour)
        _disc(img, c, r * 0.64, (92, 96, 104), 0.5)
    elif kind is CapType.GLIDE:
        _disc(img, c, r, metal, 0.45)
        _disc(img, c, r * 0.66, colour)
        pygame.draw.circle(img, _shade(metal, 1.3), (c[0] - r * 0.5, c[1] - r * 0.5), r * 0.14)
    elif kind is CapType.VIAL:
        _disc(img, c, r, _shade(colour, 1.15), 0.25)
        pygame.draw.circle(img, _shade(colour, 0.7), c, r * 0.8, max(1, round(r * 0.08)))
        pygame.draw.circle(img, _shade(colour, 0.75), c, r * 0.5, max(1, round(r * 0.05)))
    else:  # glass neck: a thick green ring, the player's colour showing through the hole
        _disc(img, c, r, (70, 130, 80), 0.5)
        _disc(img, c, r * 0.55, colour)
        pygame.draw.arc(
            img,
            (210, 240, 215),
            pygame.Rect(c[0] - r * 0.85, c[1] - r * 0.85, r * 1.7, r * 1.7),
            1.9,
            3.2,
            max(1, round(r * 0.1)),
        )
    pygame.draw.circle(img, (16, 16, 18), c, r, max(2, round(r * 0.06)))
    if radius_px >= 7:
        symbol(img, sym, c, r * 0.42, (20, 20, 22))
        symbol(img, sym, (c[0] - r * 0.02, c[1] - r * 0.03), r * 0.36, _shade(colour, 1.45))
    final = pygame.transform.smoothscale(img, (max(1, round(size / SS)), max(1, round(size / SS))))
    return final.convert_alpha() if pygame.display.get_surface() else final


def draw_cap(
    surface: pygame.Surface,
    kind: CapType,
    colour,
    sym: str,
    at: tuple[float, float],
    radius_px: float,
    angle: float = 0.0,
) -> None:
    sprite = cap_sprite(kind, colour, sym, round(radius_px * 2) / 2)
    if angle and kind is CapType.CROWN:
        # Turn a crown's teeth in whole-degree steps so rotation shows the cap's spin.
        sprite = pygame.transform.rotate(sprite, round(math.degrees(angle)) % 360)
    surface.blit(sprite, sprite.get_rect(center=(round(at[0]), round(at[1]))))
