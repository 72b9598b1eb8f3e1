"""The bids on the table: at "Yo-ho-ho!" every bid shows at once in front of its seat, large,
then each settles beside its seat's box, where it stays for the rest of the round (as the bid
reminder cards lie in front of each player at a real table)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from skully_game.shell import theme

CHIP = 30  # a settled bid's plate on its seat's box, across
SETTLE = 0.4  # seconds the bids take from the middle to their seats, at the reveal's end
YOHOHO = "Yo-ho-ho!"


@dataclass(frozen=True, slots=True)
class BidsShown:
    """Everyone's bid shown together ("Yo-ho-ho!"): the table holds on them for a moment."""

    bids: tuple[int, ...]


@dataclass
class Reveal:
    """The reveal on show: the bids, how long it lasts, and how long it has been on."""

    bids: tuple[int, ...]
    length: float
    t: float = 0.0

    def settling(self) -> float:
        """How far the bids have gone from the middle to their seats, 0 to 1."""
        f = (self.t - (self.length - SETTLE)) / SETTLE
        f = min(1.0, max(0.0, f))
        return 1 - (1 - f) ** 3


def draw_chip(surface: pygame.Surface, rect: pygame.Rect, bid: int, large: bool) -> None:
    """One bid on a gold-ringed plate: large, "bid" and its number; settled on a seat's box,
    its number alone (the box's line says "bid" before it)."""
    radius = rect.h // 2
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT, rect, 3 if large else 2, border_radius=radius)
    size = max(15, round(rect.h * (0.62 if large else 0.85)))
    number = theme.rendered(str(bid), size, theme.ACCENT, True)
    if not large:
        surface.blit(number, number.get_rect(center=rect.center))
        return
    word = theme.rendered("bid", max(12, size // 2), theme.TEXT_DIM)
    total = word.get_width() + 4 + number.get_width()
    x = rect.centerx - total // 2
    surface.blit(word, word.get_rect(midleft=(x, rect.centery + 1)))
    surface.blit(number, number.get_rect(midleft=(x + word.get_width() + 4, rect.centery)))


def lerp_rect(a: pygame.Rect, b: pygame.Rect, f: float) -> pygame.Rect:
    """The rect `f` of the way from `a` to `b`."""
    return pygame.Rect(
        round(a.x + (b.x - a.x) * f),
        round(a.y + (b.y - a.y) * f),
        round(a.w + (b.w - a.w) * f),
        round(a.h + (b.h - a.h) * f),
    )


__all__ = ["CHIP", "YOHOHO", "BidsShown", "Reveal", "draw_chip", "lerp_rect"]
