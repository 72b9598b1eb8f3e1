"""A pull from a cap near the window's edge slides the view for room, which can leave a far goal
partly under the banner: the view is not moved again for it, and a small arrow at the free
area's edge points to the goal with its name (a play-tester lost the goal while pulling)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from skully_game.shell.scripted import ev
from tests.test_skully_turn_in_sight import _game, _turn
from tests.ui_helpers import make_app, settle_view


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    from skully_game.scenes.menu import MenuScene

    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def _goal_at(table, hint, top: float) -> None:  # type: ignore[no-untyped-def]
    """The goal drawn with its top edge at `top` px, as the pull's slide leaves it (the view
    holds the pulled cap where it is drawn, so the goal is moved instead, the same size)."""
    cam = table.camera
    x0, y0, x1, y1 = hint.rect
    _, ty = cam.to_screen((x0, y1))
    dy = (ty - top) / cam.scale  # up the board is up the screen
    table.goal_hint = replace(hint, rect=(x0, y0 + dy, x1, y1 + dy))


def _press_near_the_bottom(app, scene):  # type: ignore[no-untyped-def]
    """The shooter's cap moved near the window's bottom, then pressed: the view slides for room."""
    cam = scene.table.camera
    _x, y = cam.to_screen(scene.state.players[0].pos)
    cx, cy = cam.centre
    cam.centre = (cx, cy - (cam.frame.bottom - 12 - y) / cam.scale)
    cam.target = (cam.centre, cam.scale)
    at = cam.to_screen(scene.state.players[0].pos)
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(round(at[0]), round(at[1])), button=1))
    app.run_frames(1)
    return cam


def test_a_slid_pull_points_to_a_goal_left_partly_under_the_banner(app) -> None:  # type: ignore[no-untyped-def]
    scene = _game(app)
    table, board = scene.table, scene.session.board
    x0, y0, x1, y1 = board.boxes[11]
    _turn(scene, ((x0 + x1) / 2, y0 - 1.3), step=10)  # in 10, going for 11 up the board
    settle_view(app, table)
    hint = table.goal_hint
    assert hint is not None and hint.name == "11" and hint.rect == (x0, y0, x1, y1)
    # the cap near the window's bottom: a press slides the view to make room for the pull
    cam = _press_near_the_bottom(app, scene)
    assert table.room_from is not None, "the press slid the view for room"
    at = cam.to_screen(scene.state.players[0].pos)
    app.dispatch(ev(pygame.MOUSEMOTION, pos=(round(at[0]), round(at[1] + 60)), rel=(0, 60), buttons=(1, 0, 0)))  # fmt: skip
    frame = cam.frame
    _goal_at(table, hint, frame.top - 20)  # its top under the banner, its middle not
    app.draw(1.0)
    drawn = table.drawn.get("goal hint")
    assert drawn is not None, "no arrow to a goal half under the banner"
    assert frame.contains(drawn)
    # the goal wholly in the free area: no arrow
    table.drawn.pop("goal hint", None)
    _goal_at(table, hint, frame.top + 30)
    app.draw(1.0)
    assert "goal hint" not in table.drawn
    # its middle out of the free area: the game's own arrow says it ("to 11: ..."), not this
    table.drawn.pop("goal hint", None)
    _goal_at(table, hint, frame.top - 200)
    app.draw(1.0)
    assert "goal hint" not in table.drawn


def test_the_banner_steps_aside_while_a_slid_pull_lasts(app) -> None:  # type: ignore[no-untyped-def]
    """The slide for room put the goal under the banner (play-tests two stops running): while
    such a pull lasts the band is a slim line with the prompt alone, and comes back after."""
    scene = _game(app)
    table, board = scene.table, scene.session.board
    x0, y0, x1, _y1 = board.boxes[11]
    _turn(scene, ((x0 + x1) / 2, y0 - 1.3), step=10)
    settle_view(app, table)
    full = scene.banner_rect().h
    _press_near_the_bottom(app, scene)
    assert table.room_from is not None
    assert scene.banner_rect().h < full / 2
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))  # let go
    app.run_frames(1)
    assert scene.banner_rect().h == full
