"""Every scene runs headless for a number of frames with scripted input, as a player drives it."""

from __future__ import annotations

import math
import tomllib

import pygame
import pytest

from cards.registry import GAMES
from skully_game.core.settings import load_settings, settings_path
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.settings import SettingsScene
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.skully.caps import CapType
from tests.ui_helpers import click, drag, flick_towards, key, make_app, run_until_still


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.stack.clear()


def test_menu_lists_only_working_modes_and_opens_practice(app):
    menu = MenuScene(app)
    app.stack.push(menu)
    app.run_frames(5)
    labels = [w.label for w in menu.widgets.widgets]
    assert not menu.widgets.widgets[0].enabled  # no game to resume: dimmed, in its place
    assert labels == [
        "Resume game",
        "Play the computer",
        "New game",
        "Learn Skully",
        "Practice",
        "Board tuner",
        "Skully replays",
        *(info.title for info in sorted(GAMES, key=lambda g: g.order) if info.table),
        "Play online",
        "Your games",
        "Settings",
        "Quit",
    ]
    for _ in range(3):
        app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, PracticeScene)
    app.run_frames(5)
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is menu


def test_menu_quit_stops_the_loop(app):
    menu = MenuScene(app)
    app.stack.push(menu)
    quit_button = menu.widgets.widgets[-1]
    click(app, quit_button.rect.center)
    assert not app.running


def test_settings_dialog_draws_over_the_menu_and_persists(app):
    app.stack.push(MenuScene(app))
    dialog = SettingsScene(app)
    app.stack.push(dialog)
    app.run_frames(3)
    sound = dialog.widgets.widgets[0]
    was = app.settings.muted
    click(app, (sound.rect.right - 20, sound.rect.centery))  # Sound: toggled
    assert app.settings.muted is not was
    saved, warning = load_settings()
    assert warning is None and saved.muted is not was
    data = tomllib.loads(settings_path().read_text())
    assert data["format"] == "skully-settings" and data["muted"] is not was
    app.dispatch(key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, MenuScene)


def test_practice_flick_moves_the_cap_and_labels_where_it_lies(app):
    scene = PracticeScene(app, kinds=[CapType.CROWN, CapType.LEAD])
    app.stack.push(scene)
    app.run_frames(2)
    table = scene.table
    before = list(table.positions)
    flick_towards(app, table, 0, table.board.box_centre(1), 0.15)
    assert table.busy, "releasing a pull flicks the cap"
    run_until_still(app, table)
    assert table.positions[0] != before[0]
    assert table.positions[1] == before[1]
    assert scene.shots == 1
    assert set(table.labels) == {0, 1}
    assert table.labels[0] == table.place(0).label()


def test_practice_undo_and_reset(app):
    scene = PracticeScene(app, kinds=[CapType.CROWN])
    app.stack.push(scene)
    table = scene.table
    start = list(table.positions)
    flick_towards(app, table, 0, table.board.centre, 0.3)
    run_until_still(app, scene.table)
    moved = list(scene.table.positions)
    assert moved != start
    flick_towards(app, scene.table, 0, scene.table.board.box_centre(4), 0.2)
    run_until_still(app, scene.table)
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert scene.table.positions == moved
    app.dispatch(key(pygame.K_r))
    assert scene.table.positions == start and scene.shots == 0


def test_practice_cancel_with_escape_and_right_click(app):
    scene = PracticeScene(app, kinds=[CapType.CROWN])
    app.stack.push(scene)
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    drag(app, at, (at[0] - 80, at[1] + 40), release=False)
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(at[0]) - 80, int(at[1]) + 40), button=1)
    )
    assert not table.busy
    drag(app, at, (at[0] - 80, at[1] + 40), release=False)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))
    assert not table.busy
    assert isinstance(app.stack.top, PracticeScene)


def test_practice_keyboard_aim_and_shoot(app):
    scene = PracticeScene(app, kinds=[CapType.CROWN, CapType.WAX])
    app.stack.push(scene)
    table = scene.table
    app.dispatch(key(pygame.K_TAB))
    assert table.selected == 0
    angle = table.aim_angle
    app.dispatch(key(pygame.K_LEFT))
    assert math.isclose(table.aim_angle, angle + math.radians(1))
    app.dispatch(key(pygame.K_LEFT, pygame.KMOD_SHIFT))
    assert math.isclose(table.aim_angle, angle + math.radians(1.1))
    power = table.power
    app.dispatch(key(pygame.K_UP))
    assert math.isclose(table.power, power + 0.02)
    app.dispatch(key(pygame.K_RIGHTBRACKET))
    assert table.offset == 0.25
    app.dispatch(key(pygame.K_SPACE))
    assert table.busy
    run_until_still(app, table)
    assert scene.shots == 1


def test_practice_caps_can_be_added_removed_and_retyped(app):
    scene = PracticeScene(app, kinds=[CapType.CROWN])
    app.stack.push(scene)
    for _ in range(7):
        scene.add_cap()
    assert len(scene.kinds) == 6
    scene.set_kind(2, CapType.GLIDE)
    assert scene.table.looks[2].kind is CapType.GLIDE
    for _ in range(7):
        scene.remove_cap()
    assert len(scene.kinds) == 1
    app.run_frames(3)


def test_the_view_follows_a_cap_leaving_the_board_and_keeps_the_tables_scale(app):
    scene = PracticeScene(app, kinds=[CapType.GLIDE])
    app.stack.push(scene)
    table = scene.table
    home_scale = table.camera.scale
    flick_towards(app, table, 0, (5.0, 5.0), 1.0)
    run_until_still(app, table)
    app.run_frames(120)
    x, y = table.positions[0]
    assert table.place(0).off_board
    assert table.camera.scale == pytest.approx(home_scale), "one scale: the next shot looks alike"
    sx, sy = table.camera.to_screen((x, y))
    assert table.camera.viewport.collidepoint(sx, sy), "the cap stays in view"


def test_resize_and_screenshot(app, tmp_path):
    app.stack.push(MenuScene(app))
    app.stack.push(PracticeScene(app))
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    app.run_frames(3)
    assert app.size == (1000, 640)
    assert app.settings.window_width == 1000
    path = app.screenshot(tmp_path)
    assert path.exists() and pygame.image.load(str(path)).get_size() == (1000, 640)
