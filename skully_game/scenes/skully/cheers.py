"""A big moment's short celebration at a cap: an elimination, a new killer, a cap into the
skull, the winning shot. A flash on the cap itself, a ring of light opening out from it and a
burst of chalk dust in the cap's colour, over in under a second so play never waits for it.

Drawing only, on the table's clock (`update(dt)`: tests pass time in), each burst's specks from
a generator seeded by its number, so a frame drawn twice is the same picture. The table turns
them off with the shot effects (Settings: Shot effects, the still table for players who want
less motion)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from skully_game.scenes.skully.effects import DUST, mix
from skully_game.shell import theme
from skully_game.shell.view import Camera

Vec = tuple[float, float]
Colour = tuple[int, int, int]

CHEER_S = 0.9  # s a celebration lasts
BIG_S = 1.3  # ... the winning shot's
FLASH_S = 0.2  # s the cap itself flashes white
SPECKS = 22  # dust specks of a celebration (a hit throws 5-17)
REACH_PX = 46  # px the dust flies (the winner's: half as far again)
RING_PX = 38  # px the ring of light opens out to, beyond the cap


@dataclass
class Cheer:
    at: Vec  # world
    radius: float  # m: the cap's
    colour: Colour
    big: bool
    seed: int
    age: float = 0.0

    @property
    def life(self) -> float:
        return BIG_S if self.big else CHEER_S


class Cheers:
    """The celebrations under way; `enabled` off makes none (reduced motion)."""

    def __init__(self) -> None:
        self.enabled = True
        self.live: list[Cheer] = []
        self._made = 0

    def cheer(self, at: Vec, radius: float, colour: Colour, big: bool = False) -> None:
        """A celebration at a cap at `at` (world) of `radius` metres, in `colour`."""
        if not self.enabled:
            return
        self._made += 1
        self.live.append(Cheer(at, radius, colour, big, self._made))

    def update(self, dt: float) -> None:
        for c in self.live:
            c.age += dt
        self.live = [c for c in self.live if c.age < c.life]

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        for c in self.live:
            _draw(surface, camera, c)


def _draw(surface: pygame.Surface, camera: Camera, c: Cheer) -> None:
    f = c.age / c.life
    x, y = camera.to_screen(c.at)
    r = max(camera.length(c.radius), 2.0)
    street = theme.ASPHALT
    grow = 1.5 if c.big else 1.0
    # the ring of light, opening fast and fading: the moment's size, in the cap's colour
    ease = 1 - (1 - f) ** 3
    ring = r + RING_PX * grow * ease
    pygame.draw.circle(surface, mix(c.colour, street, f), (x, y), ring, max(1, round(4 * (1 - f))))
    if c.big:
        pygame.draw.circle(surface, mix(theme.ACCENT, street, f), (x, y), ring * 0.62, 2)
    # chalk dust thrown all round, in the cap's colour and the chalk's
    rng = random.Random(c.seed * 104729 + 3)
    fade = f * f
    for n in range(SPECKS + (10 if c.big else 0)):
        a = rng.uniform(0, 2 * math.pi)
        far = r + REACH_PX * grow * rng.uniform(0.4, 1.0) * (1 - (1 - f) ** 2)
        size = rng.uniform(1.5, 3.2) * (1 - 0.5 * f)
        base = c.colour if n % 3 == 0 else DUST
        pygame.draw.circle(
            surface, mix(base, street, fade), (x + far * math.cos(a), y + far * math.sin(a)), size
        )
    # the flash on the cap itself: white over its own disc (never beyond it), fading
    if c.age < FLASH_S:
        glow = 1 - c.age / FLASH_S
        layer = pygame.Surface((math.ceil(2 * r) + 2, math.ceil(2 * r) + 2), pygame.SRCALPHA)
        centre = (layer.get_width() / 2, layer.get_height() / 2)
        pygame.draw.circle(layer, (255, 255, 245, round(200 * glow)), centre, r)
        surface.blit(layer, layer.get_rect(center=(round(x), round(y))))
