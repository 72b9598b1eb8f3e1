"""The flick guide: where a cap would come to rest if the flick under way were let go now.

A player learns how hard to flick by seeing it. The guide is the shot's own physics, not a
formula beside it: a lone slide summed exactly as the world steps it (slide.py, which agrees with
chipmunk to about 1e-12 m), with the step policy of the world the game's shot is made in. It
shows no hits: it stops where the cap would first touch another, as a player's eye would,
and says which cap that is. No pymunk stepping and no pygame here, so it is cheap enough to draw
every frame of a flick.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from skully_game.skully.caps import CapType
from skully_game.skully.physics import MAX_SPEED, G, step_policy
from skully_game.skully.slide import lone_slide

Vec = tuple[float, float]


@dataclass(frozen=True)
class Guide:
    """The guide's answer: the line from `start` to `rest`, and the cap it stops against."""

    start: Vec
    rest: Vec  # where the cap stops, or where it first touches `touches`
    distance: float  # m along the line, to `rest`
    touches: int | None = None  # the cap the slide would meet first; None: it stops alone


def flick_guide(
    caps: Sequence[CapType],
    positions: Sequence[Vec | None],
    cap: int,
    angle: float,
    speed: float,
) -> Guide:
    """Where cap `cap`, flicked at `angle` (radians) and `speed` (m/s), stops or first touches
    another cap. `caps` are every cap of the shot's world (they set its step policy);
    `positions[i]` is None for a cap not on the table."""
    start = positions[cap]
    if start is None:
        raise ValueError(f"cap {cap} is not on the table")
    speed = min(max(speed, 0.0), MAX_SPEED)
    spec = caps[cap].spec
    slide = lone_slide(speed * speed, spec.mu * spec.mass * G, spec.mass, step_policy(caps))
    length = slide.distance
    ux, uy = math.cos(angle), math.sin(angle)
    x0, y0 = start
    first, hit = length, None
    for j, p in enumerate(positions):
        if j == cap or p is None:
            continue
        reach = spec.radius + caps[j].spec.radius
        # where |start + u*s - p| = reach, the smaller root, if it lies ahead within the slide
        dx, dy = p[0] - x0, p[1] - y0
        along = dx * ux + dy * uy
        across2 = dx * dx + dy * dy - along * along
        if along <= 0 or across2 >= reach * reach:
            continue
        s = along - math.sqrt(reach * reach - across2)
        if s < first:
            first, hit = max(s, 0.0), j
    return Guide(start, (x0 + ux * first, y0 + uy * first), first, hit)
