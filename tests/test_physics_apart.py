"""The guarded policy's written-out tests answer as what they stand for, bit for bit.

`_apart` is written out for speed (the guard asks it several times a step); a shot's steps
follow from its answers, so it must answer exactly as `_segment_gap(...) >= least` does, near
the threshold, for crossing, touching, parallel and zero-length segments alike.
"""

from __future__ import annotations

import random

from skully_game.skully.physics import _apart, _segment_gap


def _cases(count: int) -> list[tuple[float, ...]]:
    rng = random.Random(23)
    out = []
    for _ in range(count):
        ax, ay = rng.uniform(0, 0.3), rng.uniform(0, 0.3)
        bx, by = rng.uniform(0, 0.3), rng.uniform(0, 0.3)
        shape = rng.random()
        if shape < 0.1:  # a still cap: a zero-length segment
            adx = ady = 0.0
        else:
            adx, ady = rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)
        if shape > 0.9:  # parallel slides
            bdx, bdy = adx * 0.5, ady * 0.5
        elif 0.8 < shape <= 0.9:
            bdx = bdy = 0.0
        else:
            bdx, bdy = rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)
        out.append((ax, ay, adx, ady, bx, by, bdx, bdy))
    return out


def test_apart_answers_as_the_segment_gap_does() -> None:
    near = 0
    for case in _cases(20_000):
        gap = _segment_gap(*case)
        # at the gap itself (the threshold, where rounding decides), and on either side
        for least in (gap, gap * (1 + 1e-15), gap * (1 - 1e-15), 0.032, 0.0381):
            if least <= 0.0:
                continue
            assert _apart(*case, least) == (_segment_gap(*case) >= least), (case, least)
            near += least == gap
    assert near > 15_000  # most cases were asked exactly at their own gap


def test_the_calm_periods_count_is_the_loop_it_stands_for() -> None:
    from skully_game.skully.physics import CONTROL, SAMPLE_HZ, _calm_for

    period = 1.0 / SAMPLE_HZ
    rng = random.Random(29)
    for _ in range(100_000):
        periods, most = rng.randrange(0, 1800), rng.randrange(2, 65)
        if rng.random() < 0.5:  # exactly on a boundary, where rounding decides
            until = (periods + rng.randrange(0, 300)) * period
        else:
            until = (periods + rng.uniform(-2.0, 300.0)) * period
        k = 1
        while k < most and (periods + (k + 1) * CONTROL) * period <= until:
            k += 1
        assert _calm_for(periods, most, until) == k, (periods, most, until)
