"""The replay viewer and the replays list, driven headless as a player would."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.replay.viewer import ReplayScene, ReplaysScene, saved_shots, shots_dir
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.skully.records import load_shot
from skully_game.skully.replay_check import load_record
from skully_game.skully.saves import games_dir
from tests.ui_helpers import click, key, make_app

DATA = Path(__file__).parent / "data"


def test_a_game_replays_shot_by_shot_with_its_rulings():
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = ReplayScene(app, load_record(DATA / "game-two-players-finished.json"), "two")
    app.stack.push(scene)
    assert len(scene.clips) == 18
    app.run_frames(5)
    assert scene.table.busy  # the first shot plays
    app.dispatch(key(pygame.K_RIGHT))
    assert scene.index == 1
    app.dispatch(key(pygame.K_SPACE))
    assert scene.table.paused
    app.dispatch(key(pygame.K_RIGHT, pygame.KMOD_SHIFT))  # step within the shot
    assert 0 < scene.time <= 0.06
    app.dispatch(key(pygame.K_PLUS))
    assert scene.table.speedup == 2.0
    scene.scrub(scene.clip.result.duration)
    app.run_frames(3)
    clip = scene.clip
    for k, i in enumerate(clip.caps):
        assert scene.table.positions[i] == clip.result.rest[k]
    assert clip.result.rest == clip.record.rest  # exactly what was recorded
    assert clip.events and any("Ace" in e.text for e in clip.events)
    last = len(scene.clips) - 1
    scene.show(last)
    assert "wins" in " ".join(e.text for e in scene.clips[last].events)


def test_save_a_shot_and_try_it_again_with_a_ghost():
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = ReplayScene(app, load_record(DATA / "shot-break.json"), "break")
    app.stack.push(scene)
    app.run_frames(3)
    app.dispatch(key(pygame.K_s))  # a dialog asks for a name
    for _ in range(5):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="!"))
    app.dispatch(key(pygame.K_RETURN))
    saved = saved_shots()
    assert len(saved) == 1
    assert saved[0].title.endswith("!")
    assert load_shot(saved[0].path).rest == scene.clip.record.rest
    app.dispatch(key(pygame.K_RETURN))
    practice = app.stack.top
    assert isinstance(practice, PracticeScene)
    assert practice.table.positions == list(scene.clip.record.before)
    assert len(practice.table.ghost) == 8 and len(practice.table.ghost[0]) > 2
    app.run_frames(3)


def test_the_replays_list_shows_saved_games_and_opens_them():
    app = make_app()
    games_dir().mkdir(parents=True)
    shutil.copy(DATA / "game-two-players-finished.json", games_dir() / "a.json")
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    app.run_frames(2)
    entry = scene.widgets.widgets[2]
    assert "Ace, Bobby" in entry.label and "Ace won" in entry.label and "18 shots" in entry.label
    click(app, entry.rect.center)
    assert isinstance(app.stack.top, ReplayScene)
    app.run_frames(3)
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is scene
    click(app, scene.widgets.widgets[1].rect.center)  # the shot library tab
    assert scene.tab == "shots"
    assert shots_dir() is not None
