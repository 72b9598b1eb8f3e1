"""A card of the hand held under the pointer: pressed on, carried, and let go. Shared by the card
tables so that a drag means the same everywhere: a press that moves at most `CLICK` pixels
before it is let go is a click, anything more is a drag, and the card follows the pointer."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

CLICK = 6  # pixels a press may move and still be a click


@dataclass
class Drag:
    """The card `code` pressed on at `start`; the pointer is at `pos` now. A table whose
    cards are taken from many places (Skip-Bo's stocks and discard piles) names the `place`."""

    code: str
    start: tuple[int, int]
    pos: tuple[int, int]
    place: str = ""

    def moved(self) -> bool:
        """Carried further than a click's wobble: it is a drag, and drawn under the pointer."""
        return math.dist(self.pos, self.start) > CLICK

    def paint(self, surface: pygame.Surface, face: pygame.Surface) -> pygame.Rect | None:
        """The carried card's `face` (as the table's gate shows it) centred on the pointer;
        nothing while it is still a click."""
        if not self.moved():
            return None
        return surface.blit(face, face.get_rect(center=self.pos))


__all__ = ["CLICK", "Drag"]
