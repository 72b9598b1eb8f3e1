"""Opening a room behind the loading box (a play-tester: Enter twice on Join game took the seat
and left the guest on the Join page, the room saying every seat was taken): the second press
of the double press that opened the box is no Cancel, and a room that opens after a Cancel is
closed, not kept by a window that moved on."""

from __future__ import annotations

import threading

import pygame

from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.loading import LoadingScene
from tests.ui_helpers import key, make_app


class Room:
    """A stand-in for a joined room's link: knows whether it was closed."""

    closed = False

    def close(self) -> None:
        self.closed = True


def _open(app, gate: threading.Event, got: list, dropped: list) -> LoadingScene:
    def work() -> Room:
        gate.wait(5)
        return Room()

    scene = LoadingScene(app, "Joining the game", work, got.append, discard=dropped.append)
    app.stack.push(scene)
    return scene


def test_a_double_enter_on_join_does_not_cancel_the_joining():
    app = make_app()
    gate, got, dropped = threading.Event(), [], []
    app.dispatch(key(pygame.K_RETURN))  # the first Enter: it opens the box (as Join game does)
    scene = _open(app, gate, got, dropped)
    app.dispatch(key(pygame.K_RETURN))  # its second half, a moment later
    assert app.stack.top is scene and not scene.cancelled
    gate.set()
    scene.wait(5)
    app.run_frames(1)
    assert len(got) == 1 and not dropped  # joined: the room's screen is handed the link


def test_an_enter_well_after_the_box_opened_still_cancels():
    app = make_app()
    gate, got, dropped = threading.Event(), [], []
    app.dispatch(key(pygame.K_RETURN))
    scene = _open(app, gate, got, dropped)
    app.game_time += DOUBLE_PRESS_S + 0.1
    app.dispatch(key(pygame.K_RETURN))  # Cancel has the focus: a deliberate Enter cancels
    assert scene.cancelled and app.stack.top is not scene
    gate.set()
    scene.wait(5)
    assert not got and len(dropped) == 1  # the room that opened too late is closed at once


def test_a_room_ready_but_not_yet_taken_when_cancel_comes_is_closed_too():
    app = make_app()
    gate, got, dropped = threading.Event(), [], []
    scene = _open(app, gate, got, dropped)
    gate.set()
    scene.wait(5)  # ended on the worker, not yet handed over (no frame since)
    app.dispatch(key(pygame.K_ESCAPE))
    app.run_frames(1)
    assert not got and len(dropped) == 1
