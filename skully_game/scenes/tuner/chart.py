"""The tuner's pictures of the analysis: a chart with a bar per course step, and a heat map of
where the first shots of the selected step stopped."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import pairwise

import pygame

from skully_game.shell import theme
from skully_game.shell.view import Camera, WorldRect, around, union
from skully_game.shell.widgets import AWAKE
from skully_game.skully.analysis import StepFigures
from skully_game.skully.analysis_worker import STEPS
from skully_game.skully.geometry import Vec
from skully_game.skully.rules import course

BAR = (86, 180, 233)  # Okabe-Ito sky: the chance in one shot
SHOTS = (230, 159, 0)  # Okabe-Ito orange: expected shots
HEAT_CELL = 0.05  # metres: landing points are counted in cells this size


def short_label(step: int) -> str:
    """The goal of a step in two or three characters, for the chart's axis."""
    goal = course.stop(step + 1)
    if goal.kind is course.StopKind.TRAPEZOID:
        return f"d{goal.word}"
    if goal.direction is course.Direction.KILLER:
        return "K"
    return str(goal.box)


AXIS_GAP = 6  # px between two axis labels, or they read as one word ("d1d2d3")


def labelled(step: int, selected: int, slot: float) -> bool:
    """Whether a step's axis label is drawn: all of them when they fit in their slots, else
    every other one, counted from the selected step so that its label always shows."""
    widest = max(theme.font(15).size(short_label(i))[0] for i in range(STEPS))
    return widest + AXIS_GAP <= slot or (step - selected) % 2 == 0


def group_of(step: int) -> str:
    goal = course.stop(step + 1)
    if goal.direction is course.Direction.FORWARDS:
        return "forwards"
    if goal.direction is course.Direction.BACKWARDS:
        return "backwards"
    return "killer"


class Chart:
    """Bars of the chance to make each step in one shot, dots of its expected shots."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def plot_rect(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + 56, r.y + 58, r.w - 112, r.h - 58 - 40)

    def bar_rects(self) -> list[pygame.Rect]:
        p = self.plot_rect()
        slot = p.w / STEPS
        return [
            pygame.Rect(round(p.x + i * slot + 2), p.y, max(2, round(slot) - 4), p.h)
            for i in range(STEPS)
        ]

    def step_at(self, pos: tuple[int, int]) -> int | None:
        for i, r in enumerate(self.bar_rects()):
            if r.inflate(4, 30).collidepoint(pos):
                return i
        return None

    def draw(
        self,
        surface: pygame.Surface,
        figures: Mapping[int, StepFigures],
        selected: int,
        hover: int | None,
        previous: Mapping[int, StepFigures] | None = None,
    ) -> None:
        """`previous` figures (of the board before the last edit) show dimmed until the new
        ones for the same step arrive, so the chart does not blank out while you drag."""
        p = self.plot_rect()
        shots_top = max([4.0, *(f.expected_shots for f in figures.values())])
        previous = {k: v for k, v in (previous or {}).items() if k not in figures}
        shots_top = float(int(shots_top) + 1)
        for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = p.bottom - frac * p.h
            pygame.draw.line(surface, (48, 50, 56), (p.x, y), (p.right, y))
            theme.text(surface, f"{frac:.0%}", (p.x - 8, y), 16, BAR, "midright")
            theme.text(surface, f"{frac * shots_top:.1f}", (p.right + 8, y), 16, SHOTS, "midleft")
        bars = self.bar_rects()
        dots: list[tuple[float, float]] = []
        for i, r in enumerate(bars):
            f = figures.get(i)
            if i == selected:
                pygame.draw.rect(surface, (60, 62, 70), r.inflate(4, 8), border_radius=3)
            old = None if f is not None or previous is None else previous.get(i)
            if f is not None:
                h = round(f.p_one_shot * p.h)
                colour = BAR if f.pipsies_allowed or i == 0 else theme.CHALK_DIM
                pygame.draw.rect(surface, colour, (r.x, p.bottom - h, r.w, h))
                dots.append((r.centerx, p.bottom - min(1.0, f.expected_shots / shots_top) * p.h))
            elif old is not None:
                h = round(old.p_one_shot * p.h)
                pygame.draw.rect(surface, (60, 70, 84), (r.x, p.bottom - h, r.w, h))
            else:
                pygame.draw.rect(surface, (52, 54, 60), (r.x, p.bottom - 3, r.w, 3))
            if labelled(i, selected, p.w / STEPS):
                colour = theme.ACCENT if i == selected else theme.TEXT_DIM
                theme.text(
                    surface, short_label(i), (r.centerx, p.bottom + 10), 15, colour, "center"
                )
        if len(dots) > 1:
            pygame.draw.lines(surface, SHOTS, False, dots, 2)
        for d in dots:
            pygame.draw.circle(surface, SHOTS, d, 3)
        # the three parts of the course under the axis
        start = 1
        for name, end in (("forwards", 13), ("backwards", 25), ("killer", STEPS - 1)):
            a, b = bars[start], bars[end]
            y = p.bottom + 26
            pygame.draw.line(surface, theme.PANEL_EDGE, (a.x, y - 6), (b.right, y - 6))
            theme.text(surface, name, ((a.x + b.right) / 2, y + 2), 15, theme.TEXT_DIM, "center")
            start = end + 1
        if hover is not None and hover in figures and AWAKE[0]:  # (no tip under a dialog)
            self._tooltip(surface, figures[hover], bars[hover])

    def _tooltip(self, surface: pygame.Surface, f: StepFigures, bar: pygame.Rect) -> None:
        lines = [
            f"{f.start}  ->  {f.goal}",
            f"in one shot: {f.p_one_shot:.0%}   expected shots: {f.expected_shots:.2f}",
        ]
        extra = []
        if f.pipsies_allowed:
            extra.append(f"pipsies: {f.p_pipsies:.0%}")
        if f.p_stuck:
            extra.append(f"stuck in the skull: {f.p_stuck:.0%}")
        if extra:
            lines.append("   ".join(extra))
        imgs = [theme.rendered(line, 18, theme.TEXT) for line in lines]
        w = max(i.get_width() for i in imgs) + 16
        h = sum(i.get_height() for i in imgs) + 12
        box = pygame.Rect(0, 0, w, h)
        box.midleft = (bar.right + 8, self.plot_rect().centery)
        if box.right > self.plot_rect().right:
            box.midright = (bar.x - 8, self.plot_rect().centery)
        box.clamp_ip(self.rect)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
        y = box.y + 6
        for img in imgs:
            surface.blit(img, (box.x + 8, y))
            y += img.get_height()


def heat_colour(t: float) -> tuple[int, int, int, int]:
    """Dark blue through orange to pale yellow as t goes 0..1, more opaque as it heats."""
    stops = ((0.0, (40, 60, 160)), (0.5, (230, 120, 30)), (1.0, (255, 240, 150)))
    for (t0, c0), (t1, c1) in pairwise(stops):
        if t <= t1:
            k = (t - t0) / (t1 - t0)
            rgb = tuple(round(a + (b - a) * k) for a, b in zip(c0, c1, strict=True))
            return (*rgb, round(110 + 130 * t))  # type: ignore[return-value]
    return (255, 240, 150, 240)


def heat_cells(landings: Iterable[Vec]) -> dict[tuple[int, int], float]:
    """Landing counts per cell, softened over the neighbouring cells (a small blur), so a few
    hundred shots read as a patch rather than as scattered dots."""
    counts = Counter((math.floor(x / HEAT_CELL), math.floor(y / HEAT_CELL)) for x, y in landings)
    heat: dict[tuple[int, int], float] = {}
    for (i, j), n in counts.items():
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                w = (1.0, 0.5, 0.25)[abs(di) + abs(dj)]
                key = (i + di, j + dj)
                heat[key] = heat.get(key, 0.0) + n * w
    return heat


def heat_frame(home: WorldRect, figures: StepFigures, limit: WorldRect) -> WorldRect:
    """`home` grown to take in a step's heat map (its blurred cells whole) and its two marks,
    but no further than `limit`: first shots that stop beyond the board are seen, not cut."""
    margin = 3 * HEAT_CELL  # a landing's cell, the blur round it and a little room
    points = [*figures.landings, figures.origin, figures.aim]
    grown = union(home, around(points, margin) or home)
    return (
        max(grown[0], limit[0]),
        max(grown[1], limit[1]),
        min(grown[2], limit[2]),
        min(grown[3], limit[3]),
    )


def beyond(figures: StepFigures, frame: WorldRect) -> int:
    """How many of a step's first shots stopped outside `frame` (past the out-of-town line)."""
    x0, y0, x1, y1 = frame
    return sum(1 for x, y in figures.landings if not (x0 <= x <= x1 and y0 <= y <= y1))


class HeatMap:
    """Cells coloured by how many first shots stopped there, over the board; the layer is
    kept while neither the figures nor the view change."""

    def __init__(self) -> None:
        self._figures: StepFigures | None = None  # held, not its id: ids are reused
        self._view: object = None
        self._layer: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, camera: Camera, figures: StepFigures) -> None:
        if figures is not self._figures or camera.key() != self._view:
            self._figures, self._view = figures, camera.key()
            self._layer = self._render(camera, figures)
        if self._layer is not None:
            surface.blit(self._layer, camera.viewport.topleft)

    @staticmethod
    def _render(camera: Camera, figures: StepFigures) -> pygame.Surface | None:
        heat = heat_cells(figures.landings)
        if not heat:
            return None
        top = max(heat.values())
        size = max(2, math.ceil(camera.length(HEAT_CELL)))
        layer = pygame.Surface(camera.viewport.size, pygame.SRCALPHA)
        ox, oy = camera.viewport.topleft
        for (i, j), n in heat.items():
            sx, sy = camera.to_screen((i * HEAT_CELL, (j + 1) * HEAT_CELL))
            layer.fill(heat_colour(n / top), (round(sx) - ox, round(sy) - oy, size, size))
        return layer
