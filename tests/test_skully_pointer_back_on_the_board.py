"""After a slingshot's pull the pointer comes back inside the board's free area (issue 39's
play-test: a pull ending over the side panel showed the pointer there, and a reflex click
opened How to play or Save and leave). Where the pull ended, moved in: never over the panel
or the banner."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.skully.captable import PULL_PX, AimMode
from skully_game.skully.game_setup import Seat
from skully_game.skully.hand import HandLevel
from tests.test_skully_hand_ui import start_game
from tests.ui_helpers import ev


@pytest.mark.parametrize("way", ["right, over the panel", "up, over the banner"])
def test_after_a_pull_the_pointer_is_back_on_the_board(app, way) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bo", 1))
    table, cam = scene.table, scene.table.camera
    frame = cam.frame
    assert cam.viewport.right < app.size[0] and frame.top > 0  # a panel beside, a banner above
    x, y = cam.to_screen(table.positions[0])
    # the cap 60 px in from the edge the pull goes past
    if way.startswith("right"):
        cam.centre = (cam.centre[0] + (x - (cam.viewport.right - 60)) / cam.scale, cam.centre[1])
        step = (PULL_PX // 10, 0)
    else:
        cam.centre = (cam.centre[0], cam.centre[1] + (frame.top + 60 - y) / cam.scale)
        step = (0, -(PULL_PX // 10))
    cam.target = (cam.centre, cam.scale)
    table.manual_view = True
    at = cam.to_screen(table.positions[0])
    press = (round(at[0]), round(at[1]))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    assert table.mode is AimMode.DRAG and table.held
    for _ in range(10):
        app.dispatch(ev(pygame.MOUSEMOTION, pos=press, rel=step, buttons=(1, 0, 0)))
    assert not frame.collidepoint(table.pointer)  # the pull ended off the board's free area
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=press, button=1))
    assert table.busy and not table.held
    assert frame.collidepoint(table.mouse), f"the pointer came back at {table.mouse}, off the board"
    assert cam.viewport.collidepoint(table.mouse)
