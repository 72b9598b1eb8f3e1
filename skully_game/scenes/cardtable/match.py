"""A game at the table and its save: who sits where (people, computer players of a level), the
pace of the computer players, and the game's own record. Saved after every action."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError
from skully_game.core.fileio import read_json, write_atomic
from skully_game.core.paths import data_dir
from skully_game.scenes.cardtable.game import TableGame

HUMAN = "human"


class Pace(Enum):
    """How long a computer player's move and a finished pile stay on show (seconds)."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"

    @property
    def move(self) -> float:
        return {"slow": 1.4, "normal": 0.7, "fast": 0.25}[self.value]

    @property
    def hold(self) -> float:
        return {"slow": 2.4, "normal": 1.4, "fast": 0.7}[self.value]


def saves_dir(game: TableGame) -> Path:
    return data_dir() / game.key


@dataclass
class TableSeat:
    name: str
    kind: str = HUMAN  # HUMAN, or one of the game's computer levels

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class Match:
    """The engine state, who sits where, and where it is saved."""

    game: TableGame
    options: Any
    seed: int
    seats: list[TableSeat]
    pace: Pace = Pace.NORMAL
    state: Any = field(init=False)
    path: Path = field(init=False)

    def __post_init__(self) -> None:
        self.state = self.game.new_state(self.options, self.seed)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        self.path = saves_dir(self.game) / f"{stamp}-{self.seed % 100000:05d}.json"
        n = 1
        while self.path.exists():
            self.path = self.path.with_name(f"{stamp}-{self.seed % 100000:05d}-{n}.json")
            n += 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.game.save_format,
            "version": self.game.save_version,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "pace": self.pace.value,
            "game": self.game.record(self.state),
            "over": self.game.is_over(self.state),
        }

    def save(self) -> None:
        write_atomic(self.path, json.dumps(self.to_dict(), indent=1))

    @staticmethod
    def load(game: TableGame, path: Path) -> Match:
        """A saved table; a bad file raises DataError naming the file and the field."""
        source = str(path)
        data = read_json(path)
        if not isinstance(data, dict) or data.get("format") != game.save_format:
            raise DataError(source, "format", f"'{game.save_format}'")
        if data.get("version") != game.save_version:
            raise DataError(source, "version", str(game.save_version), data.get("version"))
        kinds = {HUMAN, *(k for k, _ in game.levels)}
        seats_raw = data.get("seats")
        if not isinstance(seats_raw, list) or not all(
            isinstance(s, dict)
            and isinstance(s.get("name"), str)
            and 0 < len(s["name"]) <= 40
            and s.get("kind") in kinds
            for s in seats_raw
        ):
            raise DataError(source, "seats", "a list of {name, kind}")
        try:
            pace = Pace(data.get("pace", Pace.NORMAL.value))
        except ValueError:
            raise DataError(source, "pace", "slow, normal or fast", data.get("pace")) from None
        record = data.get("game")
        if not isinstance(record, dict):
            raise DataError(source, "game", "the game's record")
        try:
            state = game.from_record(record)
        except ValueError as exc:
            raise DataError(source, "game", "a game that replays", str(exc)) from None
        if len(seats_raw) != game.players(state):
            raise DataError(source, "seats", f"{game.players(state)} seats", len(seats_raw))
        match = Match.__new__(Match)
        match.game = game
        match.seed = getattr(state, "seed", 0)
        match.options = getattr(state, "options", None)
        match.seats = [TableSeat(s["name"], s["kind"]) for s in seats_raw]
        match.pace = pace
        match.state = state
        match.path = path
        return match


@dataclass(frozen=True)
class SavedTable:
    """A saved table as a list shows it, read without replaying the game."""

    path: Path
    names: tuple[str, ...]
    actions: int
    over: bool
    saved: datetime


def list_tables(game: TableGame) -> tuple[list[SavedTable], list[str]]:
    """The game's saved tables, newest first, and a one-line refusal for each bad file."""
    folder = saves_dir(game)
    good: list[SavedTable] = []
    bad: list[str] = []
    if not folder.is_dir():
        return good, bad
    for path in sorted(folder.glob("*.json"), reverse=True):
        try:
            data = read_json(path)
            good.append(_entry(game, path, data))
        except DataError as exc:
            bad.append(str(exc))
        except OSError as exc:
            bad.append(f"{path}: field 'file': expected a readable file ({exc.strerror})")
    return good, bad


def _entry(game: TableGame, path: Path, data: Any) -> SavedTable:
    source = str(path)
    if not isinstance(data, dict) or data.get("format") != game.save_format:
        raise DataError(source, "format", f"'{game.save_format}'")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats
    ):
        raise DataError(source, "seats", "a list of {name, kind}")
    actions = (data.get("game") or {}).get("actions") if isinstance(data.get("game"), dict) else []
    count = len(actions) if isinstance(actions, list) else 0
    return SavedTable(
        path,
        tuple(s["name"][:40] for s in seats),
        count,
        bool(data.get("over")),
        datetime.fromtimestamp(path.stat().st_mtime),
    )


def unfinished(game: TableGame) -> list[Path]:
    return [t.path for t in list_tables(game)[0] if not t.over]


def finished(game: TableGame) -> list[Path]:
    return [t.path for t in list_tables(game)[0] if t.over]


__all__ = [
    "HUMAN",
    "Match",
    "Pace",
    "SavedTable",
    "TableSeat",
    "finished",
    "list_tables",
    "saves_dir",
    "unfinished",
]
