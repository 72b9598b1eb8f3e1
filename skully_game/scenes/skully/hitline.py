"""Where a hit sends both caps: the casual aim line of a pool game, drawn at the first cap the
flick guide's path touches (aimdraw.py). No pygame here, so it is tested alone.

The same contact as the physics, taken at the instant the caps touch: two discs, the struck
one at rest, the impulse along the line of their centres (the contact normal) with the pair's
restitution (physics.pair_restitution) and the caps' own masses (equal for two caps of a kind),
and the rub of their surfaces across it (physics.CAP_FRICTION, as chipmunk combines it). Left
out: the street's friction, which only slows each cap along its own line (so the directions
hold till a cap meets another or stops, and the lines say nothing of how far), and any spin
the flick gave. Against the physics' own shots the directions agree within about a degree
(tests/test_skully_hit_lines.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skully_game.skully.caps import CapType
from skully_game.skully.physics import CAP_FRICTION, pair_restitution

Vec = tuple[float, float]


@dataclass(frozen=True)
class HitLines:
    """The hit's outcome as directions (unit vectors, x right, y up, as on the board) and each
    cap's speed after it as a share of the shooter's speed at the touch (0..1)."""

    struck_dir: Vec
    struck_share: float
    shooter_dir: Vec | None  # None: the shooter (nearly) stops dead at a full hit
    shooter_share: float


def hit_lines(
    shooter: CapType, struck: CapType, contact: Vec, target: Vec, angle: float
) -> HitLines:
    """The hit of `shooter` (its centre at `contact` as it touches, moving at `angle` radians)
    on `struck` (at rest, centred at `target`)."""
    nx, ny = target[0] - contact[0], target[1] - contact[1]
    norm = math.hypot(nx, ny) or 1.0
    nx, ny = nx / norm, ny / norm
    ux, uy = math.cos(angle), math.sin(angle)
    along = max(ux * nx + uy * ny, 0.0)  # the part of the motion into the struck cap
    tx, ty = ux - along * nx, uy - along * ny  # the part across, which the hit leaves alone
    m1, m2 = shooter.spec.mass, struck.spec.mass
    e = pair_restitution(shooter, struck)
    push = along * (1 + e) * m1 * m2 / (m1 + m2)  # the impulse along the normal (per unit speed)
    # the rub of the caps' surfaces (chipmunk takes the product of the two): across the normal,
    # at most the friction's share of the push, at most what stops the surfaces slipping (two
    # discs, each turned by it as well: 3/m each)
    across = math.hypot(tx, ty)
    rub = min(CAP_FRICTION * CAP_FRICTION * push, across / (3 / m1 + 3 / m2))
    wx, wy = (tx / across, ty / across) if across > 1e-9 else (0.0, 0.0)
    vx, vy = (push * nx + rub * wx) / m2, (push * ny + rub * wy) / m2
    struck_share = math.hypot(vx, vy)
    struck_dir = (vx / struck_share, vy / struck_share) if struck_share > 1e-9 else (nx, ny)
    sx, sy = ux - (push * nx + rub * wx) / m1, uy - (push * ny + rub * wy) / m1
    share = math.hypot(sx, sy)
    shooter_dir = (sx / share, sy / share) if share > 1e-6 else None
    return HitLines(struck_dir, struck_share, shooter_dir, share)
