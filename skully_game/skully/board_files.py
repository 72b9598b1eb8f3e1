"""Boards a player saved from the tuner: TOML files in the data folder's `boards/`.

A file that no longer loads is listed with its one-line problem, never dropped silently, so
the player can see it and fix or delete it. No pygame here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skully_game.core.saves import Listing, Summary, list_saves, saves_folder
from skully_game.skully.board import BOARD_FORMAT, BoardSpec, spec_from_dict


def boards_dir() -> Path:
    return saves_folder("boards")


@dataclass(frozen=True)
class SavedBoard:
    path: Path
    spec: BoardSpec | None  # None when the file does not load
    problem: str = ""  # the one-line refusal, when it does not

    @property
    def title(self) -> str:
        return self.spec.name if self.spec is not None else self.path.stem


def summarize_board(data: dict[str, Any], source: str) -> Summary:
    """A board file checked whole (it is small): its name, and the spec kept for the lists."""
    spec = spec_from_dict(data, source)
    return Summary(spec.name, value=spec)


def board_listing(directory: Path | None = None) -> Listing:
    """Every *.toml board in the folder by file name, and each one that does not load."""
    folder = boards_dir() if directory is None else directory
    return list_saves(folder, BOARD_FORMAT, summarize_board, suffix=".toml", newest_first=False)


def saved_boards(directory: Path | None = None) -> list[SavedBoard]:
    """Every *.toml board in the folder, by file name; unreadable ones carry their problem."""
    listing = board_listing(directory)
    found = [SavedBoard(e.path, e.value) for e in listing.entries]
    found += [SavedBoard(b.path, None, b.problem) for b in listing.bad]
    return sorted(found, key=lambda b: b.path.name)


def slug(name: str) -> str:
    """A file name for a board name: lower case letters, digits and dashes."""
    text = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    return text[:40] or "board"


def path_for(spec: BoardSpec, directory: Path | None = None) -> Path:
    """Where the tuner saves a board of this name."""
    return (boards_dir() if directory is None else directory) / f"{slug(spec.name)}.toml"
