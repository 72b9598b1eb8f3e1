"""Standard playing cards drawn by the program, as a printed deck lays them out: the rank and a
small suit in two corners, the pips of 2-10 in their usual places (the lower ones upside down),
a large single pip on an ace, and the Jack and Queen as double-ended figures. In Skull a King is
the Skull: it shows a large skull on a paper of its own with a red frame, seen at once in a
hand or a stack - except a King dealt as a Win Marker, drawn as a plain crowned King, since the
seed deals the markers from what is left and a skull there would look like a second Skull.
Every Win Marker lies face up with a gold band that says so.

Suits are drawn as shapes, not font glyphs: hearts and diamonds red, clubs and spades black,
and the four shapes tell the suits apart without colour. All is drawn here (no image files);
faces are drawn large once per card and scaled, their corner words set crisp at each size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from cards.skull.cards import SKULL_RANK, rank_of, suit_of
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
from skully_game.shell import theme

RED = (196, 30, 44)
BLACK = (28, 28, 32)
PAPER = (248, 245, 236)
SKULL_PAPER = (236, 226, 226)
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


def _court_half(pen: Pen, rank: str, suit: str) -> None:
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
def _court_art(rank: str, suit: str) -> pygame.Surface:
    """A court card's figure, double-ended as printed: the upper half, and again turned."""
    half, pen = art_surface()
    _court_half(pen, rank, suit)
    top = half.subsurface(pygame.Rect(0, 0, half.get_width(), round(60 * pen.k))).copy()
    img, _ = art_surface()
    img.blit(top, (0, 0))
    img.blit(pygame.transform.rotate(top, 180), (0, round(60 * pen.k)))
    return img


@lru_cache(maxsize=64)
def _art(code: str, marker: bool) -> pygame.Surface:
    rank, suit = rank_of(code), suit_of(code)
    is_skull = rank == SKULL_RANK and not marker
    img, pen = art_surface()
    card_base(pen, SKULL_PAPER if is_skull else PAPER, (150, 40, 40) if is_skull else EDGE)
    colour = suit_colour(suit)
    for turned in (False, True):  # the corner's small suit, under the rank
        y = 31.0 if not turned else CARD_H - 31.0
        pip(pen, suit, (11 if not turned else CARD_W - 11, y), 4.5, turned=turned)
    if is_skull:
        pen.rect(18, 14, CARD_W - 36, CARD_H - 28, (176, 36, 40), 5, 1.6)
        skull(pen, (CARD_W / 2, 60), 21, BLACK)
        pip(pen, suit, (CARD_W / 2, 92), 6)
    elif rank in ("J", "Q", "K"):
        pen.rect(18, 14, CARD_W - 36, CARD_H - 28, colour, 3, 0.8)
        img.blit(_court_art(rank, suit), (0, 0), special_flags=0)
        pen.rect(18, 14, CARD_W - 36, CARD_H - 28, colour, 3, 0.8)
    elif rank == "A":
        pip(pen, suit, (CARD_W / 2, CARD_H / 2), 22)
        if suit == "S":  # the ace of spades, ornate as decks print it
            pip(pen, suit, (CARD_W / 2, CARD_H / 2 - 1), 10, PAPER)
            pip(pen, suit, (CARD_W / 2, CARD_H / 2 - 1), 6)
    else:
        for x, y in PIPS[int(rank)]:
            pip(pen, suit, (x, y), PIP_R, turned=y > CARD_H / 2 + 1)
    if marker:
        pen.rect(4, CARD_H / 2 - 11, CARD_W - 8, 22, (70, 52, 20), 3)
        pen.rect(5, CARD_H / 2 - 10, CARD_W - 10, 20, GOLD, 3)
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
    rank, suit = rank_of(code), suit_of(code)
    corner_text(img, rank, 26, suit_colour(suit), (11, 4), scale, least=11)
    if marker:
        _marker_label(img, scale)
    return img


__all__ = ["SKULL_PAPER", "card_face", "draw_skull", "draw_suit", "suit_colour"]
