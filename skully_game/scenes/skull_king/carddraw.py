"""Skull King card faces drawn by the program: a clear face for every code.

Faces are built from shapes and text (no image files), cached per (code, size, dimmed).
Each suit has a colour and a shape, so a colour-blind player reads the suit from the shape.
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


@lru_cache(maxsize=512)
def card_face(code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = img.get_rect()
    pygame.draw.rect(img, (246, 240, 226), rect, border_radius=round(8 * scale))
    if code[0] in SUIT_COLOURS and code[1:].isdigit():
        suit, rank = code[0], int(code[1:])
        colour = SUIT_COLOURS[suit]
        band = pygame.Rect(0, 0, w, round(h * 0.28))
        pygame.draw.rect(
            img,
            colour,
            band,
            border_top_left_radius=round(8 * scale),
            border_top_right_radius=round(8 * scale),
        )
        text_colour = (250, 250, 250)
        num = theme.font(round(34 * scale), True).render(str(rank), True, text_colour)
        img.blit(num, num.get_rect(center=band.center))
        _shape(img, SUIT_SHAPES[suit], (w / 2, h * 0.6), 14 * scale, colour)
        small = theme.font(round(16 * scale), True).render(str(rank), True, colour)
        img.blit(small, (4 * scale, h - small.get_height() - 2 * scale))
        # the suit's name above the corner number: "Jolly Roger" is wide enough to reach it
        cap = theme.font(round(15 * scale)).render(SUIT_WORDS[suit], True, (60, 60, 60))
        img.blit(cap, cap.get_rect(midbottom=(w / 2, h - small.get_height() - 2 * scale)))
    else:
        big, caption, colour = SPECIALS[code]
        inner = rect.inflate(-8 * scale, -8 * scale)
        pygame.draw.rect(img, colour, inner, border_radius=round(6 * scale))
        light = sum(colour) > 450
        text_colour = (30, 30, 30) if light else (250, 250, 250)
        size = 26  # the card's name in full (never "Esc": that reads as a key), as large as fits
        while (
            size > 12 and theme.font(round(size * scale), True).size(big)[0] > inner.w - 4 * scale
        ):
            size -= 1
        label = theme.font(round(size * scale), True).render(big, True, text_colour)
        img.blit(label, label.get_rect(center=(w / 2, h * 0.42)))
        cap = theme.font(round(15 * scale)).render(caption, True, text_colour)
        img.blit(cap, cap.get_rect(center=(w / 2, h * 0.64)))
        if code in (
            "SKULLKING",
            "ROSIE",
            "WILL",
            "RASCAL",
            "JUANITA",
            "HARRY",
            "TIGRESS",
            "TIGRESS:PIRATE",
        ):
            # crossed swords: the character cards
            for sgn in (-1, 1):
                # below the caption, never through it
                a = (w / 2 - sgn * 12 * scale, h * 0.84 + 6 * scale)
                b = (w / 2 + sgn * 12 * scale, h * 0.84 - 6 * scale)
                pygame.draw.line(img, text_colour, a, b, max(1, round(2 * scale)))
    pygame.draw.rect(
        img, (40, 40, 40), rect, max(1, round(2 * scale)), border_radius=round(8 * scale)
    )
    if dim:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 20, 24, 150), rect, border_radius=round(8 * scale))
        img.blit(veil, (0, 0))
    return img


__all__ = ["card_face"]
