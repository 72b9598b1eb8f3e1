"""The view holds on a big moment (issue 39's play-test: pipsies, the skull, a hit, a kill
left the view at once): once the caps rest, the view stays on the moment's caps, their
call-outs inside the free area, for about 1.5 s, then glides to the next turn; a key skips it."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.captable import MOMENT_HOLD_S, MOMENT_ROOM_PX
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.rules.events import Missed, Pipsies
from tests.ui_helpers import ev, make_app, open_skully_game


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def _scene(app):  # type: ignore[no-untyped-def]
    seats = [Seat("Ace", 0, CapType.CROWN), Seat("Bo", 1, CapType.CROWN)]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=3))
    scene.table.settle_view()
    return scene


def _inside(table, at) -> bool:  # type: ignore[no-untyped-def]
    x, y = table.camera.to_screen(at)
    free = table.camera.frame.inflate(-2 * MOMENT_ROOM_PX[0] + 20, -2 * MOMENT_ROOM_PX[1] + 20)
    return free.collidepoint(x, y)


def test_pipsies_hold_the_view_on_the_cap_then_the_turn_glides_on(app) -> None:
    scene = _scene(app)
    table = scene.table
    cam = table.camera
    turn = cam.target
    # the moment at a spot near the frame's top edge (under the banner's reach)
    top = cam.to_world((cam.frame.centerx, cam.frame.top + 5))
    table.positions[0] = top
    scene._hold_on((Pipsies("Pipsies! +2", 0, 2),), scene.state)
    assert table.moment_hold == MOMENT_HOLD_S
    for _ in range(10):
        table.update(0.1)
    assert _inside(table, top), "panned so the moment and its call-outs are in the free area"
    assert cam.target == turn  # the turn's view waits
    for _ in range(7):
        table.update(0.1)
    assert table.moment_hold == 0
    for _ in range(30):
        table.update(0.1)
    assert cam.centre == pytest.approx(turn[0], abs=1e-3)


def test_a_plain_miss_holds_nothing_and_a_key_skips_a_hold(app) -> None:
    scene = _scene(app)
    table = scene.table
    scene._hold_on((Missed("Ace missed", 0),), scene.state)
    assert table.moment_hold == 0
    scene._hold_on((Pipsies("Pipsies! +2", 0, 2),), scene.state)
    assert table.moment_hold > 0
    table.handle_event(ev(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    assert table.moment_hold == 0
