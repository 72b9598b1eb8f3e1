"""Boards a player saved from the tuner: TOML files in the data folder's `boards/`.

A file that no longer loads is listed with its one-line problem, never dropped silently, so
the player can see it and fix or delete it. No pygame here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from skully_game.core.errors import DataError
from skully_game.core.paths import data_dir
from skully_game.skully.board import BoardSpec, load_board


def boards_dir() -> Path:
    return data_dir() / "boards"


@dataclass(frozen=True)
class SavedBoard:
    path: Path
    spec: BoardSpec | None  # None when the file does not load
    problem: str = ""  # the one-line refusal, when it does not

    @property
    def title(self) -> str:
        return self.spec.name if self.spec is not None else self.path.stem


def saved_boards(directory: Path | None = None) -> list[SavedBoard]:
    """Every *.toml board in the folder, by file name; unreadable ones carry their problem."""
    folder = boards_dir() if directory is None else directory
    found = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        try:
            found.append(SavedBoard(path, load_board(path)))
        except DataError as exc:
            found.append(SavedBoard(path, None, str(exc)))
    return found


def slug(name: str) -> str:
    """A file name for a board name: lower case letters, digits and dashes."""
    text = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    return text[:40] or "board"


def path_for(spec: BoardSpec, directory: Path | None = None) -> Path:
    """Where the tuner saves a board of this name."""
    return (boards_dir() if directory is None else directory) / f"{slug(spec.name)}.toml"
