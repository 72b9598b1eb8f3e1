"""The replay screens for tools/render_scenes.py: a game played back, a shot, the library of shots.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pygame

from skully_game.scenes.demokit import DATA, Demos, collect
from skully_game.shell.app import App
from skully_game.shell.scripted import key

if TYPE_CHECKING:
    from skully_game.scenes.replay.viewer import ReplayScene

DEMOS: Demos = {}
screen = collect(DEMOS)


def _open(app: App, record: str, title: str) -> ReplayScene:
    """The replay of the recorded `record` (a file in the demo data), over the menu."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplayScene
    from skully_game.skully.replay_check import load_record

    app.stack.push(MenuScene(app))
    scene = ReplayScene(app, load_record(DATA / record), title)
    app.stack.push(scene)
    return scene


@screen("replay-game")
def _replay_game(app: App) -> None:
    _open(app, "game-four-players-unfinished.json", "four players").show(7)
    app.run_frames(40)


def _finished_game(app: App) -> None:
    """The two players' finished game, whose killer hits and win are moments to jump to."""
    _open(app, "game-two-players-finished.json", "two")
    app.run_frames(5)


@screen("replay-moments")
def _replay_moments(app: App) -> None:
    """The list of a game's moments (M), over its replay."""
    _finished_game(app)
    app.dispatch(key(pygame.K_m))
    app.run_frames(2)


@screen("replay-moments-none")
def _replay_moments_none(app: App) -> None:
    """A game with no kill, hit or skull yet: the list says so and offers the last shot."""
    _replay_game(app)
    app.dispatch(key(pygame.K_m))
    app.run_frames(2)


@screen("replay-moment-jump")
def _replay_moment_jump(app: App) -> None:
    """N twice: the second moment's shot (Ace's first hit as a killer), from its start."""
    _finished_game(app)
    app.dispatch(key(pygame.K_n))
    app.dispatch(key(pygame.K_n))
    app.run_frames(30)


@screen("replay-shot-end")
def _replay_shot(app: App) -> None:
    _open(app, "shot-break.json", "break")
    app.run_frames(400)


@screen("try-again")
def _try_again(app: App) -> None:
    _replay_shot(app)
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(5)


@screen("replays-list")
def _replays(app: App) -> None:

    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplaysScene
    from skully_game.skully.saves import games_dir

    games_dir().mkdir(parents=True, exist_ok=True)
    for p in DATA.glob("game-*.json"):
        shutil.copy(p, games_dir() / p.name)
    app.stack.push(MenuScene(app))
    app.stack.push(ReplaysScene(app))
    app.run_frames(2)


@screen("replays-empty")
def _replays_empty(app: App) -> None:
    """No Skully game saved yet: the list says so, and where the table games keep theirs."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplaysScene

    app.stack.push(MenuScene(app))
    app.stack.push(ReplaysScene(app))
    app.run_frames(2)


LONG_SHOT = "Carmen's impossible bank off the skull into box nine while Dee watched on"


def _long_named_shot(app: App):
    from skully_game.scenes.replay.viewer import ReplayScene
    from skully_game.skully.replay_check import load_record

    return ReplayScene(app, load_record(DATA / "shot-break.json"), "break").save_to_library(
        LONG_SHOT
    )


@screen("replays-shot-library")
def _replays_shots(app: App) -> None:
    """The shot library's tab selected, a long name in it."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplaysScene

    _long_named_shot(app)
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    scene._tab("shots")
    app.run_frames(2)


@screen("replay-long-name")
def _replay_long_name(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplayScene

    path = _long_named_shot(app)
    app.stack.push(MenuScene(app))
    app.stack.push(ReplayScene.open(app, path))
    app.run_frames(400)


@screen("replays-many")
def _replays_many(app: App) -> None:
    """Forty saved shots: the list's second page, Newer and Older along the bottom."""
    import json as _json

    from skully_game.core import saves_index
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplaysScene
    from skully_game.skully.saves import shots_dir

    shots_dir().mkdir(parents=True, exist_ok=True)
    for i in range(40):
        shot = {"format": "skully-shot", "version": 1, "name": f"Break number {i}", "caps": [{}]}
        (shots_dir() / f"2026-{i:02d}.json").write_text(_json.dumps(shot))
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    scene._tab("shots")
    saves_index.wait_for_refresh(60)
    app.run_frames(2)
    older = [w for w in scene.widgets.widgets if w.label == "Older"]
    if older:
        older[0].on_click()
    app.run_frames(2)
