"""Where Skully games are saved, and which of them can be resumed. No pygame here."""

from __future__ import annotations

import json
from pathlib import Path

from skully_game.core.paths import data_dir


def games_dir() -> Path:
    return data_dir() / "games"


def unfinished_games() -> list[Path]:
    """Saved games not yet won, newest first (the menu's Resume)."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.json"), reverse=True):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if (
            isinstance(data, dict)
            and data.get("format") == "skully-game-record"
            and data.get("winner") is None
        ):
            out.append(path)
    return out
