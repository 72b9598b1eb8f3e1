"""Caps drawn so whose cap it is and what kind it is read at any zoom, 7 px across or 60.

Every cap is built the same way, from the outside in: a soft drop shadow on the street, a dark
rim that holds it apart from the asphalt and the chalk, the edge in the owner's colour (a bottle
cap's crimped skirt, each crimp lit on its side, or a lid's knurls), the liner disc inside it in
the owner's colour too (the widest part, the first thing to read), a sheen and a glint from the
upper left, and in the middle the type's mark: its material's colour, which
alone tells the six kinds apart at the smallest size (steel crown, crimson wax, blue-grey lead,
black glide, white vial lid, green glass), and, as the cap grows, its shape — a crown's teeth, the
wax's gloss, the lead's dents, the glide's nail, the lid's ridges, the glass's hole. From 12 px of
radius the owner's symbol sits in the middle too (colour-blind players, and nobody depends on hue
alone). A cap is drawn at its true size, rim and all (`body_radius`): the dark rim is part of the
cap, so two caps apart on the board are apart on the screen. Below BOLD_BELOW_PX the drawing is
tuned to read small rather than shrunk: a bottle cap gets 12 deep crimps lit hard and a toothed
outline, and every cap a wide dark groove round a lighter liner. A cap is never drawn larger for
it: the outline's crests are the cap's edge.

Sprites are drawn supersampled and smooth-scaled down (cheap anti-aliasing) and cached per (type,
colour, symbol, radius); radii are snapped to half pixels when small and to 3 % steps when large,
so a camera easing through zooms reuses a handful of sprites rather than drawing new ones every
frame. A crimped or knurled cap's turn is cached too, in 4-degree steps; its shadow and shine are
layers of their own, so they stay put while the cap spins.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from skully_game.skully.caps import CapType

Colour = tuple[int, int, int]

SS = 4  # supersampling factor for small sprites (2 for large ones: plenty, and 4x cheaper)
MIN_VISIBLE_PX = 1.5  # px: the least body radius a sprite is made at (a dot with a rim)
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
    lean: float = 0.22,
) -> None:
    """A shaded disc: darker at the rim, lighter towards a highlight up and to the left; most of
    it near the colour itself, so a shaded orange still reads orange and not vermilion."""
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1 - 0.8 * t)
        cx = centre[0] - r * lean * t
        cy = centre[1] - r * lean * t
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
    """The radius a sprite is drawn at: half pixels when small, 3 % steps when large, never
    above `radius_px` (a cap is never drawn larger than it is)."""
    r = max(radius_px, MIN_VISIBLE_PX)
    if r <= SNAP_PX:
        return max(MIN_VISIBLE_PX, math.floor(r * 2 + 1e-6) / 2)
    step = math.floor(math.log(r) / math.log(LARGE_STEP) + 1e-9)
    return max(SNAP_PX, round(LARGE_STEP**step, 2))


def rim_px(body_px: float) -> float:
    """How far the dark rim reaches beyond a sprite's body radius, in screen pixels (as
    `_body` draws it): the cap's outer edge is the body plus this."""
    bold = DETAIL_FROM_PX <= body_px < BOLD_BELOW_PX
    return max(1.3 if bold else 0.8, body_px * 0.06)


def body_radius(true_px: float) -> float:
    """The body radius whose sprite, rim and all, ends at `true_px`: the cap's true edge. The
    rim is part of the cap, not a border round it, so a cap drawn beside another never reaches
    nearer it than the physics has it (a play-test saw a near miss drawn as a hit)."""
    for body in (true_px - 0.8, true_px - 1.3, true_px / 1.06):
        if body > 0 and abs(body + rim_px(body) - true_px) < 1e-6:
            return snap_radius(body)
    # between the regimes (a step in the rim's width): the largest body that stays inside
    body = true_px - 1.3
    while body > MIN_VISIBLE_PX and body + rim_px(body) > true_px:
        body -= 0.05
    return snap_radius(max(body, MIN_VISIBLE_PX))


def drawn_edge(true_px: float) -> float:
    """Where the cap drawn for a true radius of `true_px` ends (its rim's outer edge), px."""
    body = body_radius(true_px)
    return body + rim_px(body)


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


CRIMPED = frozenset({CapType.CROWN, CapType.WAX, CapType.LEAD})  # bottle caps: a crimped skirt
FLUTES = 21  # a crown cap's crimps
# px: below this radius (the table's scale: a crown cap is drawn 12 px) the drawing is tuned to
# read small: fewer, deeper crimps, each lit or shaded hard, a toothed dark outline, a wider
# dark groove round a lighter liner, so the crimp and the liner show at 24 px across
BOLD_BELOW_PX = 18.0
BOLD_FLUTES = 12  # a small bottle cap's crimps: about 6 px apart at 12 px of radius
BOLD_LINER = 0.7  # a small bottle cap's liner: inside its deeper crimps, round a smaller mark
LINER = 0.87  # the liner disc (the owner's colour, inside the skirt): this fraction of the radius
LIGHT = math.radians(-135)  # the light comes from the upper left (screen y down)


def _lit(angle: float) -> float:
    """How much a surface facing `angle` (screen radians) catches the light: 0..1."""
    return 0.5 + 0.5 * math.cos(angle - LIGHT)


def _bold_skirt(img: pygame.Surface, c: tuple[float, float], r: float, colour) -> None:
    """A small bottle cap's crimped skirt: BOLD_FLUTES crimps, each a tooth whose two faces
    are lit and shaded hard (bright towards the light, near black away), so the ridges read as
    ridges at 24 px across where 21 soft ones blurred into a band."""
    inner = r * BOLD_LINER
    for i in range(BOLD_FLUTES):
        a0 = 2 * math.pi * i / BOLD_FLUTES
        a1 = 2 * math.pi * (i + 1) / BOLD_FLUTES
        mid = (a0 + a1) / 2
        valley = r * 0.86
        at = [
            (c[0] + inner * math.cos(a0), c[1] + inner * math.sin(a0)),
            (c[0] + valley * math.cos(a0), c[1] + valley * math.sin(a0)),
            (c[0] + r * math.cos(mid), c[1] + r * math.sin(mid)),
            (c[0] + valley * math.cos(a1), c[1] + valley * math.sin(a1)),
            (c[0] + inner * math.cos(a1), c[1] + inner * math.sin(a1)),
        ]
        centre = (c[0] + inner * math.cos(mid), c[1] + inner * math.sin(mid))
        # each face lit by the way it turns: the face before the crest, then the one after
        for face, a in (([at[0], at[1], at[2], centre], a0), ([centre, at[2], at[3], at[4]], a1)):
            lit = _lit((a + mid) / 2 + (math.pi / 2 if a == a0 else -math.pi / 2) * 0.35)
            pygame.draw.polygon(img, _shade(colour, 0.62 + 0.6 * lit), face)


def _toothed(c: tuple[float, float], r: float, depth: float, count: int) -> list:
    """A crimped cap's outline: `count` teeth out to `r`, their valleys `depth` of r in."""
    pts = []
    for i in range(count * 2):
        a = i * math.pi / count + math.pi / count  # crests between the flutes' valleys
        rr = r if i % 2 == 0 else r * (1 - depth)
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    return pts


def _skirt(img: pygame.Surface, kind: CapType, c: tuple[float, float], r: float, colour) -> None:
    """The cap's edge in the owner's colour: a bottle cap's crimps, each lit by its side (the
    ones facing the light bright, the far ones dark), a lid's fine knurls, or a plain shaded
    ring (glide, glass)."""
    if kind in CRIMPED:
        inner = r * 0.8
        for i in range(FLUTES):
            a0 = 2 * math.pi * i / FLUTES
            a1 = 2 * math.pi * (i + 1) / FLUTES
            mid = (a0 + a1) / 2
            tip = r * 1.0
            flute = [
                (c[0] + inner * math.cos(a0), c[1] + inner * math.sin(a0)),
                (c[0] + r * 0.93 * math.cos(a0), c[1] + r * 0.93 * math.sin(a0)),
                (c[0] + tip * math.cos(mid), c[1] + tip * math.sin(mid)),
                (c[0] + r * 0.93 * math.cos(a1), c[1] + r * 0.93 * math.sin(a1)),
                (c[0] + inner * math.cos(a1), c[1] + inner * math.sin(a1)),
            ]
            # the crimp's two faces: one turned to the light, one away (a ridge, not a band)
            lit = _lit(mid)
            half = [
                flute[0],
                flute[1],
                flute[2],
                (c[0] + inner * math.cos(mid), c[1] + inner * math.sin(mid)),
            ]
            pygame.draw.polygon(img, _shade(colour, 0.62 + 0.5 * lit), flute)
            pygame.draw.polygon(img, _shade(colour, 0.5 + 0.35 * lit), half)
        return
    _disc(img, c, r, colour, 0.3, 0.8)
    if kind is CapType.VIAL:  # a moulded lid's knurled edge
        line = max(1, round(r * 0.025))
        for i in range(40):
            a = 2 * math.pi * i / 40
            pygame.draw.line(
                img,
                _shade(colour, 0.55 + 0.2 * _lit(a)),
                (c[0] + r * 0.86 * math.cos(a), c[1] + r * 0.86 * math.sin(a)),
                (c[0] + r * 0.99 * math.cos(a), c[1] + r * 0.99 * math.sin(a)),
                line,
            )


def _canvas(radius_px: float) -> tuple[pygame.Surface, int, float]:
    """A clear supersampled canvas for one cap's layer: the surface, its factor, the radius."""
    ss = SS if radius_px < 24 else 2
    r = radius_px * ss
    pad = r * 0.36 + 2 * ss
    size = math.ceil(2 * (r + pad))
    size += (-size) % ss  # a whole number of screen pixels
    return pygame.Surface((size, size), pygame.SRCALPHA), ss, r


def _finish(img: pygame.Surface, ss: int) -> pygame.Surface:
    size = img.get_width()
    final = pygame.transform.smoothscale(img, (size // ss, size // ss))
    return final.convert_alpha() if pygame.display.get_surface() else final


@lru_cache(maxsize=128)
def _shadow(radius_px: float) -> pygame.Surface:
    """A soft drop shadow, down and to the right of the light: dense under the cap, fading out.
    Its own layer, so a spinning cap's shadow stays put."""
    img, ss, r = _canvas(radius_px)
    c = (img.get_width() / 2, img.get_height() / 2)
    shadow = (c[0] + r * 0.12 + ss * 0.5, c[1] + r * 0.18 + ss * 0.5)
    for i in range(9):
        pygame.draw.circle(img, (0, 0, 0, 22), shadow, r * (1.2 - 0.03 * i) + ss * 0.5)
    return _finish(img, ss)


@lru_cache(maxsize=128)
def _shine(radius_px: float) -> pygame.Surface:
    """The light on a cap: a sheen across the liner's upper left and a glint on the skirt where
    it turns to the light. Its own layer, so it stays on the lit side while the cap spins."""
    img, ss, r = _canvas(radius_px)
    c = (img.get_width() / 2, img.get_height() / 2)
    box = pygame.Rect(0, 0, r * 1.5, r * 1.5)
    box.center = (round(c[0]), round(c[1]))
    pygame.draw.arc(img, (255, 255, 255, 95), box, 1.85, 2.9, max(1, round(r * 0.045)))
    glint = (c[0] - r * 0.64, c[1] - r * 0.64)
    pygame.draw.circle(img, (255, 255, 255, 150), glint, max(ss * 0.6, r * 0.07))
    return _finish(img, ss)


@lru_cache(maxsize=512)
def _body(kind: CapType, colour: Colour, sym: str, radius_px: float) -> pygame.Surface:
    """The cap itself, without its shadow and shine: the dark rim, a bottle cap's crimped skirt
    (or a lid's knurls) in the owner's colour, the liner disc inside it in that colour too, lit
    from the upper left, and the type's mark in the middle."""
    img, ss, r = _canvas(radius_px)
    c = (img.get_width() / 2, img.get_height() / 2)
    detail = radius_px >= DETAIL_FROM_PX
    bold = detail and radius_px < BOLD_BELOW_PX
    # the rim: dark, at least one screen pixel (more on a small cap), just outside the skirt so
    # it takes none of the owner's colour, and a cap never melts into the street or a chalk line
    rim = max(ss * (1.3 if bold else 0.8), r * 0.06)
    if bold and kind in CRIMPED:  # the outline itself toothed: a bottle cap by its shape
        pygame.draw.polygon(img, RIM, _toothed(c, r + rim, 0.14, BOLD_FLUTES))
        pygame.draw.circle(img, RIM, c, r * 0.86 + rim)
        _bold_skirt(img, c, r, colour)
    else:
        pygame.draw.circle(img, RIM, c, r + rim)
        if detail:
            _skirt(img, kind, c, r, colour)
    if bold:
        # a wide dark groove (a screen pixel at least) round a liner a shade lighter than the
        # skirt: the step from edge to top reads at the table's scale
        liner = r * BOLD_LINER if kind in CRIMPED else r * LINER
        pygame.draw.circle(img, _shade(colour, 0.3), c, liner + max(ss * 1.0, r * 0.05))
        _disc(img, c, liner, _shade(colour, 1.12), 0.22, 0.97, lean=0.45)
    elif detail:
        # the groove where the skirt meets the top, then the liner disc
        pygame.draw.circle(img, _shade(colour, 0.42), c, r * (LINER + 0.025))
        _disc(img, c, r * LINER, colour, 0.28, 0.97, lean=0.45)
    elif kind is CapType.CROWN and radius_px >= 6:
        pygame.draw.polygon(img, _shade(colour, 0.62), _teeth(c, r, 0.92))
        _disc(img, c, r * 0.93, colour)
    else:
        _disc(img, c, r, colour)
    # the boundary between liner and mark, then the mark (smaller on a small bottle cap: its
    # liner ring keeps room to show the owner's colour inside the crimps)
    core = r * (CORE if detail and not (bold and kind in CRIMPED) else SMALL_CORE)
    pygame.draw.circle(img, _shade(colour, 0.45), c, core + max(1, r * 0.04))
    _mark(img, kind, c, core, detail)
    if radius_px >= SYMBOL_FROM_PX:
        s = core * 0.5
        symbol(img, sym, c, s * 1.18, RIM)
        symbol(img, sym, c, s, colour)
    return _finish(img, ss)


@lru_cache(maxsize=512)
def cap_sprite(kind: CapType, colour: Colour, sym: str, radius_px: float) -> pygame.Surface:
    """A cap seen from above, radius_px in screen pixels, with its shadow round it and the light
    on it (one sprite: a cap at rest is one blit)."""
    radius_px = max(radius_px, MIN_VISIBLE_PX)
    out = _shadow(radius_px).copy()
    out.blit(_body(kind, colour, sym, radius_px), (0, 0))
    if radius_px >= DETAIL_FROM_PX:
        out.blit(_shine(radius_px), (0, 0))
    return out


@lru_cache(maxsize=1024)
def _turned(
    kind: CapType, colour: Colour, sym: str, radius_px: float, degrees: int
) -> pygame.Surface:
    # the world's turn is counter-clockwise with y up: on the screen (y down) it is clockwise
    return pygame.transform.rotate(_body(kind, colour, sym, radius_px), -degrees)


def draw_shadow(surface: pygame.Surface, at: tuple[float, float], radius_px: float) -> None:
    """A cap's shadow alone: the table lays every shadow first, so none lies on another cap."""
    layer = _shadow(body_radius(radius_px))
    surface.blit(layer, layer.get_rect(center=(round(at[0]), round(at[1]))))


def draw_cap(
    surface: pygame.Surface,
    kind: CapType,
    colour,
    sym: str,
    at: tuple[float, float],
    radius_px: float,
    angle: float = 0.0,
    shadow: bool = True,
    spinning: bool = False,
) -> None:
    """A cap whose outer edge (its dark rim) is `radius_px` from `at`: its true size, never
    more, turned by `angle` (its body's turn, radians). `shadow` off: the shadow was laid
    already (`draw_shadow`). `spinning`: a cap in motion too small for its edge to show the
    turn gets a tick that turns with it."""
    r = body_radius(radius_px)
    centre = (round(at[0]), round(at[1]))
    degrees = round(math.degrees(angle) / TURN_STEP) * TURN_STEP % 360
    turns = degrees and kind in CRIMPED | {CapType.VIAL} and r >= 6
    if shadow and not turns:
        sprite = cap_sprite(kind, tuple(colour), sym, r)  # one blit: a cap at rest
        surface.blit(sprite, sprite.get_rect(center=centre))
    else:
        # a crimped or knurled edge turns with its spin; the other kinds look the same at every
        # turn (the shadow and the light stay where they are: only the cap turns)
        body = (_turned if turns else _body)(
            kind, tuple(colour), sym, r, *((degrees,) if turns else ())
        )
        layers = [_shadow(r)] if shadow else []
        layers.append(body)
        if r >= DETAIL_FROM_PX:
            layers.append(_shine(r))
        for layer in layers:
            surface.blit(layer, layer.get_rect(center=centre))
    if spinning and r < 6:
        _spin_tick(surface, centre, r, angle)


def _spin_tick(surface: pygame.Surface, centre: tuple[int, int], r: float, angle: float) -> None:
    """A cap too small for its crimps to show its turn: a short light tick from the middle
    towards the edge, turned with the cap, so a spinning cap is seen spinning at any size."""
    a = -angle  # screen y points down: the body's turn is drawn the other way
    tip = (centre[0] + r * 0.8 * math.cos(a), centre[1] + r * 0.8 * math.sin(a))
    pygame.draw.line(surface, (240, 240, 236), centre, tip, 1)
