"""The last choices made at a setup screen, per game, so the next game starts from them.

Kept as small JSON files in the data folder (`setups/<game>.json`). A file that does not load is
ignored (the setup starts from its defaults, and says so once); it is replaced only when a game is
started with new choices. No pygame here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError
from skully_game.core.fileio import read_json, write_atomic
from skully_game.core.paths import data_dir

CHOICES_FORMAT = "skully-setup-choices"
CHOICES_VERSION = 1


def choices_path(game: str) -> Path:
    if not re.fullmatch(r"[a-z0-9-]{1,40}", game):
        raise ValueError(f"not a game key: {game!r}")
    return data_dir() / "setups" / f"{game}.json"


def recall(game: str) -> tuple[dict[str, Any] | None, str | None]:
    """(the choices last saved for `game`, or None; a one-line warning if the file was bad)."""
    path = choices_path(game)
    if not path.exists():
        return None, None
    try:
        data = read_json(path)
    except DataError as exc:
        return None, f"{exc}; starting from the usual choices"
    if not isinstance(data, dict) or data.get("format") != CHOICES_FORMAT:
        return (
            None,
            f"{path}: field 'format': expected '{CHOICES_FORMAT}'; starting from the usual choices",
        )
    choices = data.get("choices")
    if not isinstance(choices, dict):
        return (
            None,
            f"{path}: field 'choices': expected a table of choices; starting from the usual choices",
        )
    return choices, None


def remember(game: str, choices: dict[str, Any]) -> None:
    """Keep `choices` (plain JSON data) as the starting point of the next setup of `game`."""
    data = {"format": CHOICES_FORMAT, "version": CHOICES_VERSION, "choices": choices}
    write_atomic(choices_path(game), json.dumps(data, indent=1))
