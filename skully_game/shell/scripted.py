"""Scripted input: the events a player's keys and mouse would send, for driving scenes headless
(the tests, and tools/render_scenes.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from skully_game.shell.app import App


def ev(kind: int, **attrs: object) -> pygame.event.Event:
    return pygame.event.Event(kind, attrs)


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(app: App, pos: tuple[float, float], button: int = 1) -> None:
    p = (round(pos[0]), round(pos[1]))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=p, button=button))


def drag(
    app: App, start: tuple[float, float], end: tuple[float, float], release: bool = True
) -> None:
    s = (round(start[0]), round(start[1]))
    e = (round(end[0]), round(end[1]))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=s, button=1))
    for k in range(1, 6):
        p = (s[0] + (e[0] - s[0]) * k // 5, s[1] + (e[1] - s[1]) * k // 5)
        app.dispatch(ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    if release:
        app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=e, button=1))
