"""Where Skip-Bo's things lie on the table for a window's size and seats: each seat's mat (its
strip, stock and four discard piles, the others' across the top, the viewer's bottom left), the
viewer's hand beside it, the draw pile and the building piles in the middle; and what a seat's
strip says in the width it has."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W
from skully_game.scenes.cardtable.layout import PANEL_W
from skully_game.shell import theme

HEADER_H = 24  # a seat's strip: name, stock, hand
FACT_SIZE = 15  # the seat's facts after its name
TO_PLAY = "to play"
GAP = 6  # between piles
MID_SCALE = 0.9  # the building piles at their largest
MID_WORDS = 40  # under them: their needs, the draw pile's count and the set-aside cards
FAN_MOST = 2.64  # a discard pile's room below its first card, at most: 12 cards, each readable
OPP_GAP = 4  # between the others' piles: narrow, so that three mats fit a small window's width
OPP_APART = 7  # between the others' stocks and their discard piles
OPP_MOST = 0.9  # the others' cards at most this much of the viewer's own
OPP_FAN = 1.45  # one row of others: room below their first cards for eight readable
OPP_FAN_ROWS = 0.45  # two rows: a shorter fan (the top cards, the rest counted under them)
MID_LEAST = 0.75  # the building piles' least scale the others' cards leave them
MAT_GAP = 6  # the least gap between two of the others' mats
MAT_SPREAD = 40  # the most: a row of mats stays together, centred
PANEL_CLEAR = 20  # the hand's room ends this far short of the side panel: a lit card's frame
# (5 px round it) stays well clear of it, the cards overlapping a little more when narrow


def squared_under(rects: list[pygame.Rect]) -> int:
    """How many of a pile's card rects (bottom first) lie squared up under the first shown."""
    return sum(1 for r in rects[1:] if r.topleft == rects[0].topleft)


@dataclass(frozen=True)
class Mat:
    """Where one seat's things lie: its strip, its stock and its four discard piles."""

    seat: int
    strip: pygame.Rect
    stock: pygame.Rect  # the stock's card
    piles: tuple[pygame.Rect, ...]  # each discard pile's first card
    scale: float
    room: int  # how far a discard pile may fan downwards past its first card

    def pile_rects(self, k: int, count: int) -> list[pygame.Rect]:
        """The rects of discard pile k's cards, bottom first, fanned so every one shows; a pile
        too tall for its room fans its top cards at a step whose corner numbers still read, the
        ones below squared up under the first (`hidden_under` counts them)."""
        base = self.piles[k]
        if count <= 1:
            return [base.copy()] if count else []
        step = min(round(base.h * 0.24), self.room / (count - 1))
        readable = self.readable_step(k)
        if round(step) >= readable:
            return [base.move(0, round(step * j)) for j in range(count)]
        shown = int(self.room // readable) + 1
        under = count - shown
        return [base.copy() for _ in range(under)] + [
            base.move(0, round(readable * j)) for j in range(shown)
        ]

    def readable_step(self, k: int) -> int:
        """The least step between fanned cards at which each one's corner number reads."""
        return max(12, round(self.piles[k].h * 0.2))

    def hidden_under(self, k: int, count: int) -> int:
        """How many of pile k's cards lie squared up under its fan (0: every one shows)."""
        return squared_under(self.pile_rects(k, count))

    def column(self, k: int) -> pygame.Rect:
        """All the room of discard pile k: what a drop hits."""
        base = self.piles[k]
        return pygame.Rect(base.x, base.y, base.w, base.h + self.room)


@dataclass(frozen=True)
class Geometry:
    """Every place of the table, as `lay_out` finds them."""

    mats: dict[int, Mat]
    builds: tuple[pygame.Rect, ...]
    draw: pygame.Rect
    build_scale: float
    prompt_y: int
    hand: pygame.Rect  # where the viewer's hand fans


def lay_out(size: tuple[int, int], n: int, viewer: int) -> Geometry:
    """The table's places for `n` seats seen from `viewer`'s seat in a window of `size`: the
    others' mats centred along the top (a second row from four of them), their cards as large
    as the width and height allow (never larger than the viewer's own), the building piles
    centred between, the viewer's mat bottom left with the hand beside it."""
    w, h = size
    table = pygame.Rect(0, 0, w - PANEL_W, h)
    order = [(viewer + k) % n for k in range(1, n)]
    rows = 1 if len(order) <= 3 else 2
    cols = math.ceil(len(order) / rows)
    small = h < 720
    s_own = 0.62 if small else 0.72
    own_room = round(CARD_H * s_own * 0.8)
    top = 34
    own_block = 6 + 32 + HEADER_H + 4 + round(CARD_H * s_own) + own_room + 10
    # the others' cards: as wide as their columns allow, as tall as the rows left over by the
    # middle (at its least) allow, each row with room for a short fan below its first cards
    fan = OPP_FAN if rows == 1 else OPP_FAN_ROWS
    band = h - top - 4 - own_block - (round(CARD_H * MID_LEAST) + MID_WORDS)
    s_tall = (band / rows - HEADER_H - 10) / (CARD_H * (1 + fan))
    s_wide = ((table.w - 16 - (cols - 1) * MAT_GAP) / cols - OPP_APART - 3 * OPP_GAP - 3) / (
        5 * CARD_W
    )
    s_opp = max(0.3, min(OPP_MOST * s_own, s_tall, s_wide))
    opp_room = round(CARD_H * s_opp * fan)
    # the height the middle does not need, its piles at their largest with their words
    # under them, goes to the discard piles' fans (the viewer's first): a long pile spreads out
    held = top + rows * (HEADER_H + 4 + round(CARD_H * s_opp) + opp_room + 6) + 4
    held += own_block
    spare = h - held - (round(CARD_H * MID_SCALE) + MID_WORDS)
    if spare > 0:
        own_add = min(spare, max(0, round(CARD_H * s_own * FAN_MOST) - own_room))
        opp_most = round(CARD_H * s_opp * FAN_MOST) - opp_room
        opp_room += max(0, min((spare - own_add) // rows, opp_most))
        own_room += own_add
    mats: dict[int, Mat] = {}
    mat_h = HEADER_H + 4 + round(CARD_H * s_opp) + opp_room + 6
    mat_w = _mat_width(s_opp, OPP_GAP, OPP_APART)
    for r in range(rows):
        seats = order[r * cols : (r + 1) * cols]
        room_w = table.w - 16 - len(seats) * mat_w
        between = min(MAT_SPREAD, room_w // max(1, len(seats) - 1)) if len(seats) > 1 else 0
        x = table.centerx - (len(seats) * mat_w + (len(seats) - 1) * between) // 2
        for seat in seats:
            y = top + r * mat_h
            mats[seat] = _mat(seat, x, y, mat_w, s_opp, opp_room, OPP_GAP, OPP_APART)
            x += mat_w + between
    # the viewer's mat, bottom left, and the hand beside it
    own_w = _mat_width(s_own, GAP, GAP + 8)
    own_y = h - 10 - round(CARD_H * s_own) - own_room - HEADER_H - 4
    mats[viewer] = _mat(viewer, 8, own_y, own_w, s_own, own_room, GAP, GAP + 8)
    hand = pygame.Rect(own_w + 28, own_y, table.w - own_w - 28 - PANEL_CLEAR, h - own_y)
    prompt_y = own_y - 32
    # the middle: the draw pile and the four building piles
    mid_top = top + rows * mat_h + 4
    mid_h = prompt_y - 6 - mid_top
    s_mid = max(0.4, min(MID_SCALE, (mid_h - 22) / CARD_H, (table.w - 80) / (5.6 * CARD_W)))
    cw, ch = round(CARD_W * s_mid), round(CARD_H * s_mid)
    step = cw + max(14, round(cw * 0.3))
    x = table.centerx - round(step * 4.4 + cw) // 2
    y = mid_top + (mid_h - 22 - ch) // 2
    draw = pygame.Rect(x, y, cw, ch)
    builds = tuple(pygame.Rect(x + round(step * (1.4 + k)), y, cw, ch) for k in range(4))
    return Geometry(mats, builds, draw, s_mid, prompt_y, hand)


def fit_header(
    name: str, level: str, badges: list[str], figures: list[str], width: int, acting: bool
) -> tuple[str, str, bool]:
    """A seat's strip in `width` pixels: its name, its facts (" · build-first · with Mary ·
    hand 5") and whether "to play" shows. A computer's level and the partner always stay:
    the figures go first (the least telling, the hand, before the points), then the name is
    cut short (to a few letters), then "to play" (the strip's frame still says it); a strip
    narrower still cuts the facts' end, never the level, which comes first."""
    facts = [level] if level else []
    facts += badges
    to_play_w = theme.font(15, True).size(TO_PLAY)[0] + 10
    least = theme.font(17, True).size("Wi...")[0]
    words = ""
    for show in (True, False) if acting else (False,):
        room = width - (to_play_w if show else 0)
        for keep in range(len(figures), -1, -1):
            words = " · ".join(facts + figures[:keep])
            words = " · " + words if words else ""
            if theme.font(17, True).size(name)[0] + theme.font(FACT_SIZE).size(words)[0] <= room:
                return name, words, show
        left = room - theme.font(FACT_SIZE).size(words)[0]  # no figures: the name gives way
        if left >= least:
            return panels.fit_bold(name, 17, left), words, show
    short = panels.fit_bold(name, 17, least)
    left = width - theme.font(17, True).size(short)[0]
    return short, theme.fit(words, FACT_SIZE, left), False


def _mat_width(scale: float, gap: int, apart: int) -> int:
    """A mat's width: its stock, `apart` from four discard piles `gap` apart."""
    return 5 * round(CARD_W * scale) + apart + 3 * gap


def _mat(
    seat: int, x: int, y: int, width: int, scale: float, room: int, gap: int, apart: int
) -> Mat:
    cw, ch = round(CARD_W * scale), round(CARD_H * scale)
    strip = pygame.Rect(x, y, width, HEADER_H)
    top = y + HEADER_H + 4
    stock = pygame.Rect(x, top, cw, ch)
    first = x + cw + apart
    piles = tuple(pygame.Rect(first + (cw + gap) * k, top, cw, ch) for k in range(4))
    return Mat(seat, strip, stock, piles, scale, room)


__all__ = [
    "FACT_SIZE",
    "GAP",
    "HEADER_H",
    "PANEL_CLEAR",
    "TO_PLAY",
    "Geometry",
    "Mat",
    "fit_header",
    "lay_out",
]
