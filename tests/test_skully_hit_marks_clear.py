"""The flick guide at a cap it hits: its ghost stops where the two caps as drawn touch (they are
drawn larger than they are, and the ghost lay half over the cap it hits), and the caps' labels
keep off the ghost and the hit lines (a label lay over the line saying where the hit sends
its cap): play-test findings."""

from __future__ import annotations

import math

import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.feeldemos import _skull_game
from tests.ui_helpers import make_app


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def _aim(app, table, turn: float) -> None:  # type: ignore[no-untyped-def]
    at, bo = table.positions[0], table.positions[1]
    table.select(0)
    table.mode = table.mode.KEYS
    table.aim_angle = math.atan2(bo[1] - at[1], bo[0] - at[0]) + turn
    table.power = 0.6
    app.draw(1.0)  # the guide's marks, then the labels placed clear of them
    app.draw(1.0)


@pytest.mark.parametrize("turn", [-0.04, 0.0, 0.03])
def test_the_ghost_touches_the_drawn_cap_it_hits_and_lies_not_over_it(app, turn) -> None:  # type: ignore[no-untyped-def]
    table = _skull_game(app, (-0.3, -0.01)).table
    table.flick_guide = True
    _aim(app, table, turn)
    assert table.guide_now(0, 0.6 * 7.0).touches == 1 or "hit lines" in table.drawn
    ghost = table.drawn["ghost"]
    bobby = table.camera.to_screen(table.positions[1])
    drawn_r = table.radii_px(table.positions)[1]
    gap = math.dist(ghost.center, bobby) - (ghost.w / 2 + drawn_r)
    assert -1.5 <= gap <= 3, gap  # touching, not over it, nor short by much


def test_labels_keep_off_the_hit_lines_and_the_ghost(app) -> None:  # type: ignore[no-untyped-def]
    table = _skull_game(app, (-0.3, -0.01)).table
    table.flick_guide = True
    checked = 0
    for k in range(-6, 7):
        _aim(app, table, k * 0.012)
        if "hit lines" not in table.drawn:
            continue
        marks = [
            (round(x) + 1, round(y) + 1, round(w) - 2, round(h) - 2)
            for x, y, w, h in table.guide_marks
        ]
        for key, rect in table.drawn.items():
            if key.startswith("label "):
                assert rect.collidelist(marks) < 0, (k, key)
        checked += 1
    assert checked >= 5
