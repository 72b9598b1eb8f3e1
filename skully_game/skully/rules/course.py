"""The course as data: every step a player can have obtained, in order (ruling 1).

Step 0 is the start; 1-13 are boxes 1..13 forwards; 14-25 are boxes 12..1 backwards; 26 is 13
again (the player has "made 13" while going for killer); 27-30 are the four killer-diller
trapezoids; 31 is out of town: a killer. A player's `step` is the last step obtained and the
target is the next one. Step 30 is never kept: making the fourth trapezoid goes out of town.

The killer diller goes round the skull in one direction. The player picks both by shooting:
the first word ("I'm") may land in any trapezoid, the second in either neighbour of the first,
which fixes the direction; the third and fourth carry on that way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from skully_game.skully.geometry import Trapezoid


class StopKind(Enum):
    START = "start"
    BOX = "box"
    TRAPEZOID = "trapezoid"
    OUT_OF_TOWN = "out_of_town"


class Direction(Enum):
    FORWARDS = "forwards"
    BACKWARDS = "backwards"
    KILLER = "killer"  # 13 again, and the skull, on the way to out of town


@dataclass(frozen=True)
class Stop:
    """One step of the course: where a player is once it is obtained."""

    kind: StopKind
    direction: Direction | None
    box: int | None = None  # BOX stops: the box number
    word: int | None = None  # TRAPEZOID stops: 1-4, the word of "I'm a killer diller"

    @property
    def label(self) -> str:
        """How a player says this step as a target: "6 forwards", "killer", "diller 2"."""
        if self.kind is StopKind.START:
            return "start"
        if self.kind is StopKind.OUT_OF_TOWN:
            return "out of town"
        if self.kind is StopKind.TRAPEZOID:
            return f"diller {self.word}"
        if self.direction is Direction.KILLER:
            return "killer"
        assert self.direction is not None
        return f"{self.box} {self.direction.value}"


def _build() -> tuple[Stop, ...]:
    stops = [Stop(StopKind.START, None)]
    stops += [Stop(StopKind.BOX, Direction.FORWARDS, box=n) for n in range(1, 14)]
    stops += [Stop(StopKind.BOX, Direction.BACKWARDS, box=n) for n in range(12, 0, -1)]
    stops.append(Stop(StopKind.BOX, Direction.KILLER, box=13))
    stops += [Stop(StopKind.TRAPEZOID, Direction.KILLER, word=w) for w in range(1, 5)]
    stops.append(Stop(StopKind.OUT_OF_TOWN, Direction.KILLER))
    return tuple(stops)


COURSE: tuple[Stop, ...] = _build()
START = 0
TWO_FORWARDS = 2  # before this step a hit is a foul (ruling 7)
THIRTEEN_FORWARDS = 13
ONE_BACKWARDS = 25  # going for killer from here (ruling 9)
KILLER_THIRTEEN = 26  # awards never carry past here (ruling 9)
LAST_TRAPEZOID = 30
KILLER = 31
WORDS = ("I'm", "a", "killer", "diller")

_BY_LABEL = {stop.label: i for i, stop in enumerate(COURSE)}


def stop(step: int) -> Stop:
    return COURSE[step]


def target_stop(step: int) -> Stop | None:
    """What a player at `step` is going for; None for a killer."""
    return COURSE[step + 1] if step < KILLER else None


def target_box(step: int) -> int | None:
    """The box a player at `step` is going for, if the target is a box."""
    target = target_stop(step)
    return None if target is None else target.box


def box_of(step: int) -> int | None:
    """The box a player at `step` last obtained, if it is a box."""
    return COURSE[step].box


def in_killer_diller(step: int) -> bool:
    """Shooting the trapezoids: never stuck, no hitting awards, no pipsies (rulings 4, 9)."""
    return KILLER_THIRTEEN <= step < LAST_TRAPEZOID


def before_two_forwards(step: int) -> bool:
    """Going for 1 or 2: hitting another cap is a foul (ruling 7)."""
    return step < TWO_FORWARDS


def going_for_label(step: int) -> str | None:
    """The target as a label ("6 forwards", "killer", "diller 2"); None for a killer."""
    target = target_stop(step)
    return None if target is None else target.label


def step_going_for(label: str) -> int | None:
    """The step of a player going for `label`; None if no step has that label."""
    index = _BY_LABEL.get(label.strip().lower())
    return None if index is None or index == START else index - 1


GOING_FOR_LABELS: tuple[str, ...] = tuple(COURSE[i + 1].label for i in range(KILLER))


def diller_targets(made: tuple[Trapezoid, ...]) -> tuple[Trapezoid, ...]:
    """The trapezoids the next killer-diller shot may land in, given those made so far."""
    if not made:
        return tuple(Trapezoid)
    if len(made) == 1:
        return tuple(sorted({Trapezoid((made[0] + 1) % 4), Trapezoid((made[0] - 1) % 4)}))
    turn = (made[1] - made[0]) % 4
    return (Trapezoid((made[-1] + turn) % 4),)


def valid_diller(made: tuple[Trapezoid, ...]) -> bool:
    """True if `made` is a possible sequence of trapezoids made so far (round in one direction)."""
    return all(made[i] in diller_targets(made[:i]) for i in range(len(made))) and len(made) <= 3
