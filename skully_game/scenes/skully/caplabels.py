"""Each cap's place in words beside it, clear of other labels, caps and box numbers; a cap out
of view labelled at the edge towards it, with an arrowhead pointing its way.

A mixin of `CapTable` (captable.py): it reads the table's `labels`, `camera` and `positions`,
and records where each label went in `drawn`."""

from __future__ import annotations

import math

import pygame

from skully_game.scenes.skully.capkit import AimMode
from skully_game.scenes.skully.chalk import MIN_MARK_PX, chalk_width
from skully_game.shell import theme

POINTER = 7  # px: how far an out-of-view label's arrowhead reaches beyond the label


class CapLabels:
    """The labels' layer of the table's picture (mixed into CapTable)."""

    def _draw_labels(self, surface: pygame.Surface) -> None:
        """Each cap's place in words, beside the cap where it hides no other label, cap or box
        number; a cap out of view is labelled at the edge towards it, labels stacked there."""
        frame = self.camera.frame.inflate(-4, -4)  # clear of panel and banner
        taken = self._number_rects()
        caps = {i: pygame.Rect(0, 0, 18, 18) for i in self.visible()}
        for i, r in caps.items():
            x, y = self.camera.to_screen(self.positions[i])
            r.center = (round(x), round(y))
        placed: list[pygame.Rect] = []
        for i, label in sorted(self.labels.items()):
            if i in self.hidden or label == "behind start":  # the crowd at the start: see the panel
                continue
            if i == self.selected and self.mode is not AimMode.IDLE:
                continue  # aiming: the meter beside the cap says what matters
            x, y = self.camera.to_screen(self.positions[i])
            img = theme.font(18).render(label, True, theme.TEXT)
            size = img.get_rect().inflate(8, 4).size
            others = [r for j, r in caps.items() if j != i]
            back = self._label_spot((x, y), size, frame, placed, taken, others)
            pygame.draw.rect(surface, (20, 20, 24), back, border_radius=4)
            pygame.draw.rect(surface, self.looks[i].colour, back, 1, border_radius=4)
            surface.blit(img, img.get_rect(center=back.center))
            if not frame.collidepoint(x, y):  # out of view: point the way to the cap
                self._draw_pointer(surface, back, (x, y), self.looks[i].colour)
            placed.append(back)
            self.drawn[f"label {i}"] = back

    def _label_spot(
        self,
        at: tuple[float, float],
        size: tuple[int, int],
        frame: pygame.Rect,
        placed: list[pygame.Rect],
        numbers: list[pygame.Rect],
        caps: list[pygame.Rect],
    ) -> pygame.Rect:
        """The first spot around the cap (or along the edge, for a cap out of view) that covers
        no label already drawn, then no box number or cap either; else the first spot."""
        x, y = at
        w, h = size
        if not frame.collidepoint(x, y):  # room inside the view for the arrowhead beyond it
            frame = frame.inflate(-2 * (POINTER + 2), -2 * (POINTER + 2))
        spots = [
            (x + 12, y - 12 - h / 2),
            (x - 12 - w, y + 12 - h / 2),
            (x + 12, y + 12 - h / 2),
            (x - 12 - w, y - 12 - h / 2),
            (x - w / 2, y - 16 - h),
            (x - w / 2, y + 16),
        ]
        rects = [pygame.Rect(round(sx), round(sy), w, h).clamp(frame) for sx, sy in spots]
        if not frame.collidepoint(x, y):  # along the edge, away from where the others sit
            first = rects[0]
            step = h + 4
            horizontal = first.top <= frame.top or first.bottom >= frame.bottom
            rects = [first]
            for k in range(1, 12):
                for sign in (1, -1):
                    move = (sign * k * (w + 4), 0) if horizontal else (0, sign * k * step)
                    rects.append(first.move(move).clamp(frame))
        for avoid in ([*placed, *numbers, *caps], placed):
            for rect in rects:
                if rect.collidelist(avoid) < 0:
                    return rect
        return rects[0]

    def _number_rects(self) -> list[pygame.Rect]:
        """Where the box and skull numbers are drawn, on screen (as the painter draws them,
        never smaller than MIN_MARK_PX): a label should not hide one."""
        cam, out = self.camera, []
        for mark in self.painter.marks:
            if mark.angle:  # the START word along the line: a label may lie on it
                continue
            px = max(round(mark.height * cam.scale), MIN_MARK_PX)
            wide = chalk_width(mark.text, px)  # "12" is wider than it is tall
            cx, cy = cam.to_screen(mark.at)
            out.append(pygame.Rect(round(cx - wide / 2), round(cy - px / 2), wide, px))
        return out

    @staticmethod
    def _draw_pointer(
        surface: pygame.Surface,
        back: pygame.Rect,
        to: tuple[float, float],
        colour: tuple[int, int, int],
    ) -> None:
        """A small arrowhead on the label's edge, pointing at its cap out of view."""
        cx, cy = back.center
        angle = math.atan2(to[1] - cy, to[0] - cx)
        ux, uy = math.cos(angle), math.sin(angle)
        # where the ray leaves the label's box
        tx = (back.w / 2) / abs(ux) if abs(ux) > 1e-6 else math.inf
        ty = (back.h / 2) / abs(uy) if abs(uy) > 1e-6 else math.inf
        t = min(tx, ty)
        tip = (cx + ux * (t + POINTER), cy + uy * (t + POINTER))
        base = (cx + ux * t, cy + uy * t)
        left = (base[0] - uy * 5, base[1] + ux * 5)
        right = (base[0] + uy * 5, base[1] - ux * 5)
        pygame.draw.polygon(surface, colour, [tip, left, right])
