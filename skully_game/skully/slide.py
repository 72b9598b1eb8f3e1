"""A lone cap's slide, as chipmunk steps it, without stepping chipmunk.

Most of a planner's or an analysis's tries send the shooter's cap off on a line that passes no
other cap. Such a shot is one body decelerated by its friction joint and nothing else, and the
world's adaptive step policy (physics.World.run_to_rest) fixes every step it takes. This module
repeats those steps as arithmetic: per step, the position moves by the speed before the step
(chipmunk integrates positions first); then the joint, warm-started with its last impulse scaled
by the ratio of the steps (chipmunk's dt_coef), takes off at most mu*g*dt, or stops the cap. The
first step of a fresh world has no warm start. Within a block of equal steps the speeds form an
arithmetic series, summed in closed form.

The result agrees with chipmunk's to rounding (about 1e-12 m over a 5 m slide; the same number
of steps, the same rest test), which `tests/test_slide.py` checks against real worlds. No pymunk
here, and no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Policy:
    """The adaptive step policy's numbers (physics.py's constants and a world's own)."""

    base_dt: float  # the largest step
    period: float  # a sample period, s
    control: int  # sample periods between two rest tests
    rest_speed: float  # slower than this is at rest
    max_periods: int  # the safety net, in sample periods
    per_speed: float  # steps a BASE_DT is cut into, per m/s of the fastest cap


@dataclass(frozen=True)
class Slide:
    """How far the cap went along its line, and what the world's run would have reported."""

    distance: float
    steps: int
    periods: int
    settled: bool
    # The cap stopped before its block's last step: its joint's impulse then died out in the
    # steps after (as in a world that stepped it). A cap that stops on the last step, or is
    # let go while still creeping, leaves its joint an impulse that the world's next shot
    # would be warm-started with: such a shot must be stepped.
    quiet: bool = True


def block_step(n: int, policy: Policy) -> tuple[float, int]:
    """The adaptive policy's step when a BASE_DT is cut into `n`, and its steps a sample period:
    the one rule of physics.World.run_to_rest and of a lone slide."""
    dt = policy.base_dt / n
    return dt, round(policy.period / dt)


def lone_slide(speed2: float, force: float, mass: float, policy: Policy) -> Slide:
    """The slide of a cap flicked at sqrt(speed2) m/s, without spin, whose friction joint's
    greatest force is `force`: chipmunk's steps in a fresh world, block by block."""
    s = math.sqrt(speed2)
    fastest2 = speed2
    m_inv = 1.0 / mass
    control, per_speed = policy.control, policy.per_speed
    limit2 = policy.rest_speed * policy.rest_speed
    ceil, sqrt = math.ceil, math.sqrt
    distance = 0.0
    impulse = 0.0  # the joint's accumulated impulse over the mass (opposing the motion)
    prev = 0.0  # the last step's length: 0 before the first (no warm start)
    periods = steps = 0
    while periods < policy.max_periods:
        dt, per = block_step(max(1, ceil(sqrt(fastest2) * per_speed)), policy)
        count = per * control
        cut = force * dt * m_inv  # the most one step takes off
        # the block's first step: the warm start scaled by dt / prev
        distance += s * dt
        coef = 0.0 if prev == 0.0 else dt / prev
        want = impulse + s - impulse * coef
        quiet = False  # stopped with steps of the block to spare
        if want > cut:
            s = s + impulse - impulse * coef - cut
            impulse = cut
        else:
            s, impulse = 0.0, want
            quiet = count > 1
        # the rest: dt / prev is 1, so each step takes `cut` off until the cap stops
        rest = count - 1
        if s > 0.0 and rest > 0:
            clamped = max(0, ceil(s / cut - 1.0))  # steps that start faster than `cut`
            if rest <= clamped:
                distance += dt * (rest * s - cut * rest * (rest - 1) / 2)
                s -= rest * cut
            else:
                distance += dt * ((clamped + 1) * s - cut * clamped * (clamped + 1) / 2)
                s = 0.0
                quiet = clamped + 1 < rest
        prev = dt
        periods += control
        steps += count
        fastest2 = s * s
        if fastest2 <= limit2:
            return Slide(distance, steps, periods, True, quiet and s == 0.0)
    return Slide(distance, steps, periods, False, False)
