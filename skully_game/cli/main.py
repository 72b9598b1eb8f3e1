"""The `skully` command: starts the game, or runs one of the headless tools.

Errors in arguments are one line and exit status 2; errors in files a user hands us are one
line naming the file, the field and what was expected, also exit 2. Never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from skully_game import __version__
from skully_game.cli.parser import OneLineParser
from skully_game.core.errors import DataError


def _parser() -> OneLineParser:
    parser = OneLineParser(
        prog="skully",
        description="Skully: flick bottle caps across a chalk board. With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"skully {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    play = sub.add_parser("play", help="open the game window (the default)")
    _play_options(play)
    practice = sub.add_parser("practice", help="open straight into practice mode")
    _play_options(practice)
    practice.add_argument(
        "--board", metavar="FILE", help="a board TOML file (default: the classic board)"
    )
    practice.add_argument(
        "--caps", metavar="TYPES", help="comma-separated cap types, e.g. crown,lead,glide"
    )
    replay = sub.add_parser(
        "replay", help="watch a saved game or shot again, or check it replays exactly"
    )
    replay.add_argument("file", metavar="FILE", help="a game record or a shot record (JSON)")
    replay.add_argument(
        "--check",
        action="store_true",
        help="re-simulate every shot headless and compare bit for bit",
    )
    replay.add_argument(
        "--json", action="store_true", help="with --check: print the result as JSON"
    )
    _play_options(replay)
    tune = sub.add_parser("tune", help="open the board tuner, on a board file or the classic board")
    tune.add_argument(
        "board", nargs="?", metavar="BOARD.toml", help="a board file to tune (saved back to it)"
    )
    _play_options(tune)
    for name, help_text in TOOLS.items():
        sub.add_parser(name, help=help_text, add_help=False)
    return parser


# Headless tools with their own argument parsers: `skully NAME --help` shows each one's options.
TOOLS = {
    "judge": "judge a Skully shot described in a JSON scenario file; prints the ruling as JSON",
    "selfplay": "computer players play Skully or a table game headless (skully, skull-king); prints JSON",
    "analyze": "how hard each shot of a board's course is for a skill level (Monte Carlo); prints JSON",
}


def _tool(name: str, argv: list[str]) -> int:
    if name == "judge":
        from skully_game.cli.judge import main as tool_main
    elif name == "analyze":
        from skully_game.cli.analyze import main as tool_main
    elif argv[:1] == ["skully"]:
        from skully_game.skully.selfplay import main as skully_main

        return skully_main(argv[1:])
    else:
        from cards.selfplay import main as tool_main
    return tool_main(argv)


def _play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--mute", action="store_true", help="no sound this time")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")


def _size(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise DataError("--size", "size", "WIDTHxHEIGHT, e.g. 1280x800", text) from None
    if not (640 <= w <= 7680 and 400 <= h <= 4320):
        raise DataError("--size", "size", "between 640x400 and 7680x4320", text)
    return (w, h)


def _play(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from skully_game.core.settings import load_settings

    settings, warning = load_settings()
    size = _size(getattr(args, "size", None))
    if getattr(args, "fullscreen", False):
        settings = settings.with_changes(fullscreen=True)
    if getattr(args, "windowed", False):
        settings = settings.with_changes(fullscreen=False)
    first_kinds = None
    spec = None
    record = None
    if args.command == "replay":
        from skully_game.skully.replay_check import load_record

        record = load_record(args.file)  # refused here, in one line, before a window opens
    tune_path = None
    if args.command == "tune" and args.board:
        from skully_game.skully.board import load_board

        tune_path = Path(args.board)
        spec = load_board(tune_path) if tune_path.exists() else None  # a new file is fine
    if args.command == "practice":
        from skully_game.skully.board import load_board
        from skully_game.skully.caps import cap_type

        spec = load_board(args.board) if args.board else None
        if args.caps:
            try:
                first_kinds = [cap_type(name.strip()) for name in args.caps.split(",")]
            except ValueError as exc:
                raise DataError("--caps", "caps", str(exc).split(": expected ")[-1]) from None
            if not 1 <= len(first_kinds) <= 6:
                raise DataError("--caps", "caps", "1 to 6 cap types", args.caps)

    from skully_game.scenes.menu import MenuScene
    from skully_game.shell.app import App

    app = App(settings, size=size)
    if getattr(args, "mute", False):
        app.sound.configure(muted=True, volume=settings.volume)
    if warning:
        app.toast(warning)
    app.stack.push(MenuScene(app))
    if record is not None:
        from skully_game.scenes.replay.viewer import ReplayScene

        app.stack.push(ReplayScene(app, record, Path(args.file).name))
    if args.command == "practice":
        from skully_game.scenes.skully.practice import PracticeScene

        app.stack.push(PracticeScene(app, spec=spec, kinds=first_kinds))
    if args.command == "tune":
        from skully_game.scenes.tuner.scene import TunerScene

        app.stack.push(TunerScene(app, spec=spec, path=tune_path))
    app.run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `skully judge x.json | head`: the reader left, nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] in TOOLS:
        return _tool(args_list[0], args_list[1:])
    parser = _parser()
    args = parser.parse_args(args_list)
    try:
        if args.command == "replay" and args.check:
            from skully_game.skully.replay_check import run_check

            return run_check(args.file, args.json)
        if args.command in (None, "play", "practice", "replay", "tune"):
            if args.command is None:
                args = parser.parse_args(["play", *args_list])
            return _play(args)
    except DataError as exc:
        print(f"skully: {exc}", file=sys.stderr)
        return 2
    parser.error(f"unknown command {args.command!r}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
