"""A game at the table and its save: who sits where (people, computer players of a level), the
pace of the computer players, and the game's own record. Saved after every action."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError, is_whole
from skully_game.core.fileio import read_json, write_atomic
from skully_game.core.saves import Listing, Summary, list_saves, saves_folder, shown
from skully_game.scenes.cardtable.game import SeatedGame
from skully_game.scenes.cardtable.words import plural

HUMAN = "human"
_claimed: set[Path] = set()  # paths given to tables of this run, saved or not yet


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


def saves_dir(game: SeatedGame) -> Path:
    return saves_folder(game.key)


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

    game: SeatedGame
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
        while self.path.exists() or self.path in _claimed:  # two tables in one second
            self.path = self.path.with_name(f"{stamp}-{self.seed % 100000:05d}-{n}.json")
            n += 1
        _claimed.add(self.path)

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
    def load(game: SeatedGame, path: Path) -> Match:
        """A saved table; a bad file raises DataError naming the file and the field."""
        source = str(path)
        data = read_json(path)
        if not isinstance(data, dict) or data.get("format") != game.save_format:
            raise DataError(source, "format", f"'{game.save_format}'")
        if not is_whole(data.get("version")) or data.get("version") != game.save_version:
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


def summarize_table(data: dict[str, Any], source: str) -> Summary:
    """What a list shows of a saved table, read without replaying the game: the seats' names,
    the number of moves, finished or not."""
    seats = data.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 9:
        raise DataError(source, "seats", "a list of 2 to 8 seats")
    names = [shown(s.get("name"), 20) if isinstance(s, dict) else "" for s in seats]
    if not all(names):
        raise DataError(source, "seats", "a name for every seat")
    game = data.get("game")
    actions = game.get("actions") if isinstance(game, dict) else None
    count = len(actions) if isinstance(actions, list) else 0
    return Summary(", ".join(names), plural(count, "move"), bool(data.get("over")))


def list_tables(game: SeatedGame) -> Listing:
    """The game's saved tables, newest first, and each bad file named once."""
    return list_saves(saves_dir(game), game.save_format, summarize_table)


def unfinished(game: SeatedGame) -> list[Path]:
    return [e.path for e in list_tables(game).unfinished()]


def finished(game: SeatedGame) -> list[Path]:
    return [e.path for e in list_tables(game).finished()]


__all__ = [
    "HUMAN",
    "Match",
    "Pace",
    "TableSeat",
    "finished",
    "list_tables",
    "saves_dir",
    "summarize_table",
    "unfinished",
]
