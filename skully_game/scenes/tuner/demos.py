"""The tuner's screens for tools/render_scenes.py.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

import pygame

from skully_game.scenes.demokit import Demos, collect, ev_text
from skully_game.shell.app import App
from skully_game.shell.scripted import drag, ev, key

DEMOS: Demos = {}
screen = collect(DEMOS)


def _tuner(app: App, samples: int = 50):
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.tuner.scene import TunerScene

    app.stack.push(MenuScene(app))
    scene = TunerScene(app)
    scene._set_samples(samples)
    scene._layout()
    app.stack.push(scene)
    scene.worker.wait(120)
    app.run_frames(120)  # the view eases out to take in the first step's heat map
    return scene


@screen("tuner")
def _tuner_done(app: App) -> None:

    scene = _tuner(app)
    bars = scene.chart.bar_rects()
    app.dispatch(ev(pygame.MOUSEMOTION, pos=bars[7].center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("tuner-far-shots")
def _tuner_far(app: App) -> None:
    """A step whose first shots stop far beyond the board (10 backwards -> 9): all in view."""
    scene = _tuner(app)
    scene.select(16)
    app.run_frames(120)


@screen("tuner-drag-handle")
def _tuner_drag(app: App) -> None:
    from skully_game.skully.tuner_model import handles

    scene = _tuner(app, samples=20)
    box = next(h for h in handles(scene.spec) if h.field == "box_side")
    start = scene.camera.to_screen(box.at)
    drag(app, start, (start[0] + 20, start[1] - 20), release=False)
    app.run_frames(2)


@screen("tuner-invalid-edit")
def _tuner_invalid(app: App) -> None:
    from skully_game.shell.scripted import click

    scene = _tuner(app, samples=20)
    entry = scene.entries["box_side"]
    click(app, entry.rect.center)
    for _ in range(4):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(ev_text("90"))
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(2)


@screen("tuner-out-of-town")
def _tuner_town(app: App) -> None:
    scene = _tuner(app, samples=20)
    app.dispatch(key(pygame.K_v))
    scene.select(27)
    scene.worker.wait(60)
    app.run_frames(120)
