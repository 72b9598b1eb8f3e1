"""A game at the table and its save: who sits where (people, computer players of a level), the
pace of the computer players, and the game's own record. Saved after every action."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any

from cards import registry
from skully_game.core import saves_index
from skully_game.core.errors import DataError, Said, is_whole, kind_of
from skully_game.core.fileio import read_json, write_atomic
from skully_game.core.names import check_name
from skully_game.core.saves import (
    Glance,
    Listing,
    Summarize,
    Summary,
    glance_saves,
    list_saves,
    saves_folder,
    shown,
)
from skully_game.scenes.cardtable.game import SeatedGame
from skully_game.scenes.cardtable.standing import TableGist, saved_figures
from skully_game.scenes.cardtable.words import YOU, plural

HUMAN = "human"
MAX_SEATS = 8
MAX_NAME = 40  # a seat's name (the setup's field takes 12)
_claimed: set[Path] = set()  # paths given to tables of this run, saved or not yet


class Pace(Enum):
    """How long a computer player's move and a finished pile stay on show, and how fast cards
    travel and turn (seconds): every animation of the card tables takes its time from here."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"

    @property
    def move(self) -> float:
        return {"slow": 1.2, "normal": 0.5, "fast": 0.25}[self.value]

    @property
    def hold(self) -> float:
        return {"slow": 2.4, "normal": 1.4, "fast": 0.7}[self.value]

    @property
    def fly(self) -> float:
        """Seconds a card takes across the table: dealt, played, collected, drawn, cleared."""
        return {"slow": 0.6, "normal": 0.34, "fast": 0.2}[self.value]

    @property
    def turn(self) -> float:
        """Seconds a card takes to turn over where it lies."""
        return {"slow": 0.8, "normal": 0.5, "fast": 0.25}[self.value]


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
    """The engine state, who sits where, and where it is saved: the one match of every table
    game, `Match(GAME, options, seed, seats, pace)` and `Match.load(GAME, path)` with the game's
    adapter (no game has a match class of its own)."""

    game: SeatedGame
    options: Any
    seed: int
    seats: list[TableSeat]
    pace: Pace = Pace.NORMAL
    hints: bool = True  # the Hint button works (at one desk always; online, as the host says)
    undoer: int | None = None  # at a shared desk, the seat whose last move may be taken back
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
        over = self.game.is_over(self.state)
        names = [s.name for s in self.seats]
        return {
            "format": self.game.save_format,
            "version": self.game.save_version,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "pace": self.pace.value,
            "game": self.game.record(self.state),
            "over": over,
            # optional: a finished game's result in words, for the lists of games
            **({"result": self.game.result_words(self.state, names)} if over else {}),
            # optional (files written before it lack it): a shared desk's undo, kept
            **({} if self.undoer is None else {"undoer": self.undoer}),
            # optional: the person to act, for the Resume list ("Anne to play"), unreplayed;
            # never a computer player (a Resume waits for a person: a round's summary, say)
            **({} if over or self._person_to_act() is None
               else {"to_play": self._person_to_act()}),
            # optional: where the game stands, or who won with what, for the Resume list and
            # the statistics (standing.py), read without replaying
            **saved_figures(self.game, self.state, names),
        }  # fmt: skip

    def _person_to_act(self) -> int | None:
        seat = self.game.to_act(self.state)
        return seat if seat is not None and self.seats[seat].human else None

    def save(self) -> None:
        write_atomic(self.path, json.dumps(self.to_dict(), indent=1))

    @staticmethod
    def load(game: SeatedGame, path: Path) -> Match:
        """A saved table; a bad file raises DataError naming the file and the field."""
        source = str(path)
        table = read_table(game, read_json(path), source)
        try:
            state = game.from_record(table.record)
        except ValueError as exc:
            raise _replay_error(source, exc) from None
        except (TypeError, KeyError, IndexError, AttributeError, OverflowError):
            # what read_table let through still broke the engine: refused, never a crash
            raise DataError(
                source, "game", "a game that replays", Said("one that does not")
            ) from None
        if len(table.seats) != game.players(state):
            raise DataError(source, "seats", f"{game.players(state)} seats", len(table.seats))
        match = Match.__new__(Match)
        match.game = game
        match.seed = getattr(state, "seed", 0)
        match.options = getattr(state, "options", None)
        match.seats = table.seats
        match.pace = table.pace
        match.hints = True
        match.undoer = table.undoer
        match.state = state
        match.path = path
        return match


@dataclass(frozen=True)
class SavedTable:
    """A saved table's fields, each checked in kind and range, its moves not yet replayed."""

    seats: list[TableSeat]
    pace: Pace
    record: dict[str, Any]  # the game's own record, for SeatedGame.from_record
    over: bool
    undoer: int | None = None  # whose last move may still be taken back (absent: nobody's)
    to_play: int | None = None  # the seat to act when it was saved (absent: not said)


def read_table(game: SeatedGame, data: object, source: str) -> SavedTable:
    """Every field of a saved table checked, cheaply (nothing is replayed): so the Resume list
    never shows as good a file whose fields loading would refuse, and loading never meets a
    field of the wrong kind (a number for the options, a list for a seat's kind)."""
    if not isinstance(data, dict) or data.get("format") != game.save_format:
        raise DataError(source, "format", f"'{game.save_format}'")
    version = data.get("version")
    if not is_whole(version) or version != game.save_version:
        raise DataError(source, "version", str(game.save_version), version)
    record = data.get("game")
    if not isinstance(record, dict):
        raise DataError(source, "game", "the game's record", Said(kind_of(record)))
    players = _check_record(game, record, source)
    seats = _seats(game, data.get("seats"), players, source)
    try:
        pace = Pace(data.get("pace", Pace.NORMAL.value))
    except ValueError:
        raise DataError(source, "pace", "slow, normal or fast", data.get("pace")) from None
    over = data.get("over", False)
    if not isinstance(over, bool):
        raise DataError(source, "over", "true or false", over)
    undoer = data.get("undoer")
    if undoer is not None and not (is_whole(undoer) and 0 <= undoer < len(seats)):
        raise DataError(source, "undoer", f"a seat from 0 to {len(seats) - 1}", undoer)
    to_play = data.get("to_play")
    if to_play is not None and not (is_whole(to_play) and 0 <= to_play < len(seats)):
        raise DataError(source, "to_play", f"a seat from 0 to {len(seats) - 1}", to_play)
    return SavedTable(seats, pace, record, over, undoer, to_play)


def _engine(game: SeatedGame) -> Any:
    """The engine's state class of a registered game (its save format, version and options)."""
    try:
        return registry.game(game.key).entry().state
    except KeyError:
        return None  # a game outside the registry: its from_record checks the record alone


def _check_record(game: SeatedGame, record: dict[str, Any], source: str) -> int | None:
    """The game record's fields every engine shares (cards.engine.GameState.to_record), and
    its rule options read as the engine reads them; returns the number of players."""
    engine = _engine(game)
    if engine is None:
        return None
    if record.get("format") != engine.SAVE_FORMAT:
        raise DataError(source, "game.format", f"'{engine.SAVE_FORMAT}'", record.get("format"))
    version = record.get("version")
    if not is_whole(version) or version != engine.SAVE_VERSION:
        raise DataError(source, "game.version", str(engine.SAVE_VERSION), version)
    if not is_whole(record.get("seed")):
        raise DataError(source, "game.seed", "a whole number", record.get("seed"))
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise DataError(source, "game.actions", "a list of moves", Said(kind_of(actions)))
    for i, action in enumerate(actions):
        if not isinstance(action, str):
            raise DataError(source, f"game.actions[{i}]", "a move in words", Said(kind_of(action)))
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise DataError(source, "game.options", "a table of rule options", Said(kind_of(options)))
    try:
        return int(engine.OPTIONS.from_dict(options).players)
    except ValueError as exc:
        raise _option_error(source, str(exc)) from None


def _option_error(source: str, message: str) -> DataError:
    """An engine's refusal of an option ('players: expected 2-6, got 9') naming the field."""
    name, sep, said = message.partition(": ")
    if not sep or not name.isidentifier():
        return DataError(source, "game.options", "rule options this game knows", Said(message))
    expected, sep, got = said.removeprefix("expected ").rpartition(", got ")
    if said.startswith("expected ") and sep:
        return DataError(source, f"game.options.{name}", expected, Said(got))
    return DataError(source, f"game.options.{name}", "a rule this game allows", Said(said))


def _replay_error(source: str, exc: ValueError) -> DataError:
    """The engine's refusal of a move ('action 3: ... is not legal now') naming the move."""
    m = re.match(r"action (\d+): (.*)", str(exc))
    if m:
        field = f"game.actions[{m.group(1)}]"
        return DataError(source, field, "a move the rules allow", Said(m.group(2)))
    return DataError(source, "game", "a game that replays", Said(str(exc)))


def _seats(game: SeatedGame, raw: object, players: int | None, source: str) -> list[TableSeat]:
    kinds = [HUMAN, *(k for k, _ in game.levels)]
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_SEATS:
        got = Said(f"{len(raw)} seats") if isinstance(raw, list) else Said(kind_of(raw))
        raise DataError(source, "seats", f"a list of 2 to {MAX_SEATS} seats", got)
    if players is not None and len(raw) != players:
        raise DataError(source, "seats", f"{players} seats, one per player", len(raw))
    seats = []
    for i, seat in enumerate(raw):
        if not isinstance(seat, dict):
            raise DataError(source, f"seats[{i}]", "a seat {name, kind}", Said(kind_of(seat)))
        name = check_name(seat.get("name"), source, f"seats[{i}].name", MAX_NAME)
        kind = seat.get("kind")
        if not isinstance(kind, str) or kind not in kinds:
            raise DataError(source, f"seats[{i}].kind", f"one of {', '.join(kinds)}", kind)
        seats.append(TableSeat(name, kind))
    return seats


def summarize_table(game: SeatedGame, data: dict[str, Any], source: str) -> Summary:
    """What a list shows of a saved table, read without replaying the game: the seats' names,
    the number of moves (after what the game says of its options: Skip-Bo's stock), finished
    or not. A file loading would refuse for a field is bad here."""
    table = read_table(game, data, source)
    actions = table.record.get("actions")
    count = len(actions) if isinstance(actions, list) else 0
    options = table.record.get("options")
    said = game.save_words(options) if isinstance(options, dict) else ""
    detail = f"{said} · {plural(count, 'move')}" if said else plural(count, "move")
    result = data.get("result")
    if table.over and isinstance(result, str) and result:
        detail = f"{shown(result, 60)} · {detail}"  # written by the game, shown as text
    elif table.to_play is not None:
        name = table.seats[table.to_play].name
        detail = f"{'Your turn' if name == YOU else f'{shown(name, 20)} to play'} · {detail}"
    gist = table_gist(game, table, data, source)
    return Summary(", ".join(shown(s.name, 20) for s in table.seats), detail, table.over, gist)


def table_gist(game: SeatedGame, table: SavedTable, data: dict[str, Any], source: str) -> TableGist:
    """What the lists and the statistics keep of a saved table: as the save says it, or (a save
    written before it said so) its game replayed, in the background only (saves_index.quick)."""
    names = tuple(shown(s.name, 20) for s in table.seats)
    people = tuple(s.human for s in table.seats)
    said = _said_figures(data, len(names))
    if said is None:
        if saves_index.quick():
            return TableGist(names, people, partial=True)
        try:
            state = game.from_record(table.record)
        except Exception:  # refused when opened, with its words: here only no figures
            return TableGist(names, people)
        said = saved_figures(game, state, names)
    # (a save that says it is over while its game, replayed, is not: no winners, never a bad file)
    if table.over:
        winners, scores = tuple(said.get("winners", ())), tuple(said.get("scores", ()))
        return TableGist(names, people, winners, scores, said.get("unit", "points"))
    return TableGist(names, people, standing=shown(said.get("standing", ""), 120))


def _said_figures(data: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """The figures a save keeps (saved_figures), checked; None when it keeps none."""
    if data.get("over") is True:
        winners, scores, unit = data.get("winners"), data.get("scores"), data.get("unit")
        if not isinstance(winners, list) or not isinstance(scores, list):
            return None
        if not all(is_whole(w) and 0 <= w < seats for w in winners):
            return None
        if not all(is_whole(s) and abs(s) < 10**9 for s in scores) or len(scores) > seats:
            return None
        unit = shown(unit, 30) if isinstance(unit, str) else "points"
        return {"winners": tuple(winners), "scores": tuple(scores), "unit": unit}
    standing = data.get("standing")
    return {"standing": standing} if isinstance(standing, str) else None


@functools.cache
def _summarizer(game: SeatedGame) -> Summarize:
    """One summarize function per game, kept: the lister's cache knows its entries by it."""
    return functools.partial(summarize_table, game)


def list_tables(game: SeatedGame) -> Listing:
    """The game's saved tables, newest first, and each bad file named once."""
    return list_saves(saves_dir(game), game.save_format, _summarizer(game))


def glance_tables(game: SeatedGame) -> Glance:
    """list_tables(game) counted, with only the newest unfinished table made (the menu's look)."""
    return glance_saves(saves_dir(game), game.save_format, _summarizer(game))


def unfinished(game: SeatedGame) -> list[Path]:
    return [e.path for e in list_tables(game).unfinished()]


def finished(game: SeatedGame) -> list[Path]:
    return [e.path for e in list_tables(game).finished()]


__all__ = [
    "HUMAN",
    "Match",
    "Pace",
    "SavedTable",
    "TableSeat",
    "finished",
    "glance_tables",
    "list_tables",
    "read_table",
    "saves_dir",
    "summarize_table",
    "unfinished",
]
