"""`skully position GAME FILE [--move N] [--seat S]`: a saved table game's position as text.

Prints the one line (cards/position.py; each game's fields in its `position` module) that sets
the game where it stood after its first N moves (all of them by default): what `skully selfplay
GAME --from-position` starts from, and what a test or a bug report pastes. FILE is a game saved
from its table (in the data folder's saves) or a game record (`to_record`'s JSON). With --seat,
only what that seat may see: the others' hidden cards and the seed are left out.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cards.registry import GAMES, game
from skully_game.cli.parser import UsageError, command, plural, run_alone, whole
from skully_game.core.errors import DataError, Said, kind_of

PROG = "skully position"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    keys = ", ".join(g.key for g in GAMES)
    parser.add_argument("game", metavar="GAME", help=f"the table game: {keys}")
    parser.add_argument("file", metavar="FILE", help="a saved game of it (a table's save)")
    parser.add_argument(
        "--move",
        type=whole(0),
        metavar="N",
        help="the position after the first N moves (default: after every move saved)",
    )
    parser.add_argument(
        "--seat", type=whole(0), metavar="S", help="only what seat S sees (its view)"
    )


def setup(parser: argparse.ArgumentParser) -> None:
    """`skully position` in the command tree."""
    parser.description = __doc__
    add_arguments(parser)
    command(parser, run)


def main(argv: list[str] | None = None) -> int:
    """`skully position ...` on its own: the same parser and messages."""
    return run_alone(PROG, add_arguments, run, argv, __doc__)


def record_of(key: str, data: object, source: str) -> dict[str, Any]:
    """The engine's record in a saved file: a table's save holds it under "game"; a record
    (`to_record`) is one itself. DataError naming the field otherwise."""
    info = game(key)
    engine = info.entry().state
    fmt = data.get("format") if isinstance(data, dict) else None
    if isinstance(data, dict) and fmt == info.save_format:
        data = data.get("game")
        if not isinstance(data, dict):
            raise DataError(source, "game", "the game's record", Said(kind_of(data)))
        fmt = data.get("format")
    if not isinstance(data, dict) or fmt != engine.SAVE_FORMAT:
        raise DataError(source, "format", f"'{info.save_format}' (a saved {info.title} game)", fmt)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise DataError(source, "game.actions", "a list of moves", Said(kind_of(actions)))
    return data


def run(args: argparse.Namespace) -> int:
    from skully_game.core.fileio import read_json

    try:
        info = game(args.game)
    except KeyError:
        keys = ", ".join(g.key for g in GAMES)
        raise UsageError(f"no table game {args.game!r}; there are {keys}") from None
    source = str(Path(args.file))
    record = record_of(info.key, read_json(args.file), source)
    moves = len(record["actions"])
    at = moves if args.move is None else args.move
    if at > moves:
        raise UsageError(f"argument --move: the game has only {plural(moves, 'move')}, not {at}")
    engine = info.entry().state
    try:
        state = engine.from_record({**record, "actions": record["actions"][:at]})
    except ValueError as exc:
        raise DataError(source, "game", "a game that replays", Said(str(exc)[:120])) from None
    if args.seat is not None and args.seat >= state.num_players:
        seats = state.num_players
        raise UsageError(f"argument --seat: the game has {plural(seats, 'seat')}, 0 to {seats - 1}")
    print(state.position(args.seat))
    return 0
