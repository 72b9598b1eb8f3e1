"""The aim drawn at the cap: the dashed line (or how far it slides), a slingshot hand's wobble
as a cone, a flick's cue, and the power meter placed clear of other caps and labels.

A mixin of `CapTable` (captable.py): it draws from the table's aim state and records where the
meter went in `drawn`."""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType

import pygame

from skully_game.scenes.skully.capkit import (
    MIN_CAP_PX,
    AimMode,
    _neg,
    edge_point,
    slide_distance,
    speed_for,
)
from skully_game.scenes.skully.hitline import hit_lines
from skully_game.shell import theme
from skully_game.skully.guide import Guide, flick_guide, guide_band
from skully_game.skully.hand import (
    MIN_FLICK_SPEED,
    HandLevel,
    spread,
)
from skully_game.skully.misses import format_length
from skully_game.skully.physics import MAX_SPEED

FLICK_GUIDE_STILL_S = 0.12  # s: a flick held still this long shows no ghost
LAST_LABEL = "last"  # beside the gauge's mark of the cap's previous shot
FIRE_COST = 100  # a gauge spot over the line of fire costs more than hiding every cap
OWN_CAP_COST = 200  # ... and one over the cap it shoots (near the view's edge) more than that
# px: a hit's aim line (hitline.py) for a cap leaving at the shooter's speed at the touch; a
# glancing share below HIT_LINE_LEAST of it is not drawn (a full hit's shooter all but stops)
HIT_LINE_PX = 60.0
HIT_LINE_LEAST = 0.08
OUT_COST = 50  # a gauge spot pushed into the view's edge (a clamp) may land anywhere: avoid


Segment = tuple[tuple[float, float], tuple[float, float]]


class AimDrawing:
    """The aim's layer of the table's picture (mixed into CapTable)."""

    # each cap's previous shot's power as its shooter meant it (0-1), marked on the gauge so a
    # player adjusts from it; set by the game (a person's caps only) and by practice
    last_powers: Mapping[int, float] = MappingProxyType({})
    fire: tuple[Segment, ...] = ()  # the line of fire this frame, on screen: the gauge keeps off
    # the flick guide's ghost and hit lines as last drawn (x, y, w, h): the labels and call-outs
    # keep off them (a cap's label lay over the line saying where the hit sends that cap)
    guide_marks: tuple[tuple[float, float, float, float], ...] = ()

    def _draw_aim(self, surface: pygame.Surface) -> None:
        self.guide_marks = ()  # (the guide, if drawn, sets them again)
        if self.selected is None:
            return
        if not self.demo_aim and (self.mode is AimMode.IDLE or not self.shootable(self.selected)):
            return
        i = self.selected
        cam = self.camera
        x, y = cam.to_screen(self.positions[i])
        self.fire = ()
        speed = speed_for(self.power)
        r_px = max(cam.length(self.radius(i)), 5)
        aiming = self.mode is not AimMode.FLICK or speed >= MIN_FLICK_SPEED
        if (
            self.flick_guide
            and not self.demo_aim
            and (
                self.mode is not AimMode.FLICK
                # while the flick is under way (moving), as the issue asked: a stroke held still
                # to read the ghost, then let go or cancelled, made every flick a sure one
                or (aiming and self.flick_still < FLICK_GUIDE_STILL_S)
            )
        ):
            self._draw_guide(surface, i, speed)
        elif self.touch_guide and not self.demo_aim and aiming:
            # the guide stepped back: where the cap would first meet another, as a pool game's
            # aim line, never where it stops (that length is the player's to judge)
            self._draw_guide(surface, i, MAX_SPEED, touch_only=True, power_speed=speed)
        if self.mode is AimMode.FLICK:
            self._draw_flick(surface, (x, y), r_px, speed)
            return
        ux, uy = math.cos(self.aim_angle), -math.sin(self.aim_angle)
        if self.shows_distance:
            length = cam.length(slide_distance(self.looks[i].kind, speed))
        else:
            length = 40 + 120 * self.power
        wobbly = not self.demo_aim and self.hand is not HandLevel.STEADY
        self.fire += self._fire_fan((x, y), r_px + length + 14, wobbly, speed)
        if wobbly:
            self._draw_cone(surface, (x, y), r_px, length, speed)
        dash = 10
        n = int(length // dash)
        for k in range(0, n, 2):
            a = (x + ux * (r_px + k * dash), y + uy * (r_px + k * dash))
            b = (x + ux * (r_px + (k + 1) * dash), y + uy * (r_px + (k + 1) * dash))
            pygame.draw.line(surface, theme.CHALK, a, b, 2)
        tip = (x + ux * (r_px + length), y + uy * (r_px + length))
        left = (tip[0] - ux * 10 - uy * 6, tip[1] - uy * 10 + ux * 6)
        right = (tip[0] - ux * 10 + uy * 6, tip[1] - uy * 10 - ux * 6)
        pygame.draw.polygon(surface, theme.CHALK, [tip, left, right])
        if self.mode is AimMode.DRAG:
            end = self.pointer
            self.fire += (((x, y), end),)  # the pull: the hand is there, the gauge keeps off
            pygame.draw.line(surface, theme.TEXT_DIM, (x, y), end, 1)
            pygame.draw.circle(surface, theme.TEXT, end, 4, 1)  # the hidden cursor, free
        self._draw_power(surface, (x, y), speed, spread(self.hand, speed)[1] if wobbly else 0.0)

    def guide_now(self, i: int, speed: float) -> Guide:
        """Where cap i stops (or first touches another) if the flick meant now is let go."""
        kinds = [look.kind for look in self.looks]
        places = [None if j in self.hidden else p for j, p in enumerate(self.positions)]
        return flick_guide(kinds, places, i, self.aim_angle, speed)

    def _draw_guide(
        self,
        surface: pygame.Surface,
        i: int,
        speed: float,
        touch_only: bool = False,
        power_speed: float | None = None,
    ) -> None:
        """The flick guide: a faint path to a ghost cap where the shot would come to rest (the
        shot meant, at a hand level), or to where it would first touch another cap. A wobbly
        hand's slingshot or keys show, round the ghost, the band where about two thirds of
        its shots would stop. `touch_only`: only the path to a cap it would meet, and a ring
        where it meets it (nothing when it meets none), and its hit lines, only when
        `power_speed` (the power shown) gets there: short of it, the path to where the cap
        stops. Drawn on a layer only as big as the
        guide, so a flick's frames stay quick (its pointer reports are stamped between them)."""
        guide = self.guide_now(i, speed)
        if touch_only and guide.touches is None:
            return
        if power_speed is not None and guide.touches is not None:
            # the touch is promised only when the power shown gets there: a killer 2 m off at
            # 22 % was drawn onto its victim with both hit lines, and slid 29 cm (a play-test).
            # Short of it, the path stops where the cap stops, and no hit is drawn
            now = self.guide_now(i, power_speed)
            if now.touches != guide.touches:
                guide = now
        cam = self.camera
        a, b = cam.to_screen(guide.start), cam.to_screen(guide.rest)
        self.fire += ((a, b),)  # where the shot goes is the line of fire too
        r_px = cam.length(self.radius(i))  # the ghost at the cap's true size
        pad = r_px + 8
        hit: tuple[float, float] | None = None
        hit_r = 0.0
        if guide.touches is not None:
            hit = cam.to_screen(self.positions[guide.touches])
            hit_r = max(cam.length(self.radius(guide.touches)), 4) + 5
            # the ghost where the two caps (drawn at their true sizes) touch, never over it
            struck_r = cam.length(self.radius(guide.touches))
            b = _short_of(a, b, hit, r_px + struck_r)
        band = [] if touch_only else self._band_now(i, speed)
        hits = self._hit_segments(i, guide, r_px, hit_r, b)
        self.fire += tuple((p, q) for p, q, _ in hits)
        ends = [p for p, q, _ in hits] + [q for p, q, _ in hits]
        xs = [a[0], b[0]] + ([hit[0]] if hit else []) + [p[0] for p in band + ends]
        ys = [a[1], b[1]] + ([hit[1]] if hit else []) + [p[1] for p in band + ends]
        grow = pad + hit_r
        area = pygame.Rect(
            math.floor(min(xs) - grow),
            math.floor(min(ys) - grow),
            math.ceil(max(xs) - min(xs) + 2 * grow) + 1,
            math.ceil(max(ys) - min(ys) + 2 * grow) + 1,
        ).clip(surface.get_clip().clip(cam.frame))  # not under the banner over the board
        if not cam.frame.inflate(-2 * r_px, -2 * r_px).collidepoint(b):
            self._draw_guide_beyond(surface, guide, a, b, r_px)
        if area.w <= 0 or area.h <= 0:
            return
        ox, oy = area.topleft
        colour = self.looks[i].colour
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        length = math.dist(a, b)
        if length > r_px:
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            d = r_px
            while d < length - r_px:  # dots, so the board's lines still read through it
                e = min(d + 6, length - r_px)
                pygame.draw.line(
                    layer,
                    (*colour, 190),
                    (a[0] + ux * d - ox, a[1] + uy * d - oy),
                    (a[0] + ux * e - ox, a[1] + uy * e - oy),
                    2,
                )
                d += 12
        ghost = (b[0] - ox, b[1] - oy)
        if band:  # the hand's spread: faint, so the ghost reads as a likely place, not a sure one
            shape = [(x - ox, y - oy) for x, y in band]
            pygame.draw.polygon(layer, (*colour, 40), shape)
            pygame.draw.polygon(layer, (*theme.CHALK, 110), shape, 1)
            self.drawn["ghost band"] = pygame.Rect(
                math.floor(min(x for x, _ in band)),
                math.floor(min(y for _, y in band)),
                math.ceil(max(x for x, _ in band) - min(x for x, _ in band)) + 1,
                math.ceil(max(y for _, y in band) - min(y for _, y in band)) + 1,
            )
        if touch_only:  # where the two would meet: an outline, no cap at rest there
            pygame.draw.circle(layer, (*theme.CHALK, 200), ghost, r_px, 2)
        else:
            pygame.draw.circle(layer, (*colour, 60 if band else 110), ghost, r_px)
            pygame.draw.circle(layer, (*theme.CHALK, 150 if band else 220), ghost, r_px, 2)
            pygame.draw.circle(layer, (*theme.CHALK, 90), ghost, r_px + 5, 1)  # seen at any zoom
        if hit is not None:
            pygame.draw.circle(layer, (*theme.ACCENT, 220), (hit[0] - ox, hit[1] - oy), hit_r, 2)
        for p, q, line_colour in hits:
            _arrow(layer, (p[0] - ox, p[1] - oy), (q[0] - ox, q[1] - oy), line_colour)
        if hits:
            self.drawn["hit lines"] = pygame.Rect(
                math.floor(min(x for x, _ in ends)),
                math.floor(min(y for _, y in ends)),
                math.ceil(max(x for x, _ in ends) - min(x for x, _ in ends)) + 1,
                math.ceil(max(y for _, y in ends) - min(y for _, y in ends)) + 1,
            )
        surface.blit(layer, area.topleft)
        ghost_rect = pygame.Rect(round(b[0] - r_px), round(b[1] - r_px), 2 * r_px, 2 * r_px)
        self.drawn["touch" if touch_only else "ghost"] = ghost_rect
        # for the next frame's labels and call-outs: clear of the ghost and the hit lines
        marks = [
            (float(ghost_rect.x), float(ghost_rect.y), float(ghost_rect.w), float(ghost_rect.h))
        ]
        for p, q, _ in hits:
            marks += _along(p, q, 10.0)
        self.guide_marks = tuple(marks)

    def _hit_segments(
        self, i: int, guide: Guide, r_px: float, hit_r: float, ghost: tuple[float, float]
    ) -> list[tuple[tuple[float, float], tuple[float, float], tuple[int, int, int]]]:
        """A pool game's aim line at the cap the guide's path first touches (hitline.py): on
        screen, a short line from the struck cap along where the hit sends it, in its colour,
        and one from the touch along the shooter's own deflection, in the shooter's; each as
        long as the cap's share of the speed. None where the path touches no cap."""
        j = guide.touches
        if j is None:
            return []
        lines = hit_lines(
            self.looks[i].kind, self.looks[j].kind, guide.rest, self.positions[j], self.aim_angle
        )
        cam = self.camera
        out = []
        struck = cam.to_screen(self.positions[j])
        for (x, y), way, share, edge, colour in (
            (struck, lines.struck_dir, lines.struck_share, hit_r, self.looks[j].colour),
            (ghost, lines.shooter_dir, lines.shooter_share, r_px + 2, self.looks[i].colour),
        ):
            if way is None or share < HIT_LINE_LEAST:
                continue
            ux, uy = way[0], -way[1]  # screen y grows downwards
            length = min(max(HIT_LINE_PX * share, 16.0), 1.3 * HIT_LINE_PX)
            out.append(
                (
                    (x + ux * edge, y + uy * edge),
                    (x + ux * (edge + length), y + uy * (edge + length)),
                    colour,
                )
            )
        return out

    def _band_now(self, i: int, speed: float) -> list[tuple[float, float]]:
        """On screen, the outline of where about two thirds of a wobbly hand's shots meant now
        would stop (one standard deviation of speed along, of aim across); none for a steady
        hand or a pointer flick, whose shot is the one made."""
        if self.mode is AimMode.FLICK or self.hand is HandLevel.STEADY:
            return []
        skill = self.hand.skill
        kinds = [look.kind for look in self.looks]
        places = [None if j in self.hidden else p for j, p in enumerate(self.positions)]
        near, far = guide_band(
            kinds,
            places,
            i,
            self.aim_angle,
            speed,
            math.radians(skill.aim_deg),
            skill.speed_rel * speed,
        )
        return [self.camera.to_screen(p) for p in near + far[::-1]]

    def _draw_guide_beyond(
        self,
        surface: pygame.Surface,
        guide: Guide,
        a: tuple[float, float],
        b: tuple[float, float],
        r_px: float,
    ) -> None:
        """The ghost beyond the frame's edge (a long shot at the table's one scale): a ring at
        the edge on its way, saying (with the distance guide) how far the shot slides, to weigh
        against the goal's arrow ("to 2: 2.09 m")."""
        cam = self.camera
        at = edge_point(cam.frame, a, b)
        colour = self.looks[self.selected or 0].colour
        pygame.draw.circle(surface, theme.CHALK, at, r_px * 0.7, 2)
        # how far only with the distance guide (a house rule): else the ring says where the
        # shot goes but leaves its length to the player's eye, as on the street
        far = format_length(guide.distance, self.units) if self.shows_distance else ""
        if guide.touches is not None:
            words = f"meets {self.looks[guide.touches].name}" + (f" at {far}" if far else "")
        else:
            words = f"slides {far}" if far else "slides out of view"
        img = theme.font(17, True).render(words, True, theme.CHALK)
        box = img.get_rect().inflate(12, 6)
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy) or 1.0
        ux, uy = dx / norm, dy / norm
        # beside the ring on either side of the path, then further back along it: the first
        # spot that hides no cap, label or box or skull number (else the one hiding fewest)
        spots = []
        for along in (r_px + 4, r_px + 4 + 2 * box.h, r_px + 4 + 4 * box.h):
            back = (at[0] - ux * along, at[1] - uy * along)
            for side in (1, -1):
                spot = box.copy()
                spot.center = (
                    round(back[0] - side * uy * (box.h + 4)),
                    round(back[1] + side * ux * (box.h + 4)),
                )
                spots.append(spot.clamp(cam.frame.inflate(-4, -4)))
        box = min(spots, key=self._covered)
        pygame.draw.rect(surface, theme.PANEL, box, 0, 6)
        pygame.draw.rect(surface, colour, box, 1, 6)
        surface.blit(img, img.get_rect(center=box.center))
        self.drawn["ghost beyond"] = box
        self.beyond_words = surface.subsurface(box.clip(surface.get_rect())).copy()

    def _draw_cone(
        self,
        surface: pygame.Surface,
        at: tuple[float, float],
        r_px: float,
        length: float,
        speed: float,
    ) -> None:
        """The hand's wobble, drawn honestly: about 95 % of shots leave inside the cone, and with
        the distance guide on, stop inside the band across it."""
        x, y = at
        half, dv = spread(self.hand, speed)
        reach = r_px + length + 14
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        edge = [
            (x + math.cos(a) * reach, y - math.sin(a) * reach)
            for a in (self.aim_angle - half + 2 * half * k / 12 for k in range(13))
        ]
        pygame.draw.polygon(layer, (*theme.CHALK, 34), [(x, y), *edge])
        for a in (self.aim_angle - half, self.aim_angle + half):
            pygame.draw.line(
                layer,
                (*theme.CHALK, 120),
                (x + math.cos(a) * r_px, y - math.sin(a) * r_px),
                (x + math.cos(a) * reach, y - math.sin(a) * reach),
                1,
            )
        if self.shows_distance and self.selected is not None:
            kind = self.looks[self.selected].kind
            near = r_px + self.camera.length(slide_distance(kind, max(speed - dv, 0.0)))
            far = r_px + self.camera.length(slide_distance(kind, speed + dv))
            band = [
                (x + math.cos(a) * d, y - math.sin(a) * d)
                for d, angles in (
                    (near, [self.aim_angle - half + 2 * half * k / 8 for k in range(9)]),
                    (far, [self.aim_angle + half - 2 * half * k / 8 for k in range(9)]),
                )
                for a in angles
            ]
            pygame.draw.polygon(layer, (*theme.ACCENT, 70), band)
        surface.blit(layer, (0, 0))

    def _draw_flick(
        self, surface: pygame.Surface, at: tuple[float, float], r_px: float, speed: float
    ) -> None:
        """The flick's cue: the pointer's recent path, and the shot a release now would make
        (an arrow for its direction and speed), or a dim ring while too slow to count."""
        if len(self.samples) > 1:
            newest = self.samples[-1].t
            path = [(p.x, p.y) for p in self.samples if newest - p.t <= 0.15]
            if len(path) > 1:
                pygame.draw.lines(surface, self.looks[self.selected or 0].colour, False, path, 2)
        x, y = at
        if speed < MIN_FLICK_SPEED:
            pygame.draw.circle(surface, theme.TEXT_DIM, at, r_px + 10, 1)
            theme.text(surface, "flick through", (x, y + r_px + 14), 18, theme.TEXT_DIM, "midtop")
            return
        ux, uy = math.cos(self.aim_angle), -math.sin(self.aim_angle)
        length = 30 + 150 * self.power
        tip = (x + ux * (r_px + length), y + uy * (r_px + length))
        self.fire += self._fire_fan(at, r_px + length, False, speed)
        pygame.draw.line(surface, theme.ACCENT, (x + ux * r_px, y + uy * r_px), tip, 3)
        left = (tip[0] - ux * 12 - uy * 7, tip[1] - uy * 12 + ux * 7)
        right = (tip[0] - ux * 12 + uy * 7, tip[1] - uy * 12 - ux * 7)
        pygame.draw.polygon(surface, theme.ACCENT, [tip, left, right])
        self._draw_power(surface, at, speed, 0.0)

    def _draw_power(
        self, surface: pygame.Surface, at: tuple[float, float], speed: float, wobble: float
    ) -> None:
        """The power meter, beside the cap and square to the aim (so neither the aim line nor
        the pull crosses it), green to red, with the hand's wobble as a band on the bar."""
        w, h = 14, 110
        ux, uy = math.cos(self.aim_angle), -math.sin(self.aim_angle)
        side = (-uy, ux)  # square to the aim; the side towards the middle of the view
        mid = self.camera.frame.center
        if (mid[0] - at[0]) * side[0] + (mid[1] - at[1]) * side[1] < 0:
            side = (uy, -ux)
        caption = f"{round(self.power * 100)}%"
        if wobble > 0:
            caption += f" ±{round(100 * wobble / MAX_SPEED)}%"
        if self.shows_distance and self.selected is not None:
            caption += "  ~" + format_length(
                slide_distance(self.looks[self.selected].kind, speed), self.units
            )
        if self.offset:
            caption += f"  spin {self.offset:+.2f}"
        label = theme.font(20).render(caption, True, theme.TEXT)
        last = None if self.selected is None else self.last_powers.get(self.selected)
        if self.demo_aim:
            last = None
        # square to the aim on the side towards the middle, else the other side, then behind
        # the cap (away from the shot), at three reaches: the first spot clear of the line of
        # fire and inside the free area that covers no other cap, label or number (else the
        # one that covers fewest; a third reach halved how often a number was hidden). At
        # 1024x640 the first spot, pushed in from the view's edge, lay over the aim line.
        back = (-ux, -uy)
        ways = [side, _neg(side), back, _mix(side, back), _mix(_neg(side), back)]
        places = [
            self._meter_at(at, way, (w, h), label.get_size(), further)
            for further in (0, 44, 88)
            for way in ways
        ]
        box, spot = min(places, key=lambda place: self._meter_cost(*place, last))
        pygame.draw.rect(surface, theme.PANEL, box.inflate(6, 6), border_radius=5)
        filled = round(h * self.power)
        colour = (round(90 + 160 * self.power), round(200 - 120 * self.power), 90)
        pygame.draw.rect(surface, colour, (box.x, box.bottom - filled, w, filled), border_radius=3)
        if wobble > 0:
            lo = max(0.0, (speed - wobble) / MAX_SPEED)
            hi = min(1.0, (speed + wobble) / MAX_SPEED)
            band = pygame.Rect(box.x - 3, box.bottom - round(h * hi), w + 6, round(h * (hi - lo)))
            pygame.draw.rect(surface, theme.CHALK, band, 1)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=3)
        pygame.draw.rect(surface, theme.PANEL, spot.inflate(8, 4), border_radius=4)
        surface.blit(label, spot)
        self.drawn["meter"] = box.union(spot)
        self.drawn["power bar"] = box
        if last is not None:
            mark, words = self._draw_last_mark(surface, box, spot, last)
            self.drawn["last mark"] = mark
            self.drawn["meter"] = self.drawn["meter"].union(mark).union(words)

    def _draw_last_mark(
        self, surface: pygame.Surface, box: pygame.Rect, spot: pygame.Rect, last: float
    ) -> tuple[pygame.Rect, pygame.Rect]:
        """The previous shot's power: a thin mark across the bar, "last" beside it on the side
        away from the caption, so the player sees how much harder or softer this one is.
        Returns where the mark and its word went."""
        y = box.bottom - round(box.h * max(0.0, min(1.0, last)))
        pygame.draw.line(surface, theme.PANEL, (box.x - 5, y), (box.right + 4, y), 4)
        pygame.draw.line(surface, theme.TEXT, (box.x - 5, y), (box.right + 4, y), 2)
        img = theme.font(14).render(LAST_LABEL, True, theme.TEXT)
        where = _last_words(box, spot, last, img.get_size())
        pygame.draw.rect(surface, theme.PANEL, where.inflate(6, 2), border_radius=3)
        surface.blit(img, where)
        return pygame.Rect(box.x - 5, y - 1, box.w + 10, 2), where

    def _meter_at(
        self,
        at: tuple[float, float],
        side: tuple[float, float],
        bar: tuple[int, int],
        caption: tuple[int, int],
        further: float = 0.0,
    ) -> tuple[pygame.Rect, pygame.Rect]:
        """The meter's bar and caption placed just clear of the cap towards `side`, the
        caption on the far side of the bar, kept inside the frame."""
        box = pygame.Rect((0, 0), bar)
        spot = pygame.Rect((0, 0), caption)
        if side[0] >= 0:
            spot.midleft = (box.right + 8, box.centery)
        else:
            spot.midright = (box.left - 8, box.centery)
        whole = box.union(spot).inflate(8, 8)
        reach = 18 + further + abs(side[0]) * whole.w / 2 + abs(side[1]) * whole.h / 2
        placed = whole.copy()
        placed.center = (round(at[0] + side[0] * reach), round(at[1] + side[1] * reach))
        placed = placed.clamp(self.camera.frame.inflate(-8, -8))
        dx, dy = placed.x - whole.x, placed.y - whole.y
        return box.move(dx, dy), spot.move(dx, dy)

    def _meter_cost(self, box: pygame.Rect, spot: pygame.Rect, last: float | None) -> int:
        """How bad a spot for the gauge is: over the line of fire (the aim, the cone, the
        guide's path) worst, then pushed in from the free area's edge, then what it hides."""
        whole = box.union(spot).inflate(6, 6)
        if last is not None:
            whole = whole.union(_last_words(box, spot, last, theme.font(14).size(LAST_LABEL)))
        crossed = any(whole.clipline(a, b) for a, b in self.fire)
        inside = self.camera.frame.contains(whole)
        on_cap = self.selected is not None and whole.colliderect(self._own_cap())
        return (
            OWN_CAP_COST * on_cap
            + FIRE_COST * crossed
            + OUT_COST * (not inside)
            + self._covered(whole)
        )

    def _own_cap(self) -> pygame.Rect:
        """The shooting cap as drawn (never under MIN_CAP_PX), with its rim: the gauge keeps
        off it (pushed in from the view's edge, it once lay on it)."""
        i = self.selected or 0
        x, y = self.camera.to_screen(self.positions[i])
        r = max(self.camera.length(self.radius(i)), MIN_CAP_PX) + 2
        return pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))

    def _fire_fan(
        self, at: tuple[float, float], reach: float, wobbly: bool, speed: float
    ) -> tuple[Segment, ...]:
        """The line of fire from the cap as segments: the aim, and with a wobbly hand the
        cone's edges and rays across it (a gauge inside the cone crosses one of them)."""
        half = spread(self.hand, speed)[0] if wobbly else 0.0
        angles = [self.aim_angle]
        if half > 0:
            angles += [self.aim_angle - half + half * k / 3 for k in range(7)]
        x, y = at
        return tuple(((x, y), (x + math.cos(a) * reach, y - math.sin(a) * reach)) for a in angles)

    def _covered(self, rect: pygame.Rect) -> int:
        """What `rect` would hide: other caps, cap labels and the flick guide's ghost (3 each),
        box numbers and START (1 each)."""
        cam, hits = self.camera, 0
        for i in self.visible():
            if i != self.selected:
                x, y = cam.to_screen(self.positions[i])
                r = cam.length(self.radius(i)) + 3
                hits += rect.colliderect(pygame.Rect(x - r, y - r, 2 * r, 2 * r))
        labels = [
            r
            for name, r in self.drawn.items()
            if name.startswith("label ") or name in ("ghost", "touch")
        ]
        marks = self._number_rects()  # the box and skull numbers, START: less than a cap
        covered = hits + sum(rect.colliderect(r) for r in labels)
        return 3 * covered + sum(rect.colliderect(r) for r in marks)


def _arrow(
    layer: pygame.Surface,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: tuple[int, int, int],
) -> None:
    """A short line with an arrowhead at `b`, edged dark so it reads over chalk and asphalt."""
    d = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    head = [
        b,
        (b[0] - ux * 9 - uy * 5, b[1] - uy * 9 + ux * 5),
        (b[0] - ux * 9 + uy * 5, b[1] - uy * 9 - ux * 5),
    ]
    pygame.draw.line(layer, (12, 12, 14, 200), a, b, 5)
    pygame.draw.polygon(layer, (12, 12, 14, 200), head, 3)
    pygame.draw.line(layer, (*colour, 255), a, b, 2)
    pygame.draw.polygon(layer, (*colour, 255), head)


def _mix(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """The direction halfway between two unit directions (behind the cap and to one side)."""
    x, y = a[0] + b[0], a[1] + b[1]
    norm = math.hypot(x, y) or 1.0
    return (x / norm, y / norm)


def _last_words(
    box: pygame.Rect, spot: pygame.Rect, last: float, size: tuple[int, int]
) -> pygame.Rect:
    """Where "last" goes beside the gauge's mark: on the side away from the caption."""
    y = box.bottom - round(box.h * max(0.0, min(1.0, last)))
    where = pygame.Rect((0, 0), size)
    if spot.centerx > box.centerx:  # the caption on the right: "last" on the left
        where.midright = (box.x - 8, y)
    else:
        where.midleft = (box.right + 8, y)
    return where


def _short_of(
    a: tuple[float, float], b: tuple[float, float], hit: tuple[float, float], gap: float
) -> tuple[float, float]:
    """The point on the path a -> b, back from b, `gap` px from `hit` (b itself when it is as
    far already; never behind a)."""
    length = math.dist(a, b)
    if length < 1e-6 or math.dist(b, hit) >= gap:
        return b
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    wx, wy = b[0] - hit[0], b[1] - hit[1]
    along = wx * ux + wy * uy
    back = along + math.sqrt(max(along * along - (wx * wx + wy * wy) + gap * gap, 0.0))
    back = min(back, length)
    return (b[0] - ux * back, b[1] - uy * back)


def _along(
    p: tuple[float, float], q: tuple[float, float], side: float
) -> list[tuple[float, float, float, float]]:
    """Squares `side` px across along the segment p -> q, as boxes (x, y, w, h)."""
    count = max(1, math.ceil(math.dist(p, q) / side))
    out = []
    for k in range(count + 1):
        x = p[0] + (q[0] - p[0]) * k / count
        y = p[1] + (q[1] - p[1]) * k / count
        out.append((x - side / 2, y - side / 2, side, side))
    return out
