"""Skull King card faces drawn by the program: every suit an emblem, every special card a figure.

The suits: a green parrot, a yellow treasure chest, a purple map and the black Jolly Roger (the
trump), each drawn large in the middle of its cards and small under the number in the corner, so
a colour-blind player reads the suit from the emblem. The special cards are figures, each its
own: the five named Pirates (Rosie's red hair and rose, Will's eye patch and tricorn, Rascal's
plumed hat and die, Juanita's jade scarf and hoops, Harry's great beard), the Tigress, the Skull
King crowned, a Mermaid, the white flag of the Escape, a sack of Loot, the Kraken and the White
Whale. All shapes are made here (no image files); the art is drawn large once per card and
scaled, the corner index set crisp at each size (`index_box` says where it lies).
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

import pygame

from skully_game.scenes.cardtable.carddraw import (
    BACKS,
    CARD_H,
    CARD_W,
    Pen,
    art_surface,
    card_base,
    dimmed,
    shrink,
    star,
)
from skully_game.shell import theme

SUIT_COLOURS = {"G": (40, 140, 76), "Y": (214, 164, 24), "P": (122, 70, 166), "B": (30, 30, 34)}
INDEX_COLOURS = {**SUIT_COLOURS, "Y": (180, 124, 0)}  # a deeper gold reads on the paper
SUIT_WORDS = {"G": "parrot", "Y": "chest", "P": "map", "B": "Jolly Roger"}  # as the log says
SPECIALS: dict[str, tuple[str, str, tuple[int, int, int]]] = {
    # code: (its name, in the index; a caption along the bottom, or ""; the card's colour)
    "ESCAPE": ("Escape", "white flag", (96, 134, 160)),
    "LOOT": ("Loot", "alliance", (150, 112, 40)),
    "MERMAID": ("Mermaid", "", (24, 120, 150)),
    "SKULLKING": ("King", "Skull King", (150, 22, 34)),
    "KRAKEN": ("Kraken", "", (64, 34, 86)),
    "WHALE": ("Whale", "White Whale", (30, 58, 96)),
    "TIGRESS": ("Tigress", "", (206, 104, 24)),
    "TIGRESS:PIRATE": ("Tigress", "as pirate", (206, 104, 24)),
    "TIGRESS:ESCAPE": ("Tigress", "as escape", (150, 120, 100)),
    "ROSIE": ("Rosie", "pirate", (170, 40, 48)),
    "WILL": ("Will", "pirate", (40, 62, 120)),
    "RASCAL": ("Rascal", "pirate", (60, 110, 60)),
    "JUANITA": ("Juanita", "pirate", (20, 120, 104)),
    "HARRY": ("Harry", "pirate", (140, 84, 36)),
}
PAPER = (246, 240, 226)
EDGE = (40, 40, 40)
INK = (34, 30, 28)

# The corner index (a number card's rank and suit sign; a special card's name) sits in the top
# left, clear of the border, within the part of a card that a fanned hand always shows: the
# widest hand (11 cards: 10 dealt, and Will the Bandit's 2 drawn after a trick) in the smallest
# window (1024x640) shows the left 58 pixels of each card, a little less where the fan tilts.
MARGIN = 7  # from the card's edge to its index: clear of the 2-pixel border and the round corner
INDEX_W = 46  # the index's widest, at scale 1
RANK_SIZE = 34  # a number card's rank in its index
SIGN = 14  # the suit's sign under the rank
NAME_SIZE = 17  # a special card's name in its index, at most
SKIN = (236, 190, 150)
SKIN_DARK = (196, 144, 104)
GOLD = (236, 190, 48)
WHITE = (250, 248, 240)


def _numbered(code: str) -> bool:
    return code[0] in SUIT_COLOURS and code[1:].isdigit()


def _rank_font(scale: float):
    """The rank's face: in proportion on a card in the hand, a little larger on a small card."""
    return theme.font(max(10, round(RANK_SIZE * min(scale, scale**0.75))), True, "numbers")


def _index_size(name: str, scale: float) -> int:
    """The largest bold size (up to NAME_SIZE) at which a special card's name fits the index."""
    size = NAME_SIZE
    while size > 8 and theme.font(round(size * scale), True).size(name)[0] > INDEX_W * scale:
        size -= 1
    return max(8, round(size * scale))


def index_box(code: str, scale: float = 1.0) -> pygame.Rect:
    """Where the corner index lies on the face: what must show of a card in a fanned hand."""
    m = round(MARGIN * scale)
    if _numbered(code):
        num = _rank_font(scale).size(code[1:])
        sign = round(SIGN * scale)  # the suit's emblem under the number
        return pygame.Rect(m, m - round(scale), max(num[0], sign), num[1] + sign)
    name = SPECIALS[code][0]
    return pygame.Rect((m, m), theme.font(_index_size(name, scale), True).size(name))


# --- the suits' emblems, drawn in a box of -20..20 about their centre ------------------------


def _sub(pen: Pen, centre: tuple[float, float], size: float) -> Pen:
    """A pen for a figure designed in a 40-unit box, drawn `size` card units across at `centre`."""
    f = size / 40
    return Pen(pen.surface, pen.k * f, (centre[0] / f, centre[1] / f))


def parrot(p: Pen) -> None:
    green, light, dark = (40, 150, 76), (88, 190, 100), (20, 96, 50)
    p.line((-17, 17), (18, 17), (120, 80, 40), 3)  # the perch
    for x in (-2, 5):
        p.line((x, 12), (x - 1, 17), (90, 90, 90), 1.6)
    p.poly([(4, 12), (10, 24), (13, 23), (8, 11)], (40, 90, 200))  # tail: blue, red
    p.poly([(2, 12), (5, 25), (8, 24), (6, 11)], (210, 40, 40))
    p.ellipse((2, 3), 9, 13, green, angle=-18)  # body
    p.ellipse((6, 3), 5.5, 11, dark, angle=-25)  # wing
    for i in range(3):
        p.line((4 + i * 1.5, 0 + i * 3), (8 + i * 1.5, 8 + i * 3), green, 1)
    p.circle((-4, -10), 8.5, light)  # head
    p.poly([(-11, -13), (-17, -10), (-16, -4), (-13, -2), (-14, -7), (-10, -8)], (250, 200, 40))
    p.line((-16, -7), (-11, -8), (150, 110, 20), 0.8)
    p.circle((-5, -12), 2.8, WHITE)
    p.circle((-5.5, -12), 1.5, INK)
    p.ellipse((-1, -15), 4, 1.5, (230, 60, 50), angle=-20)  # a red crest


def chest(p: Pen) -> None:
    wood, lid, band = (126, 74, 34), (150, 92, 44), (214, 164, 24)
    for i, (x, y) in enumerate(((-12, 18), (-5, 19), (3, 18.5), (11, 19), (-8, 15))):
        p.ellipse((x, y), 4.2, 2.2, (250, 210, 70) if i % 2 else band)
        p.ellipse((x, y), 4.2, 2.2, (160, 110, 10), 0.6)
    p.rect(-17, -3, 34, 19, wood, 1.5)
    for y in (2, 8):
        p.line((-16, y), (16, y), (96, 54, 24), 0.7)
    p.rect(-17, -15, 34, 13, lid, 6)  # the rounded lid
    p.rect(-17, -9, 34, 7, lid)
    p.line((-17, -3), (17, -3), (80, 44, 18), 1.2)
    for x in (-12, 9):
        p.rect(x, -15, 3.5, 31, band, 0.6)
    p.rect(-4, -7, 8, 10, band, 1.5)
    p.circle((0, -3.5), 1.4, INK)
    p.poly([(-0.8, -3), (0.8, -3), (1.2, 0.5), (-1.2, 0.5)], INK)


def sea_map(p: Pen) -> None:
    parchment, shade, purple = (238, 222, 184), (206, 184, 140), (122, 70, 166)
    p.poly([(-15, -14), (15, -12), (15, 14), (-15, 12)], parchment)
    p.poly([(-15, -14), (15, -12), (15, 14), (-15, 12)], purple, 1.4)
    p.ellipse((-15, -1), 3, 13.5, shade)
    p.ellipse((15, 1), 3, 13.5, shade)
    p.ellipse((-15, -1), 3, 13.5, (160, 130, 90), 0.7)
    p.ellipse((15, 1), 3, 13.5, (160, 130, 90), 0.7)
    p.poly([(-10, 4), (-6, 0), (-2, 3), (-4, 8), (-9, 9)], (150, 176, 110))  # an island
    pts = [(-8 + 1.9 * i, 6 - 1.6 * i + 2.2 * math.sin(i / 1.6)) for i in range(10)]
    for a, b in zip(pts[::2], pts[1::2], strict=False):
        p.line(a, b, purple, 1.3)
    for s in (-1, 1):
        p.line((9 - 3, -7 - 3 * s), (9 + 3, -7 + 3 * s), (200, 30, 40), 1.8)
    p.poly(star((-9, -8), 4, 0.35, 4), purple)


def jolly_roger(p: Pen) -> None:
    flag = (24, 24, 28)
    p.line((-18, -17), (-18, 21), (110, 80, 50), 1.6)
    wave = [(-17 + 2.5 * i, -15 + 1.4 * math.sin(i / 1.5)) for i in range(15)]
    p.poly([*wave, *[(x, y + 28) for x, y in reversed(wave)]], flag)
    bone = WHITE
    for s in (-1, 1):
        p.line((-8, 3 - 6 * s), (12, 3 + 6 * s), bone, 2.4)
        for end in ((-8, 3 - 6 * s), (12, 3 + 6 * s)):
            p.circle((end[0], end[1] - 1), 1.6, bone)
            p.circle((end[0], end[1] + 1), 1.6, bone)
    p.circle((2, -4), 6.5, bone)
    p.rect(-1.5, 0, 7, 5, bone, 1.2)
    p.circle((-0.5, -4), 1.9, flag)
    p.circle((4.5, -4), 1.9, flag)
    p.poly([(2, -1.5), (1, 0.5), (3, 0.5)], flag)


EMBLEMS = {"G": parrot, "Y": chest, "P": sea_map, "B": jolly_roger}


# --- the special cards' figures, drawn in a box of -20..20 -----------------------------------


def _bust(p: Pen, coat, face_rx: float = 7.5, skin=SKIN) -> None:
    """A pirate's shoulders, neck and face: each pirate adds hair, hat and marks."""
    p.poly([(-19, 21), (-16, 9), (-6, 5), (6, 5), (16, 9), (19, 21)], coat)
    p.poly([(-5, 5), (0, 12), (5, 5)], WHITE)  # the shirt's collar
    p.rect(-2.6, 1, 5.2, 5, SKIN_DARK)
    p.ellipse((0, -4), face_rx, 9, skin)


def _eyes(p: Pen, y: float = -5, patch: bool = False) -> None:
    p.circle((-3, y), 1.1, INK)
    if patch:
        p.ellipse((3, y), 2.6, 2.2, INK)
        p.line((-7, y - 5), (7.5, y + 1), INK, 0.8)
    else:
        p.circle((3, y), 1.1, INK)


def rosie(p: Pen) -> None:
    hair = (176, 52, 30)
    p.ellipse((0, 2), 12, 15, hair)  # long hair behind
    _bust(p, (170, 40, 48))
    p.poly([(-8, -8), (-6, -14), (0, -15.5), (6, -14), (8, -8), (4, -11), (-4, -11)], hair)
    p.poly([(-8.5, -9), (-5, -15), (5, -15), (8.5, -9), (0, -12)], (200, 30, 40))  # bandana
    _eyes(p)
    p.arc((0, -2), 3, 200, 340, (170, 40, 48), 1)
    for a in range(5):  # a rose in her hair
        t = a * 2 * math.pi / 5
        p.circle((9 + 2 * math.cos(t), -9 + 2 * math.sin(t)), 1.8, (214, 30, 60))
    p.circle((9, -9), 1.4, (150, 10, 40))
    p.line((9, -7), (12, -3), (40, 130, 60), 0.8)


def will(p: Pen) -> None:
    _bust(p, (40, 62, 120))
    p.ellipse((0, 1), 6.5, 4.5, (120, 96, 80))  # stubble
    p.ellipse((0, -3), 6, 3, SKIN)
    p.poly([(-15, -11), (0, -20), (15, -11), (8, -12), (0, -10), (-8, -12)], (28, 28, 32))
    p.poly([(-9, -12), (-7, -17), (7, -17), (9, -12)], (28, 28, 32))
    p.circle((0, -14.5), 1.6, GOLD)
    _eyes(p, patch=True)
    p.line((-2.5, 1), (2.5, 1), (120, 50, 50), 0.8)


def rascal(p: Pen) -> None:
    _bust(p, (60, 110, 60))
    p.ellipse((0, -12), 17, 3.5, (96, 60, 30))  # a wide-brimmed hat
    p.rect(-8, -20, 16, 9, (96, 60, 30), 3)
    p.rect(-8, -14, 16, 2, (200, 40, 40))
    p.poly([(6, -16), (16, -24), (18, -22), (9, -14)], (240, 240, 230))  # a plume
    _eyes(p)
    for s in (-1, 1):  # a curled moustache
        p.arc((s * 3, -1), 3, 200 if s < 0 else 270, 270 if s < 0 else 340, (60, 40, 20), 1.4)
    p.rect(10, 8, 8, 8, WHITE, 1.2)  # his die
    p.rect(10, 8, 8, 8, INK, 1.2, 0.5)
    for dx, dy in ((12, 10), (14, 12), (16, 14)):
        p.circle((dx, dy), 0.8, INK)


def juanita(p: Pen) -> None:
    hair, jade = (26, 22, 24), (20, 150, 120)
    p.circle((0, -14), 5, hair)  # a bun
    p.ellipse((0, -2), 10, 12, hair)
    _bust(p, (20, 120, 104))
    p.poly([(-8, -8), (-4, -13), (4, -13), (8, -8), (0, -11)], hair)
    p.poly([(-8.5, -9), (-7, -12), (7, -12), (8.5, -9)], jade)  # a jade scarf
    p.poly([(7, -10), (13, -6), (12, -3), (6, -8)], jade)
    _eyes(p)
    p.arc((0, -2), 3, 200, 340, (150, 50, 60), 1)
    for s in (-1, 1):
        p.circle((s * 7.5, 0), 2.2, GOLD, 0.8)  # hoop earrings


def harry(p: Pen) -> None:
    beard = (200, 96, 30)
    _bust(p, (140, 84, 36), face_rx=9.5)
    p.poly([(-10, -3), (-9, 6), (-4, 12), (0, 13), (4, 12), (9, 6), (10, -3), (4, 1), (-4, 1)],
           beard)  # fmt: skip
    p.ellipse((0, -1), 4.5, 1.6, (170, 70, 20))
    p.ellipse((-3, -11), 3, 1.4, (250, 236, 220))  # a bald head's shine
    for s in (-1, 1):
        p.line((s * 1.5, -7.5), (s * 6, -8.5), beard, 1.4)
    _eyes(p, y=-5.5)
    p.circle((9.5, -3), 1.3, GOLD, 0.6)


def tigress(p: Pen) -> None:
    fur, stripe, white = (232, 128, 28), (30, 20, 14), (250, 244, 230)
    for s in (-1, 1):
        p.poly([(s * 6, -12), (s * 13, -19), (s * 14, -8)], fur)
        p.poly([(s * 8, -12), (s * 12.5, -16.5), (s * 12.5, -10)], (240, 170, 160))
    p.ellipse((0, -2), 14, 13, fur)
    p.ellipse((0, 5), 8, 6, white)
    for s in (-1, 1):
        p.ellipse((s * 4, 4), 4.5, 4, white)
        for dy in (-2, 2):
            p.line((s * 11, dy - 1), (s * 15, dy), stripe, 1.1)
        p.poly([(s * 3, -7), (s * 7.5, -8), (s * 6.5, -5.5)], (110, 180, 60))
        p.circle((s * 5.4, -6.9), 0.9, INK)
    for x in (-4, 0, 4):
        p.line((x, -14), (x * 0.6, -9), stripe, 1.2)
    p.poly([(-2, 1), (2, 1), (0, 3)], (200, 80, 90))
    p.line((0, 3), (0, 5), INK, 0.6)


def skull_king(p: Pen) -> None:
    bone, steel = (244, 238, 222), (200, 204, 214)
    for s in (-1, 1):  # crossed swords behind
        p.line((s * -18, 18), (s * 14, -14), steel, 1.6)
        p.line((s * -15, 11), (s * -11, 15), GOLD, 1.8)
    p.circle((0, -2), 11, bone)
    p.rect(-6, 5, 12, 8, bone, 2)
    for s in (-1, 1):
        p.ellipse((s * 4.2, -2), 3, 3.4, (30, 20, 24))
    p.poly([(0, 2), (-1.5, 5), (1.5, 5)], (30, 20, 24))
    for x in (-3.5, 0, 3.5):
        p.line((x, 8.5), (x, 12.5), (120, 110, 100), 0.7)
    crown = [(-11, -9), (-12, -20), (-6, -14), (0, -22), (6, -14), (12, -20), (11, -9)]
    p.poly(crown, GOLD)
    p.poly(crown, (150, 110, 20), 0.6)
    for x, c in ((-6, (200, 30, 40)), (0, (40, 90, 200)), (6, (200, 30, 40))):
        p.circle((x, -11.5), 1.4, c)


def mermaid(p: Pen) -> None:
    tail, hair, shell = (30, 170, 150), (220, 110, 40), (180, 90, 190)
    for b in ((-14, -14, 1.4), (-11, -6, 1.0), (15, -10, 1.2)):
        p.circle(b[:2], b[2], (170, 220, 240), 0.5)
    p.ellipse((0, -6), 9, 13, hair)
    p.poly([(-6, 2), (6, 2), (4, 10), (8, 16), (4, 21), (-2, 12), (-6, 6)], tail)
    p.poly([(4, 17), (14, 14), (11, 21), (6, 22)], tail)
    p.poly([(4, 17), (1, 24), (-5, 22), (2, 18)], tail)
    for y in (5, 9, 13):
        p.arc((0, y), 3.5, 200, 340, (20, 120, 110), 0.6)
    p.rect(-5, -5, 10, 8, SKIN, 3)
    for s in (-1, 1):
        p.circle((s * 2.6, -3), 2.4, shell)
        p.line((s * 5, -3), (s * 10, 4), SKIN, 2)
    p.ellipse((0, -10), 5, 6, SKIN)
    p.poly([(-5, -12), (0, -17), (5, -12), (6, -6), (3, -12), (-3, -12), (-6, -6)], hair)
    p.circle((-2, -10), 0.8, INK)
    p.circle((2, -10), 0.8, INK)
    p.arc((0, -8), 2, 210, 330, (180, 60, 70), 0.7)


def escape(p: Pen) -> None:
    p.line((-10, -19), (-10, 20), (120, 84, 50), 2)
    p.circle((-10, -19.5), 1.6, GOLD)
    wave = [(-9 + 2.2 * i, -17 + 1.8 * math.sin(i / 1.3)) for i in range(11)]
    p.poly([*wave, *[(x, y + 16) for x, y in reversed(wave)]], WHITE)
    p.lines([*wave], (170, 176, 180), 0.6)
    for i in range(3):
        y = 15 + i * 2.5
        p.lines([(-20 + 4 * j, y + math.sin(j) * 1.2) for j in range(11)], (200, 226, 240), 0.8)


def loot(p: Pen) -> None:
    sack, tie = (170, 128, 70), (110, 70, 30)
    p.poly([(-11, -6), (-15, 6), (-12, 16), (0, 19), (12, 16), (15, 6), (11, -6)], sack)
    p.poly([(-6, -9), (-9, -16), (-3, -13), (0, -18), (3, -13), (9, -16), (6, -9)], sack)
    p.rect(-7, -10, 14, 3, tie, 1.2)
    p.circle((0, 5), 6.5, GOLD)
    p.text("$", 44, (110, 70, 30), (0, 5))
    for x, y in ((-14, 18), (-8, 20), (9, 20), (15, 17), (12, 13)):
        p.ellipse((x, y), 3.6, 2, GOLD)
        p.ellipse((x, y), 3.6, 2, (160, 110, 10), 0.5)


def kraken(p: Pen) -> None:
    body, sucker = (150, 70, 170), (230, 190, 230)
    for i in range(6):
        a = math.pi * (0.15 + 0.7 * i / 5)
        pts = []
        for j in range(9):
            r = 4 + j * 2.2
            t = a + 0.35 * math.sin(j / 1.4 + i)
            pts.append((r * math.cos(t) * 1.2, 2 + r * math.sin(t)))
        for j, (a0, b0) in enumerate(itertools.pairwise(pts)):
            p.line(a0, b0, body, 3.4 - j * 0.3)
        for q in pts[2:7:2]:
            p.circle(q, 0.7, sucker)
    p.ellipse((0, -7), 11, 13, body)
    p.ellipse((-3, -11), 3, 4, (180, 110, 200))
    for s in (-1, 1):
        p.ellipse((s * 4.5, -3), 2.8, 2.2, (250, 220, 60))
        p.ellipse((s * 4.5, -3), 0.8, 1.8, INK)


def white_whale(p: Pen) -> None:
    whale = (240, 244, 248)
    for s in (-1, 1):
        p.line((-5, -10), (-5 + s * 3, -18), (170, 210, 240), 1.2)
    p.circle((-5, -19), 1.2, (170, 210, 240))
    body = [(-18, 0), (-16, -6), (-8, -9), (4, -8), (12, -4), (16, 0), (20, -6), (22, -5),
            (19, 2), (22, 8), (20, 9), (15, 4), (8, 7), (-6, 8), (-15, 6)]  # fmt: skip
    p.poly(body, whale)
    p.poly(body, (160, 170, 184), 0.6)
    p.line((-17, 3), (-9, 4), (150, 160, 176), 0.8)
    p.circle((-11, -2), 1.2, INK)
    p.poly([(-2, 5), (3, 11), (5, 6)], (214, 222, 232))
    for i in range(2):
        y = 14 + i * 3
        p.lines([(-20 + 4 * j, y + math.sin(j + i) * 1.2) for j in range(11)], (90, 140, 190), 1)


FIGURES = {
    "ROSIE": rosie,
    "WILL": will,
    "RASCAL": rascal,
    "JUANITA": juanita,
    "HARRY": harry,
    "TIGRESS": tigress,
    "TIGRESS:PIRATE": tigress,
    "TIGRESS:ESCAPE": tigress,
    "SKULLKING": skull_king,
    "MERMAID": mermaid,
    "ESCAPE": escape,
    "LOOT": loot,
    "KRAKEN": kraken,
    "WHALE": white_whale,
}


def _lighter(c, f: float = 0.35) -> tuple[int, int, int]:
    return (round(c[0] + (255 - c[0]) * f), round(c[1] + (255 - c[1]) * f),
            round(c[2] + (255 - c[2]) * f))  # fmt: skip


@lru_cache(maxsize=96)
def _art(code: str) -> pygame.Surface:
    """A card's picture (all but its small words), drawn large once."""
    img, pen = art_surface()
    if _numbered(code):
        suit = code[0]
        colour = SUIT_COLOURS[suit]
        card_base(pen, PAPER, EDGE)
        pen.rect(3.5, 3.5, CARD_W - 7, CARD_H - 7, colour, 5, 1.6)  # the suit's frame
        pen.circle((CARD_W / 2, 62), 24, _lighter(colour, 0.82))
        EMBLEMS[suit](_sub(pen, (CARD_W / 2, 62), 44))
        sign_y = MARGIN + _rank_font(1.0).get_height() - 2 + SIGN / 2  # under the number
        EMBLEMS[suit](_sub(pen, (MARGIN + SIGN / 2, sign_y), SIGN + 2))
        EMBLEMS[suit](_sub(pen, (CARD_W - MARGIN - SIGN / 2, CARD_H - sign_y), SIGN + 2))
        return img
    _name, caption, colour = SPECIALS[code]
    card_base(pen, colour, EDGE)
    pen.rect(3.5, 3.5, CARD_W - 7, CARD_H - 7, _lighter(colour, 0.25), 5)
    pen.circle((CARD_W / 2, 64), 30, _lighter(colour, 0.45))
    pen.rect(3.5, 3.5, CARD_W - 7, 22, _lighter(colour, 0.7), 5)  # the name plate
    pen.rect(3.5, 3.5, CARD_W - 7, CARD_H - 7, WHITE, 5, 0.8)
    FIGURES[code](_sub(pen, (CARD_W / 2, 64), 62))
    if code == "TIGRESS:PIRATE":  # her cutlass: she plays as a pirate
        sword = _sub(pen, (CARD_W - 16, 38), 20)
        sword.poly([(-12, 12), (10, -14), (14, -16), (12, -10), (-10, 14)], (232, 234, 240))
        sword.line((-16, 8), (-8, 16), GOLD, 3)
        sword.line((-13, 13), (-18, 18), (90, 60, 30), 3.4)
    if code == "TIGRESS:ESCAPE":
        escape(_sub(pen, (CARD_W - 15, 36), 16))
    if caption:
        pen.rect(10, CARD_H - 19, CARD_W - 20, 12, (250, 246, 236, 230), 4)
    return img


UNDERLINED = ("6", "9")  # alike upside down: underlined, as printed cards are


def _rank_label(rank: str, scale: float, colour) -> pygame.Surface:
    """A number card's rank for its index; a 6 or a 9 underlined, so each reads the right way
    up in either corner."""
    font = _rank_font(scale)
    label = font.render(rank, True, colour)
    if rank in UNDERLINED:
        thick = max(1, round(2.5 * scale))
        y = min(font.get_ascent() + thick, label.get_height() - thick)
        pygame.draw.rect(label, colour, (1, y, label.get_width() - 2, thick))
    return label


@lru_cache(maxsize=768)
def card_face(code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
    """A card's face at `scale` of the table's card size; `dim` shades it (not playable now)."""
    if dim:
        return dimmed(card_face(code, scale), scale, 150)
    img = shrink(_art(code), scale)
    if _numbered(code):
        colour = INDEX_COLOURS[code[0]]
        box = index_box(code, scale)
        label = _rank_label(code[1:], scale, colour)
        img.blit(label, box.topleft)
        turned = pygame.transform.rotate(label, 180)
        w, h = img.get_size()
        img.blit(turned, turned.get_rect(bottomright=(w - box.x, h - box.y)))
        return img
    name, caption, colour = SPECIALS[code]
    box = index_box(code, scale)
    label = theme.rendered(name, _index_size(name, scale), INK, True)
    img.blit(label, box.topleft)
    if caption:
        size = max(10, round(15 * scale))
        words = theme.rendered(caption, size, INK)
        if words.get_width() > (CARD_W - 22) * scale:
            words = pygame.transform.smoothscale(
                words, (round((CARD_W - 22) * scale), words.get_height())
            )
        img.blit(words, words.get_rect(center=(img.get_width() / 2, (CARD_H - 13) * scale)))
    return img


@lru_cache(maxsize=1)
def _back_art() -> pygame.Surface:
    """Skull King's back: a night sea blue with a gold compass rose and a skull at its heart."""
    img, pen = art_surface()
    navy, gold, deep = (22, 32, 58), (214, 172, 70), (14, 20, 38)
    card_base(pen, navy, (10, 12, 20))
    pen.rect(5, 5, CARD_W - 10, CARD_H - 10, gold, 5, 1.2)
    for i in range(0, 44):  # a rope border
        t = i / 44
        x = 8 + (CARD_W - 16) * t
        pen.line((x, 8.5), (x + 1.6, 10.5), gold, 0.7)
        pen.line((x, CARD_H - 10.5), (x + 1.6, CARD_H - 8.5), gold, 0.7)
    c = (CARD_W / 2, CARD_H / 2)
    pen.circle(c, 26, deep)
    pen.circle(c, 26, gold, 0.8)
    pen.poly(star(c, 30, 0.18, 4, 45), (140, 110, 50))
    pen.poly(star(c, 34, 0.2, 4), gold)
    pen.circle(c, 10, navy)
    jolly = _sub(pen, c, 22)
    jolly.circle((0, -3), 9, WHITE)
    jolly.rect(-5, 2, 10, 7, WHITE, 2)
    for s in (-1, 1):
        jolly.circle((s * 3.5, -3), 2.6, navy)
    for y, word in ((18, "SKULL"), (CARD_H - 18, "KING")):
        pen.text(word, 12, gold, (CARD_W / 2, y))
    return img


@lru_cache(maxsize=32)
def card_back(scale: float = 1.0) -> pygame.Surface:
    return shrink(_back_art(), scale)


BACKS["skull-king"] = card_back


__all__ = ["INDEX_W", "MARGIN", "SPECIALS", "SUIT_WORDS", "card_back", "card_face", "index_box"]
