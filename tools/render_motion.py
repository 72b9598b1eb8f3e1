"""Render the card tables mid-animation to PNGs, headless: `python tools/render_motion.py [DIR]
[NAME ...] [--size WxH] [--list]` (both 1280x800 and 1024x640 unless --size names one).

Each picture stops the table's clock while a card is on its way (dealt, played, collected,
drawn, turned, a pile cleared) or a seat's word is on show, so what moves can be looked at.
The scenes are each game's own (its scene package's `demos.MOTION`, named "motion-..."),
drawn by `render_scenes`'s main. Default output: out/motion/.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import render_scenes as rs  # sets the headless environment first

from cards.registry import GAMES
from skully_game.core.games import scene_package
from skully_game.scenes.demokit import Demos


def motion_screens() -> Demos:
    """Every registered game's mid-animation screens (its scene package's `demos.MOTION`)."""
    screens: Demos = {}
    for info in sorted(GAMES, key=lambda g: g.order):
        demos = importlib.import_module(f"{scene_package(info)}.demos")
        screens.update(getattr(demos, "MOTION", {}))
    return screens


MOTION = motion_screens()
NAMES = list(MOTION)
rs.SCREENS.update(MOTION)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    folder = [a for a in args[:1] if not a.startswith("-") and a not in rs.SCREENS]
    rest = args[len(folder) :]
    named = [a for a in rest if a in rs.SCREENS]
    if "--list" in rest:
        print("\n".join(NAMES))
        return 0
    flags = [a for a in rest if a not in named]
    return rs.main([*(folder or ["out/motion"]), *(named or NAMES), *flags])


if __name__ == "__main__":
    sys.exit(main())
