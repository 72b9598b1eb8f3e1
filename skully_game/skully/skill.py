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


LEVELS = {level.name.lower().replace("_", "-"): level for level in Level}


def level(name: str) -> Level:
    try:
        return LEVELS[name.strip().lower().replace(" ", "-").replace("_", "-")]
    except KeyError:
        raise ValueError(f"unknown level {name!r}: expected one of {', '.join(LEVELS)}") from None
