"""Standard playing cards drawn by the program: rank and suit in two corners, the suit large in
the middle, and a skull on every King (in Skull a King is the Skull) - except a King dealt as a
Win Marker: the seed deals the markers at random from what is left, so a spare King can be one, and
drawn with the skull it would look like a second Skull on the table.

Suits are drawn as shapes, not font glyphs, so they look the same on every machine; hearts and
diamonds are red, clubs and spades black, and the four shapes tell the suits apart without colour.
Faces are cached per (code, size, dimmed).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from cards.skull.cards import SKULL_RANK, rank_of, suit_of
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W
from skully_game.shell import theme

RED = (196, 30, 44)
BLACK = (28, 28, 32)
PAPER = (248, 245, 236)
SKULL_PAPER = (236, 226, 226)
COURT = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}  # the K: only a Win Marker


def suit_colour(suit: str) -> tuple[int, int, int]:
    return RED if suit in ("H", "D") else BLACK


def draw_suit(
    surface: pygame.Surface, suit: str, centre: tuple[float, float], r: float, colour=None
) -> None:
    """A suit's shape of radius `r` about `centre`."""
    c = colour or suit_colour(suit)
    x, y = centre
    if suit == "D":
        pygame.draw.polygon(
            surface, c, [(x, y - r), (x + r * 0.72, y), (x, y + r), (x - r * 0.72, y)]
        )
    elif suit == "H":
        lobe = r * 0.52
        pygame.draw.circle(surface, c, (x - lobe * 0.92, y - r * 0.28), lobe)
        pygame.draw.circle(surface, c, (x + lobe * 0.92, y - r * 0.28), lobe)
        pygame.draw.polygon(
            surface, c, [(x - r * 0.98, y - r * 0.12), (x + r * 0.98, y - r * 0.12), (x, y + r)]
        )
    elif suit == "S":
        lobe = r * 0.5
        pygame.draw.circle(surface, c, (x - lobe * 0.9, y + r * 0.22), lobe)
        pygame.draw.circle(surface, c, (x + lobe * 0.9, y + r * 0.22), lobe)
        pygame.draw.polygon(
            surface, c, [(x - r * 0.94, y + r * 0.1), (x + r * 0.94, y + r * 0.1), (x, y - r)]
        )
        pygame.draw.polygon(
            surface, c, [(x, y + r * 0.2), (x + r * 0.32, y + r), (x - r * 0.32, y + r)]
        )
    else:  # clubs
        lobe = r * 0.42
        pygame.draw.circle(surface, c, (x, y - r * 0.5), lobe)
        pygame.draw.circle(surface, c, (x - r * 0.5, y + r * 0.12), lobe)
        pygame.draw.circle(surface, c, (x + r * 0.5, y + r * 0.12), lobe)
        pygame.draw.polygon(
            surface, c, [(x, y - r * 0.1), (x + r * 0.3, y + r), (x - r * 0.3, y + r)]
        )


def draw_skull(surface: pygame.Surface, centre: tuple[float, float], r: float, colour) -> None:
    """A plain skull: cranium, jaw, eyes and teeth."""
    x, y = centre
    pygame.draw.circle(surface, colour, (x, y - r * 0.15), r * 0.78)
    jaw = pygame.Rect(0, 0, round(r * 0.95), round(r * 0.6))
    jaw.midtop = (round(x), round(y + r * 0.3))
    pygame.draw.rect(surface, colour, jaw, border_radius=max(1, round(r * 0.18)))
    hole = PAPER
    for sgn in (-1, 1):
        pygame.draw.circle(surface, hole, (x + sgn * r * 0.32, y - r * 0.12), r * 0.22)
    pygame.draw.polygon(
        surface, hole, [(x, y + r * 0.12), (x - r * 0.1, y + r * 0.3), (x + r * 0.1, y + r * 0.3)]
    )
    for k in (-1, 0, 1):
        tx = x + k * r * 0.2
        pygame.draw.line(
            surface, hole, (tx, y + r * 0.55), (tx, y + r * 0.85), max(1, round(r * 0.07))
        )


def _corner(img: pygame.Surface, rank: str, suit: str, scale: float) -> pygame.Surface:
    """The rank over a small suit, as printed in a card's corner."""
    size = max(10, round(26 * scale))
    label = theme.rendered(rank, size, suit_colour(suit), True)
    r = max(3.0, 7 * scale)
    w = max(label.get_width(), round(2 * r)) + 2
    out = pygame.Surface((w, label.get_height() + round(2 * r) + 2), pygame.SRCALPHA)
    out.blit(label, label.get_rect(midtop=(w // 2, 0)))
    draw_suit(out, suit, (w / 2, label.get_height() + r), r)
    return out


@lru_cache(maxsize=512)
def card_face(
    code: str, scale: float = 1.0, dim: bool = False, marker: bool = False
) -> pygame.Surface:
    """A card's face at `scale` of the table's card size; `dim` greys it (not playable now);
    `marker`: a Win Marker, so a King is a plain court card, not a Skull."""
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    rank, suit = rank_of(code), suit_of(code)
    skull = rank == SKULL_RANK and not marker
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = img.get_rect()
    radius = max(2, round(8 * scale))
    pygame.draw.rect(img, SKULL_PAPER if skull else PAPER, rect, border_radius=radius)
    corner = _corner(img, rank, suit, scale)
    pad = max(2, round(5 * scale))
    img.blit(corner, (pad, pad))
    img.blit(pygame.transform.rotate(corner, 180), corner.get_rect(bottomright=(w - pad, h - pad)))
    centre = (w / 2, h / 2 + 2 * scale)
    if skull:
        draw_skull(img, centre, 22 * scale, BLACK)
        draw_suit(img, suit, (w / 2, h / 2 + 30 * scale), 7 * scale)
    elif rank in COURT:
        draw_suit(img, suit, centre, 18 * scale)
        word = COURT[rank]
        size = max(9, round(17 * scale))
        caption = theme.rendered(word, size, suit_colour(suit))
        img.blit(caption, caption.get_rect(midtop=(w / 2, h / 2 + 22 * scale)))
    else:
        draw_suit(img, suit, centre, 20 * scale)
    edge = (150, 40, 40) if skull else (120, 116, 104)
    pygame.draw.rect(img, edge, rect, max(1, round(2 * scale)), border_radius=radius)
    if dim:
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 120), rect, border_radius=radius)
        img.blit(shade, (0, 0))
    return img


__all__ = ["card_face", "draw_skull", "draw_suit", "suit_colour"]
