"""A slingshot's pull is read in the mouse's own motion while the button is held (relative
mode): a cap near the window's edge pulls on past it, the board never slides under the press,
and the pointer comes back where the pull ended (a play-tester's pull read wrong when the view
moved, and the pointer with it, to make room)."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully.captable import PULL_PX, AimMode
from tests.test_skully_hand_ui import cap_above_the_bottom
from tests.ui_helpers import ev, key, wait_for_turn


def _press(app, scene):  # type: ignore[no-untyped-def]
    table, cam = scene.table, scene.table.camera
    at = cam.to_screen(table.positions[0])
    press = (round(at[0]), round(at[1]))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    assert table.mode is AimMode.DRAG
    return table, cam, press


def test_a_pull_near_the_bottom_edge_goes_past_it_and_nothing_slides(app) -> None:  # type: ignore[no-untyped-def]
    scene = cap_above_the_bottom(app, 20, faces_up=True)
    before = (scene.table.camera.centre, scene.table.camera.scale)
    table, cam, press = _press(app, scene)
    assert (cam.centre, cam.scale) == before, "the board slid under the press"
    assert table.held and pygame.mouse.get_relative_mode()
    h = app.size[1]
    # the hand moves straight down a full pull; the pointer's place stops at the window's edge
    for k in range(1, 11):
        pos = (press[0], min(press[1] + round(PULL_PX * k / 10), h - 1))
        app.dispatch(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, round(PULL_PX / 10)), buttons=(1, 0, 0)))  # fmt: skip
    assert table.power == pytest.approx(1.0, abs=0.01)
    assert math.degrees(table.aim_angle) == pytest.approx(90, abs=0.5)  # straight up the board
    assert (cam.centre, cam.scale) == before
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert table.busy and not table.held
    assert not pygame.mouse.get_relative_mode(), "the pointer is shown again after the shot"


def test_a_pull_past_full_is_held_at_full_and_shortens_at_once(app) -> None:  # type: ignore[no-untyped-def]
    scene = cap_above_the_bottom(app, 20, faces_up=True)
    table, _cam, press = _press(app, scene)
    for _ in range(6):  # twice a full pull, down and off the window
        app.dispatch(ev(pygame.MOUSEMOTION, pos=press, rel=(0, round(PULL_PX / 3)), buttons=(1, 0, 0)))  # fmt: skip
    assert table.power == pytest.approx(1.0)
    app.dispatch(ev(pygame.MOUSEMOTION, pos=press, rel=(0, -round(PULL_PX / 2)), buttons=(1, 0, 0)))  # fmt: skip
    assert table.power == pytest.approx(0.5, abs=0.02)


@pytest.mark.parametrize("how", ["escape", "right button", "too short"])
def test_a_pull_let_go_without_a_shot_shows_the_pointer_and_keeps_the_view(app, how) -> None:  # type: ignore[no-untyped-def]
    scene = cap_above_the_bottom(app, 20, faces_up=True)
    before = (scene.table.camera.centre, scene.table.camera.scale)
    table, cam, press = _press(app, scene)
    if how == "escape":
        app.dispatch(key(pygame.K_ESCAPE))
    elif how == "right button":
        app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=press, button=3))
    else:
        app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=press, button=1))
    assert table.mode is AimMode.IDLE and not table.busy
    assert not table.held and not pygame.mouse.get_relative_mode()
    assert (cam.centre, cam.scale) == before


def test_keys_still_aim_and_shoot_with_nothing_held(app) -> None:  # type: ignore[no-untyped-def]
    scene = cap_above_the_bottom(app, 20, faces_up=True)
    table = scene.table
    app.dispatch(key(pygame.K_TAB))
    app.dispatch(key(pygame.K_UP))
    assert table.mode is AimMode.KEYS and not table.held
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))
    assert table.busy and not pygame.mouse.get_relative_mode()
