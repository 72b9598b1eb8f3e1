"""Skull's cards: the standard deck's faces (`cardtable/standard.py`), but a King is the Skull: it
shows a large skull on a paper of its own with a red frame, seen at once in a hand or a stack -
except a King dealt as a Win Marker, drawn as the plain crowned King of the standard deck, since
the seed deals the markers from what is left and a skull there would look like a second Skull.
Every Win Marker lies face up with a gold band that says so.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from cards.skull.cards import SKULL_RANK, rank_of, suit_of
from skully_game.scenes.cardtable.carddraw import (
    CARD_H,
    CARD_W,
    SS,
    Pen,
    art_surface,
    card_base,
    dimmed,
    shrink,
)
from skully_game.scenes.cardtable.standard import (
    BLACK,
    PAPER,
    corner_pips,
    corner_ranks,
    draw_suit,
    pip,
    standard_art,
    suit_colour,
)
from skully_game.shell import theme

SKULL_PAPER = (236, 226, 226)
GOLD = (222, 176, 52)


def skull(pen: Pen, centre: tuple[float, float], r: float, colour, hole=SKULL_PAPER) -> None:
    """A skull: cranium, cheekbones, jaw, eye sockets, nose and teeth."""
    x, y = centre
    pen.circle((x, y - r * 0.15), r * 0.8, colour)
    pen.rect(x - r * 0.5, y + r * 0.25, r, r * 0.62, colour, r * 0.18)
    for s in (-1, 1):
        pen.ellipse((x + s * r * 0.33, y - r * 0.08), r * 0.24, r * 0.27, hole)
    pen.poly([(x, y + r * 0.18), (x - r * 0.12, y + r * 0.38), (x + r * 0.12, y + r * 0.38)],
             hole)  # fmt: skip
    for k in (-1.5, -0.5, 0.5, 1.5):
        tx = x + k * r * 0.2
        pen.line((tx, y + r * 0.55), (tx, y + r * 0.85), hole, r * 0.06)


def draw_skull(surface: pygame.Surface, centre: tuple[float, float], r: float, colour) -> None:
    """A skull drawn straight on a surface in pixels."""
    skull(Pen(surface, 1.0), centre, r, colour, PAPER)


@lru_cache(maxsize=64)
def _art(code: str, marker: bool) -> pygame.Surface:
    rank, suit = rank_of(code), suit_of(code)
    if rank != SKULL_RANK or marker:
        img = standard_art(code).copy()
        if marker:
            pen = Pen(img, SS)
            pen.rect(4, CARD_H / 2 - 11, CARD_W - 8, 22, (70, 52, 20), 3)
            pen.rect(5, CARD_H / 2 - 10, CARD_W - 10, 20, GOLD, 3)
        return img
    img, pen = art_surface()  # the Skull: its own paper, red frame and skull
    card_base(pen, SKULL_PAPER, (150, 40, 40))
    corner_pips(pen, suit)
    pen.rect(18, 14, CARD_W - 36, CARD_H - 28, (176, 36, 40), 5, 1.6)
    skull(pen, (CARD_W / 2, 60), 21, BLACK)
    pip(pen, suit, (CARD_W / 2, 92), 6)
    return img


def _marker_label(img: pygame.Surface, scale: float) -> None:
    """ "Win Marker" on the gold band, squeezed a little if it must, else just "WIN"."""
    w, h = img.get_size()
    room = (CARD_W - 12) * scale
    size = max(10, round(17 * scale))
    for words in ("Win Marker", "WIN"):
        label = theme.rendered(words, size, (60, 40, 10), True)
        if label.get_width() <= room * 1.25 or words == "WIN":
            break
    if label.get_width() > room:
        label = pygame.transform.smoothscale(label, (max(1, round(room)), label.get_height()))
    img.blit(label, label.get_rect(center=(w / 2, h / 2 + scale)))


@lru_cache(maxsize=768)
def card_face(
    code: str, scale: float = 1.0, dim: bool = False, marker: bool = False
) -> pygame.Surface:
    """A card's face at `scale` of the table's card size; `dim` shades it (not playable now);
    `marker`: a Win Marker, face up and labelled, a King there a plain crowned King."""
    if dim:
        return dimmed(card_face(code, scale, False, marker), scale)
    img = shrink(_art(code, marker), scale)
    corner_ranks(img, code, scale)
    if marker:
        _marker_label(img, scale)
    return img


__all__ = ["SKULL_PAPER", "card_face", "draw_skull", "draw_suit", "suit_colour"]
