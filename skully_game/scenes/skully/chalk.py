"""The board as it looks in the street: chalk lines and numbers, slightly uneven, on asphalt.

The chalk is laid out once in world coordinates from a seeded RNG (so a board always looks the
same), then drawn for a camera into a cached layer that is redrawn only when the view changes.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from skully_game.scenes.skully.placer import Wish, place
from skully_game.shell import theme
from skully_game.shell.view import Camera
from skully_game.skully.geometry import Board, Trapezoid

Vec = tuple[float, float]
TILE = 256


@lru_cache(maxsize=4)
def asphalt_tile(seed: int = 7) -> pygame.Surface:
    """A seamless tile of asphalt: grey base, light and dark aggregate, faint stains."""
    rng = random.Random(seed)
    tile = pygame.Surface((TILE, TILE))
    tile.fill(theme.ASPHALT)
    for _ in range(5):
        stain = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        x, y, r = rng.randrange(TILE), rng.randrange(TILE), rng.randrange(30, 90)
        for dx in (-TILE, 0, TILE):
            for dy in (-TILE, 0, TILE):
                pygame.draw.circle(stain, (20, 20, 24, 28), (x + dx, y + dy), r)
        tile.blit(stain, (0, 0))
    for _ in range(9000):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        g = rng.random()
        if g < 0.45:
            c = 30 + rng.randrange(14)
            colour = (c, c, c + 2)
        elif g < 0.9:
            c = 58 + rng.randrange(22)
            colour = (c, c, c - 2)
        else:
            c = 92 + rng.randrange(40)
            colour = (c, c - 2, c - 6)
        size = 1 if rng.random() < 0.8 else 2
        tile.fill(colour, (x, y, size, size))
    return tile.convert() if pygame.display.get_surface() else tile


SLAB = 1.52  # m: a sidewalk flag's side (New York's are 5 ft)
SLAB_FROM = (-0.41, -0.63)  # m: where one seam crossing lies (the board is not lined up to them)
SEAM = (33, 33, 36)  # the joint between slabs: darker than the street
LIP = (57, 57, 61)  # ... and its worn lit edge
CRACKS = 14  # hairline cracks across the flags round the board (from a fixed seed)


@lru_cache(maxsize=2)
def cracks(seed: int = 2718) -> tuple[tuple[Vec, ...], ...]:
    """Hairline cracks in world coordinates: each a short jagged path from a seam into a flag,
    laid out once from a fixed seed so a board always looks the same."""
    rng = random.Random(seed)
    out: list[tuple[Vec, ...]] = []
    for _ in range(CRACKS):
        i, j = rng.randrange(-3, 5), rng.randrange(-3, 5)
        x = SLAB_FROM[0] + i * SLAB
        y = SLAB_FROM[1] + (j + rng.random()) * SLAB
        if rng.random() < 0.5:  # from a vertical seam, or a horizontal one
            x, y = SLAB_FROM[0] + (i + rng.random()) * SLAB, SLAB_FROM[1] + j * SLAB
            heading = math.pi / 2 * (1 if rng.random() < 0.5 else -1)
        else:
            heading = 0.0 if rng.random() < 0.5 else math.pi
        heading += rng.uniform(-0.6, 0.6)
        path = [(x, y)]
        for _ in range(rng.randrange(4, 9)):
            heading += rng.uniform(-0.7, 0.7)
            step = rng.uniform(0.05, 0.14)
            x, y = x + step * math.cos(heading), y + step * math.sin(heading)
            path.append((x, y))
        out.append(tuple(path))
    return tuple(out)


def draw_sidewalk(surface: pygame.Surface, camera: Camera, area: pygame.Rect) -> None:
    """The sidewalk under the chalk: the joints between its flags (a dark line with a worn lit
    edge) and a few hairline cracks. A few lines a frame: cheap enough for a moving camera (a
    shade per flag was tried: its fills cost more than the rest of the street)."""
    scale = camera.scale
    (x0, y0), (x1, y1) = camera.to_world(area.topleft), camera.to_world(area.bottomright)
    left, right = min(x0, x1), max(x0, x1)
    low, high = min(y0, y1), max(y0, y1)
    i0 = math.floor((left - SLAB_FROM[0]) / SLAB)
    i1 = math.floor((right - SLAB_FROM[0]) / SLAB)
    j0 = math.floor((low - SLAB_FROM[1]) / SLAB)
    j1 = math.floor((high - SLAB_FROM[1]) / SLAB)
    if (i1 - i0 + 1) * (j1 - j0 + 1) > 400:  # seams a pixel or two apart: no flags to see
        return
    previous = surface.get_clip()
    surface.set_clip(area)
    width = max(1, round(0.008 * scale))
    for i in range(i0, i1 + 2):
        x = round(camera.to_screen((SLAB_FROM[0] + i * SLAB, 0.0))[0])
        pygame.draw.line(surface, LIP, (x + width, area.top), (x + width, area.bottom), 1)
        pygame.draw.line(surface, SEAM, (x, area.top), (x, area.bottom), width)
    for j in range(j0, j1 + 2):
        y = round(camera.to_screen((0.0, SLAB_FROM[1] + j * SLAB))[1])
        pygame.draw.line(surface, LIP, (area.left, y + width), (area.right, y + width), 1)
        pygame.draw.line(surface, SEAM, (area.left, y), (area.right, y), width)
    if scale >= 60:  # hairlines only where a crack is more than a smudge
        for path in cracks():
            pts = [camera.to_screen(p) for p in path]
            pygame.draw.lines(surface, LIP, False, [(x + 1, y + 1) for x, y in pts], 1)
            pygame.draw.lines(surface, SEAM, False, pts, 1)
    surface.set_clip(previous)


def draw_asphalt(surface: pygame.Surface, camera: Camera, clip: pygame.Rect | None = None) -> None:
    """Tile the asphalt, anchored to the world so it moves with the board, and lay the
    sidewalk's flags, joints and cracks over it."""
    tile = asphalt_tile()
    area = clip or surface.get_rect()
    ox, oy = camera.to_screen((0.0, 0.0))
    x0 = area.x - ((area.x - int(ox)) % TILE)
    y0 = area.y - ((area.y - int(oy)) % TILE)
    previous = surface.get_clip()
    surface.set_clip(area)
    for x in range(x0, area.right, TILE):
        for y in range(y0, area.bottom, TILE):
            surface.blit(tile, (x, y))
    surface.set_clip(previous)
    draw_sidewalk(surface, camera, area)


@dataclass(frozen=True)
class Stroke:
    """One chalk line: an uneven band as a polygon in world coordinates."""

    outline: tuple[Vec, ...]
    colour: tuple[int, int, int]


MIN_MARK_PX = 16  # px: no box or skull number is drawn smaller, however far out the view


@dataclass(frozen=True)
class Marking:
    """A chalk number or word at a world position, sized in metres."""

    text: str
    at: Vec
    height: float
    angle: float = 0.0
    colour: tuple[int, int, int] = theme.CHALK


def _stroke(a: Vec, b: Vec, width: float, rng: random.Random, colour=theme.CHALK) -> Stroke:
    """A hand-drawn line from a to b: wobbling edges, slight overshoot, uneven coverage."""
    over = width * rng.uniform(0.0, 1.2)
    length = math.dist(a, b)
    if length == 0:
        return Stroke((), colour)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = -uy, ux
    start = (a[0] - ux * over, a[1] - uy * over)
    total = length + 2 * over
    pieces = max(4, int(total / 0.06))
    # a hand's line: a slow bow along the whole length and a slight waver on top of it
    drift = rng.uniform(-0.35, 0.35) * width
    waver = rng.uniform(0.08, 0.16) * width
    waves = rng.uniform(1.0, 2.5) * max(1.0, total / 0.6)
    phase = rng.uniform(0, 2 * math.pi)
    left: list[Vec] = []
    right: list[Vec] = []
    for i in range(pieces + 1):
        t = total * i / pieces
        bend = drift * math.sin(math.pi * i / pieces)
        bend += waver * math.sin(phase + 2 * math.pi * waves * i / pieces)
        wl = width / 2 * rng.uniform(0.75, 1.15)
        wr = width / 2 * rng.uniform(0.75, 1.15)
        cx, cy = start[0] + ux * t + nx * bend, start[1] + uy * t + ny * bend
        left.append((cx + nx * wl, cy + ny * wl))
        right.append((cx - nx * wr, cy - ny * wr))
    return Stroke(tuple(left + right[::-1]), colour)


def _rect_sides(r: tuple[float, float, float, float]) -> list[tuple[Vec, Vec]]:
    x0, y0, x1, y1 = r
    return [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]


def _key(seg: tuple[Vec, Vec]) -> tuple[tuple[float, float], ...]:
    return tuple(sorted((round(p[0], 6), round(p[1], 6)) for p in seg))


def layout(board: Board, seed: int = 1999) -> tuple[list[Stroke], list[Marking]]:
    """Every chalk stroke and marking of a board, in world coordinates."""
    rng = random.Random(seed)
    spec = board.spec
    w = spec.line_width
    segments: list[tuple[Vec, Vec]] = []
    seen: set[tuple[tuple[float, float], ...]] = set()
    for number in sorted(board.boxes):
        for seg in _rect_sides(board.boxes[number]):
            if _key(seg) not in seen:
                seen.add(_key(seg))
                segments.append(seg)
    segments += _rect_sides(board.skull)
    segments += list(board.diagonals)
    strokes = [_stroke(a, b, w, rng) for a, b in segments]
    strokes += [
        _stroke(a, b, w * 0.8, rng, theme.CHALK_DIM)
        for a, b in _rect_sides((0, 0, spec.board_side, spec.board_side))
    ]
    a, b = board.start_line
    strokes.append(_stroke(a, b, w, rng, theme.CHALK_YELLOW))
    strokes += _out_of_town(board, w, rng)

    marks: list[Marking] = []
    for number in range(1, 13):
        marks.append(Marking(str(number), board.box_centre(number), spec.box_side * 0.5))
    marks.append(Marking("13", board.box_centre(13), spec.thirteen_side * 0.5))
    for trap in Trapezoid:
        marks.append(
            Marking(
                str(spec.skull_numbers[trap]),
                board.trapezoid_centre(trap),
                spec.thirteen_side * 0.42,
                colour=theme.CHALK_RED,
            )
        )
    marks.append(start_mark(board, 0.5, spec.box_side * START_BACK))
    for at in layout_town(board):
        marks.append(Marking("OUT OF TOWN", at, TOWN_HEIGHT, 0.0, theme.CHALK_BLUE))
    return strokes, marks


def layout_town(board: Board) -> tuple[Vec, Vec]:
    """Where the two OUT OF TOWN words are first written: below and above the board."""
    s, d = board.spec.board_side, board.spec.out_of_town
    return ((s / 2, -d - TOWN_OUT), (s / 2, s + d + TOWN_OUT))


TOWN_HEIGHT = 0.16  # m: the OUT OF TOWN words' letters
TOWN_OUT = 0.2  # m: their middle beyond the out-of-town line
TOWN_ALONG = (0.0, -0.2, 0.2, -0.4, 0.4)  # ... moved along it (board sides) from under a killer


def town_clear_of(
    board: Board, at: Vec, discs: tuple[tuple[Vec, float], ...], height: float
) -> Vec:
    """Where an OUT OF TOWN word first laid out at `at`, `height` metres tall as drawn, goes so
    that no cap (a killer on the line) lies on it: along the line, else a row further out."""
    s = board.spec.board_side
    outward = 1.0 if at[1] > s / 2 else -1.0
    tall = height * 1.4
    wide = height * chalk_width("OUT OF TOWN", 100) / 100
    line = at[1] - outward * TOWN_OUT
    first = max(TOWN_OUT, tall * 0.7)
    wanted = [
        (s / 2 + k * s, line + outward * first * row) for row in (1.0, 2.0) for k in TOWN_ALONG
    ]
    return wanted[_clear_spot(wanted, (wide, tall), discs, height * 0.4)]


def _clear_spot(
    wanted: list[Vec], size: tuple[float, float], discs: list | tuple, gap: float
) -> int:
    """Which of the `wanted` middles (best first) a word of `size` goes to so that none of the
    discs lies on it: the placer's choice (where it is covered least, if all are)."""
    w, h = size
    spots = tuple((x - w / 2, y - h / 2) for x, y in wanted)
    caps = [(x - r, y - r, 2 * r, 2 * r) for (x, y), r in discs]
    box = place([Wish("word", size, spots, must=True)], caps, gap=gap)["word"]
    return spots.index(box[:2])


START_BACK = 0.3  # the START word's middle behind the start line, in box sides
START_HEIGHT = 0.16  # ... and its letters' height, in box sides
START_ALONG = (0.5, 0.38, 0.62, 0.26, 0.74, 0.15, 0.85)  # along the line, best first
START_ROWS = (1.0, 2.0)  # ... the first row behind the line, else one further back


def start_mark(board: Board, along: float, back: float) -> Marking:
    """The START word behind the start line, `along` its length, its middle `back` metres
    behind it."""
    (ax, ay), (bx, by) = board.start_line
    nx, ny = board.start_normal
    x, y = ax + (bx - ax) * along, ay + (by - ay) * along
    return Marking(
        "START",
        (x - nx * back, y - ny * back),
        board.spec.box_side * START_HEIGHT,
        -45.0,
        theme.CHALK_YELLOW,
    )


def start_clear_of(
    board: Board, discs: tuple[tuple[Vec, float], ...], height: float
) -> tuple[float, float]:
    """Where along the start line (a fraction of it) and how far behind it (metres) the START
    word, `height` metres tall as drawn, goes so that no cap lies on it (caps sit behind the line
    at the start): the placer's choice, worked out in the line's own frame (along it, and back
    from it), where the slanted word is a plain rectangle."""
    (ax, ay), (bx, by) = board.start_line
    length = math.dist((ax, ay), (bx, by))
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = board.start_normal
    tall = height * 1.4  # the letters and the chalk round them
    wide = height * chalk_width("START", 100) / 100
    first = max(board.spec.box_side * START_BACK, tall * 0.7)  # clear of the line
    caps = []  # in the line's frame: along it, and back from it
    for (x, y), r in discs:
        along = (x - ax) * ux + (y - ay) * uy
        back = -((x - ax) * nx + (y - ay) * ny)
        caps.append(((along, back), r))
    wanted = [(t, first * row) for row in START_ROWS for t in START_ALONG]
    middles = [(t * length, back) for t, back in wanted]
    return wanted[_clear_spot(middles, (wide, tall), caps, height * 0.4)]


def _out_of_town(board: Board, width: float, rng: random.Random) -> list[Stroke]:
    """The out-of-town line: dashes a board-width from every edge, round at the corners."""
    s, d = board.spec.board_side, board.spec.out_of_town
    path: list[Vec] = []
    corners = ((s, s, 0.0), (0.0, s, 90.0), (0.0, 0.0, 180.0), (s, 0.0, 270.0))
    for cx, cy, start in corners:
        for i in range(10):
            ang = math.radians(start + 9 * i)
            path.append((cx + d * math.cos(ang), cy + d * math.sin(ang)))
    path.append(path[0])
    dashes: list[Stroke] = []
    dash, gap = 0.25, 0.18
    for p, q in itertools.pairwise(path):
        length = math.dist(p, q)
        t = 0.0
        while t < length:
            e = min(length, t + dash)
            a = (p[0] + (q[0] - p[0]) * t / length, p[1] + (q[1] - p[1]) * t / length)
            b = (p[0] + (q[0] - p[0]) * e / length, p[1] + (q[1] - p[1]) * e / length)
            dashes.append(_stroke(a, b, width * 1.5, rng, theme.CHALK_BLUE))
            t = e + gap
    return dashes


def chalk_width(message: str, height_px: int) -> int:
    """How wide `chalk_text` draws `message` at `height_px`, without drawing it (at least as
    wide as it is tall: one digit's box)."""
    return max(height_px, font_for(height_px).size(message)[0])


def font_for(height_px: int) -> pygame.font.Font:
    """The chalk's font for letters `height_px` tall."""
    return theme.font(max(8, int(height_px * 1.35)), bold=True)


@lru_cache(maxsize=256)
def chalk_text(
    message: str, height_px: int, colour: tuple[int, int, int], angle: float = 0.0
) -> pygame.Surface:
    """Text that looks chalked: rendered, then speckled with holes where the asphalt shows."""
    font = font_for(height_px)
    img = (
        font.render(message, True, colour).convert_alpha()
        if pygame.display.get_surface()
        else font.render(message, True, colour)
    )
    w, h = img.get_size()
    holes = hole_tile(6 if height_px >= 24 else 16)  # small text keeps more of its chalk
    # the speckle starts at a place of its own for each word, so no two words look stamped
    at = random.Random(hash((message, height_px)) & 0xFFFF)
    ox, oy = at.randrange(GRAIN), at.randrange(GRAIN)
    for x in range(-ox, w, GRAIN):
        for y in range(-oy, h, GRAIN):
            img.blit(holes, (x, y), special_flags=pygame.BLEND_RGBA_MULT)
    if angle:
        img = pygame.transform.rotate(img, angle)
    return img


@lru_cache(maxsize=4)
def hole_tile(every: int) -> pygame.Surface:
    """A tile of alpha to multiply chalked words by: about one pixel in `every` a hole where the
    asphalt shows. Made once, so a word is speckled by a few blits, not a Python loop a pixel
    (that loop cost a frame ~7 ms for each new size of a word while the view zoomed)."""
    rng = random.Random(every)
    tile = pygame.Surface((GRAIN, GRAIN), pygame.SRCALPHA)
    tile.fill((255, 255, 255, 255))
    for _ in range(GRAIN * GRAIN // every):
        tile.set_at((rng.randrange(GRAIN), rng.randrange(GRAIN)), (255, 255, 255, 0))
    return tile


@lru_cache(maxsize=2)
def grain_tile(seed: int = 11) -> pygame.Surface:
    """Chalk grain: a tile of alpha to multiply chalk by, with specks where the asphalt shows."""
    rng = random.Random(seed)
    tile = pygame.Surface((GRAIN, GRAIN), pygame.SRCALPHA)
    tile.fill((255, 255, 255, 235))
    for _ in range(GRAIN * GRAIN // 5):
        a = 0 if rng.random() < 0.35 else rng.randrange(120, 220)
        tile.fill((255, 255, 255, a), (rng.randrange(GRAIN), rng.randrange(GRAIN), 1, 1))
    return tile


GRAIN = 128
DUST_BLUR = 5  # the chalk's dust: its lines blurred to a fifth of the size and back
DUST_ALPHA = 110  # ... and this faint (of 255)


def chalk_dust(chalk: pygame.Surface) -> pygame.Surface:
    """A faint haze of chalk dust round the lines and numbers: the chalk layer blurred (scaled
    down and back up, smoothly) and thinned. Made with the still picture only, once a view."""
    w, h = chalk.get_size()
    # halved first by dropping pixels (cheap; the lines are wider than two), then averaged
    half = pygame.transform.scale(chalk, (max(1, w // 2), max(1, h // 2)))
    small = pygame.transform.smoothscale(half, (max(1, w // DUST_BLUR), max(1, h // DUST_BLUR)))
    small.fill((255, 255, 255, DUST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
    return pygame.transform.smoothscale(small, (w, h))


class BoardPainter:
    """Draws a board for a camera.

    While the camera is still, the whole picture (asphalt, grainy chalk, numbers) is cached and
    blitted in one go; while it moves, the chalk is drawn straight onto the frame without grain,
    which is cheap enough for every frame.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.strokes, self.marks = layout(board)
        self._layers: dict[object, pygame.Surface] = {}  # a few recent still views
        self._clear_of: object = None  # the caps the words were placed round, and the scale

    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        clear_of: tuple[tuple[Vec, float], ...] | None = None,
    ) -> None:
        """The board for the camera; with `clear_of` (the caps at rest: centre and radius),
        the START word moved along the start line from under any of them."""
        if clear_of is not None and (clear_of, round(camera.scale)) != self._clear_of:
            self._clear_of = (clear_of, round(camera.scale))
            self._keep_words_clear(clear_of, camera.scale)
        vp = camera.viewport
        if not camera.settled:
            draw_asphalt(surface, camera, vp)
            self._chalk(surface, camera, vp.topleft, moving=True)
            return
        key = camera.key()
        layer = self._layers.pop(key, None)
        if layer is None:
            layer = self._render(camera)
        self._layers[key] = layer  # most recent last
        while len(self._layers) > 4:
            self._layers.pop(next(iter(self._layers)))
        surface.blit(layer, vp.topleft)

    def _keep_words_clear(self, discs: tuple[tuple[Vec, float], ...], scale: float) -> None:
        """START moved along its line (or back from it), and OUT OF TOWN along its line, from
        under the caps, at the size they are drawn at this scale."""

        def drawn(height: float) -> float:  # never under MIN_MARK_PX on screen
            return max(height, MIN_MARK_PX / scale)

        board = self.board
        homes = layout_town(board)
        moved = list(self.marks)
        towns = 0
        for k, mark in enumerate(self.marks):
            if mark.text == "START":
                spot = start_clear_of(board, discs, drawn(mark.height))
                moved[k] = start_mark(board, *spot)
            elif mark.text == "OUT OF TOWN":
                at = town_clear_of(board, homes[towns], discs, drawn(mark.height))
                moved[k] = Marking(mark.text, at, mark.height, mark.angle, mark.colour)
                towns += 1
        if moved != self.marks:
            self.marks = moved
            self._layers.clear()  # the still pictures show them where they were

    def _render(self, camera: Camera) -> pygame.Surface:
        vp = camera.viewport
        picture = pygame.Surface(vp.size)
        shifted = Camera(picture.get_rect(), camera.home)
        shifted.centre, shifted.scale, shifted.insets = camera.centre, camera.scale, camera.insets
        draw_asphalt(picture, shifted)
        chalk = pygame.Surface(vp.size, pygame.SRCALPHA)
        self._chalk(chalk, camera, vp.topleft, moving=False)
        grain = grain_tile()
        for x in range(0, vp.w, GRAIN):
            for y in range(0, vp.h, GRAIN):
                chalk.blit(grain, (x, y), special_flags=pygame.BLEND_RGBA_MULT)
        picture.blit(chalk_dust(chalk), (0, 0))  # the powder rubbed off round every line
        picture.blit(chalk, (0, 0))
        return picture

    def _chalk(
        self, target: pygame.Surface, camera: Camera, origin: tuple[int, int], moving: bool
    ) -> None:
        ox, oy = origin
        cx, cy = camera.middle
        wx, wy = camera.centre
        scale = camera.scale
        bounds = (
            camera.viewport.move(-ox, -oy).inflate(40, 40)
            if not moving
            else camera.viewport.inflate(40, 40)
        )
        dx = cx - wx * scale - (0 if moving else ox)
        dy = cy + wy * scale - (0 if moving else oy)
        for stroke in self.strokes:
            pts = [(dx + x * scale, dy - y * scale) for x, y in stroke.outline]
            if len(pts) < 3:
                continue
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            if (
                max(xs) < bounds.left
                or min(xs) > bounds.right
                or max(ys) < bounds.top
                or min(ys) > bounds.bottom
            ):
                continue
            pygame.draw.polygon(target, stroke.colour, pts)
        for mark in self.marks:
            height = round(mark.height * scale)
            if moving:
                height -= height % 4  # fewer distinct sizes while zooming: the text cache holds
            height = max(height, MIN_MARK_PX)  # the whole board in a small window: still legible
            img = chalk_text(mark.text, height, mark.colour, mark.angle)
            x, y = dx + mark.at[0] * scale, dy - mark.at[1] * scale
            target.blit(img, img.get_rect(center=(round(x), round(y))))
