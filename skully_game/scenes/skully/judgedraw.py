"""The table's judgement of the shot just played, drawn for a few seconds once the caps rest:
a star where each hit touched, and for a cap the flicked cap passed near without touching, the
gap itself marked at the closest approach (the flicked cap's outline where it passed, a bright
bar across the gap) with the words ("Missed Bobby by 1 cm") and a magnified inset of the two
caps at that moment, so a gap a pixel wide at the table's scale is seen as a gap.

Information, not decoration: drawn with the shot effects off too. Timed by the table's clock
(`update(dt)`), so tests pass time in."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.scenes.skully.capkit import CapLook
from skully_game.scenes.skully.effects import shooter
from skully_game.scenes.skully.judgement import NearMiss, Touch, near_misses, say_gap, touches
from skully_game.shell import theme
from skully_game.shell.view import Camera
from skully_game.skully.physics import ShotResult

Vec = tuple[float, float]

SHOW_S = 4.0  # s the judgement stays once the caps rest (a new shot clears it at once)
HOLD_S = 1.2  # s the view waits on a near miss before it glides to the next turn
FADE_S = 0.6  # ... fading out over its last this long
INSET_R = 46  # px: the magnified inset's radius
INSET_GAP = 34  # px: from the closest approach to the inset's edge
STAR = (255, 244, 200)  # a hit's mark: chalk-white, warm
GAP = (120, 230, 255)  # a near miss's bar: cold, apart from every player colour and the chalk
WORDS_SIZE = 15
BURST_RAYS = 10  # a hit's burst: this many rays, long and short in turn


@dataclass(frozen=True)
class Drawn:
    """Where the judgement went on screen in the last frame (tests and the labels read it)."""

    marker: pygame.Rect | None
    inset: pygame.Rect | None
    words: str


class ShotJudgement:
    """The close calls of the table's last shot: `judge` when its caps rest, `clear` when the
    next shot starts, `update` with the table's clock, `draw` over the caps."""

    def __init__(self) -> None:
        self.touches: list[Touch] = []
        self.misses: list[NearMiss] = []
        self.caps: list[int] = []  # table cap of each physics cap
        self.shooter = 0  # the physics cap flicked (its colour marks the hits)
        self.age = SHOW_S
        self.drawn = Drawn(None, None, "")

    @property
    def showing(self) -> bool:
        return self.age < SHOW_S and bool(self.touches or self.misses)

    @property
    def holds_view(self) -> bool:
        """Whether the table's view should stay put: a near miss just judged is in sight
        for a moment before the next turn's pan takes it away."""
        return bool(self.misses) and self.age < HOLD_S

    def clear(self) -> None:
        self.touches, self.misses, self.age = [], [], SHOW_S
        self.drawn = Drawn(None, None, "")

    def judge(self, shot: ShotResult, caps: Sequence[int], radii: Sequence[float]) -> None:
        """The shot has come to rest: its hits and its closest near miss, in the shot's terms
        (`caps[k]`: the table cap of physics cap k; `radii[k]`: its radius, m)."""
        self.caps = list(caps)
        k = self.shooter = shooter(shot)
        self.touches = [t for t in touches(shot, radii) if k in (t.a, t.b)]
        self.misses = near_misses(shot, k, radii)[:1]
        self.age = 0.0

    def update(self, dt: float) -> None:
        self.age = min(SHOW_S, self.age + dt)

    def words(self, looks: Sequence[CapLook], imperial: bool) -> str:
        """The near miss said: "Missed Bobby by 1 cm" ("" with none)."""
        if not self.misses:
            return ""
        m = self.misses[0]
        return f"Missed {looks[self.caps[m.other]].name} by {say_gap(m.gap, imperial)}"

    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        looks: Sequence[CapLook],
        radius: Callable[[int], float],
        caps_at: Sequence[tuple[Vec, float]],
        imperial: bool,
        hidden: set[int],
    ) -> None:
        """The marks at the caps, the words and the inset (placed clear of `caps_at`: every
        cap in play, world centre and radius)."""
        self.drawn = Drawn(None, None, "")
        if not self.showing:
            return
        fade = min(1.0, (SHOW_S - self.age) / FADE_S)
        colour = looks[self.caps[self.shooter]].colour if self.caps else STAR
        for t in self.touches:
            _star(surface, camera.to_screen(t.at), fade, colour)
        if not self.misses:
            return
        m = self.misses[0]
        me, other = self.caps[m.shooter], self.caps[m.other]
        if other in hidden:
            return
        a, b = camera.to_screen(m.shooter_at), camera.to_screen(m.other_at)
        ra, rb = camera.length(radius(me)), camera.length(radius(other))
        colour = tuple(
            round(v * fade + s * (1 - fade))
            for v, s in zip(looks[me].colour, theme.ASPHALT, strict=True)
        )
        # where the flicked cap passed: its outline, at its true size (apart from the other cap)
        pygame.draw.circle(surface, colour, a, max(ra, 1.5), 1)
        d = math.dist(a, b)
        ux, uy = ((b[0] - a[0]) / d, (b[1] - a[1]) / d) if d > 0 else (1.0, 0.0)
        p = (a[0] + ux * ra, a[1] + uy * ra)
        q = (b[0] - ux * rb, b[1] - uy * rb)
        # the gap: a bar from edge to edge, and short ticks across it at both ends
        pygame.draw.line(surface, GAP, p, q, 2)
        for end in (p, q):
            pygame.draw.line(
                surface,
                GAP,
                (end[0] - uy * 4, end[1] + ux * 4),
                (end[0] + uy * 4, end[1] - ux * 4),
                1,
            )
        marker = pygame.Rect(
            min(p[0], q[0]) - 4, min(p[1], q[1]) - 4, abs(p[0] - q[0]) + 9, abs(p[1] - q[1]) + 9
        )
        words = self.words(looks, imperial)
        inset = self._inset(surface, camera, m, looks, radius, caps_at, words)
        self.drawn = Drawn(marker, inset, words)

    def _inset(
        self,
        surface: pygame.Surface,
        camera: Camera,
        m: NearMiss,
        looks: Sequence[CapLook],
        radius: Callable[[int], float],
        caps_at: Sequence[tuple[Vec, float]],
        words: str,
    ) -> pygame.Rect | None:
        """The two caps at the closest approach, magnified in a round inset beside it (clear
        of every cap drawn, inside the frame), with the words under it; the rect it took."""
        me, other = self.caps[m.shooter], self.caps[m.other]
        gap_mid = _mid(m.shooter_at, m.other_at, radius(me), radius(other))
        at = camera.to_screen(gap_mid)
        label = theme.rendered(words, WORDS_SIZE, theme.TEXT, True)
        spot = _clear_spot(camera, at, caps_at, label.get_width())
        if spot is None:
            return None
        # the magnification: both caps and the gap inside the inset, the gap at least 3 px
        span = max(radius(me), radius(other)) * 2.1 + m.gap / 2
        scale = INSET_R * 0.92 / span
        size = 2 * INSET_R
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        layer.fill((*theme.ASPHALT_DARK, 255))
        c = (INSET_R, INSET_R)

        def inside(w: Vec) -> tuple[float, float]:
            return (c[0] + (w[0] - gap_mid[0]) * scale, c[1] - (w[1] - gap_mid[1]) * scale)

        for i, centre in ((me, m.shooter_at), (other, m.other_at)):
            look = looks[i]
            draw_cap(layer, look.kind, look.colour, look.symbol, inside(centre), radius(i) * scale)
        pa, pb = inside(m.shooter_at), inside(m.other_at)
        d = math.dist(pa, pb)
        ux, uy = (pb[0] - pa[0]) / d, (pb[1] - pa[1]) / d
        ra, rb = radius(me) * scale, radius(other) * scale
        p = (pa[0] + ux * ra, pa[1] + uy * ra)
        q = (pb[0] - ux * rb, pb[1] - uy * rb)
        pygame.draw.line(layer, GAP, p, q, 2)
        # the round window: everything outside the circle made clear
        mask = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), c, INSET_R)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        rect = layer.get_rect(center=spot)
        pygame.draw.line(surface, GAP, at, _towards(spot, at, INSET_R), 1)
        surface.blit(layer, rect)
        pygame.draw.circle(surface, GAP, spot, INSET_R, 2)
        words_rect = label.get_rect(midtop=(spot[0], rect.bottom + 4))
        back = words_rect.inflate(10, 4)
        pygame.draw.rect(surface, theme.ASPHALT_DARK, back, border_radius=4)
        surface.blit(label, words_rect)
        return rect.union(back)


def _mid(a: Vec, b: Vec, ra: float, rb: float) -> Vec:
    """The middle of the gap between two discs' edges (world)."""
    d = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    p = (a[0] + ux * ra, a[1] + uy * ra)
    q = (b[0] - ux * rb, b[1] - uy * rb)
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def _towards(a: tuple[float, float], b: tuple[float, float], far: float) -> tuple[float, float]:
    d = math.dist(a, b) or 1.0
    return (a[0] + (b[0] - a[0]) * far / d, a[1] + (b[1] - a[1]) * far / d)


def _clear_spot(
    camera: Camera,
    at: tuple[float, float],
    caps_at: Sequence[tuple[Vec, float]],
    words_w: int,
) -> tuple[float, float] | None:
    """Where the inset's centre goes: beside `at`, in the first of eight directions (up and
    to the right first) whose inset and words lie inside the frame and over no cap."""
    frame = camera.frame
    caps = [(camera.to_screen(w), camera.length(r)) for w, r in caps_at]
    far = INSET_R + INSET_GAP
    for deg in (-45, -135, 45, 135, -90, 0, 180, 90):
        a = math.radians(deg)
        spot = (at[0] + far * math.cos(a), at[1] + far * math.sin(a))
        body = pygame.Rect(0, 0, 2 * INSET_R, 2 * INSET_R)
        body.center = (round(spot[0]), round(spot[1]))
        words = pygame.Rect(0, 0, words_w + 10, WORDS_SIZE + 8)
        words.midtop = (body.centerx, body.bottom + 2)
        if not frame.contains(body.union(words)):
            continue
        clear = all(
            math.dist(spot, c) > INSET_R + r + 2 and not words.inflate(2 * r, 2 * r).collidepoint(c)
            for c, r in caps
        )
        if clear:
            return spot
    return None


def _star(
    surface: pygame.Surface, at: tuple[float, float], fade: float, colour: theme.Colour
) -> None:
    """A hit's mark: a small burst in the shooter's colour round a chalk dot at the contact
    point (a chalk "+" read as a plus beside a box number: a play-test)."""
    ray = tuple(
        round(c * fade + a * (1 - fade)) for c, a in zip(colour, theme.ASPHALT, strict=True)
    )
    dot = tuple(round(c * fade + a * (1 - fade)) for c, a in zip(STAR, theme.ASPHALT, strict=True))
    x, y = at
    for k in range(BURST_RAYS):
        angle = 2 * math.pi * (k + 0.5) / BURST_RAYS
        ux, uy = math.cos(angle), math.sin(angle)
        inner, outer = (3, 9) if k % 2 == 0 else (4, 7)
        pygame.draw.line(
            surface, ray, (x + ux * inner, y + uy * inner), (x + ux * outer, y + uy * outer), 2
        )
    pygame.draw.circle(surface, dot, (x, y), 2)
