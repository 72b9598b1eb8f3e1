"""The camera: world metres (y up) to screen pixels (y down), fitted to a viewport and eased
towards a target so the view zooms out smoothly to follow a cap that leaves the board."""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

Vec = tuple[float, float]
WorldRect = tuple[float, float, float, float]  # x0, y0, x1, y1


def union(a: WorldRect, b: WorldRect) -> WorldRect:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def around(points: Iterable[Vec], margin: float) -> WorldRect | None:
    pts = list(points)
    if not pts:
        return None
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


class Camera:
    def __init__(self, viewport: pygame.Rect, home: WorldRect) -> None:
        self.viewport = pygame.Rect(viewport)
        self.insets = (0, 0)  # (top, bottom) pixels kept clear for banners: framing avoids them
        self.home = home
        self.centre, self.scale = self.fit(home)
        self.target = (self.centre, self.scale)

    @property
    def frame(self) -> pygame.Rect:
        """The part of the viewport the camera frames things in: the viewport minus its insets."""
        top, bottom = self.insets
        v = self.viewport
        return pygame.Rect(v.x, v.y + top, v.w, max(1, v.h - top - bottom))

    def fit(self, rect: WorldRect) -> tuple[Vec, float]:
        """Centre and scale (px per metre) that show the whole rect in the frame."""
        w = max(rect[2] - rect[0], 1e-3)
        h = max(rect[3] - rect[1], 1e-3)
        frame = self.frame
        scale = min(frame.w / w, frame.h / h)
        return ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), scale

    def set_viewport(self, viewport: pygame.Rect) -> None:
        self.viewport = pygame.Rect(viewport)
        self.show(self.home, snap=True)

    def show(self, rect: WorldRect, snap: bool = False) -> None:
        """Aim the camera at a rect (eased unless snap)."""
        self.target = self.fit(rect)
        if snap:
            self.centre, self.scale = self.target

    def update(self, dt: float, rate: float = 6.0) -> None:
        """Ease towards the target; zooming is done in log space so it feels even."""
        (tx, ty), ts = self.target
        k = 1.0 - math.exp(-rate * dt)
        cx, cy = self.centre
        self.centre = (cx + (tx - cx) * k, cy + (ty - cy) * k)
        self.scale = math.exp(math.log(self.scale) + (math.log(ts) - math.log(self.scale)) * k)
        if abs(self.scale - ts) / ts < 1e-3 and math.dist(self.centre, (tx, ty)) * ts < 0.5:
            self.centre, self.scale = (tx, ty), ts

    @property
    def settled(self) -> bool:
        return self.centre == self.target[0] and self.scale == self.target[1]

    def key(self) -> tuple[int, ...]:
        """Changes whenever the picture of the board would change (for caching layers)."""
        v = self.viewport
        return (
            round(self.scale * 100),
            round(self.centre[0] * self.scale),
            round(self.centre[1] * self.scale),
            v.x,
            v.y,
            v.w,
            v.h,
            *self.insets,
        )

    @property
    def middle(self) -> tuple[float, float]:
        """Where the camera's centre appears on screen: the middle of the frame."""
        top, bottom = self.insets
        v = self.viewport
        return (v.centerx, v.y + top + (v.h - top - bottom) / 2)

    def to_screen(self, p: Vec) -> tuple[float, float]:
        mx, my = self.middle
        return (
            mx + (p[0] - self.centre[0]) * self.scale,
            my - (p[1] - self.centre[1]) * self.scale,
        )

    def to_world(self, s: tuple[float, float]) -> Vec:
        mx, my = self.middle
        return (
            self.centre[0] + (s[0] - mx) / self.scale,
            self.centre[1] - (s[1] - my) / self.scale,
        )

    def length(self, metres: float) -> float:
        return metres * self.scale
