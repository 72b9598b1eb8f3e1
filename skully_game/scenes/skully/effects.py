"""What a shot looks like while it happens: a short fading tail behind each moving cap, a burst of
chalk dust at each cap-on-cap hit, a puff of dust where a cap crosses the out-of-town line, and a
brief glow of the box (or skull section) the shooter's cap comes to rest in, in its colour.

Drawing only. Everything during the shot is worked out from the shot being played (its sampled
trajectory, its contacts) and the shot's own clock, so it never changes a shot, it looks the same
at every pace (a faster pace just plays the shot's clock faster) and in a replay, and a paused
replay holds it still. Every "random" speck comes from a generator seeded by the hit's number, so
two draws of one frame are the same picture. The glow after the shot runs on the table's clock.
Nothing here makes a surface the size of the window: each frame draws a few dozen small shapes
(tails in colours mixed towards the street's rather than with alpha; dust on one small layer).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from skully_game.scenes.skully.judgement import touches
from skully_game.shell import theme
from skully_game.shell.view import Camera
from skully_game.skully.geometry import Board
from skully_game.skully.physics import ShotResult
from skully_game.skully.rules.areas import trapezoid_polygon

Vec = tuple[float, float]
Colour = tuple[int, int, int]

TAIL_S = 0.18  # s of the shot's clock a moving cap's tail reaches back
TAIL_STEPS = 9  # pieces of the tail: it tapers and fades piece by piece
MOVING = 0.004  # m: a cap that moved less than this over the tail's span is at rest: no tail
BURST_S = 0.45  # s a hit's dust flies
SPARK_S = 0.09  # s the hit's flash lasts
SPECKS = 12  # dust specks of a full-strength hit
HARD = 1.5  # m/s: a hit this hard (closing speed) throws the most dust (sound.HARD_HIT too)
PUFF_S = 0.7  # s a cap's crossing of the out-of-town line puffs
GLOW_S = 0.8  # s the box the shooter's cap came to rest in glows
MIN_REACH = 0.05  # m: the least a hit's dust flies
MIN_REACH_PX = 22  # px: ... and on screen (a far view draws caps larger than they are)
DUST = (226, 222, 210)  # chalk dust, a little darker than the chalk


def mix(a: Colour, b: Colour, f: float) -> Colour:
    """`a` with a fraction `f` (0..1) of `b`: a colour faded towards the street without alpha."""
    f = min(max(f, 0.0), 1.0)
    return (
        round(a[0] + (b[0] - a[0]) * f),
        round(a[1] + (b[1] - a[1]) * f),
        round(a[2] + (b[2] - a[2]) * f),
    )


@dataclass(frozen=True)
class Burst:
    """A hit's dust: where (world), when (the shot's clock), and how hard (0..1)."""

    at: Vec
    time: float
    strength: float
    seed: int


@dataclass(frozen=True)
class Glow:
    """A box or skull section lit up after a shot: its outline (world) and colour."""

    outline: tuple[Vec, ...]
    colour: Colour


def shooter(shot: ShotResult) -> int | None:
    """The physics cap that was flicked: the one that moved in the shot's first sample (a hit
    moves others only later), or None if nothing moved."""
    if len(shot.trajectory) < 2:
        return None
    first = shot.trajectory.frame(1)
    moved = [math.dist(first[k][:2], p) for k, p in enumerate(shot.start)]
    best = max(range(len(moved)), key=moved.__getitem__, default=None)
    return best if best is not None and moved[best] > 0 else None


def crossing(shot: ShotResult, k: int, out: Callable[[Vec], bool]) -> tuple[float, Vec] | None:
    """When and where cap k first crossed into `out` during the shot, if it did (it started in)."""
    if out(shot.start[k]) or not out(shot.rest[k]):
        return None
    frames = len(shot.trajectory)
    for n in range(1, frames):
        x, y, _ = shot.trajectory.frame(n)[k]
        if out((x, y)):
            return n * shot.trajectory.dt, (x, y)
    return shot.duration, shot.rest[k]


class ShotEffects:
    """The effects of the shot the table is playing (see the module's words); `enabled` off
    draws none of them (the shot, its sounds and its path are the same)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.enabled = True
        self.shot: ShotResult | None = None
        self.caps: list[int] = []  # table cap of each physics cap
        self.bursts: list[Burst] = []
        self.puffs: list[Burst] = []
        self.glow: Glow | None = None
        self.glow_age = GLOW_S

    def start(
        self, shot: ShotResult, caps: Sequence[int], radii: Sequence[float] | None = None
    ) -> None:
        """A shot begins: where its hits and out-of-town crossings will be (once per shot);
        each hit's spark at the point the two caps touch (`radii[k]` of physics cap k, m)."""
        self.shot = shot
        self.caps = list(caps)
        self.glow = None
        self.bursts = []
        sizes = list(radii) if radii is not None else [1.0] * len(shot.start)
        for n, t in enumerate(touches(shot, sizes)):
            strength = min(1.0, shot.contacts[n].speed / HARD)
            self.bursts.append(Burst(t.at, t.time, strength, n))
        board = self.board
        out = board.spec.out_of_town
        self.puffs = []
        for k in range(len(shot.start)):
            crossed = crossing(shot, k, lambda p: board.board_distance(p) >= out)
            if crossed is not None:
                self.puffs.append(Burst(crossed[1], crossed[0], 1.0, 1000 + k))

    def rested(
        self,
        shot: ShotResult,
        colour_of: Callable[[int], Colour],
        radius_of: Callable[[int], float],
    ) -> None:
        """The shot is over: the box or skull section the shooter's cap lies in glows in its
        colour (`colour_of` and `radius_of`, in metres, of a table cap)."""
        self.shot = None
        k = shooter(shot)
        if k is None:
            return
        place = self.board.locate(shot.rest[k], radius_of(self.caps[k]))
        outline: tuple[Vec, ...] | None = None
        if place.box is not None:
            x0, y0, x1, y1 = self.board.boxes[place.box]
            outline = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        elif place.in_skull and place.trapezoid is not None:
            outline = tuple(trapezoid_polygon(self.board, place.trapezoid))
        if outline is not None:
            self.glow = Glow(outline, colour_of(self.caps[k]))
            self.glow_age = 0.0

    def update(self, dt: float) -> None:
        if self.glow is not None:
            self.glow_age += dt
            if self.glow_age >= GLOW_S:
                self.glow = None

    # -- drawing ------------------------------------------------------------------------------

    def draw_under(
        self,
        surface: pygame.Surface,
        camera: Camera,
        t: float,
        colour_of: Callable[[int], Colour],
        radius_px: Callable[[int], float],
        hidden: set[int],
    ) -> None:
        """Under the caps: the glow of a box just reached, and the moving caps' tails."""
        if not self.enabled:
            return
        if self.glow is not None:
            self._draw_glow(surface, camera)
        shot = self.shot
        if shot is None:
            return
        street = theme.ASPHALT
        now = shot.trajectory.at(t)
        back = [
            shot.trajectory.at(max(0.0, t - TAIL_S * j / TAIL_STEPS))
            for j in range(1, 1 + TAIL_STEPS)
        ]
        for k, (x, y, _) in enumerate(now):
            i = self.caps[k]
            if i in hidden or math.dist((x, y), back[-1][k][:2]) < MOVING:
                continue
            colour = colour_of(i)
            half = radius_px(i) * 0.75  # the tail starts three quarters of the cap wide
            points = [camera.to_screen((x, y))] + [camera.to_screen(f[k][:2]) for f in back]
            for j in range(TAIL_STEPS):
                a, b = points[j], points[j + 1]
                length = math.dist(a, b)
                if length < 0.5:
                    continue
                nx, ny = (a[1] - b[1]) / length, (b[0] - a[0]) / length
                wa = half * (1 - 0.9 * j / TAIL_STEPS)  # tapering smoothly to a point
                wb = half * (1 - 0.9 * (j + 1) / TAIL_STEPS)
                quad = [
                    (a[0] + nx * wa, a[1] + ny * wa),
                    (b[0] + nx * wb, b[1] + ny * wb),
                    (b[0] - nx * wb, b[1] - ny * wb),
                    (a[0] - nx * wa, a[1] - ny * wa),
                ]
                fade = 0.3 + 0.65 * (j + 1) / TAIL_STEPS
                pygame.draw.polygon(surface, mix(colour, street, fade), quad)

    def draw_over(self, surface: pygame.Surface, camera: Camera, t: float) -> None:
        """Over the caps: the dust of the hits and of caps crossing the out-of-town line."""
        if not self.enabled or self.shot is None:
            return
        scale = max(camera.scale, 1.0)
        for burst in self.bursts:
            age = t - burst.time
            if 0 <= age < BURST_S:
                self._draw_burst(surface, camera.to_screen(burst.at), age, burst, scale)
        for puff in self.puffs:
            age = t - puff.time
            if 0 <= age < PUFF_S:
                self._draw_puff(surface, camera.to_screen(puff.at), age, puff, scale)

    def _draw_glow(self, surface: pygame.Surface, camera: Camera) -> None:
        glow = self.glow
        assert glow is not None
        f = self.glow_age / GLOW_S
        pts = [camera.to_screen(p) for p in glow.outline]
        # two pulses: bright, then fading, a line widening outward round the box
        pulse = 0.5 + 0.5 * math.cos(f * 4 * math.pi)
        width = max(2, round(3 + 5 * (1 - f) * pulse))
        # a wash of the colour over the box (a layer the box's size, not the window's)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        if 0 < box.w * box.h <= 4 * surface.get_width() * surface.get_height():
            box = box.clip(surface.get_clip() or surface.get_rect())
            if box.w > 0 and box.h > 0:
                wash = pygame.Surface(box.size, pygame.SRCALPHA)
                local = [(x - box.x, y - box.y) for x, y in pts]
                pygame.draw.polygon(
                    wash, (*glow.colour, round(70 * (1 - f) * (0.4 + 0.6 * pulse))), local
                )
                surface.blit(wash, box.topleft)
        pygame.draw.polygon(surface, mix(glow.colour, theme.ASPHALT, f * 0.8), pts, width)

    def _draw_burst(
        self,
        surface: pygame.Surface,
        at: tuple[float, float],
        age: float,
        burst: Burst,
        scale: float,
    ) -> None:
        """Chalk dust thrown from the hit, and a short flash at its first instant."""
        rng = random.Random(burst.seed * 7919 + 17)
        f = age / BURST_S
        # the dust flies 5-12 cm, and at least as far as a cap drawn at its smallest is wide
        reach = max(0.05 + 0.07 * burst.strength, MIN_REACH) * scale
        reach = max(reach, MIN_REACH_PX * (0.6 + 0.6 * burst.strength))
        street = theme.ASPHALT
        if age < SPARK_S:
            flash = 1 - age / SPARK_S
            r = reach * (0.25 + 0.35 * (1 - flash))
            pygame.draw.circle(surface, mix((255, 250, 230), street, 1 - flash), at, r, 2)
        count = 5 + round(SPECKS * burst.strength)
        ease = 1 - (1 - f) ** 2  # fast out, slowing
        fade = f * f  # bright while it flies, gone as it settles
        for _ in range(count):
            angle = rng.uniform(0, 2 * math.pi)
            far = reach * rng.uniform(0.35, 1.0) * ease
            size = rng.uniform(1.5, 3.0) * (1 - 0.4 * f)
            x, y = at[0] + far * math.cos(angle), at[1] + far * math.sin(angle)
            pygame.draw.circle(surface, mix(DUST, street, fade), (x, y), size)

    def _draw_puff(
        self,
        surface: pygame.Surface,
        at: tuple[float, float],
        age: float,
        puff: Burst,
        scale: float,
    ) -> None:
        """A small cloud of street dust, swelling and thinning."""
        rng = random.Random(puff.seed)
        f = age / PUFF_S
        size = max(6.0, 0.06 * scale)
        layer = pygame.Surface((round(size * 5), round(size * 5)), pygame.SRCALPHA)
        c = layer.get_width() / 2
        for _ in range(7):
            dx, dy = rng.uniform(-1, 1) * size, rng.uniform(-1, 1) * size
            r = size * rng.uniform(0.5, 0.9) * (0.6 + 1.2 * f)
            pygame.draw.circle(
                layer, (*DUST, round(90 * (1 - f))), (c + dx * (0.5 + f), c + dy * (0.5 + f)), r
            )
        surface.blit(layer, layer.get_rect(center=(round(at[0]), round(at[1]))))
