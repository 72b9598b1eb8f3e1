"""Settings' *Shot effects* (on by default) turns Skully's tails, dust and glows off at the game
table, in practice and in replays, and is kept in the settings file."""

from __future__ import annotations

from skully_game.core.settings import Settings, load_settings, save_settings
from skully_game.scenes.skully.practice import PracticeScene
from tests.ui_helpers import make_app


def test_effects_are_on_by_default_and_kept_off_when_turned_off(tmp_path) -> None:
    assert Settings().shot_effects is True
    path = tmp_path / "settings.toml"
    save_settings(Settings(shot_effects=False), path)
    loaded, warning = load_settings(path)
    assert loaded.shot_effects is False and warning is None


def test_practice_draws_no_effects_when_they_are_off() -> None:
    app = make_app((1024, 640))
    assert PracticeScene(app).table.effects.enabled is True
    app.update_settings(shot_effects=False)
    assert PracticeScene(app).table.effects.enabled is False
