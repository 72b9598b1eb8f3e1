"""The guarded policy's guard (physics `World._guard`) reads where every cap is and how fast
it goes with chipmunk's getters mapped over the caps in C, not a Python call a cap, and pairs
of slides whose boxes lie apart never reach its slide test: fewer Python steps in the hot loop
of every new shot (issue 41 §3), the shots bit for bit as before."""

from __future__ import annotations

import math
import sys

from skully_game.skully.board import BoardSpec
from skully_game.skully.caps import CapType
from skully_game.skully.physics import Flick, World

SPEC = BoardSpec()


def _break() -> tuple[list[CapType], list[tuple[float, float]], Flick]:
    """A hard flick into a ring of seven crown caps round 13 (the benchmark's shot)."""
    caps = [CapType.CROWN] * 8
    c = SPEC.board_side / 2
    d = 2 * caps[0].spec.radius + 0.002
    ring = [(c + d * math.cos(k * math.pi / 3 + 0.25), c + d * math.sin(k * math.pi / 3 + 0.25))
            for k in range(6)]  # fmt: skip
    places = [(0.45, 0.42), (c, c), *ring]
    return caps, places, Flick(0, math.atan2(c - 0.42, c - 0.45) - 0.04, 7.0)


def test_the_guard_makes_no_python_call_a_cap_to_read_the_caps() -> None:
    caps, places, flick = _break()
    world = World(SPEC, caps, places)
    world.flick(flick)
    calls: list[str] = []
    guards = [0]

    def watch(frame, event, arg):  # type: ignore[no-untyped-def]
        if frame.f_code.co_name != "_guard":
            return
        if event == "call":
            guards[0] += 1
        elif event == "c_call" and getattr(arg, "__name__", "").startswith("cpBodyGet"):
            calls.append(arg.__name__)

    sys.setprofile(watch)
    try:
        result = world.run_to_rest(trace=False)
    finally:
        sys.setprofile(None)
    assert guards[0] >= 2 and len(result.touched()) >= 5  # a break the guard looked at
    assert calls == []  # (16 a guard before: a position and a velocity a cap)
