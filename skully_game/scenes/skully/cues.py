"""The turn's fresh-press wait, seen: the ring round the cap to shoot (or the cap to put down)
fills like a clock while the turn arms, flashes when a press comes too early, and pulses once
when it is ready. A press before the turn was shown is ignored on purpose (a double Enter put
two caps down); without a cue an ignored press felt like a broken mouse (a play-test).

The scene starts the wait when it shows a turn (`start`); the table's clock runs it; nothing here reads the wall
clock, so a test passes time in."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from skully_game.shell import theme

FLASH_S = 0.8  # s a refused press flashes the ring and says why
PULSE_S = 0.35  # s the ring's one pulse lasts once the turn is ready
PULSE_PX = 7  # px the pulse grows out by
REFUSED = (255, 255, 255)
ARMING_PX = 3  # px: the ring stands this much wider while it fills (seen round a 7 px cap)
NOT_YET = "Ready in a moment"  # said at the cap under a press that came too early
WORD_SIZE = 14


@dataclass
class Arming:
    """How far the turn's wait has run: `elapsed` of `wait` seconds; `refused_at`, the elapsed
    time a too-early press came at (None: none this turn)."""

    elapsed: float = 0.0
    wait: float = 0.0
    refused_at: float | None = None

    def start(self, wait: float) -> None:
        """A turn is shown: it takes a press after `wait` s."""
        self.elapsed, self.wait, self.refused_at = 0.0, max(0.0, wait), None

    def update(self, dt: float) -> None:
        """The table's clock (the scene's game time runs with it)."""
        self.elapsed += dt

    def refuse(self) -> None:
        """A press came before the turn could take it: the ring says so."""
        self.refused_at = self.elapsed

    @property
    def fraction(self) -> float:
        """0 just shown, 1 ready."""
        return 1.0 if self.wait <= 0 else min(1.0, self.elapsed / self.wait)

    @property
    def ready(self) -> bool:
        return self.fraction >= 1.0

    @property
    def flash(self) -> float:
        """1 at a refused press, fading to 0 over FLASH_S."""
        if self.refused_at is None:
            return 0.0
        return max(0.0, 1 - (self.elapsed - self.refused_at) / FLASH_S)

    @property
    def pulse(self) -> float | None:
        """0..1 through the one pulse after the wait ends (None outside it, or with no wait)."""
        if self.wait <= 0:
            return None
        since = self.elapsed - self.wait
        return since / PULSE_S if 0 <= since < PULSE_S else None


def draw_ready_ring(
    surface: pygame.Surface, at: tuple[float, float], radius: float, arming: Arming
) -> None:
    """The ring round the cap to move: whole once the turn takes a press; while it arms, a
    thin ring with a thick arc filling it clockwise from the top (white for a moment after a
    press that came too early); then one pulse outwards as it becomes ready."""
    x, y = at
    if arming.ready:
        pygame.draw.circle(surface, theme.ACCENT, at, radius, 2)
        pulse = arming.pulse
        if pulse is not None:
            r = radius + PULSE_PX * pulse
            shade = _mix(theme.ACCENT, theme.ASPHALT, pulse)
            pygame.draw.circle(surface, shade, at, r, 2)
        return
    flash = arming.flash
    radius += ARMING_PX
    # the cap is ringed from the start of the turn (whose it is is never a guess): thin, in
    # the accent, the thick arc filling it
    pygame.draw.circle(surface, _mix(theme.ACCENT, REFUSED, flash), at, radius, 1)
    box = pygame.Rect(0, 0, 2 * radius + 2, 2 * radius + 2)
    box.center = (round(x), round(y))
    turn = 2 * math.pi * arming.fraction
    if turn > 0.05:
        top = math.pi / 2  # pygame's arcs run counter-clockwise from the right: end at the top
        colour = _mix(theme.ACCENT, REFUSED, flash)
        pygame.draw.arc(surface, colour, box, top - turn, top, 4)
    if flash > 0:  # the press was seen, and why it did nothing
        word = theme.rendered(NOT_YET, WORD_SIZE, theme.TEXT, True)
        rect = word.get_rect(midtop=(round(x), round(y + radius + 6)))
        back = rect.inflate(10, 4)
        pygame.draw.rect(surface, theme.ASPHALT_DARK, back, border_radius=4)
        pygame.draw.rect(surface, _mix(theme.ASPHALT_DARK, REFUSED, flash), back, 1, 4)
        surface.blit(word, rect)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    f = min(max(f, 0.0), 1.0)
    return (
        round(a[0] + (b[0] - a[0]) * f),
        round(a[1] + (b[1] - a[1]) * f),
        round(a[2] + (b[2] - a[2]) * f),
    )
