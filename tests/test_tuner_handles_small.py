"""The tuner's handles keep off the box numbers in a small window (issue 39's play-test: at
1024x640 the handles' rings covered 1, 5, 7 and 13), and a handle drawn aside still drags its
field without a jump."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.tuner.draw import HANDLE_PX
from skully_game.scenes.tuner.scene import TunerScene
from skully_game.skully.geometry import Board
from skully_game.skully.tuner_model import handles
from tests.ui_helpers import drag, make_app

NUMBER_SHARE = 0.32  # a box's number reaches this share of the box's side from its middle


@pytest.fixture(params=[(1024, 640), (1280, 800)], ids=["1024x640", "1280x800"])
def app(request):  # type: ignore[no-untyped-def]
    app = make_app(request.param)
    yield app
    app.stack.clear()


def open_tuner(app) -> TunerScene:
    scene = TunerScene(app)
    scene.worker.stop()
    app.stack.push(scene)
    app.run_frames(2)
    return scene


def _ring_meets(centre: tuple[float, float], r: float, box: pygame.Rect) -> bool:
    x = min(max(centre[0], box.left), box.right)
    y = min(max(centre[1], box.top), box.bottom)
    return math.dist(centre, (x, y)) < r


def test_no_handle_covers_a_box_number(app) -> None:
    scene = open_tuner(app)
    cam = scene.camera
    board = Board(scene.spec)
    numbers = []
    for x0, y0, x1, y1 in board.boxes.values():  # 13 among them
        a, b = cam.to_screen((x0, y1)), cam.to_screen((x1, y0))
        side = b[0] - a[0]
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        reach = NUMBER_SHARE * side
        numbers.append(pygame.Rect(middle[0] - reach, middle[1] - reach, 2 * reach, 2 * reach))
    for handle in handles(scene.spec):
        spot = scene.handle_spot(handle)
        for number in numbers:
            assert not _ring_meets(spot, HANDLE_PX + 2, number), handle.field


def test_a_handle_drawn_aside_drags_without_a_jump(app) -> None:
    scene = open_tuner(app)
    box = next(h for h in handles(scene.spec) if h.field == "box_side")
    at = scene.handle_spot(box)
    px = scene.camera.length(0.05)  # 5 cm further along the diagonal
    drag(app, at, (at[0] + px, at[1] - px))
    assert scene.spec.box_side == pytest.approx(0.33, abs=0.006)
