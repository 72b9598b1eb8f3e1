"""Frame time of the table games while cards move: `python tools/frame_time.py [--frames N]
[--size WxH] [--pace normal]`.

Each table is the busiest of its game (the most seats, computer players acting and every card
flying: deals, plays, tricks collected, stacks turned, draws, piles cleared; a board full of
shapes), as its scene package's `demos.busiest_table` deals it, at the chosen window size. One frame is the table's update and the whole screen's drawing, timed with the
main thread's CPU clock (`time.thread_time`: the computer players think on their own thread
and are not counted). The person at the table acts at once whenever asked (not timed), and a
round's summary is closed. Prints p50, p99 and the worst frame per table in milliseconds, the
frames that had a card moving, then one JSON line; the target is p99 under 8 ms.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SKULLY_CONFIG_DIR", tempfile.mkdtemp(prefix="skully-cfg-"))
os.environ.setdefault("SKULLY_DATA_DIR", tempfile.mkdtemp(prefix="skully-data-"))

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import registry
from cards.registry import GAMES
from skully_game.core.games import scene_package
from skully_game.core.settings import Settings
from skully_game.scenes.cardtable.match import Pace
from skully_game.scenes.menu import MenuScene
from skully_game.shell.app import App

# Every registered game's busiest table: its scene package's `demos.busiest_table(app, pace)`.
TABLES = [info.key for info in sorted(GAMES, key=lambda g: g.order) if info.table]


def busiest_table(key: str, app: App, pace: Pace) -> Any:
    demos = importlib.import_module(f"{scene_package(registry.game(key))}.demos")
    return demos.busiest_table(app, pace)


def measure(name: str, frames: int, size: tuple[int, int], pace: Pace) -> dict[str, Any]:
    """`frames` frames of one table: each frame's CPU time (ms) and whether cards moved."""
    app = App(Settings(muted=True), size=size)
    app.stack.push(MenuScene(app))
    table = busiest_table(name, app, pace)
    app.stack.push(table)
    dt = 1 / 60
    times: list[float] = []
    moving: list[float] = []  # the frames that had a card on its way
    for _ in range(frames):
        if getattr(table, "summary", None) is not None:  # (Skirrid's board has none)
            table.close_summary()
        if getattr(table, "round_wait", False):  # Skull King's last trick waits for Continue
            table.go_on()
        if getattr(table, "passing", None) is not None:
            table.reveal()
        over = table.state.is_terminal()
        if table.my_turn() and not over:
            table.act(table.game.legal(table.state)[0])
        if over:
            break
        start = time.thread_time()
        table.update(dt)
        app.draw(0.0)
        times.append((time.thread_time() - start) * 1000)
        if getattr(table, "flights", ()):
            moving.append(times[-1])
        if table.thinking is not None and not table.thinking.done():
            time.sleep(0.0005)  # the computer players think on their own thread
    return {
        "frames": len(times),
        "moving": len(moving),
        "p50_ms": round(statistics.median(times), 2),
        "p99_ms": p99(times),
        "p99_moving_ms": p99(moving),
        "worst_ms": round(max(times), 2),
    }


def p99(times: list[float]) -> float:
    ordered = sorted(times) or [0.0]
    return round(ordered[min(len(ordered) - 1, round(len(ordered) * 0.99))], 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1500, help="frames per table (1500)")
    parser.add_argument("--size", default="1280x800", help="window size, WxH (1280x800)")
    parser.add_argument("--pace", default="normal", choices=[p.value for p in Pace])
    parser.add_argument("--tables", nargs="*", default=TABLES, choices=TABLES)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    results = {}
    for name in args.tables:
        r = measure(name, args.frames, (w, h), Pace(args.pace))
        results[name] = r
        print(
            f"{name}: {r['frames']} frames at {w}x{h}: p50 {r['p50_ms']} ms, p99 {r['p99_ms']} "
            f"ms, worst {r['worst_ms']} ms; {r['moving']} frames with cards moving: p99 "
            f"{r['p99_moving_ms']} ms"
        )
    print(json.dumps({"size": f"{w}x{h}", "pace": args.pace, "tables": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
