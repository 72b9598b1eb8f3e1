"""How hard each shot of the course is on a board, for a player of a given skill (rules 1.6.7).

A Monte Carlo study through the real physics. A lone cap is placed where the computer players
place it (inside the box obtained, towards the next target) and flicked at the middle of its
target with the wobble of a skill level (`ai.Level`), then again from wherever it stopped, until
it makes the target. Each step of the course is one unit with its own seeded random.Random, so a
step's figures do not depend on which other steps ran, in which order or in which process: the
tuner recomputes step by step in the background, the command line spreads steps over processes,
and both give the same numbers for a seed.

The steps are put together as a Markov chain over the course, because pipsies moves a player
1 + bonus steps and so skips steps, exactly as in a game. The killer diller is one unit: its
four words are shot from where the last one stopped, and a miss means going for 13 again from
where the cap lies (ruling 9).

A cap that stops in the skull is stuck (ruling 4) until another player knocks it out; alone on
the board nobody does, so the study counts the shot, carries on from where the cap lies, and
reports how often a step's first shot got stuck (`p_stuck`). No pygame here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from skully_game.skully.ai import start_point, stop_speed, towards_in_box
from skully_game.skully.board import BoardSpec, spec_to_dict
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board, Trapezoid, Vec
from skully_game.skully.physics import Flick, World
from skully_game.skully.rules import course
from skully_game.skully.skill import Level

# Per step (a whole killer diller gets four times this): a chain still going is stopped and
# counted as this many shots, so an all but impossible step shows as very costly, not endless.
MAX_SHOTS = 40
BOX_STEPS = tuple(range(course.KILLER_THIRTEEN))  # start..1 backwards, each going for a box
DILLER_STEPS = tuple(range(course.KILLER_THIRTEEN, course.LAST_TRAPEZOID))  # the four words
DILLER = course.KILLER_THIRTEEN  # the unit that computes all four diller steps
UNITS = (*BOX_STEPS, DILLER)
MAX_SAMPLES = 100_000

Progress = Callable[[int], None]  # told how many more samples are done
Cancelled = Callable[[], bool]


class AnalysisCancelled(Exception):
    """The board changed while a unit ran: its figures are for a board nobody looks at now."""


@dataclass(frozen=True)
class Study:
    """What to measure: the board, the player, how many samples per step, the seed."""

    spec: BoardSpec
    level: Level = Level.SKILLED
    samples: int = 200
    seed: int = 1
    cap: CapType = CapType.CROWN
    pipsies_bonus: int = 2  # the official option; pipsies moves a player 1 + this

    def __post_init__(self) -> None:
        if not isinstance(self.samples, int) or isinstance(self.samples, bool):
            raise ValueError(f"samples must be a whole number, not {self.samples!r}")
        if not 1 <= self.samples <= MAX_SAMPLES:
            raise ValueError(f"samples must be 1 to {MAX_SAMPLES}, not {self.samples}")

    def rng(self, unit: int) -> random.Random:
        """A unit's own generator: str seeds hash the same in every process."""
        return random.Random(f"skully-analysis:{self.seed}:{unit}")


@dataclass(frozen=True)
class StepFigures:
    """One step of the course: in `start`, going for `goal`."""

    step: int
    start: str
    goal: str
    samples: int
    # box steps: the first shot, from where the cap was placed, makes the goal; diller words:
    # a shot at the word makes it (each is one shot from where the last word stopped)
    p_one_shot: float
    expected_shots: float  # shots from being placed (or, in the diller, the word before)
    p_stuck: float  # the first shot stops in the skull (box steps only)
    p_pipsies: float  # the step is made with pipsies (0 where it cannot be earned)
    pipsies_allowed: bool
    origin: Vec  # where the first shot starts (the mean, for diller words after the first)
    aim: Vec  # where the player aims
    landings: tuple[Vec, ...] = field(repr=False)  # where first shots stopped, for the heat map

    def to_json(self) -> dict[str, object]:
        return {
            "from": self.start,
            "to": self.goal,
            "p_one_shot": round(self.p_one_shot, 4),
            "expected_shots": round(self.expected_shots, 3),
            "p_stuck": round(self.p_stuck, 4),
            "p_pipsies": round(self.p_pipsies, 4),
        }


@dataclass(frozen=True)
class Analysis:
    study: Study
    per_step: tuple[StepFigures, ...]
    expected_pipsies_per_game: float
    expected_shots_to_finish: float

    def to_json(self) -> dict[str, object]:
        return {
            "board": spec_to_dict(self.study.spec),
            "skill": self.study.level.skill.name,
            "samples": self.study.samples,
            "seed": self.study.seed,
            "cap": self.study.cap.value,
            "per_step": [f.to_json() for f in self.per_step],
            "expected_pipsies_per_game": round(self.expected_pipsies_per_game, 3),
            "expected_shots_to_finish": round(self.expected_shots_to_finish, 2),
        }


def step_label(step: int) -> str:
    """Where a player at `step` is: "start", "6 forwards", "killer", "diller 2"."""
    return course.stop(step).label


class _Shooter:
    """Flicks the lone cap at a point with the skill's wobble and finds where it stops."""

    def __init__(self, study: Study, rng: random.Random) -> None:
        self.spec = study.spec
        self.skill = study.level.skill
        self.cap = study.cap
        self.mu = study.cap.spec.mu
        self.radius = study.cap.spec.radius
        self.rng = rng
        self.world: World | None = None  # one world for the unit's shots (World.shoot)

    def shoot(self, src: Vec, aim: Vec) -> Vec:
        angle = math.atan2(aim[1] - src[1], aim[0] - src[0])
        angle, speed = self.skill.perturb(angle, stop_speed(self.mu, math.dist(src, aim)), self.rng)
        if self.world is None:
            self.world = World(self.spec, (self.cap,), (src,))
        return self.world.shoot(Flick(0, angle, speed), (src,)).rest[0]


def _check(cancel: Cancelled | None) -> None:
    if cancel is not None and cancel():
        raise AnalysisCancelled


def _box_step(
    study: Study, board: Board, step: int, progress: Progress | None, cancel: Cancelled | None
) -> StepFigures:
    shooter = _Shooter(study, study.rng(step))
    r = shooter.radius
    goal = course.target_box(step)
    assert goal is not None
    last = course.box_of(step)
    aim = board.box_centre(goal)
    origin = start_point(board, 0.5) if last is None else towards_in_box(board, last, aim, r)
    allowed = step not in (course.START, course.ONE_BACKWARDS) and study.pipsies_bonus > 0
    one = stuck = pipsies = total = 0
    landings: list[Vec] = []
    for _ in range(study.samples):
        _check(cancel)
        pos, shots = origin, 0
        while shots < MAX_SHOTS:
            from_last = last is not None and board.wholly_in(pos, r, last)
            pos = shooter.shoot(pos, aim)
            shots += 1
            made = board.wholly_in(pos, r, goal)
            if shots == 1:
                landings.append(pos)
                one += made
                stuck += not made and board.in_skull(pos, r)
            if made:
                pipsies += allowed and from_last
                break
        total += shots
        if progress is not None:
            progress(1)
    n = study.samples
    return StepFigures(
        step,
        step_label(step),
        step_label(step + 1),
        n,
        one / n,
        total / n,
        stuck / n,
        pipsies / n,
        allowed,
        origin,
        aim,
        tuple(landings),
    )


def _diller(
    study: Study, board: Board, progress: Progress | None, cancel: Cancelled | None
) -> tuple[StepFigures, ...]:
    """All four words, run together: each starts where the last stopped, and a miss goes back
    to 13 (shots to get back are charged to the word that missed)."""
    shooter = _Shooter(study, study.rng(DILLER))
    r = shooter.radius
    placed = towards_in_box(board, 13, board.trapezoid_centre(Trapezoid.BOTTOM), r)
    attempts, made, shots_for = [0] * 4, [0] * 4, [0] * 4
    origins: list[list[Vec]] = [[] for _ in range(4)]
    aims: list[list[Vec]] = [[] for _ in range(4)]
    landings: list[list[Vec]] = [[] for _ in range(4)]
    limit = 4 * MAX_SHOTS
    for _ in range(study.samples):
        _check(cancel)
        pos, done, shots, tried = placed, (), 0, [False] * 4
        while len(done) < 4 and shots < limit:
            word = len(done)
            options = course.diller_targets(done)
            trap = min(options, key=lambda t: math.dist(pos, board.trapezoid_centre(t)))
            aim = board.trapezoid_centre(trap)
            first = not tried[word]
            tried[word] = True
            if first:
                origins[word].append(pos)
                aims[word].append(aim)
            pos = shooter.shoot(pos, aim)
            shots += 1
            attempts[word] += 1
            shots_for[word] += 1
            if first:
                landings[word].append(pos)
            if board.in_skull(pos, r) and board.trapezoid_at(pos) in options:
                done = (*done, board.trapezoid_at(pos))
                made[word] += 1
                continue
            done = ()  # missed: going for killer 13 again from where the cap lies
            while shots < limit:
                pos = shooter.shoot(pos, board.box_centre(13))
                shots += 1
                shots_for[word] += 1
                if board.wholly_in(pos, r, 13):
                    break
            pos = placed
        if progress is not None:
            progress(1)
    n = study.samples
    figures = []
    for word in range(4):
        step = DILLER + word
        figures.append(
            StepFigures(
                step,
                step_label(step),
                step_label(step + 1),
                n,
                made[word] / attempts[word] if attempts[word] else 0.0,
                shots_for[word] / n,
                0.0,
                0.0,
                False,
                _mean(origins[word], placed),
                _mean(aims[word], board.trapezoid_centre(Trapezoid.BOTTOM)),
                tuple(landings[word]),
            )
        )
    return tuple(figures)


def _mean(points: list[Vec], default: Vec) -> Vec:
    if not points:
        return default
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def run_unit(
    study: Study,
    unit: int,
    progress: Progress | None = None,
    cancel: Cancelled | None = None,
) -> tuple[StepFigures, ...]:
    """One unit's figures: a box step's, or the four diller words' (unit DILLER)."""
    board = Board(study.spec)
    if unit == DILLER:
        return _diller(study, board, progress, cancel)
    if unit not in BOX_STEPS:
        raise ValueError(f"no course unit {unit}")
    return (_box_step(study, board, unit, progress, cancel),)


def combine(study: Study, figures: Mapping[int, StepFigures]) -> tuple[float, float]:
    """(expected pipsies per game, expected shots to finish the course) from every step's figures.

    From being placed in step k: the step costs its expected shots, then the player is in k+1,
    or in k+1+bonus after pipsies (never past killer 13, ruling 9).
    """
    end = course.KILLER_THIRTEEN
    shots = [0.0] * (end + 1)
    pips = [0.0] * (end + 1)
    shots[end] = sum(figures[s].expected_shots for s in DILLER_STEPS)
    for k in reversed(BOX_STEPS):
        f = figures[k]
        q = f.p_pipsies
        jump = min(k + 1 + study.pipsies_bonus, end)
        shots[k] = f.expected_shots + q * shots[jump] + (1 - q) * shots[k + 1]
        pips[k] = q * (1 + pips[jump]) + (1 - q) * pips[k + 1]
    return pips[0], shots[0]


def assemble(study: Study, parts: Iterable[tuple[StepFigures, ...]]) -> Analysis:
    figures = {f.step: f for part in parts for f in part}
    pipsies, shots = combine(study, figures)
    per_step = tuple(figures[s] for s in (*BOX_STEPS, *DILLER_STEPS))
    return Analysis(study, per_step, pipsies, shots)


def _unit_in_process(args: tuple[Study, int]) -> tuple[StepFigures, ...]:
    return run_unit(*args)


def analyze(study: Study, progress: Progress | None = None, jobs: int = 1) -> Analysis:
    """Every step of the course; `jobs` > 1 spreads the steps over processes (same figures)."""
    if jobs <= 1:
        return assemble(study, (run_unit(study, u, progress) for u in UNITS))
    parts = []
    # the diller first: it is the longest unit, so the pool is not left waiting on it at the end
    order = (DILLER, *BOX_STEPS)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_unit_in_process, (study, u)) for u in order]
        for future in as_completed(futures):  # progress as units finish, in any order
            parts.append(future.result())
            if progress is not None:
                progress(study.samples)
    return assemble(study, parts)


def total_samples(study: Study) -> int:
    return study.samples * len(UNITS)
