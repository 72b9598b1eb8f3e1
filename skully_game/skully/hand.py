"""A person's hand at the desk: the two ways to shoot, and the wobble that makes a slingshot human.

A mouse is exact to a pixel, so a pull-back that maps straight to speed lets anyone make every box
(design note "The flick"). Two inputs put the finger back:

- **Flick**: the pointer is flicked through the cap; the cap takes the pointer's direction and
  speed at release, measured from time-stamped pointer samples over the last few tens of
  milliseconds (never from the frame rate). The imprecision is the player's own.
- **Slingshot** (pull back, and the keyboard): the flick meant is spoiled by the Gaussian aim and
  speed wobble of a hand level, the same levels as the computer players (`ai.Level`); "steady"
  has none and is an assist.

The wobble is drawn from the game's seeded generator and the flick made is what the record keeps,
so a replay never draws again. No pygame here: samples come in as (seconds, x, y) in pixels.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from skully_game.skully.physics import MAX_SPEED, Flick
from skully_game.skully.skill import Level, Skill


class Input(Enum):
    """How a person shoots."""

    FLICK = "flick"
    SLINGSHOT = "slingshot"

    @property
    def label(self) -> str:
        return "Flick" if self is Input.FLICK else "Slingshot"


# A newcomer's first games: a slingshot steadier than a street legend's (2.2°, 8 %), so a
# stroke learned pays off. At 8 % of power a perfect stroke at box 2 of the sidewalk board
# (about 1.3 m) slides some 20 cm either way, more than the box is wide, and a newcomer could
# not tell a good stroke from a lucky one; at 4 % it stops within about 10 cm
# (tools/hand_levels.py --board sidewalk gives each level's one-shot rates).
STEADIER = Skill("steadier", 1.2, 0.04)


class HandLevel(Enum):
    """The wobble of a person's slingshot: the computer players' levels, "steadier" (a
    newcomer's first games; no computer plays at it) and "steady" (none)."""

    BEGINNER = "beginner"
    REGULAR = "regular"
    SKILLED = "skilled"
    STREET_LEGEND = "street-legend"
    STEADIER = "steadier"
    STEADY = "steady"

    @property
    def level(self) -> Level:
        """The computer level of the same wobble ("steadier" has none: the nearest, legend)."""
        if self is HandLevel.STEADY:
            return Level.PERFECT
        if self is HandLevel.STEADIER:
            return Level.STREET_LEGEND
        return Level[self.name]

    @property
    def skill(self) -> Skill:
        return STEADIER if self is HandLevel.STEADIER else self.level.skill

    @property
    def computer(self) -> bool:
        """Whether a computer player plays at this level (every hand but steady and steadier)."""
        return self not in (HandLevel.STEADY, HandLevel.STEADIER)

    @property
    def label(self) -> str:
        if self is HandLevel.STEADY:
            return "steady hand (assist)"
        return f"{self.skill.name} hand"


def hand_level(name: str) -> HandLevel:
    """A hand level by its name ("skilled", "street legend", "steady"); ValueError names them."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    for hand in HandLevel:
        if hand.value == key:
            return hand
    names = ", ".join(h.value for h in HandLevel)
    raise ValueError(f"unknown hand level {name!r}: expected one of {names}")


def spoil(flick: Flick, hand: HandLevel, rng: random.Random) -> Flick:
    """The flick a hand of this level makes when it means `flick` (slingshot and keyboard)."""
    angle, speed = hand.skill.perturb(flick.angle, flick.speed, rng)
    return Flick(flick.cap, angle, speed, flick.offset)


def spread(hand: HandLevel, speed: float) -> tuple[float, float]:
    """(aim, speed) half-widths in radians and m/s that hold about 95 % of this hand's shots:
    what the aim cone and the power band draw, so the picture tells the truth."""
    skill = hand.skill
    return (1.96 * math.radians(skill.aim_deg), 1.96 * skill.speed_rel * speed)


# --- flick: pointer samples to a shot --------------------------------------------------------

# s: the pointer's last moments before release set the shot, the newest counting most (weights
# halve every FLICK_HALF_LIFE). A hard 60 ms window let a stamp a few ms off swing a 125 Hz
# mouse's speed by a fifth as samples fell in and out of it; fading weights over a longer span
# hold it to a few per cent and still follow a flick that speeds up at the end
# (tools/flick_consistency.py measures both).
FLICK_WINDOW = 0.15
FLICK_HALF_LIFE = 0.025
STAMP_DOUBT = 0.002  # s: the doubt in even a finely polled stamp (the scheduler, the sleep)
STILL_AFTER = 0.025  # s: no motion for this long before release means the pointer had stopped
# px: a stroke moves the pointer at least this far over its last FLICK_WINDOW; less is the
# hand's tremble on a pressed cap (a cap held, then let go, is only touched)
STROKE_MIN_PX = 4.0
PX_PER_MPS = 400.0  # px/s of pointer per m/s of cap at sensitivity 1 (a brisk 1,400 px/s: box 1)
# m/s: slower than this the cap was only touched, not shot (it would slide about 1 mm: the "near
# immeasurable movement" of rules 3.2.0.0); anything faster is a shot, however weak.
MIN_FLICK_SPEED = 0.1
WEAK_FLICK_SPEED = 0.3  # m/s: a shot this weak (a slide of about 1 cm) is said to be one at once
SENSITIVITY_RANGE = (0.5, 2.0)


@dataclass(frozen=True)
class PointerSample:
    """Where the pointer was, and when (seconds, from the event's own time stamp)."""

    t: float
    x: float
    y: float
    doubt: float = 0.0  # s: how far off t may be (the polls it arrived between; 0: exact)


def pointer_velocity(
    samples: Sequence[PointerSample], release: float, window: float = FLICK_WINDOW
) -> tuple[float, float]:
    """The pointer's velocity (px/s) over its last moving stretch: the `window` seconds before
    `release`, or, when the pointer had stopped before the button came up, before it stopped.

    A flick is the stroke through the cap, as a finger's is: a hand that strokes, stops and
    then lets go shoots at the stroke's speed, the speed its cue and flick guide showed while
    it was held still (a player who would rather not shoot cancels: Esc or a right click).
    A pointer that never made a stroke (held still, or only trembling on the cap) has no
    velocity. A least-squares line through the samples, weighted to the newest, so one jittery
    sample does not decide the shot.
    """
    moves = [s for s in samples if s.t <= release]
    if not moves:
        return (0.0, 0.0)
    if release - moves[-1].t > STILL_AFTER:
        release = moves[-1].t  # stopped: the stroke that ended there is the flick
    recent = [s for s in moves if s.t >= release - window]
    if len(recent) < 2 and len(moves) >= 2:
        recent = moves[-2:]  # sparse events (a slow touchpad): the last step decides
    xs, ys = [s.x for s in recent], [s.y for s in recent]
    if max(max(xs) - min(xs), max(ys) - min(ys)) < STROKE_MIN_PX:
        return (0.0, 0.0)  # no stroke: a cap held still (a tremble is not a flick)
    # newest first, and a sample stamped to the millisecond outweighs one known only to a frame
    weights = [
        0.5 ** ((release - s.t) / FLICK_HALF_LIFE) / (s.doubt * s.doubt + STAMP_DOUBT * STAMP_DOUBT)
        for s in recent
    ]
    total = sum(weights)
    mt = sum(w * s.t for w, s in zip(weights, recent, strict=True)) / total
    var = sum(w * (s.t - mt) ** 2 for w, s in zip(weights, recent, strict=True))
    if var <= 1e-12:
        return (0.0, 0.0)
    mx = sum(w * s.x for w, s in zip(weights, recent, strict=True)) / total
    my = sum(w * s.y for w, s in zip(weights, recent, strict=True)) / total
    vx = sum(w * (s.t - mt) * (s.x - mx) for w, s in zip(weights, recent, strict=True)) / var
    vy = sum(w * (s.t - mt) * (s.y - my) for w, s in zip(weights, recent, strict=True)) / var
    return (vx, vy)


def flick_speed(px_per_s: float, sensitivity: float = 1.0) -> float:
    """The cap's speed (m/s, capped) for a pointer speed, at a sensitivity setting."""
    lo, hi = SENSITIVITY_RANGE
    sensitivity = min(max(sensitivity, lo), hi)
    return min(px_per_s * sensitivity / PX_PER_MPS, MAX_SPEED)


def pointer_flick(
    cap: int,
    samples: Sequence[PointerSample],
    release: float,
    sensitivity: float = 1.0,
    y_down: bool = True,
) -> Flick | None:
    """The flick a pointer gesture makes, or None when it was too slow to count.

    `y_down`: screen y grows downwards while the board's y grows upwards (the camera flips it).
    """
    angle, speed = pointer_motion(samples, release, sensitivity, y_down)
    if speed < MIN_FLICK_SPEED:
        return None
    return Flick(cap, angle, speed)


def pointer_motion(
    samples: Sequence[PointerSample], at: float, sensitivity: float = 1.0, y_down: bool = True
) -> tuple[float, float]:
    """(board angle, cap speed) a release at time `at` would make, too slow or not: the shot
    itself, and the cue drawn while the pointer is still moving."""
    vx, vy = pointer_velocity(samples, at)
    return math.atan2(-vy if y_down else vy, vx), flick_speed(math.hypot(vx, vy), sensitivity)
