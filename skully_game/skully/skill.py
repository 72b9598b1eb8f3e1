"""How good a flick is: the gap between the flick meant and the flick made.

A level is a Gaussian wobble of the aim (degrees) and of the speed (relative). The computer
players plan and shoot with it, and a person's slingshot is spoiled by it (`hand`), so "skilled"
means the same thing for both. No pygame here.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from enum import Enum

from skully_game.skully.physics import MAX_SPEED


@dataclass(frozen=True)
class Skill:
    name: str
    aim_deg: float  # standard deviation of the aim, degrees
    speed_rel: float  # standard deviation of the speed, as a fraction of it

    def wobble(self, rng: random.Random) -> tuple[float, float]:
        """One wobble: the aim's turn (radians) and the speed's factor, drawn in this order.
        Neither depends on the flick meant, so a record's seed gives it back (`Session`)."""
        turn = math.radians(rng.gauss(0.0, self.aim_deg)) if self.aim_deg else 0.0
        factor = 1.0 + rng.gauss(0.0, self.speed_rel) if self.speed_rel else 1.0
        return turn, factor

    def perturb(self, angle: float, speed: float, rng: random.Random) -> tuple[float, float]:
        """The flick a player of this skill makes when meaning (angle, speed)."""
        turn, factor = self.wobble(rng)
        return angle + turn, min(max(speed * factor, 0.0), MAX_SPEED)


@dataclass(frozen=True)
class Learner:
    """How a computer beginner's flick goes astray: as a person learning, not as a Gaussian.

    A newcomer's misses are rarely near things: the flick is too soft or too hard by a clear
    margin (soft a little more often: a learner fears overshooting), a few degrees off; and
    now and then it all comes right and the shot is a good one. The aim is always the right
    one (the planner's); only the hand is learning. Drawn from the injected generator, in a
    fixed order, so a seeded game repeats exactly.
    """

    good_chance: float = 0.15  # a shot that comes off: better than a regular's, for once
    good: Skill = Skill("good shot", 1.5, 0.05)
    aim_deg: float = 3.5  # otherwise a few degrees off
    soft_chance: float = 0.6  # of the misjudged ones, too soft (else too hard)
    speed_off: float = 0.1  # relative: a misjudged flick is at least this far off...
    speed_spread: float = 0.14  # ...and this much more (half-normal), either way

    def perturb(self, angle: float, speed: float, rng: random.Random) -> tuple[float, float]:
        """The flick a learner makes when meaning (angle, speed)."""
        if rng.random() < self.good_chance:
            return self.good.perturb(angle, speed, rng)
        turn = math.radians(rng.gauss(0.0, self.aim_deg))
        off = self.speed_off + abs(rng.gauss(0.0, self.speed_spread))
        factor = 1.0 - off if rng.random() < self.soft_chance else 1.0 + off
        return angle + turn, min(max(speed * factor, 0.0), MAX_SPEED)


class Level(Enum):
    """From a first-timer to the best on the block; PERFECT makes exactly the flick it means."""

    BEGINNER = Skill("beginner", 9.0, 0.27)
    REGULAR = Skill("regular", 6.0, 0.20)
    SKILLED = Skill("skilled", 4.0, 0.14)
    STREET_LEGEND = Skill("street legend", 2.2, 0.08)
    PERFECT = Skill("perfect", 0.0, 0.0)

    @property
    def skill(self) -> Skill:
        return self.value

    @property
    def touch(self) -> Skill | Learner:
        """How a computer player of this level misses: the beginner as a person learning
        (`Learner`), the others by their Gaussian. A person's hand level keeps `skill`."""
        return Learner() if self is Level.BEGINNER else self.value


LEVELS = {level.name.lower().replace("_", "-"): level for level in Level}


def level(name: str) -> Level:
    try:
        return LEVELS[name.strip().lower().replace(" ", "-").replace("_", "-")]
    except KeyError:
        raise ValueError(f"unknown level {name!r}: expected one of {', '.join(LEVELS)}") from None
