"""The guarded policy steps calm control periods in one C loop (`World._calm_periods`), which a
contact cuts short at the end of its period: every shot must come out bit for bit as stepping
them one by one (every position, contact time, step size and count), in fresh worlds and in a
planner's world shot again and again, and the loop must really take several periods at once."""

from __future__ import annotations

import math
import random

import pytest

from skully_game.skully.board import BoardSpec
from skully_game.skully.caps import CapType
from skully_game.skully.physics import (
    MAX_SPEED,
    Flick,
    ShotResult,
    StepPolicy,
    World,
)
from tests.test_flight_overlap import packed

SPEC = BoardSpec()
MID = SPEC.board_side / 2
Vec = tuple[float, float]
Shot = tuple[list[CapType], list[Vec], frozenset[int], Flick]


def shot(rng: random.Random) -> Shot:
    """A packed crowd struck from 5 cm to 1.5 m off, at any speed a hand makes, straight or
    with spin, some caps held: slow late touches in the pack while the striker slides on."""
    caps, places = packed(rng)
    a, d = rng.uniform(0, 2 * math.pi), caps[0].spec.radius + rng.uniform(0.05, 1.5)
    striker = (MID + d * math.cos(a), MID + d * math.sin(a))
    target = places[rng.randrange(7)]
    angle = math.atan2(target[1] - striker[1], target[0] - striker[0]) + rng.uniform(-0.2, 0.2)
    held = frozenset(rng.sample(range(1, 8), rng.choice((0, 0, 1, 2))))
    offset = rng.choice((0.0, 0.0, 0.3, -0.7))
    speed = rng.choice((MAX_SPEED, 5.0, 3.5, 2.0, 1.0))
    return caps, [striker, *places], held, Flick(0, angle, speed, offset)


SHOTS = [shot(random.Random(5100 + seed)) for seed in range(40)]


def numbers(result: ShotResult, schedule: list[tuple[float, int]]) -> tuple[object, ...]:
    return (
        result.rest,
        result.contacts,
        result.steps,
        result.duration,
        result.settled,
        tuple(schedule),
    )


def one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(World, "_calm_periods", lambda self, *args: 1)


def fresh(shots: list[Shot]) -> list[tuple[object, ...]]:
    out = []
    for caps, places, held, flick in shots:
        world = World(SPEC, caps, places, held, policy=StepPolicy.GUARDED)
        world.flick(flick)
        out.append(numbers(world.run_to_rest(trace=False), world.schedule))
    return out


def reused(shots: list[Shot]) -> list[tuple[object, ...]]:
    out = []
    for caps, places, held, flick in shots[:10]:
        world = World(SPEC, caps, places, held, policy=StepPolicy.GUARDED)
        for turn in range(3):
            tried = Flick(0, flick.angle + 0.05 * turn, flick.speed * (1.0 - 0.25 * turn))
            out.append(numbers(world.shoot(tried), world.schedule))
    return out


def test_calm_periods_in_one_loop_give_the_same_shots_as_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    merged = fresh(SHOTS), reused(SHOTS)
    one_by_one(monkeypatch)
    assert (fresh(SHOTS), reused(SHOTS)) == merged


def test_the_loop_takes_several_periods_in_many_shots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several periods go in one loop in many shots (with caps of one kind most of all, whose
    energy bounds their speeds closely), so the test above compares real loops."""
    loops: list[int] = []
    real = World._calm_periods

    def watched(self: World, *args: object) -> int:
        ahead = real(self, *args)  # type: ignore[arg-type]
        loops.append(ahead)
        return ahead

    monkeypatch.setattr(World, "_calm_periods", watched)
    long_loops = 0
    for caps, places, held, flick in SHOTS:
        loops.clear()
        world = World(SPEC, caps, places, held, policy=StepPolicy.GUARDED)
        world.flick(flick)
        world.run_to_rest(trace=False)
        long_loops += max(loops, default=1) > 1
    assert long_loops >= len(SHOTS) // 4
    crown = [CapType.CROWN] * 8
    _, places, _, flick = SHOTS[0]
    loops.clear()
    world = World(SPEC, crown, places, policy=StepPolicy.GUARDED)
    world.flick(Flick(0, flick.angle, MAX_SPEED))
    world.run_to_rest(trace=False)
    assert max(loops) >= 4
