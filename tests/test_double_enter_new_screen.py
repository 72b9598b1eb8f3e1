"""A double Enter whose first press closed a dialog or opened a screen: the second press is not
for the screen now in front. A play-tester waiting to put a cap down pressed Esc, then Enter
twice: the first chose Stay, the second put the cap down unasked; and a double Enter on a
lesson's "Passed!" opened the next lesson and pressed Start on its intro card."""

from __future__ import annotations

import pygame

from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.scripted import key
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat


def test_the_second_enter_after_stay_does_not_put_the_cap_down(app):
    scene = SkullyGameScene.new(
        app, GameSetup(seats=[Seat("Ace", 0, CapType.CROWN), Seat("Bo", 1, CapType.CROWN)], seed=7)
    )
    app.stack.push(scene)
    app.run_frames(30)
    waiting = scene._placement()
    assert waiting is not None, "Ace puts a cap down"
    app.dispatch(key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, ConfirmDialog), "Leave the game? asks"
    app.dispatch(key(pygame.K_RETURN))  # Stay
    assert app.stack.top is scene
    app.dispatch(key(pygame.K_RETURN))  # the double's second half
    app.run_frames(2)
    assert scene._placement() == waiting, "no cap put down by the second Enter"
    app.run_frames(int(DOUBLE_PRESS_S * 60) + 5)
    app.dispatch(key(pygame.K_RETURN))  # a fresh Enter, later: it puts the cap down
    app.run_frames(2)
    assert scene._placement() != waiting


def test_a_third_press_is_the_players_again(app):
    """Only the one press right after the change is dropped: a deliberate run of presses
    still goes on after it."""
    scene = SkullyGameScene.new(
        app, GameSetup(seats=[Seat("Ace", 0, CapType.CROWN), Seat("Bo", 1, CapType.CROWN)], seed=7)
    )
    app.stack.push(scene)
    app.run_frames(30)
    waiting = scene._placement()
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_RETURN))
    app.dispatch(key(pygame.K_RETURN))
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(2)
    assert scene._placement() != waiting


def test_a_double_enter_on_passed_opens_the_next_lesson_at_its_intro(app):
    from skully_game.scenes.skully.tutorial import LessonScene, LessonsScene

    lessons = LessonsScene(app)
    app.stack.push(lessons)
    lessons.widgets.focus = 0
    app.dispatch(key(pygame.K_RETURN))
    first = app.stack.top
    assert isinstance(first, LessonScene)
    app.run_frames(int(DOUBLE_PRESS_S * 60) + 5)
    first.card = "passed"  # as when its goal is met
    first._card_layout()
    app.dispatch(key(pygame.K_RETURN))  # Next lesson
    nxt = app.stack.top
    assert isinstance(nxt, LessonScene) and nxt is not first and nxt.card == "intro"
    app.dispatch(key(pygame.K_RETURN))  # the double's second half
    assert nxt.card == "intro", "the next lesson's words are read, not skipped"
    app.run_frames(int(DOUBLE_PRESS_S * 60) + 5)
    app.dispatch(key(pygame.K_RETURN))
    assert nxt.card == ""
