"""What the scene packages' demo screens share (each package's `demos.DEMOS`, drawn by
tools/render_scenes.py): the collecting decorator, the test data's folder, scripted keys and
text, and the card gallery page.

A demo is a function that drives a fresh App, as a player would (clicks, drags, keys), to the
moment its picture shows; render_scenes draws the screen after it returns."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from skully_game.shell.app import App
from skully_game.shell.scripted import ev, key

Demo = Callable[[App], None]
Demos = dict[str, Demo]

# The names at a busy table, the person first.
PEOPLE = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]

# The recorded games and saves the screens start from (the checkout's tests/data).
DATA = Path(__file__).resolve().parents[2] / "tests" / "data"


def collect(demos: Demos) -> Callable[[str], Callable[[Demo], Demo]]:
    """A decorator `screen(name)` that files a function in `demos` under `name`; a name filed
    twice is a mistake (one picture would silently replace the other)."""

    def screen(name: str) -> Callable[[Demo], Demo]:
        def wrap(fn: Demo) -> Demo:
            if name in demos:
                raise ValueError(f"two demo screens named {name!r}")
            demos[name] = fn
            return fn

        return wrap

    return screen


def ev_text(text: str) -> pygame.event.Event:
    return ev(pygame.TEXTINPUT, text=text)


def key_event(k: int) -> pygame.event.Event:
    return key(k)


Row = tuple[str, list[pygame.Surface], int]  # a label, the faces, the step between them (0: apart)


def gallery(app: App, title: str, rows: list[Row]) -> None:
    """A page of faces on the table's felt, row by row, each row labelled with what it shows."""
    from skully_game.shell import theme
    from skully_game.shell.scene import Scene

    class Gallery(Scene):
        def draw(self, surface: pygame.Surface, alpha: float) -> None:
            surface.fill((22, 72, 48))
            w = surface.get_width()
            theme.text(surface, title, (12, 8), 26, theme.ACCENT, bold=True)
            y = 40
            for label, faces, step in rows:
                theme.text(surface, label, (12, y), 16, theme.TEXT_DIM)
                y += 18
                x, tallest = 12, 0
                for img in faces:
                    width = step or img.get_width() + 6
                    if x + img.get_width() > w - 8:
                        x, y = 12, y + tallest + 6
                        tallest = 0
                    surface.blit(img, (x, y))
                    x += width
                    tallest = max(tallest, img.get_height())
                y += tallest + 8

    app.stack.push(Gallery(app))
    app.run_frames(1)


# --- the card tables mid-animation (each game's demos.MOTION, tools/render_motion.py) ---------


def until(table: Any, done: Callable[[], bool], dt: float = 1 / 60, limit: int = 4000) -> None:
    """Tick the table's own clock (computer players think on their thread) until done()."""
    for _ in range(limit):
        if done():
            return
        table.update(dt)
        if table.thinking is not None and not table.thinking.done():
            time.sleep(0.001)
    raise SystemExit(f"the table never came to the picture's moment ({table.game.title})")


def half_way(table: Any, kind: Callable[[Any], bool], at: float = 0.5) -> Callable[[], bool]:
    """A flight of `kind` that has set off and gone `at` of its way."""
    return lambda: any(
        kind(f) and f.t >= f.delay + f.duration * at and not f.done for f in table.flights
    )
