"""The `skully` command: starts the game, or runs one of the headless tools.

One parser tree for every command (cli/parser.py): a bad argument is one line starting with the
command's name, exit status 2; so is a file a user hands us that cannot be used (naming the file,
the field and what was expected). Never a traceback, never a usage block.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cards.registry import GAMES
from skully_game import __version__
from skully_game.cli.parser import OneLineParser, execute

DESCRIPTION = "Skully: flick bottle caps across a chalk board, or play a table game."
EPILOG = (
    "With no command, or with only the window options (--fullscreen, --windowed, --mute, "
    "--size WxH), opens the game as 'skully play' does. 'skully COMMAND --help' shows a "
    "command's options."
)


@dataclass(frozen=True)
class Command:
    """One `skully` command: its line in `skully --help` and where its options are set up."""

    name: str
    help: str
    setup: str  # "module:function": the function gives a parser the command's options and run

    def load(self) -> Callable[[argparse.ArgumentParser], None]:
        """Imported only when the command is used, so `skully --help` stays quick."""
        module, _, attr = self.setup.partition(":")
        return getattr(importlib.import_module(module), attr)


def _selfplay_help() -> str:
    games = ", ".join(["skully", *(g.key for g in GAMES)])
    return f"computer players play Skully or a table game headless ({games}); prints a table, or JSON with --json"


COMMANDS: tuple[Command, ...] = (
    Command(
        "play",
        "open the game window at the main menu (the default)",
        "skully_game.cli.play:setup_play",
    ),
    Command("practice", "open straight into practice mode", "skully_game.cli.play:setup_practice"),
    Command(
        "replay",
        "watch a saved game or shot again, or check that it replays exactly",
        "skully_game.cli.play:setup_replay",
    ),
    Command(
        "tune",
        "open the board tuner, on a board file or the classic board",
        "skully_game.cli.play:setup_tune",
    ),
    Command(
        "judge",
        "judge one Skully shot described in a JSON scenario file; prints the ruling as JSON",
        "skully_game.cli.judge:setup",
    ),
    Command("selfplay", _selfplay_help(), "skully_game.cli.selfplay:setup"),
    Command(
        "analyze",
        "how hard each shot of a board's course is for a skill level (Monte Carlo); prints a "
        "table, or one JSON line with --json",
        "skully_game.cli.analyze:setup",
    ),
    Command(
        "saves",
        "list every saved game, shot and board in the data folder by mode; with --check, open "
        "each as the game does and name each one that does not open",
        "skully_game.cli.saves:setup",
    ),
    Command("serve", "run a game server for play across machines", "skully_game.cli.serve:setup"),
    Command(
        "position",
        "print a saved table game's position as one line of text (after move N with --move), "
        "for 'skully selfplay GAME --from-position'",
        "skully_game.cli.position:setup",
    ),
)


def parser(chosen: str | None = None) -> OneLineParser:
    """Every command in one tree, so `skully --help` lists them all; only the `chosen` one's
    options are set up (argparse parses only the command given)."""
    top = OneLineParser(prog="skully", description=DESCRIPTION, epilog=EPILOG)
    top.add_argument("--version", action="version", version=f"skully {__version__}")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    for cmd in COMMANDS:
        parser_ = sub.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        if cmd.name == chosen:
            cmd.load()(parser_)
    return top


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command `argv` asks for. Nothing, or window options alone, mean `skully play`."""
    args = list(argv)
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help", "--version")):
        args.insert(0, "play")
    return parser(args[0]).parse_args(args)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `skully judge x.json | head`: the reader left, nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = parse(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:  # --help or --version (0), or a bad argument said in one line (2)
        return int(exc.code or 0)
    return execute(args)


if __name__ == "__main__":
    sys.exit(main())
