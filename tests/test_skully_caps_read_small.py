"""Caps read at the table's scale (issue 39): a crown cap is drawn 12 px in radius there (24 px
across, the least a cap is drawn), where 21 soft crimps blurred into a plain ring. A small
bottle cap is drawn with fewer, bolder crimps, a toothed outline and a dark groove round its
liner; a large one keeps its fine crimps."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully import capdraw
from skully_game.scenes.skully.capkit import MIN_CAP_PX
from skully_game.skully.caps import CapType

ORANGE = (240, 170, 20)


@pytest.fixture(autouse=True)
def _pygame():  # type: ignore[no-untyped-def]
    pygame.init()
    yield


def _ring(img: pygame.Surface, radius: float, count: int = 120) -> list[pygame.Color]:
    c = (img.get_width() / 2, img.get_height() / 2)
    return [
        img.get_at(
            (
                round(c[0] + radius * math.cos(2 * math.pi * k / count)),
                round(c[1] + radius * math.sin(2 * math.pi * k / count)),
            )
        )
        for k in range(count)
    ]


def _teeth_seen(img: pygame.Surface, radius: float) -> int:
    """How often a walk round the cap at `radius` passes from cap to street and back."""
    solid = [px.a > 128 for px in _ring(img, radius)]
    return sum(a != b for a, b in zip(solid, solid[1:] + solid[:1], strict=True))


@pytest.mark.parametrize("kind", [CapType.CROWN, CapType.WAX, CapType.LEAD])
@pytest.mark.parametrize("r", [MIN_CAP_PX, 14.0, 16.0])
def test_a_small_bottle_cap_shows_its_crimps_in_its_outline(kind, r):
    img = capdraw._body(kind, ORANGE, "circle", r)
    # just inside the outline's crests: the walk crosses every tooth
    assert _teeth_seen(img, r + 0.3) >= 16


def test_a_large_cap_keeps_its_round_outline_and_fine_crimps():
    img = capdraw._body(CapType.CROWN, ORANGE, "circle", 30.0)
    assert _teeth_seen(img, 30.0) == 0


@pytest.mark.parametrize("kind", [CapType.CROWN, CapType.VIAL, CapType.GLIDE])
def test_a_small_caps_liner_has_a_dark_groove_round_it(kind):
    """Between the edge and the liner a ring clearly darker than either, so the step from
    the skirt to the top reads at 24 px across."""
    r = float(MIN_CAP_PX)
    img = capdraw._body(kind, ORANGE, "circle", r)

    def light(radius: float) -> float:
        ring = [px for px in _ring(img, radius, 48) if px.a > 200]
        return sum(0.3 * p.r + 0.59 * p.g + 0.11 * p.b for p in ring) / len(ring)

    crimped = kind is CapType.CROWN  # its liner is narrower, inside the deeper crimps
    liner = light(r * (0.58 if crimped else 0.72))
    groove = min(light(r * f / 100) for f in range(70 if crimped else 86, 96, 2))
    assert groove < 0.6 * liner
