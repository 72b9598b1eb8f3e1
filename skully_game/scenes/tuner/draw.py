"""What the tuner draws beside its panel: the selected step's heat map and marks on the board,
the strip above it that says what the map shows, the handles, and the chart of every step.

`TunerDrawing` is a mixin of `TunerScene` (scene.py): it draws from the scene's `spec`,
`camera`, `worker`, `selected` and `dragging`."""

from __future__ import annotations

import pygame

from skully_game.scenes.tuner.chart import BAR, SHOTS
from skully_game.scenes.tuner.panel import HEADER_H, PANEL_W
from skully_game.shell import theme
from skully_game.skully.analysis import StepFigures
from skully_game.skully.rules import course
from skully_game.skully.tuner_model import (
    Handle,
    handles,
    say_length,
)

HANDLE_PX = 7
SMALL_BOX_PX = 64  # boxes drawn smaller than this: the handles step aside from their numbers
ASIDE_PX = HANDLE_PX + 6  # how far a handle steps aside


class TunerDrawing:
    """The board's layers, the header and the chart (mixed into TunerScene)."""

    def _draw_step(self, surface: pygame.Surface, figures: StepFigures) -> None:
        self.heat.draw(surface, self.camera, figures)
        ox, oy = self.camera.to_screen(figures.origin)
        pygame.draw.circle(surface, theme.CHALK, (ox, oy), 6, 2)
        ax, ay = self.camera.to_screen(figures.aim)
        pygame.draw.line(surface, theme.ACCENT, (ax - 6, ay), (ax + 6, ay), 2)
        pygame.draw.line(surface, theme.ACCENT, (ax, ay - 6), (ax, ay + 6), 2)

    def _header(self, surface: pygame.Surface, figures: StepFigures | None) -> None:
        """What the heat map shows, its two marks, and the keys for another step: the longest
        wording that fits on one line, then shorter words, then smaller letters."""
        w, _ = self.app.size
        bar = pygame.Rect(0, 0, w - PANEL_W, HEADER_H)
        pygame.draw.rect(surface, theme.PANEL, bar)
        here, goal = course.stop(self.selected).label, course.stop(self.selected + 1).label
        if figures is None:
            texts = [f"Heat map of {here} -> {goal}: analysing...", f"{here} -> {goal}: analysing"]
        else:
            n = len(figures.landings)
            where = f"first shots of {figures.start} -> {figures.goal} stopped"
            texts = [f"Heat map: where {n} {where}", f"Where {n} {where}"]
        marks = figures is not None
        for size in (19, 17):
            f = theme.font(size)
            for text in texts:
                for hint in ("[ ] other step", "[ ] step"):
                    need = f.size(text)[0] + f.size(hint)[0] + 40
                    need += self._marks_width(size) + 20 if marks else 0
                    if need <= bar.w:
                        return self._header_line(surface, bar, text, hint, size, marks)
        text = theme.fit(texts[-1], 16, bar.w - 90 - (self._marks_width(16) + 20 if marks else 0))
        self._header_line(surface, bar, text, "[ ] step", 16, marks)

    @staticmethod
    def _marks_width(size: int) -> int:
        f = theme.font(size)
        return 2 * 18 + f.size("placed")[0] + 14 + f.size("aimed")[0]

    def _header_line(
        self,
        surface: pygame.Surface,
        bar: pygame.Rect,
        text: str,
        hint: str,
        size: int,
        marks: bool,
    ) -> None:
        y = bar.centery
        end = theme.text(surface, text, (12, y), size, theme.TEXT, "midleft").right
        if marks:  # the marks as drawn on the board, not named in words
            x = end + 20
            pygame.draw.circle(surface, theme.CHALK, (x + 6, y), 6, 2)
            x = theme.text(surface, "placed", (x + 18, y), size, theme.TEXT_DIM, "midleft").right
            x += 14
            pygame.draw.line(surface, theme.ACCENT, (x, y), (x + 12, y), 2)
            pygame.draw.line(surface, theme.ACCENT, (x + 6, y - 6), (x + 6, y + 6), 2)
            theme.text(surface, "aimed", (x + 18, y), size, theme.TEXT_DIM, "midleft")
        theme.text(surface, hint, (bar.right - 12, y), size - 2, theme.TEXT_DIM, "midright")

    def _caption(
        self, surface: pygame.Surface, text: str, colour=theme.TEXT, then: str = ""
    ) -> None:
        """A boxed note at the board's bottom left, wrapped to the board's width (a long
        refusal in feet and inches ran past it); `then`: a dim line under it."""
        vp = self.viewport()
        width = vp.w - 32
        lines = [(line, colour) for line in theme.wrap_lines(text, 19, width, 3)]
        lines += [(line, theme.TEXT_DIM) for line in theme.wrap_lines(then, 19, width, 2)]
        high = 22 * len(lines)
        wide = max(theme.font(19).size(line)[0] for line, _ in lines)
        box = pygame.Rect(0, 0, wide + 16, high + 8)
        box.bottomleft = (vp.x + 8, vp.bottom - 8)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, colour, box, 1, border_radius=6)
        for k, (line, tint) in enumerate(lines):
            theme.text(surface, line, (box.x + 8, box.y + 4 + 22 * k), 19, tint)

    def handle_spot(self, handle: Handle) -> tuple[float, float]:
        """Where a handle is drawn and grabbed: on its point, or (the boxes small on screen, at
        1024x640) a step aside from it, away from the box number it would cover."""
        sx, sy = self.camera.to_screen(handle.at)
        if self.camera.length(self.spec.box_side) < SMALL_BOX_PX:
            ox, oy = handle.out
            sx, sy = sx + ox * ASIDE_PX, sy - oy * ASIDE_PX
        return sx, sy

    def _draw_handles(self, surface: pygame.Surface) -> None:
        for handle in handles(self.spec):
            sx, sy = self.handle_spot(handle)
            active = self.dragging == handle.field or (
                self.dragging is None
                and self.hover_handle is not None
                and self.hover_handle.field == handle.field
            )
            colour = theme.ACCENT if active else theme.CHALK_BLUE
            if active:
                pygame.draw.circle(surface, (20, 20, 24), (sx, sy), HANDLE_PX + 2)
                pygame.draw.circle(surface, colour, (sx, sy), HANDLE_PX)
            else:  # a ring: whatever number lies under a handle still reads through it
                pygame.draw.circle(surface, (20, 20, 24), (sx, sy), HANDLE_PX + 2, 2)
                pygame.draw.circle(surface, colour, (sx, sy), HANDLE_PX, 2)
            if active:
                value = say_length(getattr(self.spec, handle.field), self.app.settings.units)
                label = f"{handle.label}: {value}"
                img = theme.rendered(label, 20, theme.TEXT)
                box = img.get_rect(midbottom=(sx, sy - 14)).inflate(10, 6)
                box.clamp_ip(self.viewport())
                pygame.draw.rect(surface, theme.PANEL, box, border_radius=5)
                surface.blit(img, img.get_rect(center=box.center))

    def _draw_chart(self, surface: pygame.Surface) -> None:
        r = self.chart.rect
        pygame.draw.rect(surface, theme.PANEL, r)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.topleft, r.topright)
        worker = self.worker
        stale = worker.study is None or worker.study.spec != self.spec
        analysis = worker.analysis()
        # the right of the two top lines: the totals and the rules' verdict, or the progress
        top_right = ""
        verdicts: tuple[str, ...] = ()
        good = False
        if analysis is not None and not stale and not worker.error:
            pips = analysis.expected_pipsies_per_game
            good = 1.0 <= pips <= 2.0
            top_right = (
                f"pipsies a game {pips:.2f}   shots to finish "
                f"{analysis.expected_shots_to_finish:.0f}"
            )
            verdicts = (
                ("rules 1.6.7: once or twice a game - good", "rules 1.6.7: 1 or 2 a game - good")
                if good
                else ("rules 1.6.7 asks once or twice a game", "rules 1.6.7 asks 1 or 2 a game")
            )
        stats_size = 20 if r.w >= 760 else 18
        right_w = theme.font(stats_size).size(top_right)[0] if top_right else 260
        title, size = self._chart_title(r.w - 48 - right_w)
        theme.text(surface, title, (r.x + 16, r.y + 10), size, theme.TEXT, bold=True)
        legend_end = self._chart_legend(surface, r)
        room = r.right - 16 - legend_end - 16
        if worker.error:
            error = theme.fit(worker.error, 17, room)
            theme.text(surface, error, (r.right - 16, r.y + 36), 17, theme.DANGER, "topright")
        elif top_right:
            colour = theme.OK if good else theme.ACCENT
            theme.text(surface, top_right, (r.right - 16, r.y + 10), stats_size, colour, "topright")
            f = theme.font(17)
            verdict = next((v for v in verdicts if f.size(v)[0] <= room), verdicts[-1])
            verdict = theme.fit(verdict, 17, room)
            theme.text(surface, verdict, (r.right - 16, r.y + 34), 17, theme.TEXT_DIM, "topright")
        else:
            bar = pygame.Rect(r.right - 260, r.y + 14, 240, 10)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=4)
            done = 0.0 if stale else worker.progress
            fill = pygame.Rect(bar.x, bar.y, round(bar.w * done), bar.h)
            pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=4)
            label = "waiting for the board to settle" if stale else f"analysing {done:.0%}"
            theme.text(surface, label, (bar.right, bar.bottom + 6), 17, theme.TEXT_DIM, "topright")
        done = worker.snapshot()
        figures = {} if stale else done
        previous = {**self.previous, **done} if stale else self.previous
        self.chart.draw(surface, figures, self.selected, self.hover_step, previous)

    def _chart_title(self, width: int) -> tuple[str, int]:
        """The chart's title and size: the skill and samples in full when they fit, else in
        fewer words (the panel beside the chart names both too)."""
        skill, n = self.level.skill.name, self.samples
        titles = (
            (f"How hard is each shot: {skill}, {n} samples a step", 22),
            (f"How hard is each shot: {skill}, {n} samples a step", 20),
            (f"How hard is each shot: {skill}, {n} a step", 20),
            (f"How hard is each shot: {skill}", 20),
            ("How hard is each shot", 20),
        )
        for text, size in titles:
            if theme.font(size, bold=True).size(text)[0] <= width:
                return text, size
        return theme.fit(titles[-1][0], 20, width, bold=True), 20

    def _chart_legend(self, surface: pygame.Surface, r: pygame.Rect) -> int:
        """What the bars and the line mean, under the title; returns where it ends."""
        x = theme.text(surface, "bars: chance in one shot", (r.x + 16, r.y + 36), 17, BAR).right
        return theme.text(surface, "line: expected shots", (x + 20, r.y + 36), 17, SHOTS).right
