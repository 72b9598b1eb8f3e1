"""The dice game's die, drawn where the person looks (beside the prompt that says the roll, over
the tray): its pips, a short roll when it comes up for a new turn, and the words of its tooltip.
Also the turn's banner, which lies over the side panel's title, never over the board.

The roll's motion is only drawn: the face was the engine's (its own seeded die), and the faces
that tumble past before it are worked out from the motion's time, so a frame drawn twice at the
same moment is the same frame."""

from __future__ import annotations

import math

import pygame

from cards.skirrid.words import an
from skully_game.scenes.cardtable.words import plural
from skully_game.shell import theme

DIE = 38  # the die's side in pixels
DIE_GAP = 10  # between the die and the prompt beside it
ROLL_S = 0.6  # how long the roll tumbles
_TUMBLE_S = 0.08  # a face shown while it tumbles

# where each face's pips lie, in thirds of the die (0, 1, 2 across and down)
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def tumbling_face(face: int, left: float) -> int:
    """The face on show `left` seconds before the roll stops on `face`: another each moment,
    never the one it stops on until it stops."""
    if left <= 0:
        return face
    step = int(left / _TUMBLE_S)
    return 1 + (face + step % 5) % 6


def die_surface(face: int, side: int = DIE) -> pygame.Surface:
    """One face of the die: ivory, rounded, dark pips."""
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (30, 24, 18), rect, border_radius=side // 5)
    pygame.draw.rect(surface, (240, 232, 210), rect.inflate(-2, -2), border_radius=side // 5)
    radius = max(2, side // 10)
    third = side / 4
    for cx, cy in PIPS[face]:
        centre = (round(third * (cx + 1)), round(third * (cy + 1)))
        pygame.draw.circle(surface, (34, 30, 36), centre, radius)
    return surface


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, left: float) -> None:
    """The die in `rect`, resting, or `left` seconds from the end of its roll: turning and
    hopping as it tumbles, settling as it stops."""
    shown = die_surface(tumbling_face(face, left), rect.w)
    if left > 0:
        share = left / ROLL_S
        angle = 360 * share * 1.5
        hop = round(abs(math.sin(share * math.pi * 2)) * rect.h * 0.35)
        shown = pygame.transform.rotate(shown, angle)
        surface.blit(shown, shown.get_rect(center=(rect.centerx, rect.centery - hop)))
    else:
        surface.blit(shown, rect)


def die_tip(face: int, who: str, shape: str | None, own: bool) -> str:
    """What the die means now, for whoever points at it."""
    must = "You must" if own else f"{who} must"
    named = f" ({an(shape)})" if shape else ""
    return (
        f"The die shows {face}. {must} place a shape of {plural(face, 'square')}{named}; "
        "with none left, the turn is missed."
    )


def banner_box(panel: pygame.Rect) -> pygame.Rect:
    """Where a turn's banner lies: over the side panel's title, clear of the board."""
    return pygame.Rect(panel.x + 4, 4, panel.w - 10, 44)


def draw_banner(surface: pygame.Surface, panel: pygame.Rect, text: str) -> None:
    box = banner_box(panel)
    pygame.draw.rect(surface, theme.PANEL, box.inflate(4, 4))  # the title under it unseen
    theme.panel(surface, box)
    size = 30
    while size > 18 and theme.font(size, True).size(text)[0] > box.w - 16:
        size -= 2
    theme.text(surface, text, box.center, size, theme.ACCENT, "center", True)


__all__ = [
    "DIE",
    "DIE_GAP",
    "ROLL_S",
    "banner_box",
    "die_surface",
    "die_tip",
    "draw_banner",
    "draw_die",
    "tumbling_face",
]
