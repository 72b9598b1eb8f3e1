"""The setup's last choices per game (seats, levels, options, pace), so a new game starts as the
last one did. A small JSON file in the data folder; a bad one is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError, is_whole
from skully_game.core.fileio import read_json, write_atomic
from skully_game.core.paths import data_dir

PREFS_FORMAT = "skully-table-setup"
PREFS_VERSION = 1


def prefs_path(key: str) -> Path:
    return data_dir() / "setup" / f"{key}.json"


def load_choices(key: str) -> tuple[dict[str, Any], str | None]:
    """The last choices for game `key` ({} if none), and a one-line refusal if the file is bad."""
    path = prefs_path(key)
    if not path.exists():
        return {}, None
    try:
        data = read_json(path)
    except DataError as exc:
        return {}, str(exc)
    if not isinstance(data, dict) or data.get("format") != PREFS_FORMAT:
        return {}, str(DataError(str(path), "format", f"'{PREFS_FORMAT}'"))
    if not is_whole(data.get("version")) or data.get("version") != PREFS_VERSION:
        return {}, str(DataError(str(path), "version", str(PREFS_VERSION), data.get("version")))
    choices = data.get("choices")
    if not isinstance(choices, dict):
        return {}, str(DataError(str(path), "choices", "an object of the last choices"))
    return choices, None


def save_choices(key: str, choices: dict[str, Any]) -> None:
    data = {"format": PREFS_FORMAT, "version": PREFS_VERSION, "choices": choices}
    write_atomic(prefs_path(key), json.dumps(data, indent=1))


def remember_choice(key: str, name: str, value: Any) -> None:
    """One choice made away from the setup (the pace, changed with P at the table) kept with
    the others, so the next setup starts with it; a bad file is left as it is (the setup says
    what is wrong with it). OSError when it cannot be written."""
    choices, problem = load_choices(key)
    if problem:
        return
    save_choices(key, {**choices, name: value})


EVERY_TABLE = "all-tables"  # the choices every table shares: the computer players' pace


def shared_pace() -> str | None:
    """The computer players' pace last chosen at any table (P, or a setup), or None."""
    choices, problem = load_choices(EVERY_TABLE)
    pace = None if problem else choices.get("pace")
    return pace if isinstance(pace, str) else None


def remember_pace(value: str) -> None:
    """The pace for every table's next setup (a player's pace is theirs, not one game's: a
    play-test chose Fast in Skull King and met Normal in Skull). OSError when not written."""
    remember_choice(EVERY_TABLE, "pace", value)


__all__ = [
    "load_choices",
    "prefs_path",
    "remember_choice",
    "remember_pace",
    "save_choices",
    "shared_pace",
]
