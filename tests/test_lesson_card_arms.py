"""A lesson's result card ("Passed!", "Not this time") stays up until a fresh press made after
it was shown: a double Enter that finished the shot, or a key held down, no longer skips it
(a play-tester's double Enter in lesson 2 went past "Passed!" to the next lesson's card)."""

from __future__ import annotations

import random

import pygame

from skully_game.scenes.skully.tutorial import LessonScene
from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.freshpress import ARM_SECONDS
from skully_game.skully.physics import MAX_SPEED
from skully_game.skully.skill import Level
from skully_game.skully.tutorial import planned_flick
from tests.test_tutorial_ui import open_lesson
from tests.ui_helpers import ev, key


def _wait(app, seconds: float) -> None:  # type: ignore[no-untyped-def]
    """Time passes at the desk (the table's clock, handed on: no frames to run)."""
    app.game_time += seconds + 0.05


def _passed(app) -> LessonScene:  # type: ignore[no-untyped-def]
    scene = open_lesson(app, "course")
    app.dispatch(key(pygame.K_RETURN))  # Start
    _wait(app, DOUBLE_PRESS_S)
    angle, speed = planned_flick(scene.attempt, scene.session, Level.PERFECT, random.Random(1))
    table = scene.table
    table.select(0)
    table.aim_angle, table.power = angle, speed / MAX_SPEED
    app.dispatch(key(pygame.K_SPACE))  # keys: the first Space takes the aim, the second shoots
    app.dispatch(key(pygame.K_SPACE))
    assert table.busy
    table.finish_playback()  # (as a click on the board does)
    app.run_frames(1)
    assert scene.card == "" and scene._placement() is not None, "made 3: now put it down"
    _wait(app, DOUBLE_PRESS_S)
    app.dispatch(key(pygame.K_RETURN))  # down in 3: the lesson is passed
    assert scene.card == "passed"
    return scene


def test_an_enter_right_after_passed_leaves_the_card_up(app) -> None:  # type: ignore[no-untyped-def]
    scene = _passed(app)
    app.dispatch(key(pygame.K_RETURN))  # the double's second half
    app.run_frames(2)
    assert app.stack.top is scene and scene.card == "passed"
    _wait(app, ARM_SECONDS)
    app.dispatch(key(pygame.K_RETURN))  # a fresh press, the card read: the next lesson
    nxt = app.stack.top
    assert isinstance(nxt, LessonScene) and nxt is not scene


def test_a_key_held_from_before_the_card_does_nothing_by_repeating(app) -> None:  # type: ignore[no-untyped-def]
    scene = _passed(app)
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0, doubt=0.0))  # fmt: skip
    _wait(app, ARM_SECONDS)
    for _ in range(3):  # the held key's repeats, after the card armed
        app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0, doubt=0.0))  # fmt: skip
    assert app.stack.top is scene and scene.card == "passed"
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0, doubt=0.0))  # fmt: skip
    assert app.stack.top is not scene


def test_a_click_begun_before_the_card_armed_is_no_click(app) -> None:  # type: ignore[no-untyped-def]
    scene = _passed(app)
    button = scene.card_widgets.widgets[0]
    at = button.rect.center
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    _wait(app, ARM_SECONDS)
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))
    assert app.stack.top is scene and scene.card == "passed"
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))
    assert app.stack.top is not scene
