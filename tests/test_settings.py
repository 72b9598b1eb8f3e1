"""Settings persist between runs; a damaged settings file is never silently lost."""

from __future__ import annotations

import pytest

from skully_game.core.settings import (
    AimGuide,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)


def test_settings_round_trip():
    changed = Settings(muted=True, volume=0.3, aim_guide=AimGuide.DISTANCE, window_width=1000)
    save_settings(changed)
    loaded, warning = load_settings()
    assert warning is None
    assert loaded == changed


def test_missing_file_gives_defaults():
    assert load_settings() == (Settings(), None)


def test_damaged_file_gives_defaults_with_a_warning_and_is_kept():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("this is [not toml")
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and str(path) in warning and "\n" not in warning
    save_settings(Settings(volume=0.5))
    assert path.with_suffix(".toml.bad").read_text() == "this is [not toml"
    assert load_settings()[0].volume == 0.5


def test_wrong_types_and_out_of_range_values_fall_back_and_are_named():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        'format = "skully-settings"\nversion = 1\nmuted = "yes"\nvolume = 7.0\n'
        'aim_guide = "laser"\nshow_labels = false\n'
    )
    settings, warning = load_settings()
    assert settings == Settings(show_labels=False)  # the good one is kept
    assert warning is not None and "\n" not in warning and str(path) in warning
    for name in ("muted", "volume", "aim_guide"):
        assert name in warning
    assert "show_labels" not in warning and "using the default for" in warning


def test_flick_sensitivity_is_kept_in_its_range_and_refused_outside_it():
    save_settings(Settings(flick_sensitivity=1.35))
    assert load_settings()[0].flick_sensitivity == 1.35
    path = settings_path()
    path.write_text('format = "skully-settings"\nversion = 1\nflick_sensitivity = 9.0\n')
    settings, warning = load_settings()
    assert settings.flick_sensitivity == 1.0
    assert warning is not None and "flick_sensitivity (expected a number from 0.5 to 2" in warning


@pytest.mark.parametrize("bad", ["nan", "-nan", "inf", "-inf", "1e400"])
@pytest.mark.parametrize("name", ["flick_sensitivity", "volume", "max_fps", "window_width"])
def test_nan_and_infinity_fall_back_to_the_default_and_are_named(name: str, bad: str):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'format = "skully-settings"\nversion = 1\n{name} = {bad}\n')
    settings, warning = load_settings()
    assert settings == Settings()  # a nan volume was full volume; a nan flick raised
    assert warning is not None and f"using the default for {name} (expected" in warning
    save_settings(settings.with_changes(muted=True))  # the player's file is kept, not lost
    assert bad in path.with_suffix(".toml.bad").read_text()


def test_a_window_left_larger_than_we_open_is_fitted_without_a_word():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('format = "skully-settings"\nwindow_width = 11520\nwindow_height = 300\n')
    settings, warning = load_settings()
    assert (settings.window_width, settings.window_height, warning) == (7680, 400, None)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800), (1024, 640), (800, 500)])
def test_the_settings_dialog_and_all_it_draws_lie_inside_the_window(size, monkeypatch, tmp_path):
    import pygame

    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.settings import SettingsScene
    from skully_game.shell import theme
    from tests.ui_helpers import ev, make_app

    deep = tmp_path / ("a-rather-long-folder-name/" * 6)
    monkeypatch.setenv("SKULLY_CONFIG_DIR", str(deep))
    app = make_app(size)
    app.stack.push(MenuScene(app))
    dialog = SettingsScene(app)
    app.stack.push(dialog)
    app.run_frames(2)
    box = dialog.box
    assert app.screen.get_rect().contains(box)
    rows = [w.rect for w in dialog.widgets.widgets]
    for rect in rows:
        assert box.contains(rect) and rect.h >= 34 and rect.top >= box.y + 50
    assert all(not a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1 :])
    saved = theme.font(18).size(dialog.saved_in())
    line = pygame.Rect((0, 0), saved)
    line.midbottom = (box.centerx, box.bottom - 10)
    assert box.contains(line) and line.top > rows[-1].bottom
    # a tooltip stays inside the dialog too
    flick = next(w for w in dialog.widgets.widgets if w.tooltip)
    app.dispatch(ev(pygame.MOUSEMOTION, pos=flick.rect.midleft, rel=(0, 0), buttons=(0, 0, 0)))
    tip = dialog.widgets.tip(app.screen.get_rect())
    assert tip is not None and box.contains(tip[1]) and not tip[1].colliderect(flick.rect)
    app.draw(0.5)
    app.stack.clear()
