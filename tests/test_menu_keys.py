"""The menu, its dialogs and Settings answer the keys as play-testers expect: Esc never quits
at once, Tab walks a question's buttons, the arrows cross the menu's two columns, the volume
goes in even steps, and a screen under a dialog shows no focus ring."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from skully_game.core.settings import settings_path
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.settings import SettingsScene
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.widgets import Slider
from skully_game.skully.saves import games_dir
from tests.ui_helpers import ask_leave, key, make_app

DATA = Path(__file__).parent / "data"


def with_unfinished_game() -> None:
    games_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy(DATA / "game-four-players-unfinished.json", games_dir())


def open_menu(size: tuple[int, int] = (1280, 800), resume: bool = False) -> tuple[App, MenuScene]:
    if resume:
        with_unfinished_game()
    app = make_app(size)
    menu = MenuScene(app)
    app.stack.push(menu)
    app.run_frames(1)
    return app, menu


def focused(menu: MenuScene) -> str:
    return menu.widgets.widgets[menu.widgets.focus].label


# --- 1. Esc on the menu asks before quitting ---------------------------------------------------


def test_esc_on_the_menu_asks_and_stay_is_the_default():
    app, menu = open_menu()
    app.dispatch(key(pygame.K_ESCAPE))
    dialog = app.stack.top
    assert app.running and isinstance(dialog, ConfirmDialog)
    assert dialog.question == "Quit Skully?"
    assert dialog.widgets.widgets[dialog.widgets.focus].label == "Stay"
    app.dispatch(key(pygame.K_ESCAPE))  # Esc in the question: stay
    assert app.running and app.stack.top is menu
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_RETURN))  # Enter on the default: stay
    assert app.running and app.stack.top is menu
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RETURN))  # the player chose Quit
    assert not app.running


def test_esc_out_of_settings_then_esc_again_keeps_the_program():
    app, menu = open_menu()
    settings = next(w for w in menu.widgets.widgets if w.label == "Settings")
    settings.on_click()
    assert isinstance(app.stack.top, SettingsScene)
    app.dispatch(key(pygame.K_ESCAPE))  # out of Settings
    app.dispatch(key(pygame.K_ESCAPE))  # one too many: a question, not the end
    assert app.running and isinstance(app.stack.top, ConfirmDialog)
    app.dispatch(key(pygame.K_ESCAPE))  # and one more: stay
    assert app.running and app.stack.top is menu


# --- 2. Tab walks a confirm dialog's buttons ---------------------------------------------------


def test_tab_and_shift_tab_move_between_a_dialogs_buttons():
    app = make_app()
    dialog, answers = ask_leave(app)
    assert dialog.widgets.focus == 0
    app.dispatch(key(pygame.K_TAB))
    assert dialog.widgets.focus == 1, "Tab goes to Leave"
    app.dispatch(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert dialog.widgets.focus == 0, "Shift+Tab back to Stay"
    app.dispatch(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert dialog.widgets.focus == 1, "round the two buttons, like the arrows"
    app.dispatch(key(pygame.K_RETURN))
    assert answers == [True]


# --- 3. the menu's two columns -----------------------------------------------------------------


def columns(menu: MenuScene) -> list[list[str]]:
    by_x: dict[int, list[tuple[int, str]]] = {}
    for w in menu.widgets.widgets:
        by_x.setdefault(w.rect.x, []).append((w.rect.y, w.label))
    return [[label for _, label in sorted(by_x[x])] for x in sorted(by_x)]


@pytest.mark.parametrize(
    ("size", "resume"),
    [((1024, 640), False), ((1024, 640), True), ((1280, 800), False), ((1280, 800), True)],
)
def test_left_and_right_cross_the_two_columns_at_the_same_row(size, resume):
    app, menu = open_menu(size, resume)
    left, right = columns(menu)
    assert abs(len(left) - len(right)) <= 1, "balanced"
    # Resume game keeps its place, dimmed with no game to resume (the keys pass it by)
    assert left[0] == "Resume game" and right[-1] == "Quit"
    buttons = {w.label: w for w in menu.widgets.widgets}
    assert buttons["Resume game"].enabled is resume
    for row in range(0 if resume else 1, min(len(left), len(right))):
        menu.widgets.focus = menu.widgets.widgets.index(buttons[left[row]])
        app.dispatch(key(pygame.K_RIGHT))
        assert focused(menu) == right[row]
        app.dispatch(key(pygame.K_RIGHT))
        assert focused(menu) == right[row], "no column further right"
        app.dispatch(key(pygame.K_LEFT))
        assert focused(menu) == left[row]
    # the longer column's last entry crosses to the other column's nearest, its last
    longer, shorter, way = (
        (left, right, pygame.K_RIGHT) if len(left) > len(right) else (right, left, pygame.K_LEFT)
    )
    if len(longer) != len(shorter):
        menu.widgets.focus = menu.widgets.widgets.index(buttons[longer[-1]])
        app.dispatch(key(way))
        assert focused(menu) == shorter[-1]
    # Up/Down still go along the flow: down the first column, then the second
    menu.widgets.focus = menu.widgets.widgets.index(buttons[left[-1]])
    app.dispatch(key(pygame.K_DOWN))
    assert focused(menu) == right[0]
    assert menu.key_hint().startswith("Arrow keys"), "the footer names the keys that work"


def test_one_column_in_a_tall_window_keeps_up_down_and_says_so():
    # (at 1280x800 the 13 entries, 14 with Resume game, take two columns: the test above)
    app, menu = open_menu((1920, 1080), False)
    assert len(columns(menu)) == 1
    assert menu.key_hint().startswith("Up/Down")
    before = menu.widgets.focus
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_LEFT))
    assert menu.widgets.focus == before and app.stack.top is menu


# --- 4. Settings: the volume's steps, and no file path -----------------------------------------


def open_settings() -> tuple[App, SettingsScene, Slider]:
    app, _ = open_menu()
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.dispatch(key(pygame.K_DOWN))
    volume = scene.widgets.widgets[scene.widgets.focus]
    assert isinstance(volume, Slider) and volume.label == "Volume"
    return app, scene, volume


def test_the_volume_goes_in_small_even_steps_and_back_to_where_it_was():
    app, _, volume = open_settings()
    start = app.settings.volume
    assert start == pytest.approx(0.8)
    app.dispatch(key(pygame.K_RIGHT))
    step = app.settings.volume - start
    assert step == pytest.approx(0.05) or step == pytest.approx(0.1)
    for _ in range(5):
        app.dispatch(key(pygame.K_RIGHT))
    assert app.settings.volume == pytest.approx(1.0)
    for _ in range(round((1.0 - start) / step)):
        app.dispatch(key(pygame.K_LEFT))
    assert app.settings.volume == pytest.approx(start), "the default is reached again by keys"
    assert volume.fmt(volume.value) == "80%"


def test_settings_say_saved_in_plain_words_without_the_file_path():
    _, scene, _ = open_settings()
    shown = scene.saved_in()
    assert shown == "Saved automatically"
    assert str(settings_path().parent) not in shown and "settings.toml" not in shown


# --- 5. no focus ring under a dialog -----------------------------------------------------------


def test_the_menu_draws_no_focus_ring_under_a_dialog():
    app, menu = open_menu((1920, 1080))
    dialog = ConfirmDialog(app, "Quit Skully?", app.quit, yes="Quit", no="Stay")
    app.stack.push(dialog)
    first = menu.widgets.widgets[0].rect.inflate(8, 8)
    assert not first.colliderect(dialog.box)

    def pixels() -> bytes:
        app.draw(0.5)
        return pygame.image.tobytes(app.screen.subsurface(first), "RGB")

    menu.widgets.focus = 0
    with_focus = pixels()
    menu.widgets.focus = 1
    assert pixels() == with_focus, "the focused entry looks like any other under the dialog"
    app.dispatch(key(pygame.K_ESCAPE))  # the question gone, the ring is back
    menu.widgets.focus = 0
    app.draw(0.5)
    assert pygame.image.tobytes(app.screen.subsurface(first), "RGB") != with_focus
