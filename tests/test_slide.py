"""A planner's try whose cap can touch nothing is summed, not stepped (slide.py): it must rest
where chipmunk's steps put it, after as many steps, and a try that might touch a cap must still
be stepped, contacts and all."""

from __future__ import annotations

import math
import random

import pytest

from skully_game.skully.caps import CapType
from skully_game.skully.physics import CLEAR, STILL, Flick, World, simulate
from tests.test_physics import SPEC, random_shot


def _close(a: object, b: object) -> bool:
    """Two results of the same shot that agree but for rounding in the rest positions."""
    return (
        a.steps == b.steps  # type: ignore[attr-defined]
        and a.duration == b.duration  # type: ignore[attr-defined]
        and a.settled == b.settled  # type: ignore[attr-defined]
        and a.contacts == b.contacts == ()  # type: ignore[attr-defined]
        and all(math.dist(p, q) < 1e-9 for p, q in zip(a.rest, b.rest, strict=True))  # type: ignore[attr-defined]
    )


@pytest.mark.parametrize("seed", range(4))
def test_a_lone_cap_rests_where_chipmunk_puts_it(seed: int) -> None:
    """Every kind of cap, from a crawl to the hardest flick, on a board of its own."""
    rng = random.Random(seed)
    for _ in range(60):
        cap = rng.choice(list(CapType))
        start = (rng.uniform(0.3, 2.0), rng.uniform(0.3, 2.0))
        speed = rng.choice((rng.uniform(0.0, 0.05), rng.uniform(0.05, 7.0), 9.0))
        flick = Flick(0, rng.uniform(-math.pi, math.pi), speed)
        stepped = simulate(SPEC, [cap], [start], flick, trace=False)
        summed = World(SPEC, [cap], [start]).shoot(flick)
        assert _close(summed, stepped), (cap, flick)
        assert math.dist(summed.rest[0], start) > 0 or speed < 0.01


def test_tries_that_pass_other_caps_agree_and_tries_that_may_touch_are_stepped() -> None:
    """Crowded tables: a try clear of the others rests as chipmunk's; one that comes within
    CLEAR of a cap is stepped, so every contact the rules judge still comes from chipmunk."""
    summed = stepped = 0
    for seed in range(120):
        caps, positions, flick = random_shot(random.Random(50_000 + seed))
        if flick.offset != 0.0:
            flick = Flick(flick.cap, flick.angle, flick.speed)
        world = World(SPEC, caps, positions)
        alone = world._alone(flick, tuple(positions))
        fresh = simulate(SPEC, caps, positions, flick, trace=False)
        if alone is None:
            stepped += 1
            assert world.shoot(flick) == fresh
        else:
            summed += 1
            assert _close(alone, fresh), seed
            me = caps[flick.cap].spec.radius
            for j, (p, kind) in enumerate(zip(positions, caps, strict=True)):
                if j != flick.cap:  # never within CLEAR of the line it slid
                    assert math.dist(p, alone.rest[flick.cap]) >= me + kind.spec.radius + CLEAR
    assert summed > 10 and stepped > 10


def test_spin_and_traced_shots_are_always_stepped() -> None:
    world = World(SPEC, [CapType.CROWN], [(1.0, 1.0)])
    assert world._alone(Flick(0, 0.0, 2.0), ((1.0, 1.0),)) is not None
    spun = world.shoot(Flick(0, 0.0, 2.0, offset=0.5))
    assert spun == simulate(
        SPEC, [CapType.CROWN], [(1.0, 1.0)], Flick(0, 0.0, 2.0, 0.5), trace=False
    )
    traced = world.shoot(Flick(0, 0.0, 2.0), trace=True)
    assert len(traced.trajectory) > 2  # every sample period, for drawing


def test_a_planner_world_shoots_as_one_that_steps_every_try() -> None:
    """The planner's and the analysis's tries follow one another in one world, and chipmunk
    warm-starts each with what the last left its joints. Summed tries leave the world as the
    stepped ones would (a try that starts from, or would leave, an impulse in a joint is
    stepped), so a run of tries gives what a world stepping every try gives: the same contacts
    and steps, and the same rests to rounding, the stepped tries after a summed one included."""
    total = summed = 0
    for seed in range(80):
        caps, positions, flick = random_shot(random.Random(70_000 + seed))
        rng = random.Random(seed)
        quick, stepped = World(SPEC, caps, positions), World(SPEC, caps, positions)
        stepped.lone_slides = False
        for _ in range(10):
            f = Flick(
                flick.cap, flick.angle + rng.uniform(-0.3, 0.3), flick.speed * rng.uniform(0.5, 1.2)
            )
            summed += quick._alone(f, quick.positions) is not None
            a, b = quick.shoot(f), stepped.shoot(f)
            assert [(c.a, c.b) for c in a.contacts] == [(c.a, c.b) for c in b.contacts]
            assert (a.steps, a.settled) == (b.steps, b.settled)
            far = max(math.dist(p, q) for p, q in zip(a.rest, b.rest, strict=True))
            assert far < 1e-9, (seed, f)
            total += 1
    assert summed > total // 4


def test_a_joint_left_with_an_impulse_has_the_next_try_stepped() -> None:
    """A cap that stops on a rest test's very step keeps an impulse in its friction joint; the
    next try in that world starts warm with it, whichever cap is flicked (a still cap is pushed
    by its own), which only chipmunk can repeat."""
    mine = others = 0
    for seed in range(60):
        caps, positions, flick = random_shot(random.Random(70_000 + seed))
        rng = random.Random(seed)
        world = World(SPEC, caps, positions)
        for _ in range(10):
            f = Flick(
                flick.cap, flick.angle + rng.uniform(-0.3, 0.3), flick.speed * rng.uniform(0.5, 1.2)
            )
            warm = {i for i, js in world._joints.items() if max(j.impulse for j in js) > STILL}
            if warm:
                mine += f.cap in warm
                others += f.cap not in warm
                assert world._alone(f, world.positions) is None
            world.shoot(f)
    assert mine > 0 and others > 0
