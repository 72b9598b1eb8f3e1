"""The Skip-Bo table's own look beside its cards (issue 40: it looked plain next to Mattel's
app): a soft felt inside a wooden rim, a badge with the stock's count under each stock, and under
each building pile the number it needs next on a disc of that number's colour. Drawn as shapes
in the theme's colours; the felt is made once per size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from skully_game.scenes.skip_bo.carddraw import number_colour
from skully_game.shell import theme

CLOTH = (30, 86, 62)  # the felt at its lightest, in the middle
CLOTH_EDGE = (18, 54, 40)  # ... and at the rim
WOOD = (92, 60, 36)
WOOD_LIGHT = (128, 88, 54)
RIM = 10  # px of wood round the felt
BADGE_SIZE = 15


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table at `size`: a wooden rim, and felt that darkens softly towards it (drawn in
    rings, a light nap of fine lines over it), so the cards stand out in the middle."""
    w, h = size
    img = pygame.Surface((w, h))
    img.fill(WOOD)
    for k in range(0, h, 6):  # the wood's grain
        shade = WOOD_LIGHT if (k // 6) % 3 == 0 else (104, 70, 42)
        pygame.draw.line(img, shade, (0, k), (w, k + 3), 1)
    cloth = pygame.Rect(RIM, RIM, w - 2 * RIM, h - 2 * RIM)
    pygame.draw.rect(img, (60, 38, 22), cloth.inflate(4, 4), border_radius=18)
    rings = 24
    for k in range(rings):  # from the edge in: each ring a little lighter
        f = k / (rings - 1)
        colour = tuple(round(a + (b - a) * f) for a, b in zip(CLOTH_EDGE, CLOTH, strict=True))
        inset = round(min(cloth.w, cloth.h) * 0.32 * f)
        ring = cloth.inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(img, colour, ring, border_radius=max(16, ring.h // 3))
    nap = pygame.Surface(cloth.size, pygame.SRCALPHA)
    for y in range(0, cloth.h, 3):  # the felt's nap: fine light lines, barely there
        pygame.draw.line(nap, (255, 255, 255, 6), (0, y), (cloth.w, y))
    img.blit(nap, cloth)
    return img


def count_badge(surface: pygame.Surface, card: pygame.Rect, words: str, count: int) -> pygame.Rect:
    """How many cards a stock holds, on a badge under it ("stock 14": dark, ringed in chalk,
    the number bold), read at a glance as emptying the stock wins; never over a card (on a
    small stock a corner badge hid its number); the badge."""
    word = theme.rendered(f"{words} ", 13, theme.CHALK_DIM)
    number = theme.rendered(str(count), BADGE_SIZE, theme.CHALK, True)
    box = badge_box(card, words, count)
    pygame.draw.rect(surface, theme.CHALK_DIM, box, border_radius=9)
    pygame.draw.rect(surface, (20, 24, 30), box.inflate(-2, -2), border_radius=8)
    surface.blit(word, word.get_rect(midleft=(box.x + 6, box.centery)))
    surface.blit(number, number.get_rect(midleft=(box.x + 6 + word.get_width(), box.centery)))
    return box


def badge_box(card: pygame.Rect, words: str, count: int) -> pygame.Rect:
    """Where `count_badge` lies under `card`: a tooltip about the stock keeps off it."""
    width = theme.font(13).size(f"{words} ")[0] + theme.font(BADGE_SIZE, True).size(str(count))[0]
    box = pygame.Rect(0, 0, width + 12, 18)
    box.midtop = (card.centerx, card.bottom + 2)
    box.left = max(box.left, RIM)  # on the felt, not over the rim
    return box


def next_badge(surface: pygame.Surface, pile: pygame.Rect, name: str, needs: int) -> pygame.Rect:
    """Under a building pile: its name and the number it needs next, that number on a disc of
    its colour (as the cards show it); the whole line's rect."""
    words = theme.rendered(f"{name} · needs", 15, theme.TEXT)
    r = 12
    number = theme.rendered(str(needs), 16, (255, 255, 255), True)
    width = words.get_width() + 6 + 2 * r
    left = pile.centerx - width // 2
    top = pile.bottom + 3
    surface.blit(words, words.get_rect(midleft=(left, top + r)))
    centre = (left + words.get_width() + 6 + r, top + r)
    pygame.draw.circle(surface, (255, 255, 255), centre, r + 1)
    pygame.draw.circle(surface, number_colour(needs), centre, r)
    surface.blit(number, number.get_rect(center=centre))
    return pygame.Rect(left, top, width, 2 * r)


__all__ = ["badge_box", "count_badge", "felt", "next_badge"]
