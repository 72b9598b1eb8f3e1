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


def test_a_contact_inside_one_loop_cuts_it_at_its_periods_end_and_is_timed_by_its_period(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One loop forced over a hit (whatever `_calm_periods` would say): the loop stops at the
    end of the control period the hit began in, and the hit is timed from that period's start
    in whole steps, as a period stepped alone times it."""
    from skully_game.skully.physics import CONTROL, SAMPLE_HZ

    loops: list[tuple[int, int]] = []

    def forced(self: World, d: object, fastest2: float, n: int, periods: int, most: int) -> int:
        loops.append((periods, most // CONTROL))
        return most // CONTROL

    monkeypatch.setattr(World, "_calm_periods", forced)
    caps = [CapType.CROWN] * 3
    places = [(0.5, 1.0), (1.0, 1.0), (2.0, 2.0)]
    world = World(SPEC, caps, places, policy=StepPolicy.GUARDED)
    world.flick(Flick(0, 0.0, 3.0))
    result = world.run_to_rest(trace=False)
    hit = result.contacts[0]
    first, asked = loops[0]
    period = 1.0 / SAMPLE_HZ
    k = next(k for k in range(asked) if hit.time <= (first + (k + 1) * CONTROL) * period)
    start = (first + k * CONTROL) * period
    dt, count = world.schedule[0][0], 16
    assert dt == 1.0 / 240.0  # the stretch is stepped at BASE_DT, 16 steps a control period
    j = round((hit.time - start) / dt)
    assert 1 <= j <= count and hit.time == start + j * dt
    # cut at that period's end: the next loop is asked for later (after a guarded period
    # for the hit's aftermath), well before the first loop would have ended
    assert first + (k + 1) * CONTROL <= loops[1][0] < first + asked * CONTROL
