"""The main menu fits its entries in the window, Resume game and Quit included, at every size."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skully_game.scenes.menu import FOOTER_H, MenuScene, entry_rects
from skully_game.skully.saves import games_dir
from tests.ui_helpers import click, make_app

DATA = Path(__file__).parent / "data"
SIZES = ((1920, 1080), (1280, 800), (1024, 640), (800, 500))


def with_unfinished_game() -> None:
    games_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy(DATA / "game-four-players-unfinished.json", games_dir())


@pytest.mark.parametrize("size", SIZES)
def test_every_entry_with_resume_game_lies_whole_inside_the_window(size):
    with_unfinished_game()
    app = make_app(size)
    menu = MenuScene(app)
    app.stack.push(menu)
    app.run_frames(2)
    buttons = menu.widgets.widgets
    assert buttons[0].label == "Resume game" and buttons[-1].label == "Quit"
    w, h = size
    for b in buttons:
        assert b.rect.left >= 0 and b.rect.right <= w, (b.label, b.rect)
        assert b.rect.top > menu.subtitle_top and b.rect.bottom <= h - FOOTER_H, (b.label, b.rect)
        assert b.rect.h >= 36
    for i, a in enumerate(buttons):
        for b in buttons[i + 1 :]:
            assert not a.rect.colliderect(b.rect), (a.label, b.label)
    click(app, buttons[-1].rect.center)
    assert not app.running  # Quit is there to be clicked
    app.stack.clear()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", range(3, 13))
def test_entries_are_laid_out_to_fit_however_many_there_are(size, count):
    w, h = size
    top = h // 4
    rects = entry_rects(size, top, count)
    assert len(rects) == count
    for r in rects:
        assert r.top >= top and r.bottom <= h - FOOTER_H and r.left >= 0 and r.right <= w
    assert len({r.topleft for r in rects}) == count
    for i, a in enumerate(rects):
        assert not any(a.colliderect(b) for b in rects[i + 1 :])


def test_a_tall_window_keeps_one_roomy_column():
    rects = entry_rects((1280, 800), 250, 8)
    assert len({r.x for r in rects}) == 1 and rects[0].h == 50


def test_coming_back_to_the_menu_shows_no_stale_tooltip():
    app = make_app()
    menu = MenuScene(app)
    app.stack.push(menu)
    practice = next(w for w in menu.widgets.widgets if w.label == "Practice")
    click(app, practice.rect.center)  # the pointer was last seen over Practice
    app.stack.pop()
    assert menu.widgets.tip(app.screen.get_rect()) is None
