"""What the online pages' demo screens share (demos.py and watchdemos.py): the DEMOS they file
into, a quick server on a free port, and the scripted pointer and keys. Its own module so that
the two demo files import it, not each other."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from skully_game.scenes.demokit import Demos, collect
from skully_game.shell.app import App
from skully_game.shell.scripted import click, ev, key

DEMOS: Demos = {}
screen = collect(DEMOS)


def _quick_server() -> None:
    """A game hosted here listens on any free port, with quick computer players."""
    from skully_game.net.server import ServerConfig
    from skully_game.scenes.online import link

    link.HOST_PORT = 0
    link.HOST_CONFIG = ServerConfig(quick=True, pace=0.0)


def _until(app: App, done: Callable[[], bool], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        app.run_frames(1, ticks_per_frame=1)
        time.sleep(0.005)


def _type(app: App, scene: Any, label: str, text: str) -> None:
    field = next(w for w in scene.widgets.widgets if w.label == label)
    click(app, field.rect.center)
    app.dispatch(key(pygame.K_a, pygame.KMOD_CTRL))
    app.dispatch(ev(pygame.TEXTINPUT, text=text))
    app.dispatch(key(pygame.K_RETURN))


def _press(app: App, scene: Any, label: str) -> None:
    button = next(w for w in scene.widgets.widgets if w.label == label)
    click(app, button.rect.center)


def _menu(app: App) -> None:
    from skully_game.scenes.menu import MenuScene

    app.stack.push(MenuScene(app))


@screen("online")
def _online(app: App) -> None:
    from skully_game.scenes.online.menu import PlayOnlineScene

    _menu(app)
    app.stack.push(PlayOnlineScene(app))
    app.run_frames(2)


_KEEP: list[Any] = []  # links the pictures need alive until the program ends
