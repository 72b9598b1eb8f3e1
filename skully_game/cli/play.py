"""`skully play|practice|replay|tune`: the commands that open the game window (and `replay --check`,
which re-simulates a record headless). Files are refused in one line before a window opens (a
record over a megabyte is read in the open window, to show progress, and refused once it shuts)."""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from skully_game.cli.parser import command, plural
from skully_game.core.errors import DataError

if TYPE_CHECKING:
    from skully_game.shell.app import App

PLAY_FLAGS = ("--fullscreen", "--windowed", "--mute", "--size")  # work without the word `play`


def setup_play(play: argparse.ArgumentParser) -> None:
    play.description = "Open the game window at the main menu."
    _window_options(play)
    command(play, run)


def setup_practice(practice: argparse.ArgumentParser) -> None:
    practice.description = "Open straight into practice mode: flick any cap, see how it is judged."
    _window_options(practice)
    practice.add_argument(
        "--board", metavar="FILE", help="a board TOML file (default: the classic board)"
    )
    practice.add_argument(
        "--caps", metavar="TYPES", help="comma-separated cap types, e.g. crown,lead,glide"
    )
    command(practice, run)


def setup_replay(replay: argparse.ArgumentParser) -> None:
    replay.description = (
        "Watch a saved game or shot again; with --check, re-simulate every shot headless and "
        "compare the rest positions bit for bit (exit 1 if any differ)."
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
    _window_options(replay)
    command(replay, run)


def setup_tune(tune: argparse.ArgumentParser) -> None:
    tune.description = (
        "Open the board tuner on a board file (saved back to it) or the classic board."
    )
    tune.add_argument(
        "board", nargs="?", metavar="BOARD.toml", help="a board file to tune (saved back to it)"
    )
    _window_options(tune)
    command(tune, run)


def _window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--mute", action="store_true", help="no sound this time")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")


def window_size(text: str | None) -> tuple[int, int] | None:
    """`--size 1280x800` as (1280, 800); None when not given; a DataError when not a size."""
    if text is None:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise DataError("--size", "size", "WIDTHxHEIGHT, e.g. 1280x800", text) from None
    if not (640 <= w <= 7680 and 400 <= h <= 4320):
        raise DataError("--size", "size", "between 640x400 and 7680x4320", text)
    return (w, h)


def run(args: argparse.Namespace) -> int:
    """Check every argument and file, then open the window on the scene the command asks for."""
    if args.command == "replay" and args.check:
        return run_check(args.file, args.json)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from skully_game.core.settings import load_settings

    settings, warning = load_settings()
    size = window_size(args.size)
    if args.fullscreen:
        settings = settings.with_changes(fullscreen=True)
    if args.windowed:
        settings = settings.with_changes(fullscreen=False)
    first_kinds = None
    spec = None
    record = None
    big_replay = False
    if args.command == "replay":
        from skully_game.shell.loading import is_big
        from skully_game.skully.replay_check import load_record

        # refused here, in one line, before a window opens; a long game is read with the
        # window open and answering, and refused in the same line once it has closed
        big_replay = is_big(args.file)
        if not big_replay:
            record = load_record(args.file)
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
    if args.mute:
        app.sound.configure(muted=True, volume=settings.volume)
    if warning:
        app.toast(warning)
    app.stack.push(MenuScene(app))
    if args.command == "play":
        from skully_game.scenes.menu import offer_first_start

        offer_first_start(app)  # on the first start only: lessons, card games or the menu
    if record is not None:
        from skully_game.scenes.replay.viewer import ReplayScene, in_library

        app.stack.push(
            ReplayScene(app, record, Path(args.file).name, in_library=in_library(args.file))
        )
    refusals: list[DataError] = []
    if big_replay:
        _open_big_replay(app, args.file, refusals)
    if args.command == "practice":
        from skully_game.scenes.skully.practice import PracticeScene

        app.stack.push(PracticeScene(app, spec=spec, kinds=first_kinds))
    if args.command == "tune":
        from skully_game.scenes.tuner.scene import TunerScene

        app.stack.push(TunerScene(app, spec=spec, path=tune_path))
    app.run()
    if refusals:
        raise refusals[0]
    return 1 if app.gave_up else 0  # stopped after repeated errors, said in one line


def _open_big_replay(app: App, path: str, refusals: list[DataError]) -> None:
    """Read a long record with the window open: progress shown, Cancel goes to the menu, and
    a bad file closes the window to be refused in one line."""
    from skully_game.scenes.replay.viewer import ReplayScene, in_library
    from skully_game.shell.loading import LoadingScene
    from skully_game.skully.replay_check import load_record

    def refused(exc: DataError) -> None:
        refusals.append(exc)
        app.quit()

    name = Path(path).name
    app.stack.push(
        LoadingScene(
            app,
            "Opening the replay",
            lambda: load_record(path),
            lambda record: app.stack.push(
                ReplayScene(app, record, name, in_library=in_library(path))
            ),
            detail=name,
            refused=refused,
        )
    )


def run_check(path: str, as_json: bool) -> int:
    """Print one line per shot and a summary (or JSON); 0 if all match or differ only as a later
    version's rest rule eases caps apart, 1 if any truly diverge."""
    from skully_game.skully.records import ShotRecord
    from skully_game.skully.replay_check import check_record, load_record

    record = load_record(path)  # a DataError is the one-line refusal
    checks = check_record(record)
    bad = sum(not c.known for c in checks)
    eased = [c for c in checks if not c.matches and c.known]
    if as_json:
        print(
            json.dumps(
                {
                    "file": path,
                    "kind": "shot" if isinstance(record, ShotRecord) else "game",
                    "shots": [asdict(c) for c in checks],
                    "matching": len(checks) - bad - len(eased),
                    "eased_apart": len(eased),
                    "diverging": bad,
                    "ok": bad == 0,
                }
            )
        )
    else:
        for c in checks:
            print(c.line())
        if bad == 0 and not eased:
            verdict = "it matches" if len(checks) == 1 else "all match"
        elif bad == 0:
            versions = sorted({c.eased_by for c in eased if c.eased_by is not None})
            rule = " and ".join(f"version {v}'s" for v in versions)
            verdict = (
                f"{plural(len(eased), 'shot')} eased apart by {rule} rest rule "
                "(a known change), the rest match"
            )
        else:
            verdict = f"{bad} {'diverges' if bad == 1 else 'diverge'}"
        print(f"{path}: {plural(len(checks), 'shot')} re-simulated, {verdict}")
    return 0 if bad == 0 else 1
