"""Does the same flick make the same shot? Steady pointer gestures, fed in real time through the
game's own loop, input pacing and flick measurement, at several frame and mouse rates.

A simulated mouse presses on a practice cap, moves the pointer through it at a steady speed,
reporting at the mouse's rate (125-1000 Hz, with the small jitter real mice have), and lets go;
the loop's event source hands it each report once its moment has passed in real time, as the
system's queue does. The window is the real `App.run` loop (dummy video) at a frame-rate cap of 30, 60 or 144 fps, each frame's drawing stretched by a random
0-40 % of the frame (frame-time jitter); with `load`, one busy process per core competes for the
machine. The table measures each flick as it would in a game (`CapTable` in flick input,
`hand.pointer_velocity`), and the tool compares the cap speed it made with the speed the true
gesture makes.

The views: the same steady gestures (the same speeds and directions, a 500 Hz mouse, each event
stamped with its moment so the loop's timing, measured by the cases above, is left out) are made
again at every scale the table shows a player: the turn views of a whole game between
computer players (each turn's view as the game table frames it), F's whole board, and the wheel
three notches in and out. Each gesture's board distance (how far the cap it made slides, by the
flick guide's physics) is compared between the views: `worst_board_spread` is the largest
(longest - shortest) / mean over the gestures. The README's rule (one scale all game; a flick is
read in screen pixels) keeps it to the measurement's own noise.

Prints a line per case and, last, one JSON line:
{"cases": [{"fps": 30, "mouse_hz": 125, "load": false, "max_error": 0.07, "spread": 0.03}, ...],
 "worst_error": 0.07, "views": [...], "worst_board_spread": 0.01}
`max_error` is the largest relative error of the measured speed over the case's gestures,
`spread` the standard deviation of the relative errors. Run: python tools/flick_consistency.py
(`--views-only` for the views alone).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the player's own settings and kept choices (the wheel's zoom) are neither read nor written
os.environ.setdefault("SKULLY_CONFIG_DIR", tempfile.mkdtemp(prefix="skully-cfg-"))
os.environ.setdefault("SKULLY_DATA_DIR", tempfile.mkdtemp(prefix="skully-data-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from skully_game.core.settings import Settings
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.shell.app import App
from skully_game.skully.hand import Input, flick_speed

GESTURE = 0.2  # s the pointer moves with the button down
FOLLOW = 0.03  # s it goes on moving after the release (a hand does not stop dead)
REST = 0.12  # s between gestures


def _spin(stop: float) -> None:
    """A busy second process: the load of something else running on the machine."""
    x = 0
    while time.time() < stop:
        x += 1


class Mouse:
    """A mouse and the system's event queue: steady gestures, one after another, each report
    delivered once its moment has come in real time. Used as the loop's event source (what
    `pygame.event.get` is in a game), so the loop, its pacing and its stamps are the game's own;
    only the hand is played."""

    def __init__(self, at: tuple[float, float], speeds: list[float], hz: int, rng: random.Random):
        self.at = at
        self.speeds = list(speeds)
        self.hz = hz
        self.rng = rng
        self.queue: list[tuple[float, pygame.event.Event]] = []
        self.truth: list[float] = []
        self.next_start = time.perf_counter() + 0.3  # let the loop start

    def _gesture(self, t0: float, v: float) -> None:
        """One press, a steady stroke at v px/s through the cap, release, a little follow-on."""
        angle = self.rng.uniform(-math.pi, math.pi)
        ux, uy = math.cos(angle), math.sin(angle)
        start = (round(self.at[0]), round(self.at[1]))
        events = [(t0, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))]
        period = 1.0 / self.hz
        t, last, held = t0, start, True
        while True:
            t += period * self.rng.uniform(0.95, 1.05)
            if held and t - t0 >= GESTURE:  # the button comes up between two reports
                up = t0 + GESTURE
                d = v * GESTURE
                pos = (round(self.at[0] + ux * d), round(self.at[1] + uy * d))
                events.append((up, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)))
                held = False
            d = v * (t - t0)
            pos = (round(self.at[0] + ux * d), round(self.at[1] + uy * d))
            rel = (pos[0] - last[0], pos[1] - last[1])
            buttons = (1, 0, 0) if held else (0, 0, 0)
            events.append(
                (t, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons))
            )
            last = pos
            if t - t0 >= GESTURE + FOLLOW:
                break
        back = pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        events.append((t + 0.01, back))  # back to the cap, off the record
        self.queue.extend(events)
        self.truth.append(v)
        self.next_start = t + REST

    def __call__(self) -> list[pygame.event.Event]:
        """The events the system has delivered by now."""
        now = time.perf_counter()
        if not self.queue and now >= self.next_start:
            if self.speeds:
                self._gesture(now, self.speeds.pop(0))
            else:
                return [pygame.event.Event(pygame.QUIT)]
        out = []
        while self.queue and self.queue[0][0] <= now:
            out.append(self.queue.pop(0)[1])
        return out


def run_case(
    fps: int, hz: int, load: bool, gestures: int, seed: int, scale: float | None = None
) -> dict[str, object]:
    """One case: `gestures` steady flicks; the relative errors of the speeds they made. With
    `scale` (px per metre) the table is shown at that scale, and the gestures are the same
    whatever the scale (their generator is seeded without it)."""
    rng = random.Random(f"{seed}:{fps}:{hz}:{load}")
    app = App(Settings(muted=True, max_fps=fps), size=(1280, 800))
    scene = PracticeScene(app, seed=seed)
    app.stack.push(scene)
    app.run_frames(10)
    table = scene.table
    table.input = Input.FLICK
    if scale is not None:
        cam = table.camera
        cam.centre, cam.scale = table.positions[0], scale
        cam.target = (cam.centre, cam.scale)
        table.manual_view = True  # the player's view: practice leaves it alone
    made: list[float] = []

    def record(flick, flicked):  # type: ignore[no-untyped-def]
        made.append(flick.speed)
        return None  # no shot is played: the cap stays for the next gesture

    table.on_flick = record
    draw = scene.draw
    jitter = random.Random(rng.random())

    def slow_draw(surface, alpha):  # type: ignore[no-untyped-def]
        draw(surface, alpha)
        time.sleep(jitter.uniform(0.0, 0.4) / fps)  # frame-time jitter

    scene.draw = slow_draw  # type: ignore[method-assign]
    at = table.camera.to_screen(table.positions[0])
    speeds = [rng.uniform(500.0, 1500.0) for _ in range(gestures)]  # px/s
    mouse = Mouse(at, speeds, hz, random.Random(rng.random()))
    app.event_source = mouse
    workers = []
    if load:
        stop = time.time() + gestures * (GESTURE + FOLLOW + REST + 0.05) + 5
        for _ in range(os.cpu_count() or 2):
            p = multiprocessing.Process(target=_spin, args=(stop,), daemon=True)
            p.start()
            workers.append(p)
    frames = [0]
    flip = pygame.display.flip

    def counted_flip() -> None:
        frames[0] += 1
        flip()

    pygame.display.flip = counted_flip  # type: ignore[assignment]
    began = time.perf_counter()
    try:
        app.run()
    finally:
        pygame.display.flip = flip  # type: ignore[assignment]
        for p in workers:
            p.terminate()
    elapsed = time.perf_counter() - began
    sensitivity = app.settings.flick_sensitivity
    truth = mouse.truth
    if len(made) != len(truth):
        raise SystemExit(f"{len(truth)} gestures made {len(made)} flicks (fps {fps}, {hz} Hz)")
    errors = [m / flick_speed(v, sensitivity) - 1 for m, v in zip(made, truth, strict=True)]
    return {
        "made": made,
        "fps": fps,
        "mouse_hz": hz,
        "load": load,
        "gestures": len(errors),
        "frames_per_s": round(frames[0] / elapsed, 1),
        "max_error": round(max(abs(e) for e in errors), 4),
        "mean_error": round(statistics.fmean(errors), 4),
        "median_error": round(statistics.median(abs(e) for e in errors), 4),
        "spread": round(statistics.pstdev(errors), 4),
    }


def game_scales(seed: int, shots: int = 60) -> list[tuple[str, float]]:
    """The scales (px per metre) a player sees the game table at: each turn's view of a game
    between computer players (opened as the table opens it, a Resume at that turn), F's
    whole board, and the wheel three notches in and out."""
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.ai import Planner
    from skully_game.skully.board import PRESETS
    from skully_game.skully.caps import CapType
    from skully_game.skully.physics import simulate
    from skully_game.skully.rules import RuleOptions, shot_setup
    from skully_game.skully.session import Seat, Session
    from skully_game.skully.skill import level

    app = App(Settings(muted=True), size=(1280, 800))
    rng = random.Random(seed)
    seats = tuple(Seat(f"P{i}", CapType.CROWN, i, "human") for i in range(3))
    session = Session(PRESETS["classic"], RuleOptions(), seats, seed)
    planners = [Planner(level("regular"), random.Random(rng.random()), samples=6) for _ in seats]
    views: list[tuple[str, float]] = []
    while not session.state.over and session.state.shots < shots:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        copy = session.fresh()
        for action in session.actions:
            copy.apply(action)
        scene = SkullyGameScene(app, copy)  # the table as a Resume at this turn opens it
        views.append((f"turn {state.shots + 1}", scene.table.camera.scale))
        flick, _ = planners[who].flick(session)
        setup = shot_setup(state, session.options)
        result = simulate(
            session.board_spec, setup.caps, setup.positions, flick, setup.pinned, trace=False
        )
        session.judge(flick, result)
    table = scene.table
    table.fit()
    views.append(("F: whole board", table.camera.target[1]))
    table.fit()
    for notches in (3, -3):
        table.camera.scale = views[0][1]
        table.zoom(table.camera.viewport.center, 1.15**notches)
        views.append((f"wheel {notches:+d}", table.camera.scale))
    return views


def view_gestures(scale: float, speeds: list[tuple[float, float]], seed: int) -> list[float]:
    """The cap speeds that steady gestures (px/s, direction) make on a practice table shown at
    `scale`: press, a 500 Hz stroke through the cap, release, each event stamped with its
    moment (as the loop stamps them), through the table's own event handling."""
    app = App(Settings(muted=True), size=(1280, 800))
    scene = PracticeScene(app, seed=seed)
    app.stack.push(scene)
    app.run_frames(2)
    table = scene.table
    table.input = Input.FLICK
    cam = table.camera
    cam.centre, cam.scale = table.positions[0], scale
    cam.target = (cam.centre, cam.scale)
    table.manual_view = True  # the player's view: practice leaves it alone
    made: list[float] = []
    table.on_flick = lambda flick, flicked: made.append(flick.speed)  # type: ignore[func-returns-value]
    t = 10.0
    for v, angle in speeds:
        at = cam.to_screen(table.positions[0])
        ux, uy = math.cos(angle), math.sin(angle)
        start = (round(at[0]), round(at[1]))
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, t=t))
        for k in range(1, round(GESTURE * 500) + 1):
            d = v * k / 500
            pos = (round(at[0] + ux * d), round(at[1] + uy * d))
            app.dispatch(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), t=t + k / 500
                )
            )
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, t=t + GESTURE))
        t += 1.0
    return made


def run_views(gestures: int, seed: int) -> dict[str, object]:
    """The same gestures at every scale a player sees: how far apart their slides come out."""
    from skully_game.skully.caps import CapType
    from skully_game.skully.guide import flick_guide

    views = game_scales(seed)
    distinct: dict[float, str] = {}
    for name, scale in views:
        distinct.setdefault(round(scale, 6), name)
    rng = random.Random(f"views:{seed}")
    strokes = [
        (rng.uniform(500.0, 1500.0), rng.uniform(-math.pi, math.pi)) for _ in range(gestures)
    ]
    slides: dict[str, list[float]] = {}
    for scale, name in sorted(distinct.items()):
        made = view_gestures(scale, strokes, seed)
        if len(made) != len(strokes):
            raise SystemExit(f"{len(strokes)} gestures made {len(made)} flicks at {name}")
        slides[name] = [
            flick_guide([CapType.CROWN], [(0.0, 0.0)], 0, 0.0, v).distance for v in made
        ]
        print(
            f"view {name:<16} {scale:7.1f} px/m: {len(made)} gestures slide "
            f"{statistics.fmean(slides[name]):.3f} m on average",
            flush=True,
        )
    per_gesture = list(zip(*slides.values(), strict=True))
    spread = max((max(d) - min(d)) / statistics.fmean(d) for d in per_gesture)
    turn_scales = sorted({round(s, 3) for n, s in views if n.startswith("turn")})
    return {
        "turn_views": sum(1 for n, _ in views if n.startswith("turn")),
        "turn_scales": turn_scales,
        "views": [{"view": n, "px_per_m": round(s, 1)} for s, n in sorted(distinct.items())],
        "worst_board_spread": round(spread, 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gestures", type=int, default=50, help="gestures a case (50)")
    parser.add_argument("--fps", type=int, nargs="*", default=[30, 60, 144])
    parser.add_argument("--mouse-hz", type=int, nargs="*", default=[125, 500, 1000])
    parser.add_argument("--load", choices=["both", "no", "yes"], default="both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--views-only", action="store_true", help="only the views' spread")
    args = parser.parse_args(argv)
    loads = {"both": [False, True], "no": [False], "yes": [True]}[args.load]
    views = run_views(args.gestures, args.seed)
    if args.views_only:
        print(json.dumps(views))
        return 0
    cases = []
    for load in loads:
        for fps in args.fps:
            for hz in args.mouse_hz:
                case = run_case(fps, hz, load, args.gestures, args.seed)
                cases.append(case)
                print(
                    f"fps {fps:>3} (ran {case['frames_per_s']:>5})  mouse {hz:>4} Hz  "
                    f"load {'yes' if load else 'no ':3}  {case['gestures']} gestures: "
                    f"worst {case['max_error']:+.1%} off, mean {case['mean_error']:+.1%}, "
                    f"spread {case['spread']:.1%}",
                    flush=True,
                )
    worst = max(float(c["max_error"]) for c in cases)  # type: ignore[arg-type]
    keep = ("fps", "mouse_hz", "load", "max_error", "spread")
    print(
        json.dumps(
            {"cases": [{k: c[k] for k in keep} for c in cases], "worst_error": worst} | views
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
