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
from enum import Enum

from skully_game.skully.caps import CapType
from skully_game.skully.physics import MAX_SPEED, G, step_policy
from skully_game.skully.slide import lone_slide

Vec = tuple[float, float]

# a person's first shots of a game that show the ghost while the guide is "while learning": two
# play-testers in a row found that a ghost on every shot took away the skill of judging length
LEARNING_SHOTS = 3


class GuideMode(Enum):
    """When a shot being made shows the ghost cap where it would rest. The values are the
    words saved and sent on the wire ("on" and "off" were its two values before)."""

    LEARNING = "learning"  # lessons, practice and each person's first shots of a game
    ALWAYS = "on"
    OFF = "off"

    @property
    def label(self) -> str:
        return GUIDE_LABELS[self]


GUIDE_LABELS = {
    GuideMode.LEARNING: "While learning",
    GuideMode.ALWAYS: "Always",
    GuideMode.OFF: "Off",
}


def guide_mode(value: object) -> GuideMode | None:
    """The mode a saved or sent value names: "learning", "on" or "off", or the true and false
    of older files (what they showed: always, or never); None for anything else."""
    if value is True:
        return GuideMode.ALWAYS
    if value is False:
        return GuideMode.OFF
    return next((m for m in GuideMode if m.value == value), None)


def shows_ghost(mode: GuideMode, shots_taken: int) -> bool:
    """Whether a person who has taken `shots_taken` shots in this game sees the full ghost."""
    if mode is GuideMode.LEARNING:
        return shots_taken < LEARNING_SHOTS
    return mode is GuideMode.ALWAYS


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


def guide_band(
    caps: Sequence[CapType],
    positions: Sequence[Vec | None],
    cap: int,
    angle: float,
    speed: float,
    aim_sd: float,
    speed_sd: float,
    steps: int = 8,
) -> tuple[list[Vec], list[Vec]]:
    """Where a wobbly hand's shot meant as (`angle`, `speed`) stops: the near edge (at one
    standard deviation softer, `speed_sd` m/s) and the far edge (one harder), each from one
    deviation left of the aim (`aim_sd` radians) to one right, `steps` + 1 points. About two
    thirds of the hand's shots stop between the edges, and about two thirds between the sides;
    each point stops where that shot would first touch another cap, as the ghost does."""
    near, far = [], []
    for k in range(steps + 1):
        a = angle - aim_sd + 2 * aim_sd * k / steps
        near.append(flick_guide(caps, positions, cap, a, max(speed - speed_sd, 0.0)).rest)
        far.append(flick_guide(caps, positions, cap, a, speed + speed_sd).rest)
    return near, far
