"""Skip-Bo cards drawn by the program: numbers 1-12 and the SKIP-BO wild, no image files.

A number card is a light face with its number large in the middle, and a band of its colour
across each end carrying the number in white (so a fanned card still shows it): the game's
three colours by value, 1-4 blue, 5-8 green, 9-12 red. The SKIP-BO wild is a different card altogether: an orange face
crossed by a cream band with the word SKIP-BO, and stars where a number card has its corners.
A wild on a building pile shows the number it stands for in round badges (`wild_as`).
Stars and badges are drawn as shapes; the only text is digits and the word SKIP-BO.
Faces are cached per (code, size, dimmed).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from cards.skip_bo.cards import NUMBERS, WILD, from_code
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W, SS, shrink
from skully_game.shell import theme

PAPER = (250, 248, 240)
EDGE = (120, 116, 104)
BLUE = (22, 88, 200)
GREEN = (18, 138, 58)
RED = (206, 30, 40)
WILD_ORANGE = (238, 116, 26)
WILD_DEEP = (178, 62, 14)
WILD_BAND = (255, 244, 214)
WILD_TEXT = (176, 24, 30)
STAR = (255, 214, 64)
PILE_LINE = (226, 222, 206, 150)
PILE_FILL = (255, 255, 255, 16)


def number_colour(value: int) -> tuple[int, int, int]:
    """The band colour of a number: 1-4 blue, 5-8 green, 9-12 red."""
    return BLUE if value <= 4 else GREEN if value <= 8 else RED


def _size(scale: float) -> tuple[int, int]:
    return round(CARD_W * scale), round(CARD_H * scale)


def _radius(scale: float) -> int:
    return max(2, round(8 * scale))


def _numeral(value: int, size: int, colour, width: int) -> pygame.Surface:
    """A bold number at a font size, squeezed sideways (never shrunk in height) to fit `width`."""
    img = theme.rendered(str(value), size, colour, True, "numbers")
    if value in (6, 9):  # underlined, as on printed cards: upside down, a 6 and a 9 look alike
        img = img.copy()
        thick = max(1, round(size / 14))
        y = min(img.get_height() - thick, theme.font(size, True, "numbers").get_ascent() + thick)
        inset = img.get_width() // 6
        pygame.draw.rect(img, colour, (inset, y, img.get_width() - 2 * inset, thick))
    if img.get_width() > width:
        img = pygame.transform.smoothscale(img, (width, img.get_height()))
    return img


def _rounded(img: pygame.Surface, radius: int) -> pygame.Surface:
    """`img` with everything outside a rounded rectangle of its size made transparent."""
    mask = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return img


def _finish(img: pygame.Surface, scale: float, edge, dim: bool) -> pygame.Surface:
    """The card's outline, and the shade of a card that cannot be played now."""
    rect, radius = img.get_rect(), _radius(scale)
    pygame.draw.rect(img, edge, rect, max(1, round(2 * scale)), border_radius=radius)
    if dim:
        shade = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 120), rect, border_radius=radius)
        img.blit(shade, (0, 0))
    return img


def draw_star(
    surface: pygame.Surface, centre: tuple[float, float], r: float, colour, outline=None
) -> None:
    """A five-pointed star of outer radius `r`, with an optional dark outline."""
    x, y = centre
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)
    if outline is not None:
        pygame.draw.polygon(surface, outline, pts, max(1, round(r / 7)))


BAND = 0.2  # of a card's height: the colour band at each end, as much as a fanned pile shows


def band_height(h: int) -> int:
    """The colour band's height on a card `h` high (a discard pile's fan shows it whole)."""
    return max(8, round(h * BAND))


def _number_face(value: int, scale: float) -> pygame.Surface:
    """A number card as Mattel prints it, made plainer: a band of the number's colour across
    each end carrying the number in white (all a fanned discard pile shows of a card, so
    every card in it reads), and the number large in the middle, in its colour."""
    w, h = _size(scale)
    colour = number_colour(value)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(img, PAPER, img.get_rect(), border_radius=_radius(scale))
    band = band_height(h)
    # the bands: drawn as the card's own rounded shape, cut to each end
    ends = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(ends, colour, ends.get_rect(), border_radius=_radius(scale))
    img.blit(ends, (0, 0), pygame.Rect(0, 0, w, band))
    img.blit(ends, (0, h - band), pygame.Rect(0, h - band, w, band))
    # the corners' numbers in white on the bands: top left, and upside down at the bottom right
    small = _numeral(value, max(12, round(26 * scale)), PAPER, max(14, round(30 * scale)))
    if small.get_height() > band + 4:
        small = pygame.transform.smoothscale(
            small, (small.get_width() * (band + 4) // small.get_height(), band + 4)
        )
    pad = max(3, round(8 * scale))
    img.blit(small, small.get_rect(midleft=(pad, band // 2 + 1)))
    img.blit(
        pygame.transform.rotate(small, 180),
        small.get_rect(midright=(w - pad, h - band // 2 - 1)),
    )
    # the middle: a soft disc of the colour behind the large number
    centre = (w / 2, h / 2)
    disc = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.circle(disc, (*colour, 40), centre, 31 * scale)
    img.blit(disc, (0, 0))
    big = _numeral(value, max(16, round(66 * scale)), colour, round(w * 0.8))
    img.blit(big, big.get_rect(center=(w / 2, h / 2 + 2 * scale)))
    return img


def _wild_face(scale: float, marks: bool = True) -> pygame.Surface:
    """The SKIP-BO card: orange, a diagonal cream band carrying the word, stars in two corners."""
    w, h = _size(scale)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    img.fill(WILD_ORANGE)
    # Rays from the middle, a shade deeper: a face no number card has.
    cx, cy = w / 2, h / 2
    reach = math.hypot(w, h)
    for i in range(12):
        a0 = i * math.pi / 6
        a1 = a0 + math.pi / 14
        pygame.draw.polygon(
            img,
            (226, 98, 18),
            [(cx, cy), (cx + reach * math.cos(a0), cy + reach * math.sin(a0)),
             (cx + reach * math.cos(a1), cy + reach * math.sin(a1))],
        )  # fmt: skip
    # The band, from the bottom left to the top right, with SKIP-BO along it.
    angle = math.degrees(math.atan2(h, w))
    length = round(reach * 1.1)
    band_h = max(13, round(30 * scale))
    band = pygame.Surface((length, band_h), pygame.SRCALPHA)
    band.fill(WILD_BAND)
    rule = max(1, round(2 * scale))
    pygame.draw.line(band, WILD_DEEP, (0, 0), (length, 0), rule)
    pygame.draw.line(band, WILD_DEEP, (0, band_h - 1), (length, band_h - 1), rule)
    word = theme.rendered("SKIP-BO", max(13, round(26 * scale)), WILD_TEXT, True)
    room = round(reach * 0.78)
    if word.get_width() > room:
        word = pygame.transform.smoothscale(word, (room, word.get_height()))
    band.blit(word, word.get_rect(center=(length / 2, band_h / 2 + scale)))
    band = pygame.transform.rotozoom(band, angle, 1.0)
    img.blit(band, band.get_rect(center=(cx, cy)))
    if marks:
        r = max(4.0, 11 * scale)
        pad = max(3, round(7 * scale))
        draw_star(img, (pad + r, pad + r), r, STAR, WILD_DEEP)
        draw_star(img, (w - pad - r, h - pad - r), r, STAR, WILD_DEEP)
    return _rounded(img, _radius(scale))


def _badge(img: pygame.Surface, value: int, centre: tuple[float, float], scale: float) -> None:
    """A round badge in the number's colour with the number in white, ringed to stand off orange."""
    r = max(7.0, 16 * scale)
    pygame.draw.circle(img, (255, 255, 255), centre, r + max(1.0, 2 * scale))
    pygame.draw.circle(img, number_colour(value), centre, r)
    label = _numeral(value, max(11, round(25 * scale)), (255, 255, 255), round(1.6 * r))
    img.blit(label, label.get_rect(center=(centre[0], centre[1] + scale)))


@lru_cache(maxsize=2)
def _wild_art(marks: bool) -> pygame.Surface:
    """The SKIP-BO card drawn large once: its rays, band and stars are smooth when scaled."""
    return _finish(_wild_face(SS, marks), SS, WILD_DEEP, False)


@lru_cache(maxsize=512)
def card_image(code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
    """A card's face ("W" or "1".."12") at `scale` of the table's card size; `dim` darkens it."""
    card = from_code(code)
    if card == WILD:
        img = shrink(_wild_art(True), scale)
        return _finish(img, scale, WILD_DEEP, dim) if dim else img
    return _finish(_number_face(card, scale), scale, EDGE, dim)


@lru_cache(maxsize=64)
def wild_as(value: int, scale: float = 1.0) -> pygame.Surface:
    """A SKIP-BO card on a building pile, standing for `value`: badges in the corners say which."""
    if value not in NUMBERS:
        raise ValueError(f"a wild stands for 1-12, not {value!r}")
    w, h = _size(scale)
    img = shrink(_wild_art(False), scale)
    r = max(7.0, 16 * scale)
    pad = max(2.0, 5 * scale)
    _badge(img, value, (pad + r, pad + r), scale)
    _badge(img, value, (w - pad - r, h - pad - r), scale)
    return img


def _dashed(surface: pygame.Surface, a, b, colour, width: int, dash: float, gap: float) -> None:
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        pygame.draw.line(
            surface, colour, (x0 + ux * t, y0 + uy * t), (x0 + ux * e, y0 + uy * e), width
        )
        t = e + gap


@lru_cache(maxsize=64)
def pile_base(scale: float = 1.0, label: str = "") -> pygame.Surface:
    """An empty pile's place: a faint dashed rounded outline, with a small label in the middle."""
    w, h = _size(scale)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = _radius(scale)
    pygame.draw.rect(img, PILE_FILL, img.get_rect(), border_radius=radius)
    width = max(1, round(2 * scale))
    half = width / 2
    dash, gap = max(3.0, 8 * scale), max(2.0, 5 * scale)
    left, top, right, bottom = half, half, w - 1 - half, h - 1 - half
    _dashed(img, (left + radius, top), (right - radius, top), PILE_LINE, width, dash, gap)
    _dashed(img, (left + radius, bottom), (right - radius, bottom), PILE_LINE, width, dash, gap)
    _dashed(img, (left, top + radius), (left, bottom - radius), PILE_LINE, width, dash, gap)
    _dashed(img, (right, top + radius), (right, bottom - radius), PILE_LINE, width, dash, gap)
    d = 2 * radius
    for rect, start in (
        (pygame.Rect(0, 0, d, d), math.pi / 2),
        (pygame.Rect(w - d, 0, d, d), 0.0),
        (pygame.Rect(0, h - d, d, d), math.pi),
        (pygame.Rect(w - d, h - d, d, d), 1.5 * math.pi),
    ):
        pygame.draw.arc(img, PILE_LINE, rect, start, start + math.pi / 2, width)
    if label:
        size = max(14, round(30 * scale)) if len(label) <= 2 else max(12, round(18 * scale))
        text = theme.rendered(label, size, PILE_LINE[:3], len(label) <= 2)
        if text.get_width() > w - 6:
            text = pygame.transform.smoothscale(text, (w - 6, text.get_height()))
        else:
            text = text.copy()  # the theme's cached line is shared: fade a copy
        text.set_alpha(PILE_LINE[3])
        img.blit(text, text.get_rect(center=(w / 2, h / 2)))
    return img


__all__ = ["band_height", "card_image", "draw_star", "number_colour", "pile_base", "wild_as"]
