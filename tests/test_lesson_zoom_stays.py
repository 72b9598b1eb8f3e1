"""A wheel zoom in a lesson stays in that lesson: the next game starts at the player's game
scale, and each lesson at its own view (a play-tester's lesson zoom carried into the game)."""

from __future__ import annotations

import pygame
import pytest

from skully_game.core.choices import recall, remember
from skully_game.scenes.skully.capview import FIRST_ZOOM
from skully_game.scenes.skully.table import VIEW_CHOICES, SkullyGameScene
from skully_game.skully.game_setup import GameSetup, Seat
from tests.test_tutorial_ui import open_lesson
from tests.ui_helpers import ev, key


def test_a_lessons_wheel_is_its_own(app) -> None:  # type: ignore[no-untyped-def]
    remember(VIEW_CHOICES, {"zoom": 1.5})  # the player's scale from the last game
    scene = open_lesson(app, "course")
    table = scene.table
    assert table.zoom_factor == pytest.approx(FIRST_ZOOM), "a lesson starts at its own view"
    app.dispatch(key(pygame.K_RETURN))  # Start
    assert scene.card == ""
    at = table.camera.frame.center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(4):
        app.dispatch(ev(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    assert table.zoom_factor > FIRST_ZOOM * 1.5, "the wheel zooms the lesson"
    assert recall(VIEW_CHOICES)[0] == {"zoom": 1.5}, "and leaves the games' scale alone"
    game = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=3))
    assert game.table.zoom_factor == pytest.approx(1.5)
