"""The power gauge never lies on the cap it shoots (issue 39: at 1024x640 a cap near the view's
top edge had its gauge, pushed in from the edge, drawn over it), at either window size, with
the cap near every edge and corner of the free area, aimed every way."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully.capkit import MIN_CAP_PX
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel, Input
from tests.ui_helpers import make_app, open_skully_game, settle_view

SIZES = [(1280, 800), (1024, 640)]


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def app(request):  # type: ignore[no-untyped-def]
    app = make_app(request.param)
    yield app
    app.stack.clear()


@pytest.mark.slow
@pytest.mark.parametrize("hand", [HandLevel.STEADY, HandLevel.REGULAR])
def test_the_gauge_never_lies_on_its_own_cap(app, hand) -> None:  # type: ignore[no-untyped-def]
    seats = [
        Seat("Ace", 0, CapType.CROWN, hand=hand, input=Input.SLINGSHOT),
        Seat("Bo", 1, CapType.CROWN),
    ]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=5))
    table = scene.table
    settle_view(app, table)
    table.last_powers = {0: 0.5}
    frame = table.camera.frame
    on_cap, tries = [], 0
    for fx in (0.02, 0.04, 0.5, 0.96, 0.98):
        for fy in (0.02, 0.04, 0.08, 0.5, 0.96, 0.98):
            at = (frame.x + fx * frame.w, frame.y + fy * frame.h)
            table.positions[0] = table.camera.to_world(at)
            table.select(0)
            table.mode = table.mode.KEYS
            for degrees in range(0, 360, 45):
                for power in (0.25, 1.0):
                    table.power, table.aim_angle = power, math.radians(degrees)
                    app.draw(1.0)
                    x, y = table.camera.to_screen(table.positions[0])
                    r = max(table.camera.length(table.radius(0)), MIN_CAP_PX) + 1
                    cap = pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))
                    tries += 1
                    if any(
                        rect.colliderect(cap)
                        for name, rect in table.drawn.items()
                        if name in ("meter", "last mark")
                    ):
                        on_cap.append((fx, fy, degrees, power))
    assert tries == 5 * 6 * 8 * 2
    assert not on_cap, f"{len(on_cap)} of {tries} on the cap: {on_cap[:6]}"
