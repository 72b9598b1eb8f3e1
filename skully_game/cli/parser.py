"""One argument parser for every command: a bad argument is one line, never a usage block."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from skully_game.core.errors import DataError

EXIT_USAGE = 2  # a bad argument or a bad file: one line on stderr

Run = Callable[[argparse.Namespace], int]


class UsageError(Exception):
    """A bad argument found after parsing (a wrong count, an unknown name): one line, exit 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def command(parser: argparse.ArgumentParser, run: Run) -> None:
    """Make `parser` a runnable command: `execute` calls `run` and words its refusals."""
    parser.set_defaults(run=run, prog=parser.prog)


def tool(
    parser: argparse.ArgumentParser,
    description: str,
    add_arguments: Callable[[argparse.ArgumentParser], None],
    run: Run,
) -> None:
    """A tool command (judge, analyze) in the command tree: its words, its options, its run."""
    parser.description = description
    add_arguments(parser)
    command(parser, run)


def execute(args: argparse.Namespace) -> int:
    """Run the parsed command; a UsageError or DataError becomes one line on stderr, exit 2."""
    prog = args.prog
    try:
        return int(args.run(args))
    except (UsageError, DataError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
    return EXIT_USAGE


def run_alone(
    prog: str,
    add_arguments: Callable[[argparse.ArgumentParser], None],
    run: Run,
    argv: Sequence[str] | None,
    description: str | None = None,
) -> int:
    """One command parsed and run by itself (`skully_game.cli.judge.main([...])`), exactly as
    `skully <command> ...` parses and runs it."""
    parser = OneLineParser(prog=prog, description=description)
    add_arguments(parser)
    command(parser, run)
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    except SystemExit as exc:  # --help (0) or a bad argument, already said in one line (2)
        return int(exc.code or 0)
    return execute(args)


def whole(lo: int, hi: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in [lo, hi], refused in words a person reads."""
    wanted = (
        f"a whole number from {lo} to {hi}" if hi is not None else f"a whole number, {lo} or more"
    )

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {wanted}, got {text!r}") from None
        if value < lo or (hi is not None and value > hi):
            raise argparse.ArgumentTypeError(f"expected {wanted}, got {value}")
        return value

    return parse


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 shot', '2 shots', '0 shots': the count with the word in the right number."""
    return f"{count} {word if count == 1 else many or word + 's'}"
