"""The cards played so far this round: every finished trick of the round, one row each, its
cards in a column per seat, the winning card outlined and the one that led marked, with who
took it in words (Board Game Arena shows the same). Every card in it was played face up, so it
is public: anyone at the desk may look, at any time of play, pass screens included, with the
Tricks button or the T key (Esc, T or a click outside closes it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from cards.skull_king import events as ev
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W
from skully_game.scenes.skull_king.adapter import card_name
from skully_game.scenes.skull_king.lasttrick import LastTrick, finished_tricks
from skully_game.shell import theme

KEY = pygame.K_t
LABEL = "Tricks (T)"
CLOSE = "Close tricks"
TIP = "T: every trick played this round, by seat, and who took each"
TIP_NONE = "No trick has been played yet this round"
LARGEST = 0.6  # the cards' largest scale (a round of one or two tricks)
SMALLEST = 0.28  # ... and their smallest (ten tricks in a 580-high window)
NUMBER_W = 34  # the column of trick numbers
TOP = 62  # the title and the seats' names above the rows
FOOT = 24  # the key's line under them
WORDS_MIN = 150  # the words column's least width: narrower, the words go under the cards


@dataclass(frozen=True)
class RoundTricks:
    """The tricks of one round as the table has shown them."""

    round_no: int  # from 1 (0: no round dealt yet)
    tricks: tuple[LastTrick, ...]
    ended: bool  # the round is over (its last trick or its summary on show)

    def title(self) -> str:
        if self.ended:
            return f"Round {self.round_no}: every trick"
        return f"Round {self.round_no}: the tricks so far"


def round_tricks(
    events: Sequence[ev.Event], names: Sequence[str], skip: int, ended: bool
) -> RoundTricks:
    """The round's finished tricks in `events` (`skip` more recent ones left out: those the
    table has not shown yet). `ended`: the table still shows a round that is over (its last
    trick, its summary) though the game has dealt the next: that round's tricks, not the next's."""
    found = finished_tricks(events, names)
    shown = found[: len(found) - skip] if skip else found
    current = max((e.round_index + 1 for e in events if isinstance(e, ev.Dealt)), default=0)
    round_no = shown[-1].round_no if ended and shown else current
    return RoundTricks(round_no, tuple(t for t in shown if t.round_no == round_no), ended)


def button_rect(last_trick: pygame.Rect) -> pygame.Rect:
    """The button, just left of the Last trick button in the header line."""
    return pygame.Rect(last_trick.x - 8 - 100, last_trick.y, 100, last_trick.h)


@dataclass(frozen=True)
class Grid:
    """Where the panel puts each thing: the cards' scale, the seats' columns, the rows."""

    box: pygame.Rect
    scale: float
    columns: tuple[int, ...]  # each seat's column's left edge
    column_w: int
    row_h: int
    words_x: int  # where the words start (right of the cards), or -1: under the cards
    rows_y: int

    def card_rect(self, row: int, seat: int) -> pygame.Rect:
        w, h = round(CARD_W * self.scale), round(CARD_H * self.scale)
        x = self.columns[seat] + (self.column_w - w) // 2
        return pygame.Rect(x, self.rows_y + row * self.row_h, w, h)


def grid(area: pygame.Rect, seats: int, rows: int) -> Grid:
    """The panel over `area`: the cards as large as the rows and seats allow."""
    under = 0  # the words' height under each row, when they go under the cards
    gap = 9
    for under in (0, 20):
        room_h = area.h - TOP - FOOT - 8
        scale = (room_h / max(rows, 1) - gap - under) / CARD_H
        scale = max(SMALLEST, min(LARGEST, scale))
        w = round(CARD_W * scale)
        column_w = max(w + 10, 46)
        cards_w = NUMBER_W + seats * column_w
        words_w = area.w - 24 - cards_w - 12
        if words_w >= WORDS_MIN or under:
            break
    column_w = min(column_w, max(w + 10, (area.w - 24 - NUMBER_W) // max(seats, 1)))
    row_h = round(CARD_H * scale) + gap + under
    cards_w = NUMBER_W + seats * column_w
    words_w = area.w - 24 - cards_w - 12
    left = area.x + 12 if words_w >= WORDS_MIN else area.centerx - cards_w // 2
    columns = tuple(left + NUMBER_W + k * column_w for k in range(seats))
    words_x = left + cards_w + 12 if words_w >= WORDS_MIN else -1
    return Grid(area, scale, columns, column_w, row_h, words_x, area.y + TOP)


def draw(
    surface: pygame.Surface,
    area: pygame.Rect,
    view: RoundTricks,
    seats: int,
    names: Sequence[str],
    card_image: Callable[[str, float], pygame.Surface],
    pointer: tuple[int, int],
) -> None:
    """The round's tricks on an opaque panel over `area`, and the name of the card under the
    pointer in a tip beside it."""
    g = grid(area, seats, len(view.tricks))
    pygame.draw.rect(surface, theme.PANEL, area, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, area, 1, border_radius=10)
    title = theme.fit(view.title(), 22, area.w - 24)
    theme.text(surface, title, (area.centerx, area.y + 8), 22, theme.ACCENT, "midtop", True)
    for seat in range(seats):
        name = theme.fit(names[seat], 15, g.column_w - 2)
        at = (g.columns[seat] + g.column_w // 2, area.y + TOP - 4)
        theme.text(surface, name, at, 15, theme.TEXT, "midbottom")
    if not view.tricks:
        theme.text(surface, TIP_NONE + ".", area.center, 20, theme.TEXT, "center")
    tip: tuple[str, pygame.Rect] | None = None
    for row, trick in enumerate(view.tricks):
        first = g.card_rect(row, 0)
        at = (g.columns[0] - 8, first.centery)
        theme.text(surface, str(trick.trick_no), at, 18, theme.TEXT_DIM, "midright")
        for order, (seat, code) in enumerate(trick.plays):
            if seat >= seats:
                continue
            rect = g.card_rect(row, seat)
            surface.blit(card_image(code, g.scale), rect)
            if seat == trick.winner:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 3, border_radius=6)
            if order == 0:  # the card that led: a bar under it
                bar = pygame.Rect(rect.x + 4, rect.bottom + 5, rect.w - 8, 3)
                pygame.draw.rect(surface, theme.TEXT_DIM, bar)
            if rect.collidepoint(pointer):
                tip = (f"{names[seat]}: {card_name(code)}", rect)
        if g.words_x >= 0:
            width = area.right - 12 - g.words_x
            lines, size = words_lines(trick.words, width, g.row_h - 4)
            step = theme.font(size).size("Ag")[1]
            y = first.centery - step * (len(lines) - 1) // 2
            for k, line in enumerate(lines):
                at = (g.words_x, y + k * step)
                theme.text(surface, line, at, size, theme.TEXT, "midleft")
        else:
            words = theme.fit(trick.words, 16, area.w - 24)
            at = (area.centerx, first.bottom + 4)
            theme.text(surface, words, at, 16, theme.TEXT, "midtop")
    foot = "Outlined: the card that took it · bar: the card that led · T or Esc closes"
    foot = theme.fit(foot, 15, area.w - 20)
    theme.text(surface, foot, (area.right - 10, area.bottom - 4), 15, theme.TEXT_DIM,
               "bottomright")  # fmt: skip
    if tip is not None:
        _tip(surface, tip[0], tip[1], area)


def words_lines(words: str, width: int, height: int) -> tuple[list[str], int]:
    """Who took a trick, beside its row: on one line, or two, in a smaller size if it must
    (eight seats at 1024x640 cut "Edward took it with the black Jolly Roger 10" short);
    cut at a word only when not even that fits. Returns the lines and their size."""
    if theme.font(17).size(words)[0] <= width:
        return [words], 17
    for size in (17, 15):
        for lines in (_two_halves(words), theme.wrap(words, size, width)):
            tall = theme.font(size).size("Ag")[1] * len(lines)
            wide = max((theme.font(size).size(line)[0] for line in lines), default=width + 1)
            if 0 < len(lines) <= 2 and tall <= height and wide <= width:
                return lines, size
    return theme.wrap_lines(words, 15, width, 2), 15


def _two_halves(words: str) -> list[str]:
    """The words broken where they read best: who, then with what ("Edward took it" / "with
    the black Jolly Roger 10"), or what befell the trick, then who leads next (else none)."""
    head, found, tail = words.partition(" with ")
    if found:
        return [head, "with " + tail]
    head, found, tail = words.partition("; ")
    if found:
        return [head + ";", tail]
    return []


def _tip(surface: pygame.Surface, words: str, about: pygame.Rect, area: pygame.Rect) -> None:
    """A card's name in a box under it (over it at the panel's foot), inside the panel."""
    box = pygame.Rect((0, 0), theme.font(18).size(words)).inflate(12, 8)
    box.midtop = (about.centerx, about.bottom + 6)
    if box.bottom > area.bottom - 2:
        box.midbottom = (about.centerx, about.top - 6)
    box.clamp_ip(area)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
    theme.text(surface, words, box.center, 18, theme.TEXT, "center")


__all__ = [
    "CLOSE",
    "KEY",
    "LABEL",
    "TIP",
    "TIP_NONE",
    "Grid",
    "RoundTricks",
    "button_rect",
    "draw",
    "grid",
    "round_tricks",
    "words_lines",
]
