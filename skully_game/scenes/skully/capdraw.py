"""Caps drawn so whose cap it is and what kind it is read at any zoom, 7 px across or 60.

Every cap is built the same way, from the outside in: a soft shadow on the street, the owner's
colour as a shaded ring (the widest part, the first thing to read), a dark rim that holds it apart
from the asphalt and the chalk, and in the middle the type's mark: its material's colour, which
alone tells the six kinds apart at the smallest size (steel crown, crimson wax, blue-grey lead,
black glide, white vial lid, green glass), and, as the cap grows, its shape — a crown's teeth, the
wax's gloss, the lead's dents, the glide's nail, the lid's ridges, the glass's hole. From 12 px of
radius the owner's symbol sits in the middle too (colour-blind players, and nobody depends on hue
alone).

Sprites are drawn supersampled and smooth-scaled down (cheap anti-aliasing) and cached per (type,
colour, symbol, radius); radii are snapped to half pixels when small and to 3 % steps when large,
so a camera easing through zooms reuses a handful of sprites rather than drawing new ones every
frame. A crown's turn is cached too, in 4-degree steps.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from skully_game.skully.caps import CapType

Colour = tuple[int, int, int]

SS = 4  # supersampling factor for small sprites (2 for large ones: plenty, and 4x cheaper)
MIN_VISIBLE_PX = 5.0  # caps are small on a 2.9 m board: never draw one smaller than this
CORE = 0.56  # the type's mark: this fraction of the radius; the owner's ring is the rest
SMALL_CORE = 0.46  # ... on a small cap, where the ring needs the room to show its colour
SYMBOL_FROM_PX = 12.0  # the owner's symbol from this radius up
DETAIL_FROM_PX = 7.0  # the type's shape (teeth, gloss, hole...) from this radius up
LARGE_STEP = 1.03  # radii above SNAP_PX snap to steps of 3 %
SNAP_PX = 12.0
TURN_STEP = 4  # degrees between the cached turns of a crown

# the type's mark at a glance: its material, far apart from one another in colour and lightness
MATERIAL: dict[CapType, Colour] = {
    CapType.CROWN: (166, 171, 181),  # tinplate steel
    CapType.WAX: (198, 30, 52),  # crimson crayon wax
    CapType.LEAD: (84, 94, 122),  # blue-grey lead
    CapType.GLIDE: (26, 26, 28),  # black nylon
    CapType.VIAL: (250, 250, 246),  # white plastic
    CapType.GLASS: (40, 150, 72),  # bottle-green glass
}
RIM = (14, 14, 16)


def _shade(colour: Colour, f: float) -> Colour:
    """Lighter towards white above 1, darker towards black below."""
    if f >= 1:
        return tuple(min(255, round(c + (255 - c) * (f - 1))) for c in colour)  # type: ignore[return-value]
    return tuple(max(0, round(c * f)) for c in colour)  # type: ignore[return-value]


def _disc(
    surface: pygame.Surface,
    centre: tuple[float, float],
    r: float,
    colour: Colour,
    light: float = 0.35,
    dark: float = 0.86,
    steps: int = 10,
) -> None:
    """A shaded disc: darker at the rim, lighter towards a highlight up and to the left; most of
    it near the colour itself, so a shaded orange still reads orange and not vermilion."""
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1 - 0.8 * t)
        cx = centre[0] - r * 0.22 * t
        cy = centre[1] - r * 0.22 * t
        pygame.draw.circle(surface, _shade(colour, dark + light * t), (cx, cy), rr)


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


def snap_radius(radius_px: float) -> float:
    """The radius a sprite is drawn at: half pixels when small, 3 % steps when large."""
    r = max(radius_px, MIN_VISIBLE_PX)
    if r <= SNAP_PX:
        return round(r * 2) / 2
    step = round(math.log(r) / math.log(LARGE_STEP))
    return round(LARGE_STEP**step, 2)


def _teeth(c: tuple[float, float], r: float, inner: float, count: int = 21) -> list:
    pts = []
    for i in range(count * 2):
        a = i * math.pi / count
        rr = r if i % 2 == 0 else r * inner
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    return pts


def _mark(
    img: pygame.Surface, kind: CapType, c: tuple[float, float], core: float, detail: bool
) -> None:
    """The type's mark in the middle of the cap: its material, and its shape when there is room."""
    r = core / CORE
    material = MATERIAL[kind]
    if kind is CapType.CROWN and detail:
        pygame.draw.polygon(img, _shade(material, 0.62), _teeth(c, core * 1.06, 0.86))
        _disc(img, c, core * 0.9, material, 0.3)
        pygame.draw.circle(img, _shade(material, 0.7), c, core * 0.62, max(1, round(r * 0.03)))
        return
    light = {CapType.GLIDE: 0.5, CapType.VIAL: 0.05}.get(kind, 0.3)
    _disc(img, c, core, material, light, 0.96 if kind is CapType.VIAL else 0.86)
    if not detail:
        return
    # each shape keeps out of the middle, where the owner's symbol goes on a large cap
    line = max(1, round(r * 0.04))
    box = pygame.Rect(0, 0, core * 1.56, core * 1.56)
    box.center = (round(c[0]), round(c[1]))
    if kind is CapType.WAX:  # a glossy meniscus
        pygame.draw.arc(img, _shade(material, 1.6), box, 1.7, 3.3, max(1, round(r * 0.07)))
    elif kind is CapType.LEAD:  # dents in soft metal
        for a in (0.6, 2.4, 4.3):
            at = (c[0] + core * 0.7 * math.cos(a), c[1] + core * 0.7 * math.sin(a))
            pygame.draw.circle(img, _shade(material, 0.7), at, core * 0.17)
            pygame.draw.circle(
                img, _shade(material, 1.25), (at[0] - 1, at[1] - 1), core * 0.17, line
            )
    elif kind is CapType.GLIDE:  # the nail's head, a steel washer
        pygame.draw.circle(img, (150, 152, 160), c, core * 0.62)
        pygame.draw.circle(img, (226, 228, 234), c, core * 0.62, line)
        pygame.draw.circle(img, material, c, core * 0.44)
    elif kind is CapType.VIAL:  # moulded ridges
        for f in (0.86, 0.62):
            pygame.draw.circle(img, (186, 188, 196), c, core * f, line)
    elif kind is CapType.GLASS:  # a hole through the neck, and a glint
        pygame.draw.circle(img, (16, 30, 20), c, core * 0.56)
        pygame.draw.arc(img, (200, 240, 210), box, 1.9, 3.0, max(1, round(r * 0.06)))


@lru_cache(maxsize=512)
def cap_sprite(kind: CapType, colour: Colour, sym: str, radius_px: float) -> pygame.Surface:
    """A cap seen from above, radius_px in screen pixels, with its shadow around it."""
    radius_px = max(radius_px, MIN_VISIBLE_PX)
    ss = SS if radius_px < 24 else 2
    r = radius_px * ss
    pad = r * 0.36 + 2 * ss
    size = math.ceil(2 * (r + pad))
    size += (-size) % ss  # a whole number of screen pixels
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    # a soft shadow, down and to the right of the light
    shadow = (c[0] + r * 0.1 + ss * 0.5, c[1] + r * 0.16 + ss * 0.5)
    for i in range(7):
        pygame.draw.circle(img, (0, 0, 0, 26), shadow, r * (1.16 - 0.035 * i) + ss * 0.5)
    detail = radius_px >= DETAIL_FROM_PX
    # the rim: dark, at least one screen pixel, just outside the ring so it takes none of the
    # owner's colour, and a cap never melts into the street or a chalk line
    rim = max(ss * 0.8, r * 0.06)
    pygame.draw.circle(img, RIM, c, r + rim)
    # the owner's ring, shaded; a crown's edge is crimped into teeth
    if kind is CapType.CROWN and radius_px >= 6:
        pygame.draw.polygon(img, _shade(colour, 0.62), _teeth(c, r, 0.92))
        _disc(img, c, r * 0.93, colour)
    else:
        _disc(img, c, r, colour)
    if detail:  # a light catching the ring's upper left
        box = pygame.Rect(0, 0, r * 1.72, r * 1.72)
        box.center = (round(c[0]), round(c[1]))
        pygame.draw.arc(img, _shade(colour, 1.5), box, 1.75, 3.0, max(1, round(r * 0.05)))
    # the boundary between ring and mark, then the mark
    core = r * (CORE if detail else SMALL_CORE)
    pygame.draw.circle(img, _shade(colour, 0.45), c, core + max(1, r * 0.04))
    _mark(img, kind, c, core, detail)
    if radius_px >= SYMBOL_FROM_PX:
        s = core * 0.5
        symbol(img, sym, c, s * 1.18, RIM)
        symbol(img, sym, c, s, colour)
    final = pygame.transform.smoothscale(img, (size // ss, size // ss))
    return final.convert_alpha() if pygame.display.get_surface() else final


@lru_cache(maxsize=1024)
def _turned(
    kind: CapType, colour: Colour, sym: str, radius_px: float, degrees: int
) -> pygame.Surface:
    return pygame.transform.rotate(cap_sprite(kind, colour, sym, radius_px), degrees)


def draw_cap(
    surface: pygame.Surface,
    kind: CapType,
    colour,
    sym: str,
    at: tuple[float, float],
    radius_px: float,
    angle: float = 0.0,
) -> None:
    r = snap_radius(radius_px)
    degrees = round(math.degrees(angle) / TURN_STEP) * TURN_STEP % 360
    if degrees and kind is CapType.CROWN and r >= 6:
        # a crown's teeth turn with its spin; the other kinds look the same at every turn
        sprite = _turned(kind, tuple(colour), sym, r, degrees)
    else:
        sprite = cap_sprite(kind, tuple(colour), sym, r)
    surface.blit(sprite, sprite.get_rect(center=(round(at[0]), round(at[1]))))
