"""Settings from a newer version are never silently lost, and settings that cannot be saved are
told in a player's words, never an errno or a temporary file's name."""

from __future__ import annotations

import errno
import tomllib

import pytest

from skully_game.core import settings as settings_module
from skully_game.core.settings import (
    Settings,
    SettingsUnsaved,
    load_settings,
    save_settings,
    settings_path,
)

NEWER = 'format = "skully-settings"\nversion = 2\nmuted = true\nhaptics = "strong"\n'


def newer_file() -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(NEWER)


def test_a_newer_versions_file_is_said_at_start() -> None:
    newer_file()
    loaded, warning = load_settings()
    assert loaded.muted is True
    assert warning is not None
    assert (
        warning == "Settings from a newer Skully: kept as settings.toml.v2-backup before any change"
    )


def test_keys_this_version_does_not_know_are_kept_and_the_newer_file_copied() -> None:
    newer_file()
    save_settings(Settings(muted=False, volume=0.5))
    written = tomllib.loads(settings_path().read_text())
    assert written["haptics"] == "strong" and written["volume"] == 0.5
    backup = settings_path().with_name("settings.toml.v2-backup")
    assert backup.read_text() == NEWER
    save_settings(Settings(volume=0.4))  # the next change: the copy stays as it was
    assert backup.read_text() == NEWER
    assert tomllib.loads(settings_path().read_text())["haptics"] == "strong"
    assert not settings_path().with_name("settings.toml.v2-backup-2").exists()


def test_an_earlier_copy_is_never_overwritten() -> None:
    newer_file()
    first = settings_path().with_name("settings.toml.v2-backup")
    first.write_text("an earlier copy")
    save_settings(Settings())
    assert first.read_text() == "an earlier copy"
    assert settings_path().with_name("settings.toml.v2-backup-2").read_text() == NEWER


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (OSError(errno.EROFS, "Read-only file system", "/x/.settings.toml.jc5p35py.tmp"),
         "the disk is read-only"),
        (OSError(errno.ENOSPC, "No space left on device", "/x/.settings.toml.ab12cd34.tmp"),
         "the disk is full"),
    ],
)  # fmt: skip
def test_settings_that_cannot_be_saved_say_why_in_words(monkeypatch, error, words) -> None:
    def failing(path, data):  # type: ignore[no-untyped-def]
        raise error

    monkeypatch.setattr(settings_module, "write_atomic", failing)
    with pytest.raises(SettingsUnsaved) as caught:
        save_settings(Settings(muted=True))
    assert str(caught.value) == words
    assert "Errno" not in str(caught.value) and ".tmp" not in str(caught.value)


def test_a_file_where_the_settings_folder_goes_is_named() -> None:
    folder = settings_path().parent
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("in the way")
    with pytest.raises(SettingsUnsaved) as caught:
        save_settings(Settings(muted=True))
    assert str(caught.value) == "a file is in the way"


def test_the_toast_says_it_in_words(app, monkeypatch) -> None:
    def failing(path, data):  # type: ignore[no-untyped-def]
        raise OSError(errno.EROFS, "Read-only file system", "/x/.settings.toml.jc5p35py.tmp")

    monkeypatch.setattr(settings_module, "write_atomic", failing)
    app.update_settings(muted=True)
    said = app.toasts[-1].message
    assert said == "Could not save settings: the disk is read-only"
