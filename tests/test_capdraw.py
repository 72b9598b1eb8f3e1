"""Caps read at any zoom: whose cap (the ring's colour) and what kind (the mark's material) can
be told from the drawn pixels alone, 7 px across and 60 px across; drawing them costs no new
sprite from one frame to the next."""

from __future__ import annotations

import math
import statistics

import pygame
import pytest

from skully_game.scenes.skully import capdraw
from skully_game.scenes.skully.capdraw import (
    CORE,
    MATERIAL,
    MIN_VISIBLE_PX,
    SMALL_CORE,
    cap_sprite,
    draw_cap,
    snap_radius,
)
from skully_game.shell import theme
from skully_game.skully.caps import CapType

OWNERS = [colour for _, colour in theme.PLAYER_COLOURS]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def nearest(colour, palette) -> int:
    return min(range(len(palette)), key=lambda i: math.dist(colour, palette[i]))


def sample(sprite: pygame.Surface, radii: tuple[float, ...], angles: int = 24) -> tuple:
    """The median colour of the sprite's pixels on circles round its centre."""
    cx, cy = sprite.get_width() / 2, sprite.get_height() / 2
    pixels = []
    for radius in radii:
        for k in range(angles):
            a = 2 * math.pi * k / angles
            x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
            pixels.append(sprite.get_at((int(x), int(y))))
    return tuple(statistics.median(p[i] for p in pixels) for i in range(3))


def core_colour(sprite: pygame.Surface, core: float) -> tuple:
    """The median colour of the middle of the cap: the type's mark (and any symbol on it)."""
    cx, cy = sprite.get_width() / 2, sprite.get_height() / 2
    reach = max(0.5, core * 0.92)
    pixels = [
        sprite.get_at((x, y))
        for x in range(sprite.get_width())
        for y in range(sprite.get_height())
        if math.dist((x + 0.5, y + 0.5), (cx, cy)) <= reach
    ]
    return tuple(statistics.median(p[i] for p in pixels) for i in range(3))


def drawn(kind: CapType, owner: int, across_px: float) -> tuple[pygame.Surface, float]:
    """The cap drawn on the street, as the table draws it, and the radius it was drawn at."""
    r = snap_radius(across_px / 2)
    sprite = cap_sprite(kind, OWNERS[owner], theme.PLAYER_SYMBOLS[owner], r)
    street = pygame.Surface(sprite.get_size())
    street.fill(theme.ASPHALT)
    street.blit(sprite, (0, 0))
    return street, r


@pytest.mark.parametrize("across_px", [7, 10, 14, 20, 24, 32, 48, 60, 90])
def test_owner_and_kind_read_from_the_pixels(across_px):
    materials = [MATERIAL[k] for k in CapType]
    for kind in CapType:
        for owner in range(len(OWNERS)):
            street, r = drawn(kind, owner, across_px)
            core = r * (SMALL_CORE if r < capdraw.DETAIL_FROM_PX else CORE)
            owners = (core + r) / 2 + 0.3  # the owner's colour: the ring round the mark
            if kind in capdraw.CRIMPED and capdraw.DETAIL_FROM_PX <= r < capdraw.BOLD_BELOW_PX:
                # a small bottle cap: its liner, inside the bold crimps, round a smaller mark
                core = r * SMALL_CORE
                owners = (core + r * capdraw.BOLD_LINER) / 2
            ring = sample(street, (owners,))
            assert nearest(ring, OWNERS) == owner, (kind, owner, ring)
            mark = core_colour(street, core)
            assert nearest(mark, materials) == list(CapType).index(kind), (kind, owner, mark)


def test_a_cap_at_7_px_is_drawn_at_a_size_that_can_be_seen_and_grabbed():
    sprite = cap_sprite(CapType.CROWN, OWNERS[0], "circle", snap_radius(3.5))
    opaque = pygame.mask.from_surface(sprite, 200).get_bounding_rects()[0]
    assert opaque.w >= 2 * MIN_VISIBLE_PX  # the cap, its rim and a shadow round it
    assert sprite.get_width() > opaque.w  # the soft shadow shows past the rim


def test_a_cap_is_shaded_lighter_towards_the_light():
    street, r = drawn(CapType.WAX, 1, 60)
    c = street.get_width() / 2
    d = (r + r * CORE) / 2 / math.sqrt(2)
    upper_left = street.get_at((int(c - d), int(c - d)))
    lower_right = street.get_at((int(c + d), int(c + d)))
    assert sum(upper_left[:3]) > sum(lower_right[:3]) + 30


def test_sprites_are_cached_so_a_steady_frame_draws_none():
    surface = pygame.Surface((400, 300))
    caps = [(kind, OWNERS[i], theme.PLAYER_SYMBOLS[i]) for i, kind in enumerate(CapType)]

    def frame(radius: float, angle: float) -> None:
        for i, (kind, colour, sym) in enumerate(caps):
            draw_cap(surface, kind, colour, sym, (40 + 50 * i, 150), radius, angle)

    frame(13.37, 1.0)
    misses = (cap_sprite.cache_info().misses, capdraw._turned.cache_info().misses)
    for _ in range(5):
        frame(13.37, 1.0)
        frame(13.38, 1.01)  # a sliver of zoom or turn: the same sprites
    assert (cap_sprite.cache_info().misses, capdraw._turned.cache_info().misses) == misses


def test_a_camera_easing_through_every_zoom_needs_few_sprites():
    radii = {snap_radius(2 + 58 * k / 2000) for k in range(2001)}
    assert len(radii) < 80
    for r in (3.5, 7.0, 20.0, 60.0):  # never more than 3 % off the true size (or the floor)
        assert abs(snap_radius(r) - max(r, MIN_VISIBLE_PX)) <= 0.03 * max(r, MIN_VISIBLE_PX)
