"""Render every scene to PNGs, headless, with scripted input: `python tools/render_scenes.py [DIR]
[NAME ...] [--size WxH] [--list]` (both 1280x800 and 1024x640 unless --size names one).

Each picture is a scene driven as a player would drive it (clicks, drags, keys), so what is saved
is what a person sees. The screens are the scene packages' own (each one's `demos.DEMOS`): the
shell's, Skully's, the replays', the tuner's, every registered game's (cards/registry.py, in
menu order) and the online pages. Default output: out/screens/.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SKULLY_CONFIG_DIR", tempfile.mkdtemp(prefix="skully-cfg-"))
os.environ.setdefault("SKULLY_DATA_DIR", tempfile.mkdtemp(prefix="skully-data-"))

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards.registry import GAMES
from skully_game.core.games import scene_package
from skully_game.core.settings import Settings
from skully_game.scenes.demokit import Demo, Demos
from skully_game.shell.app import App

# The screens that are no one game's, before and after the games' own.
FIRST = (
    "skully_game.scenes.demos",
    "skully_game.scenes.skully.demos",
    "skully_game.scenes.skully.lessondemos",
    "skully_game.scenes.skully.feeldemos",
    "skully_game.scenes.replay.demos",
    "skully_game.scenes.tuner.demos",
    "skully_game.scenes.stats.demos",
)
LAST = ("skully_game.scenes.online.demos",)


def game_demo_modules() -> list[str]:
    """Every registered game's scene package's demos, in menu order."""
    return [f"{scene_package(info)}.demos" for info in sorted(GAMES, key=lambda g: g.order)]


def collect_screens(modules: list[str] | None = None) -> Demos:
    """Every screen by name from `modules` (default: all); a name two packages both use is an
    error naming both."""
    screens: Demos = {}
    where: dict[str, str] = {}
    for module in modules if modules is not None else [*FIRST, *game_demo_modules(), *LAST]:
        for name, build in importlib.import_module(module).DEMOS.items():
            if name in screens:
                raise SystemExit(f"scene {name!r} is both {where[name]}'s and {module}'s")
            screens[name] = build
            where[name] = module
    return screens


SCREENS: Demos = collect_screens()


def screen(name: str) -> Callable[[Demo], Demo]:
    """Files a screen made outside the scene packages (tools/render_motion.py's)."""

    def wrap(fn: Demo) -> Demo:
        SCREENS[name] = fn
        return fn

    return wrap


SIZES = ((1280, 800), (1024, 640))


def _size(text: str) -> tuple[int, int]:
    """A window size as WxH (argparse's type: a bad one is a one-line usage error)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected WIDTHxHEIGHT, e.g. 1024x640"
        ) from None
    if w < 320 or h < 200:
        raise argparse.ArgumentTypeError(f"{text!r}: expected at least 320x200")
    return w, h


def main(argv: list[str] | None = None) -> int:
    """Every scene (or the named ones) at each size, into DIR/WxH/NAME.png."""
    parser = argparse.ArgumentParser(
        description="Render every scene to PNGs, headless, driven with scripted input."
    )
    parser.add_argument("dir", nargs="?", default="out/screens", help="output folder (out/screens)")
    parser.add_argument("names", nargs="*", metavar="NAME", help="only these scenes (see --list)")
    parser.add_argument(
        "--size", type=_size, help="one window size, WxH (default: 1280x800 and 1024x640)"
    )
    parser.add_argument("--list", action="store_true", help="print the scenes' names and stop")
    args = parser.parse_args(argv)
    screens = {**collect_screens(), **SCREENS}  # a game registered since the import too
    if args.list:
        print("\n".join(screens))
        return 0
    unknown = set(args.names) - set(screens)
    if unknown:
        parser.error(f"no scene {', '.join(sorted(unknown))} (--list names them)")
    sizes = [args.size] if args.size else list(SIZES)
    out = Path(args.dir)
    for size in sizes:
        # each size from a clean slate: a save one scene leaves (menu-resume's) must not change
        # the next size's pictures
        os.environ["SKULLY_DATA_DIR"] = tempfile.mkdtemp(prefix="skully-data-")
        folder = out / f"{size[0]}x{size[1]}"
        folder.mkdir(parents=True, exist_ok=True)
        for name, build in screens.items():
            if args.names and name not in args.names:
                continue
            app = App(Settings(muted=True), size=size)
            build(app)
            app.draw(0.5)
            path = folder / f"{name}.png"
            pygame.image.save(app.screen, str(path))
            print(path)
            app.stack.clear()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
