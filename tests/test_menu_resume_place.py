"""The main menu never moves a row when the saves read in the background turn up a game to
resume (issue 39's play-test: the menu shifted a row as Resume game appeared): Resume game keeps
its place, dimmed until there is a game to carry on, and a click aimed at an entry presses it."""

from __future__ import annotations

import os
import shutil
import time

import pygame

from skully_game.core import saves_index
from skully_game.scenes.menu import NOTHING_TO_RESUME, MenuScene
from skully_game.skully.saves import games_dir
from tests.test_many_saves import DATA
from tests.ui_helpers import ev

OLD = time.time() - 3600


def _saves(finished: int) -> None:
    """`finished` finished games, read first, and one unfinished game the quick listing of the
    first frame leaves to the background."""
    games_dir().mkdir(parents=True, exist_ok=True)
    for i in range(finished):
        path = games_dir() / f"20260101-{i:06d}.json"
        shutil.copy(DATA / "game-two-players-finished.json", path)
        os.utime(path, (OLD, OLD))
    path = games_dir() / "20250101-000000.json"
    shutil.copy(DATA / "game-four-players-unfinished.json", path)
    os.utime(path, (OLD, OLD))


def _rows(menu: MenuScene) -> dict[str, pygame.Rect]:
    return {w.label: pygame.Rect(w.rect) for w in menu.widgets.widgets}


def test_resume_game_found_in_the_background_moves_no_row(app) -> None:
    _saves(saves_index.QUICK_READS + 10)
    saves_index.forget()
    app.stack.clear()
    menu = MenuScene(app)
    app.stack.push(menu)
    resume = menu.widgets.widgets[0]
    assert resume.label == "Resume game"
    assert not resume.enabled and resume.tooltip == NOTHING_TO_RESUME  # not found yet
    assert menu.widgets.widgets[menu.widgets.focus].label == "Play the computer"
    before = _rows(menu)
    target = before["Play the computer"]
    # the pointer goes down on Play the computer while the saves are still being read
    app.dispatch(ev(pygame.MOUSEMOTION, pos=target.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=target.center, button=1))
    app.run_frames(2)  # the first frame, then the background starts reading
    saves_index.wait_for_refresh(60)
    app.run_frames(1)
    assert menu.widgets.widgets[0].label == "Resume game" and menu.widgets.widgets[0].enabled
    assert _rows(menu) == before  # every entry where it was
    assert menu.widgets.widgets[menu.widgets.focus].label == "Play the computer"
    pressed: list[str] = []
    for w in menu.widgets.widgets:
        w.on_click = lambda label=w.label: pressed.append(label)  # type: ignore[attr-defined]
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=target.center, button=1))
    assert pressed == ["Play the computer"]


def test_a_dimmed_resume_game_takes_no_click(app) -> None:
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    resume = menu.widgets.widgets[0]
    assert resume.label == "Resume game" and not resume.enabled
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=resume.rect.center, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=resume.rect.center, button=1))
    app.run_frames(1)
    assert app.stack.top is menu
