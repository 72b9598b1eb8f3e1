"""The shell's screens for tools/render_scenes.py: the menu, the crash screen, loading, settings and Resume.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pygame

from skully_game.scenes.demokit import DATA, Demos, collect
from skully_game.scenes.skull_king.demos import _skull_king
from skully_game.scenes.skully.demos import _game
from skully_game.shell.app import App
from skully_game.shell.scripted import key

DEMOS: Demos = {}
screen = collect(DEMOS)


@screen("menu")
def _menu(app: App) -> None:
    from skully_game.scenes.menu import MenuScene

    app.stack.push(MenuScene(app))
    app.run_frames(3)


@screen("menu-first-start")
def _menu_first_start(app: App) -> None:
    """The first start: Learn Skully, the card games, or just the menu; none pushed."""
    from skully_game.scenes.menu import MenuScene, offer_first_start

    app.stack.push(MenuScene(app))
    offer_first_start(app)
    app.run_frames(3)


@screen("menu-card-games")
def _menu_card_games(app: App) -> None:
    """The welcome's "The card games": the short list of the table games it opens."""
    from skully_game.scenes.menu import MenuScene, offer_first_start

    app.stack.push(MenuScene(app))
    offer_first_start(app)
    app.stack.top.choose("cards")  # type: ignore[union-attr]
    app.run_frames(3)


@screen("menu-resume")
def _menu_resume(app: App) -> None:
    """The menu at its longest: an unfinished game adds "Resume game"."""

    from skully_game.scenes.menu import MenuScene
    from skully_game.skully.saves import games_dir

    games_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy(DATA / "game-four-players-unfinished.json", games_dir())
    app.stack.push(MenuScene(app))
    app.run_frames(3)


def _crash(app: App, deep: bool) -> None:
    """A game that fails in its update: the crash screen, and where its report is."""
    scene = _game(app, 2)
    if deep:  # a long data folder: the report's path wraps, and past three lines is cut
        folder = Path(os.environ["SKULLY_DATA_DIR"]) / ("a-long-folder-name-" * 4) / ("x" * 70)
        os.environ["SKULLY_DATA_DIR"] = str(folder)

    def broken(dt: float) -> None:
        raise RuntimeError("a fault for the picture")

    scene.update = broken  # type: ignore[method-assign]
    app.catch_crashes = True
    app.run_frames(1)
    if deep:
        os.environ["SKULLY_DATA_DIR"] = str(folder.parent.parent)
    assert type(app.stack.top).__name__ == "CrashScreen"
    app.run_frames(60)  # the button wakes


@screen("crash")
def _crash_screen(app: App) -> None:
    _crash(app, deep=False)


@screen("crash-long-path")
def _crash_long_path(app: App) -> None:
    _crash(app, deep=True)


@screen("loading")
def _loading(app: App) -> None:
    """A long record being read: the moving bar, the seconds so far, Cancel."""
    import threading

    from skully_game.scenes.menu import MenuScene
    from skully_game.shell.loading import LoadingScene

    app.stack.push(MenuScene(app))
    never = threading.Event()  # the reading never ends in the picture
    name = "2026-11-26T073215_0000-00011-a-very-long-game-of-twelve-thousand-shots.json"
    app.stack.push(LoadingScene(app, "Opening the replay", never.wait, print, detail=name))
    app.run_frames(100)


@screen("settings")
def _settings(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.settings import SettingsScene

    app.stack.push(MenuScene(app))
    app.stack.push(SettingsScene(app))
    app.dispatch(key(pygame.K_DOWN))
    app.run_frames(3)


@screen("resume-list")
def _resume_list(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.resume import ResumeScene
    from skully_game.scenes.skip_bo.demos import _skip_bo

    tables = [
        _skull_king(app, kinds) for kinds in (["human", "heuristic"], ["human", "human", "random"])
    ]
    app.stack.clear()
    tables += [_skip_bo(app, ["human", "build-first"], stock=stock) for stock in (10, 15)]
    for table in tables:  # each with a person's move: a game left before one is not kept
        table.run_bots_now()
        table.act(table.game.legal(table.state)[0])
        table.match.save()
    app.stack.clear()
    app.stack.push(MenuScene(app))
    app.stack.push(ResumeScene(app))
    app.run_frames(2)


@screen("resume-list-eight")
def _resume_list_eight(app: App) -> None:
    """Eight seats at a shared desk, saved in the bidding with scores: the row's shorter form
    still says where it stands and whose turn it is (to bid)."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.resume import ResumeScene

    table = _skull_king(app, ["human"] * 8)
    state = table.state
    for _ in range(400):
        if state.round_index >= 2 and state.phase.value == "bid":
            break
        table.game.apply(state, table.game.legal(state)[-1])
    table.match.save()
    app.stack.clear()
    app.stack.push(MenuScene(app))
    app.stack.push(ResumeScene(app))
    app.run_frames(2)


@screen("resume-looking")
def _resume_looking(app: App) -> None:
    """Resume opened while new saves are still being read: what is read so far, and a line."""

    from skully_game.core import saves_index
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.resume import ResumeScene
    from skully_game.skully.saves import games_dir

    games_dir().mkdir(parents=True, exist_ok=True)
    for i in range(90):
        shutil.copy(DATA / "game-four-players-unfinished.json", games_dir() / f"2026-{i:02d}.json")
    app.stack.push(MenuScene(app))  # reads a few; the rest wait for the background
    scene = ResumeScene(app)
    scene.listed_at = saves_index.generation() - 1  # drawn as it stood: not filled in yet
    app.stack.push(scene)
    app.draw(0.5)
