"""Each cap's place in words beside it, and the game's call-outs at the caps, laid out together
by one placer (placer.py) so that none hides another, a cap, a box number or the START word; a
cap out of view labelled at the edge towards it, with an arrowhead pointing its way.

A mixin of `CapTable` (captable.py): it reads the table's `labels`, `camera` and `positions`,
and the call-outs the game scene hands it in `notes`; it records where each label and call-out
went in `drawn` ("label 2", "callout 0"), which the game scene draws its call-outs at."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from skully_game.scenes.skully.capkit import MIN_CAP_PX, AimMode
from skully_game.scenes.skully.chalk import MIN_MARK_PX, chalk_width, font_for
from skully_game.scenes.skully.placer import Box, Wish, place
from skully_game.shell import theme
from skully_game.skully.geometry import Vec

POINTER = 7  # px: how far an out-of-view label's arrowhead reaches beyond the label
LABEL_SIZE = 18  # px: a cap's label
CALLOUT_SIZE = 22  # px, bold: a call-out
CALLOUT_PAD = (16, 8)  # px round a call-out's words
CAP_BOX = 18  # px: the least room kept round a cap's centre (a small cap is still read)
CALLOUT_FIRST, LABEL_FIRST = 2, 1  # the news first: a label finds room round it


def drawn_radii(
    centres: Sequence[tuple[float, float]], true: Sequence[float], least: float
) -> list[float]:
    """Each cap's radius on screen: its own size, or at least `least` px so that a cap far out
    is still seen and owned; but a cap drawn larger than it is takes at most its share (by
    size) of the gap to each other cap, so caps apart on the board never lie on each other on
    the screen. (Drawn at `least` regardless, two caps left touching by a point-blank hit were
    drawn a third on top of each other at the table's scale, where a cap is 4-8 px.)"""
    out = []
    for i, (c, t) in enumerate(zip(centres, true, strict=True)):
        r = least
        for j, (d, u) in enumerate(zip(centres, true, strict=True)):
            if j != i:
                r = min(r, math.dist(c, d) * t / max(t + u, 1e-9))
        out.append(max(t, r))
    return out


@dataclass(frozen=True)
class Note:
    """A call-out to place: its words, and where on the board it is said (the cap's place)."""

    text: str
    at: Vec


class CapLabels:
    """The labels' layer of the table's picture, and where the call-outs go (mixed into
    CapTable)."""

    notes: Sequence[Note] = ()  # the game's call-outs, newest last (a scene sets them)

    def radii_px(self, positions: Sequence[Vec]) -> dict[int, float]:
        """The caps in view at `positions`, each one's radius as drawn: its true size at every
        zoom (a cap drawn larger made a near miss look like a hit: a play-test)."""
        cam = self.camera
        return {i: cam.length(self.radius(i)) for i in self.visible()}

    def cap_discs(self) -> tuple[tuple[Vec, float], ...]:
        """The caps in play at rest, centre and radius as drawn (never under MIN_CAP_PX, with
        its rim): the START word keeps from under them."""
        least = (MIN_CAP_PX + 2) / self.camera.scale
        return tuple(
            (self.positions[i], round(max(self.radius(i) * 1.15, least), 4)) for i in self.visible()
        )

    def _draw_labels(self, surface: pygame.Surface) -> None:
        """Each cap's place in words, beside the cap where it hides no call-out, other label,
        cap or box number; a cap out of view is labelled at the edge towards it."""
        frame = self.camera.frame.inflate(-4, -4)
        for key, back in self.place_marks(labels=True).items():
            self.drawn[key] = back
            if not key.startswith("label "):
                continue
            i = int(key.removeprefix("label "))
            x, y = self.camera.to_screen(self.positions[i])
            img = theme.font(LABEL_SIZE).render(self.labels[i], True, theme.TEXT)
            pygame.draw.rect(surface, (20, 20, 24), back, border_radius=4)
            pygame.draw.rect(surface, self.looks[i].colour, back, 1, border_radius=4)
            surface.blit(img, img.get_rect(center=back.center))
            if not frame.collidepoint(x, y):  # out of view: point the way to the cap
                self._draw_pointer(surface, back, (x, y), self.looks[i].colour)
            else:
                reach = max(12.0, self.camera.length(self.radius(i)) + 3) + 14
                draw_leader(surface, back, (x, y), self.looks[i].colour, reach)

    def place_marks(self, labels: bool) -> dict[str, pygame.Rect]:
        """Where the call-outs ("callout n") and, with `labels`, the caps' labels ("label i")
        go on screen now: one placing for all, clear of the caps, numbers and START."""
        frame = self.camera.frame.inflate(-4, -4)
        wishes = self._callout_wishes()
        if labels:
            wishes += self._label_wishes(frame)
        spots = place(wishes, self._obstacles(), _box(frame), gap=2)
        return {
            key: pygame.Rect(round(x), round(y), round(w), round(h))
            for key, (x, y, w, h) in spots.items()
        }

    def _callout_wishes(self) -> list[Wish]:
        """Each call-out above its cap (a newer one above an older one), else below, else
        beside; kept inside the view."""
        inside = self.camera.frame.inflate(-8, -8)
        font = theme.font(CALLOUT_SIZE, True)
        wishes = []
        for n, note in enumerate(self.notes):
            tw, th = font.size(note.text)
            w, h = tw + CALLOUT_PAD[0], th + CALLOUT_PAD[1]
            x, y = self.camera.to_screen(note.at)
            spots = [(x - w / 2, y - 16 - h), (x - w / 2, y + 16)]
            spots += [(x + 18, y - h / 2), (x - 18 - w, y - h / 2)]
            for k in range(1, 4):  # stacked above (a newer one over an older one), or below
                spots += [(x - w / 2, y - 16 - h - k * (h + 4)), (x - w / 2, y + 16 + k * (h + 4))]
            spots = [
                _box(pygame.Rect(round(sx), round(sy), w, h).clamp(inside))[:2] for sx, sy in spots
            ]
            wishes.append(Wish(f"callout {n}", (w, h), tuple(spots), CALLOUT_FIRST, True, 3 * h))
        return wishes

    def _label_wishes(self, frame: pygame.Rect) -> list[Wish]:
        """Each cap's label beside its cap, at one of its four corners, above or below; a cap
        out of view is labelled along the view's edge towards it."""
        wishes = []
        font = theme.font(LABEL_SIZE)
        for i, label in sorted(self.labels.items()):
            if i in self.hidden or label == "behind start":  # the crowd at the start: see the panel
                continue
            if i == self.selected and self.mode is not AimMode.IDLE:
                continue  # aiming: the meter beside the cap says what matters
            tw, th = font.size(label)
            w, h = tw + 8, th + 4
            x, y = self.camera.to_screen(self.positions[i])
            seen = frame.collidepoint(x, y)
            clear = max(12.0, self.camera.length(self.radius(i)) + 3)  # off a large cap
            spots = _label_spots((x, y), (w, h), frame, seen, clear)
            search = 0.0 if not seen else 2.5 * h
            wishes.append(Wish(f"label {i}", (w, h), spots, LABEL_FIRST, False, search))
        return wishes

    def _obstacles(self) -> list[Box]:
        """What a word must not hide: the caps in view, the box and skull numbers, START, and
        the flick guide's ghost and hit lines."""
        out = [_box(r) for r in self._number_rects()]
        out += self.guide_marks
        for i in self.visible():
            x, y = self.camera.to_screen(self.positions[i])
            side = max(CAP_BOX, 2 * self.camera.length(self.radius(i)) + 4)
            out.append((x - side / 2, y - side / 2, side, side))
        return out

    def _number_rects(self) -> list[pygame.Rect]:
        """Where the box and skull numbers and the chalked words are drawn, on screen (as the
        painter draws them, never smaller than MIN_MARK_PX): a label should not hide one. A
        slanted word (START) is a row of squares along it, not its whole bounding box."""
        cam, out = self.camera, []
        for mark in self.painter.marks:
            px = max(round(mark.height * cam.scale), MIN_MARK_PX)
            wide = chalk_width(mark.text, px)  # "12" is wider than it is tall
            cx, cy = cam.to_screen(mark.at)
            if not mark.angle:
                out.append(pygame.Rect(round(cx - wide / 2), round(cy - px / 2), wide, px))
                continue
            a = math.radians(mark.angle)
            ux, uy = math.cos(a), -math.sin(a)  # the word's run on screen
            tall = font_for(px).get_height()
            count = max(1, math.ceil(wide / tall))
            for k in range(count):
                d = (k + 0.5) * wide / count - wide / 2
                square = pygame.Rect(0, 0, tall, tall)
                square.center = (round(cx + ux * d), round(cy + uy * d))
                out.append(square)
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


def draw_leader(
    surface: pygame.Surface,
    box: pygame.Rect,
    to: tuple[float, float],
    colour: tuple[int, int, int],
    near: float,
) -> None:
    """A thin line from a word to its cap, when the placer had to put it further than `near`
    px from the cap: whose it is stays plain."""
    ex = min(max(to[0], box.left), box.right - 1)
    ey = min(max(to[1], box.top), box.bottom - 1)
    dx, dy = to[0] - ex, to[1] - ey
    d = math.hypot(dx, dy)
    if d <= near:
        return
    stop = (to[0] - dx / d * 9, to[1] - dy / d * 9)  # short of the cap's middle: it stays seen
    pygame.draw.line(surface, colour, (ex, ey), stop, 2)
    pygame.draw.circle(surface, colour, (round(stop[0]), round(stop[1])), 3)


def _box(rect: pygame.Rect) -> Box:
    return (rect.x, rect.y, rect.w, rect.h)


def _label_spots(
    at: tuple[float, float], size: tuple[int, int], frame: pygame.Rect, seen: bool, d: float
) -> tuple[tuple[float, float], ...]:
    """A label's spots, best first: round a cap in view, `d` px from its centre; along the
    edge for one out of view (inside a frame with room for the arrowhead beyond it),
    spreading from the nearest."""
    x, y = at
    w, h = size
    if not seen:
        frame = frame.inflate(-2 * (POINTER + 2), -2 * (POINTER + 2))
    spots = [
        (x + d, y - d - h / 2),
        (x - d - w, y + d - h / 2),
        (x + d, y + d - h / 2),
        (x - d - w, y - d - h / 2),
        (x - w / 2, y - d - 4 - h),
        (x - w / 2, y + d + 4),
    ]
    rects = [pygame.Rect(round(sx), round(sy), w, h).clamp(frame) for sx, sy in spots]
    if not seen:  # along the edge, away from where the others sit
        first = rects[0]
        horizontal = first.top <= frame.top or first.bottom >= frame.bottom
        rects = [first]
        for k in range(1, 12):
            for sign in (1, -1):
                move = (sign * k * (w + 4), 0) if horizontal else (0, sign * k * (h + 4))
                rects.append(first.move(move).clamp(frame))
    return tuple((r.x, r.y) for r in rects)
