"""The board's big moments get a short celebration (an elimination, a new killer, a cap into
the skull, the winning shot), over in under a second and none with the shot effects off; and
a spinning cap is seen spinning at any size."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pygame
import pytest

from skully_game.scenes.skully import capdraw
from skully_game.scenes.skully.capkit import cap_looks
from skully_game.scenes.skully.cheers import BIG_S, CHEER_S, Cheers
from skully_game.scenes.skully.turnflow import TurnFlow
from skully_game.skully.caps import CapType
from skully_game.skully.rules.events import Eliminated, Missed, Stuck, Winner


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _stub(cheers: Cheers):
    looks = cap_looks([CapType.CROWN] * 3)
    table = SimpleNamespace(
        positions=[(0.5, 0.5), (1.0, 1.0), (1.5, 1.5)],
        radius=lambda i: CapType.CROWN.spec.radius,
        cheers=cheers,
    )
    return SimpleNamespace(table=table, looks=looks)


def test_an_elimination_and_a_cap_into_the_skull_are_celebrated_at_their_caps():
    cheers = Cheers()
    scene = _stub(cheers)
    TurnFlow._cheer(scene, (Missed("", 0), Eliminated("", 1, 0), Stuck("", 2)))
    out, stuck = cheers.live
    assert out.at == (1.0, 1.0) and out.colour == scene.looks[0].colour, "the eliminator's colour"
    assert stuck.at == (1.5, 1.5) and stuck.colour == scene.looks[2].colour
    assert not out.big
    surface = pygame.Surface((400, 300))
    camera = SimpleNamespace(to_screen=lambda p: (p[0] * 100, p[1] * 100), length=lambda m: m * 100)
    before = pygame.image.tobytes(surface, "RGB")
    cheers.update(0.1)
    cheers.draw(surface, camera)
    assert pygame.image.tobytes(surface, "RGB") != before, "drawn"
    cheers.update(CHEER_S)
    assert cheers.live == [], "over in under a second: play never waits"


def test_the_winning_shot_is_a_bigger_moment_and_none_with_the_effects_off():
    cheers = Cheers()
    TurnFlow._cheer(_stub(cheers), (Winner("", 0),))
    assert cheers.live[0].big
    cheers.update(CHEER_S + 0.05)
    assert cheers.live, "the winner's lasts longer"
    cheers.update(BIG_S)
    assert not cheers.live
    still = Cheers()
    still.enabled = False  # Settings: Shot effects off
    TurnFlow._cheer(_stub(still), (Eliminated("", 1, 0), Winner("", 0)))
    assert still.live == []


@pytest.mark.parametrize("angle", [0.0, math.pi / 2, 2.0])
def test_a_small_spinning_cap_shows_its_turn(angle):
    """At the table's scale a crown's body is under 6 px: a tick turns with it while it spins."""
    surface = pygame.Surface((40, 40))
    capdraw.draw_cap(
        surface, CapType.LEAD, (40, 90, 200), "circle", (20, 20), 6.0, angle, spinning=True
    )
    r = capdraw.body_radius(6.0) * 0.6

    def light(a: float) -> int:
        px = surface.get_at((round(20 + r * math.cos(a)), round(20 + r * math.sin(a))))
        return px.r + px.g + px.b

    # screen y is down: the body's turn `angle` (counter-clockwise, y up) points at -angle
    assert light(-angle) > light(-angle + math.pi) + 150
