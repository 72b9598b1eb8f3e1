"""A hit's mark is a small burst in the shooter's colour (issue 39's play-test: the chalk star
read as a "+" beside a box number)."""

from __future__ import annotations

import math

import pygame

from skully_game.scenes.skully.capkit import cap_looks
from skully_game.scenes.skully.judgedraw import ShotJudgement
from skully_game.scenes.skully.judgement import Touch
from skully_game.shell import theme
from skully_game.shell.view import Camera
from skully_game.skully.caps import CapType


def test_the_hit_mark_is_a_burst_in_the_shooters_colour() -> None:
    surface = pygame.Surface((200, 200))
    surface.fill(theme.ASPHALT)
    camera = Camera(pygame.Rect(0, 0, 200, 200), (0.0, 0.0, 1.0, 1.0))
    camera.centre, camera.scale = (0.5, 0.5), 200.0
    looks = cap_looks([CapType.CROWN, CapType.CROWN])
    judgement = ShotJudgement()
    judgement.caps, judgement.shooter, judgement.age = [1, 0], 1, 0.0  # cap 1 shot
    judgement.touches = [Touch(1, 0, (0.5, 0.5), 0.1)]
    judgement.draw(surface, camera, looks, lambda i: 0.016, [], False, set())
    x, y = camera.to_screen((0.5, 0.5))
    shooter = looks[0].colour  # physics cap 1 is table cap 0
    on_rays = 0
    for k in range(10):
        a = 2 * math.pi * (k + 0.5) / 10
        px, py = round(x + math.cos(a) * 6), round(y + math.sin(a) * 6)
        colour = tuple(surface.get_at((px, py)))[:3]
        on_rays += sum(abs(c - s) for c, s in zip(colour, shooter, strict=True)) < 60
    assert on_rays >= 8, "rays all round, in the shooter's colour"
    # nothing on the plain horizontal and vertical (the old "+" was there)
    assert tuple(surface.get_at((round(x) + 6, round(y))))[:3] != (255, 244, 200)
