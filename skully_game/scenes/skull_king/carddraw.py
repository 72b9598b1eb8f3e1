"""Skull King card faces drawn by the program: a clear face for every code.

Faces are built from shapes and text (no image files), cached per (code, size, dimmed).
Each suit has a colour and a shape, so a colour-blind player reads the suit from the shape.
Every face carries a corner index (`index_box`) that shows on each card of a fanned hand.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W
from skully_game.shell import theme

SUIT_COLOURS = {"G": (46, 150, 84), "Y": (222, 176, 36), "P": (128, 76, 170), "B": (34, 34, 38)}
SUIT_SHAPES = {"G": "circle", "Y": "square", "P": "diamond", "B": "star"}
SUIT_WORDS = {"G": "parrot", "Y": "chest", "P": "map", "B": "Jolly Roger"}  # as the log says
SPECIALS: dict[str, tuple[str, str, tuple[int, int, int]]] = {
    # code: (its name, large; a small caption under it, or ""; colour)
    "ESCAPE": ("Escape", "white flag", (120, 150, 170)),
    "LOOT": ("Loot", "alliance", (190, 150, 60)),
    "MERMAID": ("Mermaid", "", (40, 150, 170)),
    "SKULLKING": ("King", "skull king", (170, 30, 40)),
    "KRAKEN": ("Kraken", "", (70, 40, 90)),
    "WHALE": ("Whale", "white whale", (200, 205, 215)),
    "TIGRESS": ("Tigress", "", (210, 110, 30)),
    "TIGRESS:PIRATE": ("Tigress", "as pirate", (210, 110, 30)),
    "TIGRESS:ESCAPE": ("Tigress", "as escape", (150, 120, 100)),
    "ROSIE": ("Rosie", "pirate", (190, 60, 60)),
    "WILL": ("Will", "pirate", (190, 60, 60)),
    "RASCAL": ("Rascal", "pirate", (190, 60, 60)),
    "JUANITA": ("Juanita", "pirate", (190, 60, 60)),
    "HARRY": ("Harry", "pirate", (190, 60, 60)),
}


def _shape(
    surface: pygame.Surface, shape: str, centre: tuple[float, float], r: float, colour
) -> None:
    from skully_game.scenes.skully.capdraw import symbol

    symbol(surface, shape, centre, r, colour)


# The corner index (a number card's rank and suit sign; a special card's name) sits in the top
# left, clear of the border, within the part of a card that a fanned hand always shows: the
# widest hand (11 cards: 10 dealt, and Will the Bandit's 2 drawn after a trick) in the smallest
# window (1024x640) shows the left 58 pixels of each card, a little less where the fan tilts.
MARGIN = 7  # from the card's edge to its index: clear of the 2-pixel border and the round corner
INDEX_W = 46  # the index's widest, at scale 1
RANK_SIZE = 30  # a number card's rank in its index
SIGN = 14  # the suit's sign under the rank
SHAPE_SPAN = {"circle": 1.1, "square": 1.0, "diamond": 1.4, "star": 1.5}  # across, by its size
CHARACTERS = frozenset({"SKULLKING", "ROSIE", "WILL", "RASCAL", "JUANITA", "HARRY", "TIGRESS",
                        "TIGRESS:PIRATE"})  # fmt: skip


def _numbered(code: str) -> bool:
    return code[0] in SUIT_COLOURS and code[1:].isdigit()


def _index_size(name: str, scale: float) -> int:
    """The largest bold size (up to 16) at which a special card's name fits the index."""
    size = 16
    while size > 8 and theme.font(round(size * scale), True).size(name)[0] > INDEX_W * scale:
        size -= 1
    return round(size * scale)


def index_box(code: str, scale: float = 1.0) -> pygame.Rect:
    """Where the corner index lies on the face: what must show of a card in a fanned hand."""
    m = round(MARGIN * scale)
    if _numbered(code):
        num = theme.font(round(RANK_SIZE * scale), True).size(code[1:])
        sign = round(SIGN * scale)  # the suit's sign under the number, below the band
        return pygame.Rect(m, m, max(num[0], sign), num[1] + 2 * m + sign)
    name = SPECIALS[code][0]
    return pygame.Rect((m, m), theme.font(_index_size(name, scale), True).size(name))


@lru_cache(maxsize=512)
def card_face(code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = img.get_rect()
    m = round(MARGIN * scale)
    box = index_box(code, scale)
    pygame.draw.rect(img, (246, 240, 226), rect, border_radius=round(8 * scale))
    if _numbered(code):
        suit, rank = code[0], int(code[1:])
        colour = SUIT_COLOURS[suit]
        num = theme.font(round(RANK_SIZE * scale), True).render(str(rank), True, (250, 250, 250))
        band = pygame.Rect(0, 0, w, box.y + num.get_height() + m // 2)
        pygame.draw.rect(
            img,
            colour,
            band,
            border_top_left_radius=round(8 * scale),
            border_top_right_radius=round(8 * scale),
        )
        # the index: the rank on the suit's band, the suit's sign under it, both at the left
        img.blit(num, (box.x, box.y))
        sign = round(SIGN * scale)
        shape = SUIT_SHAPES[suit]
        at = (box.x + sign / 2, box.bottom - sign / 2)
        _shape(img, shape, at, sign / SHAPE_SPAN[shape], colour)  # inside the index's box
        _shape(img, shape, (w / 2 + 6 * scale, h * 0.6), 20 * scale, colour)
        # the suit's name along the bottom, clear of the border
        cap = theme.font(round(14 * scale)).render(SUIT_WORDS[suit], True, (60, 60, 60))
        img.blit(cap, cap.get_rect(bottomright=(w - m, h - m + round(2 * scale))))
    else:
        big, caption, colour = SPECIALS[code]
        inner = rect.inflate(-8 * scale, -8 * scale)
        pygame.draw.rect(img, colour, inner, border_radius=round(6 * scale))
        light = sum(colour) > 450
        text_colour = (30, 30, 30) if light else (250, 250, 250)
        # the index: the card's name in full (never "Esc": that reads as a key)
        label = theme.font(_index_size(big, scale), True).render(big, True, text_colour)
        img.blit(label, box)
        pygame.draw.line(img, text_colour, (box.x, box.bottom + round(2 * scale)),
                         (box.right, box.bottom + round(2 * scale)), max(1, round(scale)))  # fmt: skip
        size = 24  # and again, as large as fits, in the middle of a card seen whole
        while (
            size > 12 and theme.font(round(size * scale), True).size(big)[0] > inner.w - 8 * scale
        ):
            size -= 1
        label = theme.font(round(size * scale), True).render(big, True, text_colour)
        img.blit(label, label.get_rect(center=(w / 2, h * 0.5)))
        cap = theme.font(round(15 * scale)).render(caption, True, text_colour)
        img.blit(cap, cap.get_rect(center=(w / 2, h * 0.68)))
        if code in CHARACTERS:
            # crossed swords: the character cards, below the caption, never through it
            for sgn in (-1, 1):
                a = (w / 2 - sgn * 12 * scale, h * 0.85 + 6 * scale)
                b = (w / 2 + sgn * 12 * scale, h * 0.85 - 6 * scale)
                pygame.draw.line(img, text_colour, a, b, max(1, round(2 * scale)))
    pygame.draw.rect(
        img, (40, 40, 40), rect, max(1, round(2 * scale)), border_radius=round(8 * scale)
    )
    if dim:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 20, 24, 150), rect, border_radius=round(8 * scale))
        img.blit(veil, (0, 0))
    return img


__all__ = ["INDEX_W", "MARGIN", "card_face", "index_box"]
