"""F (the whole board) keeps the board in the middle of the free area (issue 39's play-test:
with a cap off to the right the board was squeezed into the left 45 % of the view, bare
asphalt beside it), and still takes in every cap in play."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from tests.ui_helpers import key, make_app, open_skully_game


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("off", [(3.6, 1.2), (-1.4, 2.0), (5.0, 1.2)])
def test_f_centres_the_board_and_shows_every_cap(size, off) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size)
    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, CapType.CROWN), Seat("Bobby", 1, CapType.CROWN)]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=3))
    table = scene.table
    caps = list(table.positions)
    caps[1] = off  # Bobby's cap off the board
    table.set_caps(caps)
    app.dispatch(key(pygame.K_f))
    cam = table.camera
    cam.centre, cam.scale = cam.target  # the view come to rest
    hx0, hy0, hx1, hy1 = table.home
    mid = cam.to_screen(((hx0 + hx1) / 2, (hy0 + hy1) / 2))
    frame = cam.frame
    assert mid[0] == pytest.approx(frame.centerx, abs=1.5), "the board is off the middle"
    assert mid[1] == pytest.approx(frame.centery, abs=1.5)
    for i in table.visible():
        x, y = cam.to_screen(table.positions[i])
        r = table.radius(i) * cam.scale
        assert frame.left <= x - r and x + r <= frame.right, f"cap {i} cut off at the side"
        assert frame.top <= y - r and y + r <= frame.bottom, f"cap {i} under the banner"
    app.stack.clear()
