"""A pull near the window's edge slides the view to make room; let go without a shot (Esc, the
right button, a pull too short) the view goes back, the goal in sight again (a play-tester's
view stayed slid with box 2 under the banner)."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.skully.captable import AimMode
from tests.test_skully_hand_ui import cap_above_the_bottom
from tests.ui_helpers import ev, key


def press_at_the_edge(app):
    scene = cap_above_the_bottom(app, 20, faces_up=True)
    table, cam = scene.table, scene.table.camera
    before = (cam.centre, cam.scale)
    at = cam.to_screen(table.positions[0])
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(round(at[0]), round(at[1])), button=1))
    assert table.mode is AimMode.DRAG
    assert (cam.centre, cam.scale) != before, "the view slid to make room"
    return table, before


@pytest.mark.parametrize("how", ["escape", "right button", "too short"])
def test_a_pull_let_go_without_a_shot_gives_the_view_back(app, how):
    table, before = press_at_the_edge(app)
    if how == "escape":
        app.dispatch(key(pygame.K_ESCAPE))
    elif how == "right button":
        app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3))
    else:
        app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=tuple(map(round, table.anchor)), button=1))
    assert table.mode is AimMode.IDLE and not table.busy
    assert table.camera.target == before
    app.run_frames(90)
    assert table.camera.centre == pytest.approx(before[0], abs=1e-3)
    assert table.camera.scale == pytest.approx(before[1])
