"""The `skully` command: starts the game, or runs one of the headless tools.

One parser tree for every command (cli/parser.py): a bad argument is one line starting with the
command's name, exit status 2; so is a file a user hands us that cannot be used (naming the file,
the field and what was expected). Never a traceback, never a usage block.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from skully_game import __version__
from skully_game.cli import analyze, judge, play, selfplay
from skully_game.cli.parser import OneLineParser, command, execute

DESCRIPTION = "Skully: flick bottle caps across a chalk board, or play a table game."
EPILOG = (
    "With no command, or with only the window options (--fullscreen, --windowed, --mute, "
    "--size WxH), opens the game as 'skully play' does. 'skully COMMAND --help' shows a "
    "command's options."
)


def parser() -> OneLineParser:
    """Every command in one tree, so `skully --help` lists them all."""
    top = OneLineParser(prog="skully", description=DESCRIPTION, epilog=EPILOG)
    top.add_argument("--version", action="version", version=f"skully {__version__}")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    play.add_commands(sub)
    tool = sub.add_parser(
        "judge", help=judge.HELP, description=judge.HELP[0].upper() + judge.HELP[1:]
    )
    judge.add_arguments(tool)
    command(tool, judge.run)
    tool = sub.add_parser("selfplay", help=selfplay.HELP, description=selfplay.__doc__)
    selfplay.add_arguments(tool)
    tool = sub.add_parser("analyze", help=analyze.HELP, description=analyze.DESCRIPTION)
    analyze.add_arguments(tool)
    command(tool, analyze.run)
    return top


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command `argv` asks for. Nothing, or window options alone, mean `skully play`."""
    args = list(argv)
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help", "--version")):
        args.insert(0, "play")
    return parser().parse_args(args)


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
