"""Standard playing cards drawn by the program, as a printed deck lays them out: the rank and a
small suit in two corners, the pips of 2-10 in their usual places (the lower ones upside down),
a large single pip on an ace (the ace of spades ornate), and the Jack, Queen and King as
double-ended figures. Any game with a standard deck draws its faces here; a game that gives a
card its own face (Skull's King is the Skull) draws that one itself and asks here for the rest.

A card is a rank ("A", "2".."10", "J", "Q", "K") and a suit ("C", "D", "H", "S"); its code is
the two together ("10H"). Suits are drawn as shapes, not font glyphs: hearts and diamonds red,
clubs and spades black, and the four shapes tell the suits apart without colour. All is drawn
here (no image files); faces are drawn large once per card and scaled, their corner words set
crisp at each size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from skully_game.scenes.cardtable.carddraw import (
    CARD_H,
    CARD_W,
    Pen,
    art_surface,
    card_base,
    corner_text,
    dimmed,
    shrink,
)

RED = (196, 30, 44)
BLACK = (28, 28, 32)
PAPER = (248, 245, 236)
EDGE = (120, 116, 104)
GOLD = (222, 176, 52)
COURT = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}  # the K: only a Win Marker
COURT_BLUE = (40, 70, 150)
COURT_YELLOW = (236, 190, 60)
SKIN = (240, 210, 180)

# The pips' places (card units) for each number, as printed decks set them.
_L, _C, _R = 27.0, 42.0, 57.0
_ROWS4 = (25.0, 48.0, 72.0, 95.0)
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 25), (_C, 95)),
    3: ((_C, 25), (_C, 60), (_C, 95)),
    4: ((_L, 25), (_R, 25), (_L, 95), (_R, 95)),
    5: ((_L, 25), (_R, 25), (_C, 60), (_L, 95), (_R, 95)),
    6: ((_L, 25), (_R, 25), (_L, 60), (_R, 60), (_L, 95), (_R, 95)),
    7: ((_L, 25), (_R, 25), (_C, 42), (_L, 60), (_R, 60), (_L, 95), (_R, 95)),
    8: ((_L, 25), (_R, 25), (_C, 42), (_L, 60), (_R, 60), (_C, 78), (_L, 95), (_R, 95)),
    9: (*((x, y) for x in (_L, _R) for y in _ROWS4), (_C, 60)),
    10: (*((x, y) for x in (_L, _R) for y in _ROWS4), (_C, 36.5), (_C, 83.5)),
}
PIP_R = 8.0


def suit_colour(suit: str) -> tuple[int, int, int]:
    return RED if suit in ("H", "D") else BLACK


def pip(pen: Pen, suit: str, centre: tuple[float, float], r: float, colour=None,
        turned: bool = False) -> None:  # fmt: skip
    """A suit's shape of radius `r` about `centre` (card units), upside down when `turned`."""
    c = colour or suit_colour(suit)
    x, y = centre
    f = -1 if turned else 1

    def at(dx: float, dy: float) -> tuple[float, float]:
        return x + dx * r, y + f * dy * r

    if suit == "D":
        pen.poly([at(0, -1), at(0.74, 0), at(0, 1), at(-0.74, 0)], c)
    elif suit == "H":
        for s in (-1, 1):
            pen.circle(at(s * 0.47, -0.36), 0.53 * r, c)
        pen.poly([at(-0.98, -0.22), at(0.98, -0.22), at(0.0, 1.0)], c)
    elif suit == "S":
        for s in (-1, 1):
            pen.circle(at(s * 0.46, 0.22), 0.5 * r, c)
        pen.poly([at(-0.95, 0.12), at(0.95, 0.12), at(0, -1.0)], c)
        pen.poly([at(0, 0.25), at(0.34, 1.0), at(-0.34, 1.0)], c)
    else:  # clubs
        for dx, dy in ((0, -0.5), (-0.5, 0.14), (0.5, 0.14)):
            pen.circle(at(dx, dy), 0.42 * r, c)
        pen.poly([at(0, -0.1), at(0.3, 1.0), at(-0.3, 1.0)], c)


def draw_suit(surface: pygame.Surface, suit: str, centre: tuple[float, float], r: float,
              colour=None) -> None:  # fmt: skip
    """A suit's shape drawn straight on a surface in pixels (for panels that draw a pip)."""
    pip(Pen(surface, 1.0), suit, centre, r, colour)


def court_half(pen: Pen, rank: str, suit: str) -> None:
    """The upper half of a court card's figure, in the frame from y 14 to 60."""
    colour = suit_colour(suit)
    robe = COURT_BLUE if suit in ("S", "C") else RED
    trim = COURT_YELLOW
    pen.poly([(20, 60), (22, 44), (32, 38), (52, 38), (62, 44), (64, 60)], robe)
    pen.poly([(32, 38), (42, 56), (52, 38)], trim)
    pen.line((26, 46), (30, 60), trim, 1.4)
    pen.line((58, 46), (54, 60), trim, 1.4)
    hair = (120, 70, 30) if rank == "J" else (214, 170, 60) if rank == "Q" else (230, 230, 225)
    pen.ellipse((42, 30), 11, 13, hair)
    pen.ellipse((42, 31), 7.5, 9, SKIN)
    for s in (-1, 1):
        pen.circle((42 + s * 3, 29), 0.9, BLACK)
    pen.line((40, 35), (44, 35), RED, 0.9)
    if rank == "J":  # a Jack's cap and feather
        pen.poly([(31, 24), (33, 17), (51, 17), (53, 24)], robe)
        pen.rect(31, 22, 22, 3, trim)
        pen.poly([(50, 18), (60, 10), (58, 16), (52, 20)], COURT_YELLOW)
    elif rank == "Q":  # a Queen's crown and a flower
        pen.poly([(33, 23), (33, 15), (37, 19), (42, 13), (47, 19), (51, 15), (51, 23)], trim)
        pen.circle((42, 18), 1.3, RED)
        for dx, dy in ((0, -2), (2, 0), (0, 2), (-2, 0)):
            pen.circle((26 + dx, 48 + dy), 1.7, RED if colour == BLACK else COURT_BLUE)
        pen.circle((26, 48), 1.2, trim)
    else:  # a King's crown and beard
        pen.poly([(31, 23), (31, 12), (36, 17), (42, 10), (48, 17), (53, 12), (53, 23)], trim)
        for cx in (36, 42, 48):
            pen.circle((cx, 20), 1.2, RED if cx == 42 else COURT_BLUE)
        pen.poly([(35, 34), (49, 34), (46, 43), (42, 45), (38, 43)], (230, 230, 225))
    pip(pen, suit, (58, 22), 5)


@lru_cache(maxsize=16)
def court_art(rank: str, suit: str) -> pygame.Surface:
    """A court card's figure, double-ended as printed: the upper half, and again turned."""
    half, pen = art_surface()
    court_half(pen, rank, suit)
    top = half.subsurface(pygame.Rect(0, 0, half.get_width(), round(60 * pen.k))).copy()
    img, _ = art_surface()
    img.blit(top, (0, 0))
    img.blit(pygame.transform.rotate(top, 180), (0, round(60 * pen.k)))
    return img


def rank_suit(code: str) -> tuple[str, str]:
    """'10H' -> ('10', 'H')."""
    return code[:-1], code[-1]


def corner_pips(pen: Pen, suit: str) -> None:
    """The small suit under each corner's rank (the rank itself is set at each size)."""
    for turned in (False, True):
        y = 31.0 if not turned else CARD_H - 31.0
        pip(pen, suit, (11 if not turned else CARD_W - 11, y), 4.5, turned=turned)


def draw_body(pen: Pen, img: pygame.Surface, rank: str, suit: str) -> None:
    """What lies between the corners: a court's figure in its frame, an ace's pip, the pips."""
    colour = suit_colour(suit)
    if rank in ("J", "Q", "K"):
        pen.rect(18, 14, CARD_W - 36, CARD_H - 28, colour, 3, 0.8)
        img.blit(court_art(rank, suit), (0, 0), special_flags=0)
        pen.rect(18, 14, CARD_W - 36, CARD_H - 28, colour, 3, 0.8)
    elif rank == "A":
        pip(pen, suit, (CARD_W / 2, CARD_H / 2), 22)
        if suit == "S":  # the ace of spades, ornate as decks print it
            pip(pen, suit, (CARD_W / 2, CARD_H / 2 - 1), 10, PAPER)
            pip(pen, suit, (CARD_W / 2, CARD_H / 2 - 1), 6)
    else:
        for x, y in PIPS[int(rank)]:
            pip(pen, suit, (x, y), PIP_R, turned=y > CARD_H / 2 + 1)


@lru_cache(maxsize=64)
def standard_art(code: str) -> pygame.Surface:
    """A card's face at full size, without its corner ranks (kept: copy it to draw on it)."""
    rank, suit = rank_suit(code)
    img, pen = art_surface()
    card_base(pen, PAPER, EDGE)
    corner_pips(pen, suit)
    draw_body(pen, img, rank, suit)
    return img


def corner_ranks(img: pygame.Surface, code: str, scale: float) -> None:
    """The rank in both corners, set crisp at the face's size."""
    rank, suit = rank_suit(code)
    corner_text(img, rank, 26, suit_colour(suit), (11, 4), scale, least=11)


@lru_cache(maxsize=768)
def standard_face(code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
    """A standard card's face at `scale` of the table's card size; `dim` shades it."""
    if dim:
        return dimmed(standard_face(code, scale, False), scale)
    img = shrink(standard_art(code), scale)
    corner_ranks(img, code, scale)
    return img


__all__ = [
    "BLACK",
    "EDGE",
    "PAPER",
    "RED",
    "corner_pips",
    "corner_ranks",
    "court_art",
    "draw_body",
    "draw_suit",
    "pip",
    "rank_suit",
    "standard_art",
    "standard_face",
    "suit_colour",
]
