"""The table's judgement of a shot's close calls, worked out from the shot itself: where the
flicked cap touched another (the contact point, on the line between the two centres, at the
first cap's edge) and where it passed near a cap it never touched (the closest approach and the
true gap, edge to edge).

A play-tester saw "stopped 1 cm short of Bobby" while the caps lay on each other on the screen:
what the physics decides must be seen. Pure geometry over the shot's samples; no drawing here
(judgedraw.py draws it)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from skully_game.skully.physics import ShotResult

Vec = tuple[float, float]

NEAR_MISS = 0.05  # m: a cap the flicked cap passed this near (edge to edge) is a close call


@dataclass(frozen=True)
class Touch:
    """A hit: the two physics caps and where they met (world, metres)."""

    a: int
    b: int
    at: Vec
    time: float


@dataclass(frozen=True)
class NearMiss:
    """The flicked cap passed `other` without touching it: the closest approach."""

    shooter: int
    other: int
    gap: float  # m, edge to edge, > 0
    shooter_at: Vec  # the flicked cap's centre at the closest approach
    other_at: Vec  # the other cap's centre (it never moved: nothing touched it)
    time: float


def contact_point(a: Vec, b: Vec, ra: float, rb: float) -> Vec:
    """Where two touching discs meet: on the line between centres, `ra` from `a` (scaled to
    the share of the distance, so caps a hair apart or pressed together still get one point)."""
    d = math.dist(a, b)
    if d <= 1e-9:
        return a
    f = ra / max(ra + rb, 1e-9)
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def touches(shot: ShotResult, radii: Sequence[float]) -> list[Touch]:
    """Every first contact of the shot, at its contact point (physics cap indexes)."""
    out = []
    for c in shot.contacts:
        a, b = _meeting(shot, c.a, c.b, c.time, radii[c.a] + radii[c.b])
        out.append(Touch(c.a, c.b, contact_point(a, b, radii[c.a], radii[c.b]), c.time))
    return out


def _meeting(shot: ShotResult, i: int, j: int, time: float, reach: float) -> tuple[Vec, Vec]:
    """Where caps i and j were as they met: each carried on from the last sample before the
    touch at its velocity there, to the moment their centres are `reach` apart. (The samples
    are 1/60 s apart, a cap's width at a hard hit's speed: the sample after the touch is
    already past the bounce.)"""
    traj = shot.trajectory
    n = max(1, min(int(time / traj.dt), len(traj) - 1))
    now, before = traj.frame(n), traj.frame(n - 1)
    p, q = now[i][:2], now[j][:2]
    vp = (p[0] - before[i][0], p[1] - before[i][1])  # per sample
    vq = (q[0] - before[j][0], q[1] - before[j][1])
    # |(q - p) + s (vq - vp)| = reach, for the least s >= 0
    dx, dy = q[0] - p[0], q[1] - p[1]
    ux, uy = vq[0] - vp[0], vq[1] - vp[1]
    aa = ux * ux + uy * uy
    bb = 2 * (dx * ux + dy * uy)
    cc = dx * dx + dy * dy - reach * reach
    disc = bb * bb - 4 * aa * cc
    if aa <= 1e-18 or disc < 0 or cc <= 0:
        return p, q  # already touching at the sample (or never closing): the sample it is
    s = (-bb - math.sqrt(disc)) / (2 * aa)
    s = min(max(s, 0.0), 2.0)
    return (p[0] + vp[0] * s, p[1] + vp[1] * s), (q[0] + vq[0] * s, q[1] + vq[1] * s)


def _closest_on_segment(p: Vec, q: Vec, c: Vec) -> tuple[float, float]:
    """(distance from `c` to the segment p-q, the fraction along it of the nearest point)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    span = dx * dx + dy * dy
    f = 0.0 if span <= 1e-18 else ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / span
    f = min(max(f, 0.0), 1.0)
    return math.dist((p[0] + dx * f, p[1] + dy * f), c), f


def near_misses(
    shot: ShotResult, shooter: int | None, radii: Sequence[float], within: float = NEAR_MISS
) -> list[NearMiss]:
    """The caps the flicked cap passed within `within` of, edge to edge, without any cap
    touching them in the shot; closest first. A cap that was touched at all is a hit, not a
    close call (it may have moved: a miss by it would be measured against a moving cap)."""
    if shooter is None:
        return []
    touched = {c.a for c in shot.contacts} | {c.b for c in shot.contacts}
    others = [j for j in range(len(shot.start)) if j != shooter and j not in touched]
    if not others:
        return []
    traj = shot.trajectory
    path = [traj.frame(n)[shooter][:2] for n in range(len(traj))]
    out = []
    for j in others:
        c = shot.start[j]
        reach = radii[shooter] + radii[j]
        best = (math.inf, 0, 0.0)
        for n in range(len(path) - 1):
            d, f = _closest_on_segment(path[n], path[n + 1], c)
            if d < best[0]:
                best = (d, n, f)
        d, n, f = best
        gap = d - reach
        if not 0 < gap <= within:
            continue
        p, q = path[n], path[n + 1]
        at = (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
        out.append(NearMiss(shooter, j, gap, at, c, (n + f) * traj.dt))
    return sorted(out, key=lambda m: m.gap)


def say_gap(metres: float, imperial: bool) -> str:
    """A near miss's gap to read at a glance: "4 mm", "2 cm", "1/4 in", "1 in"."""
    if imperial:
        inches = metres / 0.0254
        if inches < 0.875:
            eighths = max(1, round(inches * 8))
            num, den = eighths, 8
            while num % 2 == 0 and den > 1:
                num, den = num // 2, den // 2
            return f"{num}/{den} in"
        return f"{round(inches)} in"
    if metres < 0.01:
        return f"{max(1, round(metres * 1000))} mm"
    return f"{round(metres * 100)} cm"
