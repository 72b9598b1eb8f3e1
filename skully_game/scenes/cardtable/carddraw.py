"""What every card game at the table draws the same way: the card size, a back, a fanned hand."""

from __future__ import annotations

from functools import lru_cache

import pygame

CARD_W, CARD_H = 84, 120


@lru_cache(maxsize=16)
def card_back(scale: float = 1.0) -> pygame.Surface:
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = img.get_rect()
    pygame.draw.rect(img, (30, 40, 70), rect, border_radius=round(8 * scale))
    for k in range(-h, w, round(10 * scale)):
        pygame.draw.line(img, (44, 58, 98), (k, 0), (k + h, h), 2)
    c = (w / 2, h / 2)
    pygame.draw.circle(img, (230, 220, 190), c, 16 * scale)
    for sgn in (-1, 1):
        pygame.draw.circle(img, (30, 40, 70), (c[0] + sgn * 6 * scale, c[1] - 3 * scale), 4 * scale)
    for i in range(3):
        x = c[0] - 6 * scale + i * 6 * scale
        pygame.draw.line(img, (30, 40, 70), (x, c[1] + 6 * scale), (x, c[1] + 12 * scale), 2)
    pygame.draw.rect(
        img, (200, 180, 110), rect, max(1, round(2 * scale)), border_radius=round(8 * scale)
    )
    return img


def fan_positions(
    count: int, centre_x: float, bottom: float, width: float
) -> list[tuple[float, float, float]]:
    """(x, y, angle) for a hand fanned along a shallow arc."""
    if count == 0:
        return []
    step = min(CARD_W * 0.9, width / max(1, count))
    out = []
    for i in range(count):
        t = i - (count - 1) / 2
        angle = -t * 2.0
        x = centre_x + t * step
        y = bottom - CARD_H / 2 + abs(t) ** 1.6 * 1.2
        out.append((x, y, angle))
    return out


__all__ = ["CARD_H", "CARD_W", "card_back", "fan_positions"]
