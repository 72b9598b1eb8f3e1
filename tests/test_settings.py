"""Settings persist between runs; a damaged settings file is never silently lost."""

from __future__ import annotations

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


def test_wrong_types_and_out_of_range_values_fall_back():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        'format = "skully-settings"\nversion = 1\nmuted = "yes"\nvolume = 7.0\naim_guide = "laser"\n'
    )
    settings, warning = load_settings()
    assert warning is None
    assert (
        settings.muted is False
        and settings.volume == 1.0
        and settings.aim_guide is AimGuide.DIRECTION
    )


def test_flick_sensitivity_is_kept_and_held_to_its_range():
    save_settings(Settings(flick_sensitivity=1.35))
    assert load_settings()[0].flick_sensitivity == 1.35
    path = settings_path()
    path.write_text('format = "skully-settings"\nversion = 1\nflick_sensitivity = 9.0\n')
    assert load_settings()[0].flick_sensitivity == 2.0


def test_the_settings_file_is_named_inside_the_dialog_however_long_its_path():
    import pygame

    from skully_game.scenes.settings import fit_path
    from skully_game.shell import theme

    pygame.font.init()

    long = "Saved in /home/someone/" + "very-long-folder/" * 12 + "settings.toml"
    shown = fit_path(long, 18, 500)
    assert theme.font(18).size(shown)[0] <= 500
    assert shown.startswith("Saved in /home/") and shown.endswith("settings.toml")
